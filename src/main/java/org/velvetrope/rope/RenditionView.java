package org.velvetrope.rope;

/** One rung of the ladder as the hot path uses it; {@code uri} is already resolved against the origin. */
public record RenditionView(String id, long bandwidth, Long averageBandwidth, String codecs, String resolution,
        Double frameRate, boolean audioOnly, String uri) {

    public long kbps() {
        return bandwidth / 1000;
    }
}
