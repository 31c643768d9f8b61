package io.contend.hdr;

import org.HdrHistogram.Histogram;

/**
 * The numbers of a histogram that summaries and CSV rows show, in an output unit. Percentiles are
 * HdrHistogram's {@code getValueAtPercentile} and the mean its {@code getMean}, as HistogramLogProcessor reports
 * them, computed in one pass over the recorded slots: HdrHistogram walks the counts array once per percentile,
 * and for the mean with an iterator that does several times the work per slot, which for 5-digit histograms of
 * millisecond values in nanoseconds (over half a million slots each) was most of {@code hdr to-csv}'s time.
 *
 * @param count total count
 * @param min smallest value (0 when empty)
 * @param mean mean (0 when empty)
 * @param p50 median
 * @param p90 90th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param p9999 99.99th percentile
 * @param max largest value (0 when empty)
 */
public record LatencyStats(long count, double min, double mean, double p50, double p90, double p99, double p999,
                           double p9999, double max) {
    private static final double[] PERCENTILES = {50.0, 90.0, 99.0, 99.9, 99.99};
    /** Slots summed at once to find empty stretches. */
    private static final int CHUNK_SLOTS = 256;

    /**
     * @param histogram values as recorded
     * @param unit the unit to show them in
     * @return its numbers, divided by the unit's ratio
     */
    public static LatencyStats of(Histogram histogram, OutputUnit unit) {
        long total = histogram.getTotalCount();
        long[] thresholds = new long[PERCENTILES.length];
        for (int i = 0; i < thresholds.length; i++) {
            thresholds[i] = countAtPercentile(PERCENTILES[i], total);
        }
        long[] values = new long[PERCENTILES.length]; // 0 when not reached, as getValueAtPercentile
        double totalValue = 0;
        HistogramShape shape = HistogramShape.of(histogram.getLowestDiscernibleValue(),
                histogram.getNumberOfSignificantValueDigits());
        // Chunks never straddle a bucket, so their slots are evenly spaced values; empty ones are skipped by
        // HdrHistogram's own tight loop over the counts, which is several times faster than slot by slot here.
        int chunk = Math.min(CHUNK_SLOTS, shape.halfBucketSlots());
        long max = histogram.getMaxValue();
        long seen = 0;
        int next = 0;
        for (int first = 0; seen < total; first += chunk) {
            long low = shape.valueAt(first);
            if (low > max || low < 0) {
                break; // only if the counts disagree with the total: beyond max, getCountAtValue repeats the last slot
            }
            if (histogram.getCountBetweenValues(low, Math.min(shape.valueAt(first + chunk - 1), max)) == 0) {
                continue;
            }
            for (int index = first; index < first + chunk && seen < total; index++) {
                long value = shape.valueAt(index);
                long count = value > max ? 0 : histogram.getCountAtValue(value);
                if (count == 0) {
                    continue;
                }
                seen += count;
                // in index order, as getMean's iterator adds them up: the same double, bit for bit
                totalValue += histogram.medianEquivalentValue(value) * (double) count;
                while (next < thresholds.length && seen >= thresholds[next]) {
                    values[next++] = histogram.highestEquivalentValue(value);
                }
            }
        }
        double mean = total == 0 ? 0.0 : (totalValue * 1.0) / total;
        return new LatencyStats(total, unit.scale(histogram.getMinValue()), unit.scale(mean), unit.scale(values[0]),
                unit.scale(values[1]), unit.scale(values[2]), unit.scale(values[3]), unit.scale(values[4]),
                unit.scale(max));
    }

    /** The count a percentile must reach, as getValueAtPercentile has it: one ulp below, rounded up, at least 1. */
    private static long countAtPercentile(double percentile, long total) {
        double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0D), 100.0D);
        return Math.max((long) Math.ceil((requested * total) / 100.0D), 1);
    }
}
