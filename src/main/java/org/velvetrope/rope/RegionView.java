package org.velvetrope.rope;

import java.time.Instant;

/** A region inside one snapshot: how it is matched, what it may hand out now. Immutable. */
public final class RegionView {

    public static final String INTERNAL = "INTERNAL";

    private final int index;
    private final String code;
    private final long capacityMbps;
    private final boolean isDefault;
    private final String template;
    private final String notice;
    private final int topIndex;
    private final boolean pinned;
    private final boolean hard;
    private final long version;
    private final Instant updatedAt;
    private final String updatedBy;
    private final String reason;
    private final RegionRules rules;
    private final boolean onBackup;

    public RegionView(int index, String code, long capacityMbps, boolean isDefault, String template, String notice,
            int topIndex, boolean pinned, boolean hard, long version, Instant updatedAt, String updatedBy,
            String reason, RegionRules rules, boolean onBackup) {
        this.onBackup = onBackup;
        this.index = index;
        this.rules = rules;
        this.code = code;
        this.capacityMbps = capacityMbps;
        this.isDefault = isDefault;
        this.template = template;
        this.notice = notice;
        this.topIndex = topIndex;
        this.pinned = pinned;
        this.hard = hard;
        this.version = version;
        this.updatedAt = updatedAt;
        this.updatedBy = updatedBy;
        this.reason = reason;
    }

    /** Position among the event's regions; {@code regions().length} for INTERNAL. */
    public int index() {
        return index;
    }

    public String code() {
        return code;
    }

    public long capacityMbps() {
        return capacityMbps;
    }

    public boolean isDefault() {
        return isDefault;
    }

    public String template() {
        return template;
    }

    public String notice() {
        return notice;
    }

    /** Index into the event's ladder (ascending bandwidth) of the highest rung handed out now. */
    public int topIndex() {
        return topIndex;
    }

    public boolean pinned() {
        return pinned;
    }

    public boolean hard() {
        return hard;
    }

    public long version() {
        return version;
    }

    public Instant updatedAt() {
        return updatedAt;
    }

    public String updatedBy() {
        return updatedBy;
    }

    public String reason() {
        return reason;
    }

    /** Playlists of this region point at the backup origin. */
    public boolean onBackup() {
        return onBackup;
    }

    public RegionRules rules() {
        return rules;
    }

    public boolean internal() {
        return INTERNAL.equals(code);
    }
}
