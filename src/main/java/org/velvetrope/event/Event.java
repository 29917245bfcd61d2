package org.velvetrope.event;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jakarta.persistence.CascadeType;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.Table;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;

/** One webcast: its ladder, its regions, its internal networks and multicast group. */
@Entity
@Table(name = "event")
public class Event extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false, unique = true)
    public String slug;

    @Column(nullable = false)
    public String title;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false)
    public EventState state;

    @Column(name = "budget_mbps", nullable = false)
    public long budgetMbps;

    @Column(nullable = false)
    public String template;

    @Column(name = "origin_base")
    public String originBase;

    @Column(name = "multicast_group")
    public String multicastGroup;

    @Column(name = "multicast_port")
    public Integer multicastPort;

    @Column(name = "multicast_ttl")
    public Integer multicastTtl;

    @Column(name = "multicast_source")
    public String multicastSource;

    /** When the show is due to start; the SCHEDULED page counts down to it. */
    @Column(name = "starts_at")
    public Instant startsAt;

    /** Base the replay's renditions resolve against (relative rendition URIs); the live one when absent. */
    @Column(name = "replay_base")
    public String replayBase;

    /** Whether the velvet rope stays on during the replay. */
    @Column(name = "replay_rope", nullable = false)
    public boolean replayRope = true;

    /** The backup origin: regions switched to it resolve relative rendition URIs against this base. */
    @Column(name = "backup_origin_base")
    public String backupOriginBase;

    /** The VOD multivariant playlist to switch to once PR has approved exactly this URL. */
    @Column(name = "vod_url")
    public String vodUrl;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    @Column(name = "updated_at", nullable = false)
    public Instant updatedAt;

    @Column(name = "updated_by")
    public String updatedBy;

    @OneToMany(mappedBy = "event", cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("bandwidth ASC, code ASC")
    public List<Rendition> renditions = new ArrayList<>();

    @OneToMany(mappedBy = "event", cascade = CascadeType.ALL, orphanRemoval = true)
    @OrderBy("position ASC")
    public List<Region> regions = new ArrayList<>();

    @Embedded
    public RuleSettings rules = new RuleSettings();

    @Column(name = "poll_interval_seconds")
    public Integer pollIntervalSeconds;

    @ElementCollection
    @CollectionTable(name = "event_edge", joinColumns = @JoinColumn(name = "event_id"))
    @OrderColumn(name = "position")
    public List<Edge> edges = new ArrayList<>();

    @ElementCollection
    @CollectionTable(name = "event_internal_network", joinColumns = @JoinColumn(name = "event_id"))
    @OrderColumn(name = "position")
    @Column(name = "cidr", nullable = false)
    public List<String> internalNetworks = new ArrayList<>();

    public static Optional<Event> findBySlug(String slug) {
        return find("slug", slug).firstResultOptional();
    }

    public static List<Event> listInSlugOrder() {
        return list("order by slug");
    }

    public static boolean existsWithSlug(String slug) {
        return count("slug", slug) > 0;
    }
}
