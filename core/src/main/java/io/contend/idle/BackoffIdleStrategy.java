package io.contend.idle;

import java.util.concurrent.locks.LockSupport;

/**
 * Spin, then yield, then park with a doubling period: the first {@code maxSpins} idle rounds since the last
 * {@link #reset()} call {@link Thread#onSpinWait()}, the next {@code maxYields} call {@link Thread#yield()}, and later
 * ones park for {@code minPark * 2^k}, capped at {@code maxPark}. The shape of Agrona's BackoffIdleStrategy. A park
 * ends early when another thread unparks this one, so a thread woken by its producers may use a long period as a
 * guard. State is plain fields: one instance per thread.
 */
public final class BackoffIdleStrategy implements IdleStrategy {
    private final int maxSpins;
    private final int maxYields;
    private final long minParkNanos;
    private final long maxParkNanos;
    private long idleRounds;
    private long parkNanos;

    /**
     * @param maxSpins idle rounds answered with {@link Thread#onSpinWait()}, at least 0
     * @param maxYields further rounds answered with {@link Thread#yield()}, at least 0
     * @param minParkNanos first park period, at least 1
     * @param maxParkNanos longest park period, at least minParkNanos
     * @throws IllegalArgumentException naming the value out of range
     */
    public BackoffIdleStrategy(int maxSpins, int maxYields, long minParkNanos, long maxParkNanos) {
        if (maxSpins < 0) {
            throw new IllegalArgumentException("maxSpins must be at least 0: " + maxSpins);
        }
        if (maxYields < 0) {
            throw new IllegalArgumentException("maxYields must be at least 0: " + maxYields);
        }
        if (minParkNanos < 1) {
            throw new IllegalArgumentException("minParkNanos must be at least 1: " + minParkNanos);
        }
        if (maxParkNanos < minParkNanos) {
            throw new IllegalArgumentException("maxParkNanos must be at least minParkNanos (" + minParkNanos + "): "
                    + maxParkNanos);
        }
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.minParkNanos = minParkNanos;
        this.maxParkNanos = maxParkNanos;
        this.parkNanos = minParkNanos;
    }

    @Override
    public void idle() {
        long round = idleRounds++;
        if (round < maxSpins) {
            Thread.onSpinWait();
        } else if (round < (long) maxSpins + maxYields) {
            Thread.yield();
        } else {
            LockSupport.parkNanos(parkNanos);
            parkNanos = parkNanos > maxParkNanos / 2 ? maxParkNanos : Math.min(maxParkNanos, parkNanos * 2);
        }
    }

    @Override
    public void reset() {
        idleRounds = 0;
        parkNanos = minParkNanos;
    }

    @Override
    public boolean mayBlock() {
        return idleRounds >= (long) maxSpins + maxYields;
    }

    /** @return the period the next park would take, in nanoseconds */
    public long nextParkNanos() {
        return parkNanos;
    }

    @Override
    public String spec() {
        return "backoff:" + maxSpins + ":" + maxYields + ":" + minParkNanos + ":" + maxParkNanos;
    }

    @Override
    public String toString() {
        return "IdleStrategy[backoff, " + maxSpins + " spins, " + maxYields + " yields, park " + minParkNanos
                + " ns doubling to " + maxParkNanos + " ns, " + idleRounds + " idle rounds]";
    }
}
