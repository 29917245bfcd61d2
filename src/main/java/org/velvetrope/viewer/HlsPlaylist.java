package org.velvetrope.viewer;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

import org.velvetrope.rope.RenditionView;

/** Writes RFC 8216 multivariant playlists. */
public final class HlsPlaylist {

    public static final String MEDIA_TYPE = "application/vnd.apple.mpegurl";

    private HlsPlaylist() {
    }

    /** Every rendition with bandwidth ≤ the top's, and every audio-only rendition, lowest first. */
    public static String multivariant(List<RenditionView> ladder, int topIndex) {
        return multivariant(ladder, null, topIndex);
    }

    /** As above, with each rendition's URI taken from {@code uris} (same order) when given: another origin. */
    public static String multivariant(List<RenditionView> ladder, List<String> uris, int topIndex) {
        long limit = ladder.get(topIndex).bandwidth();
        StringBuilder sb = new StringBuilder(256 + ladder.size() * 160);
        sb.append("#EXTM3U\n");
        sb.append("#EXT-X-VERSION:3\n");
        sb.append("#EXT-X-INDEPENDENT-SEGMENTS\n");
        for (int i = 0; i < ladder.size(); i++) {
            RenditionView r = ladder.get(i);
            if (r.bandwidth() > limit && !r.audioOnly()) {
                continue;
            }
            sb.append("#EXT-X-STREAM-INF:BANDWIDTH=").append(r.bandwidth());
            if (r.averageBandwidth() != null) {
                sb.append(",AVERAGE-BANDWIDTH=").append(r.averageBandwidth());
            }
            if (r.codecs() != null) {
                sb.append(",CODECS=\"").append(r.codecs().replace(" ", "")).append('"');
            }
            if (r.resolution() != null && !r.audioOnly()) {
                sb.append(",RESOLUTION=").append(r.resolution());
            }
            if (r.frameRate() != null && !r.audioOnly()) {
                sb.append(",FRAME-RATE=")
                        .append(BigDecimal.valueOf(r.frameRate()).setScale(3, RoundingMode.HALF_UP).toPlainString());
            }
            sb.append('\n').append(uris == null ? r.uri() : uris.get(i)).append('\n');
        }
        return sb.toString();
    }
}
