package org.velvetrope.event;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** PR's clearance to switch an event to VOD, bound to one exact playlist URL; voided when the URL changes. */
@Entity
@Table(name = "vod_approval")
public class VodApproval extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "event_id", nullable = false)
    public Long eventId;

    @Column(name = "vod_url", nullable = false)
    public String vodUrl;

    public String note;

    @Column(name = "approved_by", nullable = false)
    public String approvedBy;

    @Column(name = "approved_at", nullable = false)
    public Instant approvedAt;

    @Column(name = "voided_at")
    public Instant voidedAt;

    @Column(name = "voided_why")
    public String voidedWhy;

    public static List<VodApproval> standingFor(long eventId) {
        return list("eventId = ?1 and voidedAt is null order by approvedAt desc", eventId);
    }

    public static Optional<VodApproval> standingFor(long eventId, String url) {
        return find("eventId = ?1 and vodUrl = ?2 and voidedAt is null order by approvedAt desc", eventId, url)
                .firstResultOptional();
    }

    public static List<VodApproval> allFor(long eventId) {
        return list("eventId = ?1 order by approvedAt desc", eventId);
    }
}
