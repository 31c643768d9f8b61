package io.contend.backoff;

import io.contend.internal.Checks;

import java.util.concurrent.locks.LockSupport;

/**
 * Spin, then yield, then park with a doubling period: the first {@code maxSpins} failures of an operation call
 * {@link Thread#onSpinWait()}, the next {@code maxYields} call {@link Thread#yield()}, and later ones park for
 * {@code minPark * 2^k}, capped at {@code maxPark}. The shape of Agrona's BackoffIdleStrategy, applied per
 * operation to a CAS loop: cheap while contention is brief, and off the CPU when it is not.
 */
public final class SpinYieldParkBackoff implements BackoffStrategy {
    private final int maxSpins;
    private final int maxYields;
    private final long minParkNanos;
    private final long maxParkNanos;

    /**
     * @param maxSpins failures answered by spinning, in [0, Integer.MAX_VALUE / 2]
     * @param maxYields further failures answered by yielding, in [0, Integer.MAX_VALUE / 2]
     * @param minParkNanos first park period, in [1, {@link #MAX_DELAY_NANOS}]
     * @param maxParkNanos longest park period, in [minParkNanos, {@link #MAX_DELAY_NANOS}]
     */
    public SpinYieldParkBackoff(int maxSpins, int maxYields, long minParkNanos, long maxParkNanos) {
        this.maxSpins = Checks.inRange("maxSpins", maxSpins, 0, Integer.MAX_VALUE / 2);
        this.maxYields = Checks.inRange("maxYields", maxYields, 0, Integer.MAX_VALUE / 2);
        DelayRange.check("minParkNanos", minParkNanos, "maxParkNanos", maxParkNanos);
        this.minParkNanos = minParkNanos;
        this.maxParkNanos = maxParkNanos;
    }

    @Override
    public void backoff(int failures) {
        if (failures <= maxSpins) {
            Thread.onSpinWait();
        } else if (failures <= maxSpins + maxYields) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(parkNanos(failures));
        }
    }

    /**
     * The park period after {@code failures} consecutive failures, once spinning and yielding are used up.
     *
     * @param failures consecutive failures; any below {@code maxSpins + maxYields + 2} give minPark
     * @return the period in nanoseconds, in [minPark, maxPark]
     */
    public long parkNanos(int failures) {
        long doublings = Math.max(0L, (long) failures - maxSpins - maxYields - 1); // long: no overflow at MIN_VALUE
        if (doublings >= 33) {
            return maxParkNanos;
        }
        return Math.min(maxParkNanos, minParkNanos << (int) doublings);
    }

    @Override
    public String spec() {
        return "spinYieldPark:" + maxSpins + ":" + maxYields + ":" + minParkNanos + ":" + maxParkNanos;
    }

    @Override
    public String toString() {
        return "BackoffStrategy[spinYieldPark, " + maxSpins + " spins, " + maxYields + " yields, park "
                + minParkNanos + " ns doubling to " + maxParkNanos + " ns]";
    }
}
