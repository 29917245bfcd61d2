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

/** A HyperLogLog sketch (Apache DataSketches, base64) of the viewer ids one region saw during one minute. */
@Entity
@Table(name = "viewer_sketch")
public class ViewerSketch extends PanacheEntityBase {

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
    public String sketch;

    public static List<ViewerSketch> forEvent(String slug) {
        return list("eventSlug", slug);
    }
}
