package org.velvetrope.console;

import java.time.Instant;
import java.util.List;
import java.util.Locale;

import org.velvetrope.traffic.LoadHistory;

/** Server-rendered SVG charts: no chart library, no third-party assets, readable by screen readers. */
public final class Charts {

    static final int WIDTH = 320;
    static final int HEIGHT = 90;
    static final int PAD = 4;

    /** A top change to mark on the time axis. */
    record Mark(Instant at, String label, boolean down) {
    }

    private Charts() {
    }

    /**
     * Load of the last {@code windowSeconds} against capacity, the clamp threshold as a dashed line and top changes
     * as vertical marks.
     */
    static String regionLoad(String region, LoadHistory.Window load, long capacityMbps, double clampAt,
            List<Mark> marks, Instant now, long windowSeconds) {
        double last = load.size() == 0 ? 0 : load.mbps()[load.size() - 1];
        return regionLoad(region, load, capacityMbps, clampAt, marks, now, windowSeconds,
                region + ": load of the last " + Math.max(windowSeconds / 60, 1) + " min, now " + Math.round(last)
                        + " of " + capacityMbps + " Mbps; " + marks.size() + " top change(s)");
    }

    /** As above with the chart's accessible title given. */
    static String regionLoad(String region, LoadHistory.Window load, long capacityMbps, double clampAt,
            List<Mark> marks, Instant now, long windowSeconds, String title) {
        long end = now.getEpochSecond();
        long start = end - windowSeconds;
        double peak = capacityMbps * 1.25;
        for (double v : load.mbps()) {
            peak = Math.max(peak, v * 1.05);
        }
        StringBuilder svg = new StringBuilder(4096);
        svg.append("<svg class=\"chart\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" role=\"img\" aria-labelledby=\"chart-").append(region).append("-t\">");
        svg.append("<title id=\"chart-").append(region).append("-t\">").append(escape(title)).append("</title>");
        double capY = y(capacityMbps, peak);
        double clampY = y(capacityMbps * clampAt, peak);
        svg.append("<line class=\"capacity\" x1=\"0\" x2=\"").append(WIDTH).append("\" y1=\"").append(fmt(capY))
                .append("\" y2=\"").append(fmt(capY)).append("\"/>");
        svg.append("<line class=\"threshold\" x1=\"0\" x2=\"").append(WIDTH).append("\" y1=\"").append(fmt(clampY))
                .append("\" y2=\"").append(fmt(clampY)).append("\"/>");
        if (load.size() > 0) {
            svg.append("<polyline class=\"load\" points=\"");
            for (int i = 0; i < load.size(); i++) {
                svg.append(fmt(x(load.seconds()[i], start, end))).append(',').append(fmt(y(load.mbps()[i], peak)))
                        .append(' ');
            }
            svg.append("\"/>");
        }
        for (Mark m : marks) {
            double mx = x(m.at().getEpochSecond(), start, end);
            svg.append("<line class=\"mark ").append(m.down() ? "down" : "up").append("\" x1=\"").append(fmt(mx))
                    .append("\" x2=\"").append(fmt(mx)).append("\" y1=\"0\" y2=\"").append(HEIGHT).append("\"><title>")
                    .append(escape(m.label())).append("</title></line>");
        }
        svg.append("</svg>");
        return svg.toString();
    }

    private static double x(long second, long start, long end) {
        return (second - start) * (double) WIDTH / Math.max(end - start, 1);
    }

    private static double y(double mbps, double peak) {
        return HEIGHT - PAD - mbps / peak * (HEIGHT - 2 * PAD);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
