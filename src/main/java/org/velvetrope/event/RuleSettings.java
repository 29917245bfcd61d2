package org.velvetrope.event;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** Automatic-rule settings as stored; on an event the defaults, on a region its overrides. Null = inherit. */
@Embeddable
public class RuleSettings {

    @Column(name = "clamp_at")
    public Double clampAt;

    @Column(name = "restore_at")
    public Double restoreAt;

    @Column(name = "hold_seconds")
    public Integer holdSeconds;

    @Column(name = "cooldown_seconds")
    public Integer cooldownSeconds;

    @Column(name = "lead_seconds")
    public Integer leadSeconds;

    @Column(name = "stale_after_seconds")
    public Integer staleAfterSeconds;

    @Column(name = "floor_rendition")
    public String floor;

    @Column(name = "ceiling_rendition")
    public String ceiling;

    static RuleSettings of(EventDefinition.RulesDefinition d) {
        RuleSettings s = new RuleSettings();
        if (d != null) {
            s.clampAt = d.clampAt();
            s.restoreAt = d.restoreAt();
            s.holdSeconds = d.hold();
            s.cooldownSeconds = d.cooldown();
            s.leadSeconds = d.lead();
            s.staleAfterSeconds = d.staleAfter();
            s.floor = d.floor();
            s.ceiling = d.ceiling();
        }
        return s;
    }

    EventDefinition.RulesDefinition toDefinition() {
        if (clampAt == null && restoreAt == null && holdSeconds == null && cooldownSeconds == null
                && leadSeconds == null && staleAfterSeconds == null && floor == null && ceiling == null) {
            return null;
        }
        return new EventDefinition.RulesDefinition(clampAt, restoreAt, holdSeconds, cooldownSeconds, leadSeconds,
                staleAfterSeconds, floor, ceiling);
    }
}
