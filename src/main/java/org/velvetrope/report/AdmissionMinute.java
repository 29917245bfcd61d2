package org.velvetrope.report;

import java.time.Instant;
import java.util.List;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** How many pages and playlists one region handed out at one top during one minute. */
@Entity
@Table(name = "admission_minute")
public class AdmissionMinute extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "event_slug", nullable = false)
    public String eventSlug;

    @Column(nullable = false)
    public String region;

    @Column(name = "minute_start", nullable = false)
    public Instant minute;

    @Column(nullable = false)
    public String top;

    @Column(nullable = false)
    public long admissions;

    public static List<AdmissionMinute> forEvent(String slug) {
        return list("eventSlug = ?1 order by minute, region, top", slug);
    }
}
