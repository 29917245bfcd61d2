package org.velvetrope.rope;

import java.time.Instant;

/** One region's row of {@code GET /api/events/{slug}/regions}. */
public record RegionState(String region, long capacityMbps, double loadMbps, double predictedMbps,
        double utilization, String top, long topBandwidth, boolean pinned, boolean hard, boolean stale, long viewers,
        long version, Instant updatedAt, String updatedBy, String reason, boolean isDefault) {

    static RegionState of(EventView event, RegionView r) {
        RenditionView top = event.ladder().get(r.topIndex());
        // Load, forecast and viewers come from telemetry; with no sample yet the region is stale by definition.
        return new RegionState(r.code(), r.capacityMbps(), 0, 0, 0, top.id(), top.bandwidth(), r.pinned(), r.hard(),
                true, 0, r.version(), r.updatedAt(), r.updatedBy(), r.reason(), r.isDefault());
    }
}
