package org.velvetrope.event;

import java.time.Instant;
import java.util.List;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.quarkus.panache.common.Page;
import io.quarkus.panache.common.Sort;

/** One change to an event's control state: who, when, what, from → to, why. */
@Entity
@Table(name = "audit_entry")
public class AuditEntry extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "event_slug", nullable = false)
    public String eventSlug;

    public String region;

    @Column(nullable = false)
    public Instant at;

    @Column(nullable = false)
    public String actor;

    @Column(nullable = false)
    public boolean automatic;

    @Column(nullable = false)
    public String action;

    @Column(name = "from_value")
    public String fromValue;

    @Column(name = "to_value")
    public String toValue;

    public String reason;

    /** Newest first, every filter optional. */
    public static List<AuditEntry> search(String slug, String region, String actor, Boolean automatic, Instant from,
            Instant to, int limit) {
        StringBuilder q = new StringBuilder("eventSlug = :slug");
        java.util.Map<String, Object> params = new java.util.HashMap<>();
        params.put("slug", slug);
        if (region != null) {
            q.append(" and region = :region");
            params.put("region", region);
        }
        if (actor != null) {
            q.append(" and actor = :actor");
            params.put("actor", actor);
        }
        if (automatic != null) {
            q.append(" and automatic = :automatic");
            params.put("automatic", automatic);
        }
        if (from != null) {
            q.append(" and at >= :from");
            params.put("from", from);
        }
        if (to != null) {
            q.append(" and at < :to");
            params.put("to", to);
        }
        return find(q.toString(), Sort.descending("at", "id"), params).page(Page.ofSize(limit)).list();
    }

    public static List<AuditEntry> latestForEvent(String slug, int limit) {
        return find("eventSlug", Sort.descending("at", "id"), slug).page(Page.ofSize(limit)).list();
    }
}
