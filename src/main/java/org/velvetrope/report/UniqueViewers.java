package org.velvetrope.report;

import java.util.Base64;

import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;

/**
 * Counts distinct viewer ids with HyperLogLog (Apache DataSketches): a few kilobytes per region and minute, merged
 * across minutes, regions and replicas. lgK 14 gives about 0.8 % relative error.
 */
public final class UniqueViewers {

    static final int LG_K = 14;

    private final Union union = new Union(LG_K);

    public static HllSketch newSketch() {
        return new HllSketch(LG_K, TgtHllType.HLL_4);
    }

    public static String encode(HllSketch sketch) {
        return Base64.getEncoder().encodeToString(sketch.toCompactByteArray());
    }

    public UniqueViewers add(HllSketch sketch) {
        union.update(sketch);
        return this;
    }

    public UniqueViewers add(String encoded) {
        union.update(HllSketch.heapify(Base64.getDecoder().decode(encoded)));
        return this;
    }

    public HllSketch result() {
        return union.getResult(TgtHllType.HLL_4);
    }

    public long estimate() {
        return Math.round(union.getEstimate());
    }
}
