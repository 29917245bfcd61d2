package org.velvetrope.rope;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A region's current top and whether it is pinned: the persisted half of the velvet rope. */
@Entity
@Table(name = "region_cap")
public class RegionCap extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "event_id", nullable = false)
    public Long eventId;

    @Column(name = "region_code", nullable = false)
    public String regionCode;

    /** Rendition id of the highest rung this region may hand out. */
    @Column(nullable = false)
    public String top;

    @Column(nullable = false)
    public boolean pinned;

    /** A hard clamp moves returning viewers down too; a soft one lets them keep what they had. */
    @Column(nullable = false)
    public boolean hard;

    /** Bumped on every change; a client sends the version it saw and gets 409 when it is stale. */
    @Column(nullable = false)
    public long version;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "updated_by", nullable = false)
    public String updatedBy;

    public String reason;

    /** Viewers of this region are sent to the event's backup origin. */
    @Column(name = "on_backup", nullable = false)
    public boolean onBackup;

    public static List<RegionCap> forEvent(long eventId) {
        return list("eventId", eventId);
    }

    public static Optional<RegionCap> lockedForUpdate(long eventId, String region) {
        return find("eventId = ?1 and regionCode = ?2", eventId, region)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional();
    }
}
