package org.velvetrope.event;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** One rung of an event's bitrate ladder. */
@Entity
@Table(name = "rendition")
public class Rendition extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "event_id")
    public Event event;

    @Column(nullable = false)
    public String code;

    @Column(nullable = false)
    public long bandwidth;

    @Column(name = "average_bandwidth")
    public Long averageBandwidth;

    public String codecs;

    public String resolution;

    @Column(name = "frame_rate")
    public Double frameRate;

    @Column(name = "audio_only", nullable = false)
    public boolean audioOnly;

    @Column(nullable = false)
    public String uri;
}
