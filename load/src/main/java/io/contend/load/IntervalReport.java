package io.contend.load;

import org.HdrHistogram.Histogram;

/**
 * One reporting interval, for live output: the reported latency (response time for fixed rate, service time
 * otherwise) over every operation tag.
 *
 * @param endSeconds seconds from the run's start to the interval's end
 * @param seconds the interval's length
 * @param completed operations completed in it
 * @param errors operations failed in it
 * @param p50Nanos median of the reported latency
 * @param p99Nanos 99th percentile
 * @param maxNanos maximum
 * @param latency the interval's reported latency over every tag, in ns, so that a caller can pool intervals or
 *                resample them (the lab's bootstrap of a pooled percentile). The run reuses this histogram for the
 *                next interval: it is valid only during {@link StressRun.Listener#interval}, and a listener that
 *                keeps it must copy it (a copy of the full-range histogram is about 270 KB; adding it to a
 *                {@code new Histogram(3)} keeps only the range it holds)
 */
public record IntervalReport(double endSeconds, double seconds, long completed, long errors, long p50Nanos, long p99Nanos,
                             long maxNanos, Histogram latency) {
    /** @return completed operations per second in this interval */
    public double opsPerSecond() {
        return seconds > 0 ? completed / seconds : 0;
    }

    /** @return the interval's figures, without the histogram's counts */
    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "IntervalReport[end %.3f s, %.3f s, %d completed, %d errors, "
                + "p50 %d ns, p99 %d ns, max %d ns]", endSeconds, seconds, completed, errors, p50Nanos, p99Nanos,
                maxNanos);
    }
}
