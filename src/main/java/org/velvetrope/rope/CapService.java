package org.velvetrope.rope;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import org.velvetrope.event.Audit;
import org.velvetrope.event.Event;
import org.velvetrope.event.EventResource;
import org.velvetrope.web.ProblemException;

import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;

/**
 * The one path every cap change takes, manual or automatic: check, write the cap and its audit entry in one
 * transaction, then swap in a new snapshot so the next admission sees it.
 */
@ApplicationScoped
public class CapService {

    @Inject
    Rope rope;

    @Inject
    RegionStates states;

    @Inject
    Audit audit;

    @Inject
    Clock clock;

    @Inject
    MeterRegistry registry;

    public RegionState setCap(String slug, String region, CapRequest request, String actor, boolean automatic) {
        if (request.top() == null && request.pin() == null && request.hard() == null) {
            throw ProblemException.badRequest("top", "Nothing to change: send top, pin or hard.");
        }
        QuarkusTransaction.requiringNew().run(() -> {
            Event event = Event.findBySlug(slug).orElseThrow(() -> EventResource.noSuchEvent(slug));
            RegionCap cap = lockedCap(event, region);
            checkVersion(cap, request.version());
            String topId = request.top() == null ? cap.top : request.top().strip();
            if (event.renditions.stream().noneMatch(r -> r.code.equals(topId))) {
                throw ProblemException.badRequest("top", "'" + topId + "' is not a rendition of this event; the ladder is "
                        + event.renditions.stream().map(r -> r.code).collect(Collectors.joining(", ")) + ".");
            }
            String before = describe(cap);
            String action = actionOf(event, cap, topId, request);
            cap.top = topId;
            if (request.pin() != null) {
                cap.pinned = request.pin();
            }
            if (request.hard() != null) {
                cap.hard = request.hard();
            }
            touch(cap, actor, reasonOf(request.reason(), automatic));
            audit.record(slug, region, actor, automatic, action, before, describe(cap), cap.reason);
            registry.counter("velvet.cap.changes", "event", slug, "region", region, "automatic",
                    Boolean.toString(automatic)).increment();
        });
        rope.refresh(slug);
        return state(slug, region);
    }

    public RegionState unpin(String slug, String region, String reason, String actor) {
        QuarkusTransaction.requiringNew().run(() -> {
            Event event = Event.findBySlug(slug).orElseThrow(() -> EventResource.noSuchEvent(slug));
            RegionCap cap = lockedCap(event, region);
            String before = describe(cap);
            cap.pinned = false;
            touch(cap, actor, reason == null || reason.isBlank() ? "back to automatic" : reason.strip());
            audit.record(slug, region, actor, false, "UNPIN", before, describe(cap), cap.reason);
        });
        rope.refresh(slug);
        return state(slug, region);
    }

    /**
     * Sends the given regions (all when empty) to the backup origin or back to the primary: playlists built from
     * now on point there. Audited per region.
     */
    public List<RegionState> switchOrigin(String slug, List<String> regions, boolean backup, String reason,
            String actor) {
        if (reason == null || reason.isBlank()) {
            throw ProblemException.badRequest("reason", "Say why: the reason goes into the audit trail.");
        }
        List<String> switched = QuarkusTransaction.requiringNew().call(() -> {
            Event event = Event.findBySlug(slug).orElseThrow(() -> EventResource.noSuchEvent(slug));
            if (backup && event.backupOriginBase == null) {
                throw ProblemException.conflict("Event '" + slug + "' has no backupOriginBase to switch to.", null);
            }
            List<String> codes = regions == null || regions.isEmpty()
                    ? event.regions.stream().map(r -> r.code).toList() : regions;
            for (int i = 0; i < codes.size(); i++) {
                String code = codes.get(i);
                if (event.regions.stream().noneMatch(r -> r.code.equals(code))) {
                    throw ProblemException.badRequest("regions[" + i + "]", "'" + code + "' is not a region of this event");
                }
            }
            for (String code : codes) {
                RegionCap cap = lockedCap(event, code);
                if (cap.onBackup == backup) {
                    continue;
                }
                cap.onBackup = backup;
                touch(cap, actor, reason.strip());
                audit.record(slug, code, actor, false, "ORIGIN", backup ? "primary" : "backup",
                        backup ? "backup" : "primary", cap.reason);
            }
            return codes;
        });
        rope.refresh(slug);
        return switched.stream().map(code -> state(slug, code)).toList();
    }

    public RegionState state(String slug, String region) {
        EventView view = rope.current().event(slug);
        if (view == null) {
            throw EventResource.noSuchEvent(slug);
        }
        RegionView r = view.region(region);
        if (r == null || r.internal()) {
            throw noSuchRegion(slug, region);
        }
        return states.of(view, r);
    }

    private RegionCap lockedCap(Event event, String region) {
        return RegionCap.lockedForUpdate(event.id, region).orElseThrow(() -> noSuchRegion(event.slug, region));
    }

    private void checkVersion(RegionCap cap, Long version) {
        if (version != null && version != cap.version) {
            throw ProblemException.conflict("Region " + cap.regionCode + " was changed by " + cap.updatedBy + " at "
                    + cap.updatedAt + " (version " + cap.version + ", you sent " + version
                    + "); read it again and decide.", new CapSnapshot(cap.regionCode, cap.top, cap.pinned, cap.hard,
                            cap.version, cap.updatedAt, cap.updatedBy, cap.reason));
        }
    }

    /** The region's cap as it stands, sent with a 409 so the client can show the fresh state. */
    public record CapSnapshot(String region, String top, boolean pinned, boolean hard, long version, Instant updatedAt,
            String updatedBy, String reason) {
    }

    private static String actionOf(Event event, RegionCap cap, String topId, CapRequest request) {
        long from = bandwidth(event, cap.top);
        long to = bandwidth(event, topId);
        if (to < from) {
            return "CLAMP";
        }
        if (to > from) {
            return "RESTORE";
        }
        if (request.pin() != null && request.pin() != cap.pinned) {
            return request.pin() ? "PIN" : "UNPIN";
        }
        return "CAP";
    }

    private static long bandwidth(Event event, String code) {
        return event.renditions.stream().filter(r -> r.code.equals(code)).mapToLong(r -> r.bandwidth).findFirst()
                .orElse(0);
    }

    private void touch(RegionCap cap, String actor, String reason) {
        cap.version++;
        cap.updatedAt = Instant.now(clock);
        cap.updatedBy = actor;
        cap.reason = reason;
    }

    private static String reasonOf(String reason, boolean automatic) {
        if (reason == null || reason.isBlank()) {
            return automatic ? "auto" : "manual";
        }
        return reason.strip();
    }

    static String describe(RegionCap cap) {
        return "top=" + cap.top + ", pinned=" + cap.pinned + ", hard=" + cap.hard;
    }

    public static ProblemException noSuchRegion(String slug, String region) {
        return ProblemException.notFound("Event '" + slug + "' has no region '" + region + "'.");
    }
}
