package io.contend.backoff;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * ExpBackoffCAS (arXiv:1305.5800): after the n-th consecutive failure the delay ceiling is
 * {@code min(max, min * 2^(n-1))}; the delay is drawn uniformly from [ceiling/2, ceiling] so that threads
 * which failed together do not retry together ("equal jitter").
 *
 * <p>Delays shorter than {@link #PARK_THRESHOLD_NANOS} are busy-waited with {@link Thread#onSpinWait()}, as
 * in the paper: a park that short would sleep for the kernel's timer slack instead (about 50 us on Linux).
 * Longer delays park. The random draw uses {@link ThreadLocalRandom}, which allocates nothing.
 */
public final class ExponentialBackoff implements BackoffStrategy {
    /** Delays at or above this many nanoseconds park; shorter ones spin. */
    public static final long PARK_THRESHOLD_NANOS = 50_000;

    private final long minNanos;
    private final long maxNanos;

    /**
     * @param minNanos ceiling after the first failure, in [1, {@link #MAX_DELAY_NANOS}]
     * @param maxNanos largest ceiling, in [minNanos, {@link #MAX_DELAY_NANOS}]
     */
    public ExponentialBackoff(long minNanos, long maxNanos) {
        DelayRange.check("minNanos", minNanos, "maxNanos", maxNanos);
        this.minNanos = minNanos;
        this.maxNanos = maxNanos;
    }

    /**
     * The delay ceiling after {@code failures} consecutive failures, saturating at the maximum.
     *
     * @param failures consecutive failures, 1 after the first; any below 1 count as 1
     * @return the ceiling in nanoseconds, in [min, max]
     */
    public long ceilingNanos(int failures) {
        int doublings = Math.max(0, failures - 1);
        // min <= 1e9 < 2^30, so a shift below 33 cannot overflow; beyond that the max applies anyway.
        if (doublings >= 33) {
            return maxNanos;
        }
        return Math.min(maxNanos, minNanos << doublings);
    }

    @Override
    public void backoff(int failures) {
        long ceiling = ceilingNanos(failures);
        long half = ceiling >>> 1;
        long delay = half + ThreadLocalRandom.current().nextLong(ceiling - half + 1);
        if (delay >= PARK_THRESHOLD_NANOS) {
            LockSupport.parkNanos(delay);
            return;
        }
        long deadline = System.nanoTime() + delay;
        while (System.nanoTime() - deadline < 0) {
            Thread.onSpinWait();
        }
    }

    /** @return the ceiling after the first failure, in nanoseconds */
    public long minNanos() {
        return minNanos;
    }

    /** @return the largest ceiling, in nanoseconds */
    public long maxNanos() {
        return maxNanos;
    }

    @Override
    public String spec() {
        return "exponential:" + minNanos + ":" + maxNanos;
    }

    @Override
    public String toString() {
        return "BackoffStrategy[exponential, " + minNanos + " ns doubling to " + maxNanos + " ns, with jitter]";
    }
}
