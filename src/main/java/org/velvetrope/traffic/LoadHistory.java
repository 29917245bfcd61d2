package org.velvetrope.traffic;

/** A region's load once a second, for the forecast and the live charts: a fixed ring, newest last. */
public final class LoadHistory {

    private final long[] seconds;
    private final double[] mbps;
    private int size;
    private int next;

    public LoadHistory(int capacity) {
        this.seconds = new long[capacity];
        this.mbps = new double[capacity];
    }

    /** Adds the load at an epoch second; a second already recorded is overwritten. */
    public synchronized void append(long epochSecond, double loadMbps) {
        if (size > 0) {
            int last = (next - 1 + seconds.length) % seconds.length;
            if (seconds[last] == epochSecond) {
                mbps[last] = loadMbps;
                return;
            }
        }
        seconds[next] = epochSecond;
        mbps[next] = loadMbps;
        next = (next + 1) % seconds.length;
        size = Math.min(size + 1, seconds.length);
    }

    /** Points at or after {@code fromSecond}, oldest first. */
    public synchronized Window since(long fromSecond) {
        int count = 0;
        for (int i = 0; i < size; i++) {
            if (seconds[index(i)] >= fromSecond) {
                count++;
            }
        }
        long[] t = new long[count];
        double[] y = new double[count];
        int k = 0;
        for (int i = 0; i < size; i++) {
            int at = index(i);
            if (seconds[at] >= fromSecond) {
                t[k] = seconds[at];
                y[k] = mbps[at];
                k++;
            }
        }
        return new Window(t, y);
    }

    private int index(int i) {
        return (next - size + i + seconds.length) % seconds.length;
    }

    public record Window(long[] seconds, double[] mbps) {
        public int size() {
            return seconds.length;
        }
    }
}
