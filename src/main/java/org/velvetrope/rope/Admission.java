package org.velvetrope.rope;

import java.net.InetAddress;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import org.velvetrope.geo.GeoLocator;
import org.velvetrope.geo.Location;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * What a viewer gets: the admission rules of the design. Reads only the snapshot and the GeoIP reader; never the
 * database.
 */
@Singleton
public class Admission {

    /** Where an address lands for one event. */
    public record Placement(RegionView region, Location location, boolean geoMiss) {
    }

    /** The decision for one request, with the token to hand back. */
    public record Admitted(RegionView region, int topIndex, String viewerId, String token, boolean returning) {
    }

    private final GeoLocator geo;
    private final AssignmentTokens tokens;
    private final Clock clock;
    private final MeterRegistry registry;
    private final Map<AssignmentToken.Rejection, Counter> ignored = new EnumMap<>(AssignmentToken.Rejection.class);
    private final Map<String, Counter> geoMisses = new ConcurrentHashMap<>();

    @Inject
    public Admission(GeoLocator geo, AssignmentTokens tokens, Clock clock, MeterRegistry registry) {
        this.geo = geo;
        this.tokens = tokens;
        this.clock = clock;
        this.registry = registry;
        for (AssignmentToken.Rejection r : AssignmentToken.Rejection.values()) {
            ignored.put(r, Counter.builder("velvet.tokens.ignored").tag("reason", r.name().toLowerCase())
                    .description("Presented assignment tokens that were ignored (viewer treated as new)")
                    .register(registry));
        }
    }

    /** Internal networks first, then GeoIP country, continent, and the event's default region. */
    public Placement place(EventView event, InetAddress client) {
        return place(event, client, true);
    }

    /** As {@link #place(EventView, InetAddress)}; {@code count} false for look-ups that are not viewers (preview). */
    public Placement place(EventView event, InetAddress client, boolean count) {
        byte[] address = client.getAddress();
        if (event.isInternal(address)) {
            return new Placement(event.internalRegion(), Location.UNKNOWN, false);
        }
        Location location = geo.locate(client);
        if (!location.known()) {
            if (count) {
                geoMisses.computeIfAbsent(event.slug(), slug -> Counter.builder("velvet.geo.misses").tag("event", slug)
                    .description("Viewers whose address the GeoIP database does not know").register(registry))
                        .increment();
            }
            return new Placement(event.defaultRegion(), location, true);
        }
        return new Placement(event.regionFor(location), location, false);
    }

    public Admitted admit(EventView event, RegionView region, String presentedToken) {
        long now = clock.millis() / 1000;
        AssignmentToken token = null;
        if (presentedToken != null && !presentedToken.isEmpty()) {
            AssignmentTokens.Verified verified = tokens.verify(presentedToken, event.slug(), now);
            if (verified.rejection() != null) {
                ignored.get(verified.rejection()).increment();
            }
            token = verified.token();
        }
        // A replay without the rope hands out the whole ladder.
        int top = event.state() == org.velvetrope.event.EventState.REPLAY && !event.lifecycle().replayRope()
                ? event.ladder().size() - 1 : decideTop(event, region, token);
        String viewerId = token != null ? token.viewerId() : AssignmentTokens.newViewerId();
        String issued = tokens.issue(viewerId, event.slug(), region.code(), event.ladder().get(top).id(), now);
        return new Admitted(region, top, viewerId, issued, token != null);
    }

    /**
     * Rules 3 and 4: no token for this region → the region's current top; a token at or below the current top is
     * raised to it (a restore upgrades returning viewers); a token above it keeps its top under a soft clamp and
     * gets the current top under a hard one.
     */
    public static int decideTop(EventView event, RegionView region, AssignmentToken token) {
        int current = region.topIndex();
        if (token == null || !token.region().equals(region.code())) {
            return current;
        }
        int had = event.ladderIndexOf(token.top());
        if (had <= current) {
            return current;
        }
        return region.hard() ? current : had;
    }
}
