package org.velvetrope.traffic;

import java.time.Instant;
import java.util.List;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** A region's load over one history step (10 s by default): average, peak, viewers, and the top at its end. */
@Entity
@Table(name = "region_load_sample")
public class LoadSample extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "event_slug", nullable = false)
    public String eventSlug;

    @Column(nullable = false)
    public String region;

    @Column(nullable = false)
    public Instant at;

    @Column(name = "load_mbps", nullable = false)
    public double loadMbps;

    @Column(name = "peak_mbps", nullable = false)
    public double peakMbps;

    public Long viewers;

    @Column(nullable = false)
    public String top;

    @Column(nullable = false)
    public boolean stale;

    public static List<LoadSample> forEventSince(String slug, Instant since) {
        return list("eventSlug = ?1 and at >= ?2 order by at, region", slug, since);
    }

    public static long deleteOlderThan(Instant cutoff) {
        return delete("at < ?1", cutoff);
    }
}
