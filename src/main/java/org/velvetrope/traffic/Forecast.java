package org.velvetrope.traffic;

import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Predicts a region's load a little ahead: a least-squares line (Commons Math) through the last window of
 * one-second loads, extrapolated, and used only when its rise is statistically significant. Noise and oscillation
 * (3-second telemetry jitter, a load swinging around a threshold) then predict the current load, while a real
 * ramp shows through. A spline was not used: it passes through every noisy point and cannot be extrapolated
 * safely. Only a rising trend matters — a falling one predicts the current load.
 */
public final class Forecast {

    /** Fewest points ever fitted, however short the window. */
    static final int MIN_POINTS = 10;
    /** Largest p-value of the slope for the trend to count. */
    static final double SIGNIFICANCE = 0.001;

    private Forecast() {
    }

    /**
     * @param minPoints fewer points than this (e.g. half the window, just after a start) predict the current load:
     *        a short stretch of an oscillation looks like a ramp
     */
    public static double predict(LoadHistory.Window window, long atSecond, int minPoints) {
        int n = window.size();
        if (n == 0) {
            return 0;
        }
        double current = window.mbps()[n - 1];
        if (n < Math.max(MIN_POINTS, minPoints)) {
            return current;
        }
        SimpleRegression regression = new SimpleRegression();
        long origin = window.seconds()[0];
        for (int i = 0; i < n; i++) {
            regression.addData(window.seconds()[i] - origin, window.mbps()[i]);
        }
        double slope = regression.getSlope();
        double p = regression.getSignificance();
        if (!(slope > 0) || Double.isNaN(p) && regression.getMeanSquareError() > 0 || p > SIGNIFICANCE) {
            return current;
        }
        return Math.max(current, regression.predict(atSecond - origin));
    }
}
