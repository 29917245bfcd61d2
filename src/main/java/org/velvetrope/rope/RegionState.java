package org.velvetrope.rope;

import java.time.Instant;
import java.util.List;

import org.velvetrope.traffic.RegionLoad;

/** One region's row of {@code GET /api/events/{slug}/regions}. */
public record RegionState(String region, long capacityMbps, double loadMbps, double predictedMbps,
        double utilization, String top, long topBandwidth, boolean pinned, boolean hard, boolean stale, long viewers,
        long version, Instant updatedAt, String updatedBy, String reason, boolean isDefault, String floor,
        String ceiling, String origin, List<RegionLoad.SourceFreshness> sources) {

    static RegionState of(EventView event, RegionView r, RegionLoad load, RuleEngine.Outlook outlook) {
        RenditionView top = event.ladder().get(r.topIndex());
        double capacity = Math.max(r.capacityMbps(), 1);
        return new RegionState(r.code(), r.capacityMbps(), round(load.loadMbps()),
                round(Math.max(outlook.predictedMbps(), load.loadMbps())), round(load.loadMbps() / capacity),
                top.id(), top.bandwidth(), r.pinned(), r.hard(), load.stale(), Math.max(load.viewers(), 0),
                r.version(), r.updatedAt(), r.updatedBy(), r.reason(), r.isDefault(),
                event.ladder().get(r.rules().floorIndex()).id(), event.ladder().get(r.rules().ceilingIndex()).id(),
                r.onBackup() ? "backup" : "primary", load.sources());
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
