package org.velvetrope.rope;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.velvetrope.event.EventState;
import org.velvetrope.geo.Cidr;
import org.velvetrope.geo.Location;

/**
 * One event inside a snapshot: ladder, regions with their current tops, matching tables. Immutable and compared
 * by identity, so caches keyed on it are dropped with it.
 */
public final class EventView {

    public record Multicast(String group, int port, int ttl, String source) {
    }

    /** An edge stat endpoint polled for one region. */
    public record EdgeView(String url, String region, String source) {
    }

    private final long id;
    private final String slug;
    private final String title;
    private final EventState state;
    private final long budgetMbps;
    private final List<RenditionView> ladder;
    private final Map<String, Integer> ladderIndex;
    private final List<RegionView> regions;
    private final Map<String, RegionView> byCode;
    private final Map<String, RegionView> byCountry;
    private final Map<String, RegionView> byContinent;
    private final RegionView defaultRegion;
    private final RegionView internal;
    private final Cidr[] internalNetworks;
    private final Multicast multicast;
    private final long generation;
    private final List<EdgeView> edges;
    private final java.time.Duration pollInterval;
    private Lifecycle lifecycle = new Lifecycle(null, true, null, null, null);

    /**
     * What the lifecycle needs on the viewer path: the start time, whether the rope stays on for the replay, the VOD
     * URL, and the rendition URIs on the backup origin and for the replay (null when not configured).
     */
    public record Lifecycle(java.time.Instant startsAt, boolean replayRope, String vodUrl, List<String> backupUris,
            List<String> replayUris) {
    }

    EventView(long id, String slug, String title, EventState state, long budgetMbps, List<RenditionView> ladder,
            List<RegionView> regions, Map<String, RegionView> byCountry, Map<String, RegionView> byContinent,
            RegionView internal, Cidr[] internalNetworks, Multicast multicast, long generation, List<EdgeView> edges,
            java.time.Duration pollInterval) {
        this.edges = List.copyOf(edges);
        this.pollInterval = pollInterval;
        this.id = id;
        this.slug = slug;
        this.title = title;
        this.state = state;
        this.budgetMbps = budgetMbps;
        this.ladder = List.copyOf(ladder);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < ladder.size(); i++) {
            index.put(ladder.get(i).id(), i);
        }
        this.ladderIndex = Map.copyOf(index);
        this.regions = List.copyOf(regions);
        Map<String, RegionView> codes = new HashMap<>();
        RegionView fallback = null;
        for (RegionView r : regions) {
            codes.put(r.code(), r);
            if (r.isDefault()) {
                fallback = r;
            }
        }
        codes.put(internal.code(), internal);
        this.byCode = Collections.unmodifiableMap(codes);
        this.byCountry = Map.copyOf(byCountry);
        this.byContinent = Map.copyOf(byContinent);
        this.defaultRegion = fallback != null ? fallback : regions.get(regions.size() - 1);
        this.internal = internal;
        this.internalNetworks = internalNetworks.clone();
        this.multicast = multicast;
        this.generation = generation;
    }

    public long id() {
        return id;
    }

    public String slug() {
        return slug;
    }

    public String title() {
        return title;
    }

    public EventState state() {
        return state;
    }

    public long budgetMbps() {
        return budgetMbps;
    }

    /** Renditions in ascending bandwidth. */
    public List<RenditionView> ladder() {
        return ladder;
    }

    /** Ladder position of a rendition id, or -1. */
    public int ladderIndexOf(String renditionId) {
        Integer i = renditionId == null ? null : ladderIndex.get(renditionId);
        return i == null ? -1 : i;
    }

    public List<RegionView> regions() {
        return regions;
    }

    /** A region by code, INTERNAL included; null when absent. */
    public RegionView region(String code) {
        return code == null ? null : byCode.get(code);
    }

    public RegionView defaultRegion() {
        return defaultRegion;
    }

    public RegionView internalRegion() {
        return internal;
    }

    public Multicast multicast() {
        return multicast;
    }

    /** Increases with every snapshot build; lets caches tell an old view from a new one. */
    public long generation() {
        return generation;
    }

    EventView withLifecycle(Lifecycle lifecycle) {
        this.lifecycle = lifecycle;
        return this;
    }

    public Lifecycle lifecycle() {
        return lifecycle;
    }

    public List<EdgeView> edges() {
        return edges;
    }

    public java.time.Duration pollInterval() {
        return pollInterval;
    }

    public boolean isInternal(byte[] address) {
        for (Cidr cidr : internalNetworks) {
            if (cidr.contains(address)) {
                return true;
            }
        }
        return false;
    }

    public List<String> internalNetworks() {
        return java.util.Arrays.stream(internalNetworks).map(Cidr::toString).toList();
    }

    /** Country first, then continent, then the default region. */
    public RegionView regionFor(Location location) {
        if (location.country() != null) {
            RegionView r = byCountry.get(location.country());
            if (r != null) {
                return r;
            }
        }
        if (location.continent() != null) {
            RegionView r = byContinent.get(location.continent());
            if (r != null) {
                return r;
            }
        }
        return defaultRegion;
    }
}
