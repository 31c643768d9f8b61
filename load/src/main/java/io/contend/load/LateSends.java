package io.contend.load;

import java.time.Duration;
import java.util.Locale;
import org.HdrHistogram.AbstractHistogram;

/**
 * How far a generator fell behind its schedule: of the operations it started, how many started more than a
 * threshold after their intended start (their wait time, the {@code <op>-wt} tag). A generator that keeps up
 * starts within microseconds of each intended start, so late sends say that the generator itself was
 * saturated (or paused), and that its share of the load arrived later than asked. In a merge of shards this
 * is reported per shard, so that one saturated shard cannot hide behind the others' punctual ones.
 *
 * @param operations operations started that succeeded (the wait-time histogram's count: an operation that threw
 *                   records no latency)
 * @param late of those, operations that started more than {@code thresholdNanos} late
 * @param thresholdNanos lateness that counts as late
 * @param p99Nanos 99th percentile of lateness
 * @param maxNanos the largest lateness
 */
public record LateSends(long operations, long late, long thresholdNanos, long p99Nanos, long maxNanos) {
    /** Starting more than this after the intended start is a late send: well above a park's timer slack. */
    public static final Duration DEFAULT_THRESHOLD = Duration.ofMillis(1);
    /**
     * A generator with more than this fraction of late sends fell behind. A short pause (a GC, a JIT
     * compilation, a thread descheduled on a busy machine) makes a few late sends in any run: 1-5% over 1 ms for
     * four generator JVMs sharing two cores here. A saturated generator falls further behind with every
     * operation and makes late sends for the rest of the run: all but its first few.
     */
    public static final double BEHIND_FRACTION = 0.10;

    /**
     * Checks the counts.
     *
     * @param operations started, at least 0
     * @param late in [0, operations]
     * @param thresholdNanos at least 0
     * @param p99Nanos at least 0
     * @param maxNanos at least 0
     */
    public LateSends {
        if (operations < 0 || late < 0 || late > operations) {
            throw new IllegalArgumentException("late sends must be in [0, operations]: " + late + " of " + operations);
        }
        if (thresholdNanos < 0 || p99Nanos < 0 || maxNanos < 0) {
            throw new IllegalArgumentException("lateness must not be negative: threshold " + thresholdNanos + ", p99 "
                    + p99Nanos + ", max " + maxNanos);
        }
    }

    /**
     * @param waitTimes wait times (intended start to start) in nanoseconds, one per started operation
     * @param threshold lateness that counts as late
     * @return the late sends among them (within the histogram's precision at the threshold)
     */
    public static LateSends of(AbstractHistogram waitTimes, Duration threshold) {
        long thresholdNanos = threshold.toNanos();
        long total = waitTimes.getTotalCount();
        long punctual = total == 0 ? 0 : waitTimes.getCountBetweenValues(0, thresholdNanos);
        long late = Math.max(0, total - punctual);
        return new LateSends(total, late, thresholdNanos, total == 0 ? 0 : waitTimes.getValueAtPercentile(99),
                total == 0 ? 0 : waitTimes.getMaxValue());
    }

    /** @return late sends as a fraction of the operations started (0 when none started) */
    public double lateFraction() {
        return operations == 0 ? 0 : (double) late / operations;
    }

    /** @return whether more than {@link #BEHIND_FRACTION} of the operations started late: the generator was saturated */
    public boolean behind() {
        return lateFraction() > BEHIND_FRACTION;
    }

    /** @return e.g. "1,204 of 10,000 operations (12.0%) started over 1ms late; p99 2180.125 ms, max 2310.004 ms late" */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%,d of %,d operations (%.1f%%) started over %s late; p99 %.3f ms, max %.3f ms late",
                late, operations, 100 * lateFraction(), Durations.format(Duration.ofNanos(thresholdNanos)), p99Nanos / 1e6,
                maxNanos / 1e6);
    }
}
