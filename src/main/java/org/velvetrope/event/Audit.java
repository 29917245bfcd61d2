package org.velvetrope.event;

import java.time.Clock;
import java.time.Instant;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;

import io.micrometer.core.instrument.MeterRegistry;

/** Writes the audit trail, in the same transaction as the change it records. */
@ApplicationScoped
public class Audit {

    public static final int MAX_TEXT = 1000;

    @Inject
    Clock clock;

    @Inject
    MeterRegistry registry;

    @Transactional(Transactional.TxType.MANDATORY)
    public AuditEntry record(String slug, String region, String actor, boolean automatic, String action,
            String from, String to, String reason) {
        AuditEntry entry = new AuditEntry();
        entry.eventSlug = slug;
        entry.region = region;
        entry.at = Instant.now(clock);
        entry.actor = actor;
        entry.automatic = automatic;
        entry.action = action;
        entry.fromValue = clip(from, MAX_TEXT);
        entry.toValue = clip(to, MAX_TEXT);
        entry.reason = clip(reason, 500);
        entry.persist();
        registry.counter("velvet.audit.entries", "action", action, "automatic", Boolean.toString(automatic))
                .increment();
        return entry;
    }

    static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
