package org.velvetrope.traffic;

import java.time.Instant;
import java.util.List;

/**
 * A region's load now: the sum over sources of each source's latest sample that is still fresh. {@code stale} when
 * no source is fresh. {@code viewers} is -1 when no fresh source reports viewers.
 */
public record RegionLoad(double loadMbps, long viewers, boolean stale, List<SourceFreshness> sources) {

    public static final RegionLoad NONE = new RegionLoad(0, -1, true, List.of());

    /** One source as ops see it: last sample, its age, whether it counts, and its poll failures. */
    public record SourceFreshness(String source, double mbps, Instant at, double ageSeconds, boolean fresh,
            long failures, String lastError) {
    }
}
