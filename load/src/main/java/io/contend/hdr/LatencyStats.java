package io.contend.hdr;

import org.HdrHistogram.Histogram;

/**
 * The numbers of a histogram that summaries and CSV rows show, in an output unit. Percentiles are
 * HdrHistogram's {@code getValueAtPercentile}, as HistogramLogProcessor reports them.
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

    /**
     * @param histogram values as recorded
     * @param unit the unit to show them in
     * @return its numbers, divided by the unit's ratio
     */
    public static LatencyStats of(Histogram histogram, OutputUnit unit) {
        return new LatencyStats(histogram.getTotalCount(),
                unit.scale(histogram.getMinValue()),
                unit.scale(histogram.getMean()),
                unit.scale(histogram.getValueAtPercentile(50.0)),
                unit.scale(histogram.getValueAtPercentile(90.0)),
                unit.scale(histogram.getValueAtPercentile(99.0)),
                unit.scale(histogram.getValueAtPercentile(99.9)),
                unit.scale(histogram.getValueAtPercentile(99.99)),
                unit.scale(histogram.getMaxValue()));
    }
}
