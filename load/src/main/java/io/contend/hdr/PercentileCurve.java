package io.contend.hdr;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.List;

/**
 * Plot data of a percentile distribution on a "nines" axis: a percentile p sits at x = 1/(1 - p/100) on a
 * log scale, so 0%, 90%, 99%, 99.9% ... are evenly spaced at x = 1, 10, 100, 1000 ... The points are those of
 * HdrHistogram's {@code outputPercentileDistribution} (5 steps per halving of the distance to 100%).
 */
public final class PercentileCurve {
    /** Steps per halving of the distance to 100%, as HistogramLogProcessor's default. */
    private static final int TICKS_PER_HALF = 5;

    /**
     * One point of the curve.
     *
     * @param percentile the percentile, 0 to below 100
     * @param value the value at it, in the output unit
     */
    public record Point(double percentile, double value) {
        /** @return where the percentile sits on the nines axis: 1/(1 - p/100) */
        public double x() {
            return ninesX(percentile);
        }
    }

    private PercentileCurve() {
    }

    /**
     * @param histogram recorded values
     * @param unit the unit values are shown in
     * @return the curve from 0% up to the highest percentile below 100% that HdrHistogram reports (the values
     *         there are the maximum); empty for an empty histogram
     */
    public static List<Point> of(Histogram histogram, OutputUnit unit) {
        List<Point> points = new ArrayList<>();
        if (histogram.getTotalCount() == 0) {
            return points;
        }
        for (HistogramIterationValue v : histogram.percentiles(TICKS_PER_HALF)) {
            double p = v.getPercentileLevelIteratedTo();
            if (p < 100) { // 100% sits at x = infinity
                points.add(new Point(p, unit.scale(v.getValueIteratedTo())));
            }
        }
        return points;
    }

    /**
     * @param percentile 0 to below 100
     * @return its position on the nines axis, 1/(1 - p/100)
     * @throws IllegalArgumentException if the percentile is outside [0, 100)
     */
    public static double ninesX(double percentile) {
        if (!(percentile >= 0 && percentile < 100)) {
            throw new IllegalArgumentException("a percentile on the nines axis lies in [0, 100), got " + percentile);
        }
        return 100 / (100 - percentile);
    }

    /**
     * A labelled position of the nines axis.
     *
     * @param label the percentile: "0%", "90%", "99%", "99.9%" ...
     * @param x its position, a power of ten
     */
    public record Nine(String label, double x) {
    }

    /**
     * @param highestPercentile the highest percentile to cover, in [0, 100)
     * @return 0%, 90%, 99%, 99.9% ... up to the first at or above the given percentile
     * @throws IllegalArgumentException if the percentile is outside [0, 100)
     */
    public static List<Nine> nines(double highestPercentile) {
        double highestX = ninesX(highestPercentile);
        List<Nine> nines = new ArrayList<>();
        nines.add(new Nine("0%", 1));
        // within a part in a billion: 1/(1 - 99.9/100) is 1000.0000000006 in doubles, and 99.9% is a tick itself
        for (int k = 1; Math.pow(10, k - 1) < highestX * (1 - 1e-9); k++) {
            String label = k == 1 ? "90%" : "99" + (k == 2 ? "" : "." + "9".repeat(k - 2)) + "%";
            nines.add(new Nine(label, Math.pow(10, k)));
        }
        return nines;
    }
}
