package org.velvetrope.event;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonInclude;

/** An audit entry as the API shows it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuditView(long id, Instant at, String actor, boolean automatic, String action, String region,
        String from, String to, String reason) {

    public static AuditView of(AuditEntry e) {
        return new AuditView(e.id, e.at, e.actor, e.automatic, e.action, e.region, e.fromValue, e.toValue, e.reason);
    }
}
