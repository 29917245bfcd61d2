package org.velvetrope.rope;

import java.time.Clock;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

import org.velvetrope.event.Audit;
import org.velvetrope.event.Event;
import org.velvetrope.event.EventChanged;
import org.velvetrope.event.Region;
import org.velvetrope.event.Rendition;

/**
 * Keeps every region of a changed event with exactly one cap that names a rung of the current ladder. Runs inside
 * the transaction of the event change.
 */
@ApplicationScoped
public class CapReconciler {

    @Inject
    Clock clock;

    @Inject
    Audit audit;

    void onEventChanged(@Observes EventChanged change) {
        Event event = Event.findById(change.eventId());
        List<Rendition> ladder = event.renditions.stream().sorted(Comparator.comparingLong(r -> r.bandwidth)).toList();
        Rendition highest = ladder.get(ladder.size() - 1);
        Map<String, RegionCap> caps = new HashMap<>();
        RegionCap.forEvent(event.id).forEach(c -> caps.put(c.regionCode, c));
        Instant now = Instant.now(clock);
        for (Region region : event.regions) {
            RegionCap cap = caps.remove(region.code);
            if (cap == null) {
                cap = new RegionCap();
                cap.eventId = event.id;
                cap.regionCode = region.code;
                cap.top = highest.code;
                cap.version = 1;
                cap.updatedAt = now;
                cap.updatedBy = change.actor();
                cap.reason = "region added";
                cap.persist();
                continue;
            }
            String current = cap.top;
            if (ladder.stream().noneMatch(r -> r.code.equals(current))) {
                long oldBandwidth = change.previousLadder().getOrDefault(current, Long.MAX_VALUE);
                Rendition replacement = ladder.stream().filter(r -> r.bandwidth <= oldBandwidth)
                        .reduce((a, b) -> b).orElse(ladder.get(0));
                cap.top = replacement.code;
                cap.version++;
                cap.updatedAt = now;
                cap.updatedBy = change.actor();
                cap.reason = "rung " + current + " left the ladder";
                audit.record(event.slug, region.code, change.actor(), false, "CAP", "top=" + current,
                        "top=" + replacement.code, cap.reason);
            }
        }
        caps.values().forEach(RegionCap::delete);
    }
}
