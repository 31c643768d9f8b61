package io.contend.backoff;

import java.util.concurrent.locks.LockSupport;

/**
 * Parks for a fixed time after every failure: ConstantBackoffCAS (arXiv:1305.5800), as proposed in
 * CASSANDRA-15922 with {@code LockSupport.parkNanos(1)}.
 */
public final class ConstantBackoff implements BackoffStrategy {
    private final long parkNanos;

    /** @param parkNanos park time in [1, {@link #MAX_DELAY_NANOS}] */
    public ConstantBackoff(long parkNanos) {
        DelayRange.check("parkNanos", parkNanos, "parkNanos", parkNanos);
        this.parkNanos = parkNanos;
    }

    @Override
    public void backoff(int failures) {
        LockSupport.parkNanos(parkNanos);
    }

    /** @return the park time in nanoseconds */
    public long parkNanos() {
        return parkNanos;
    }

    @Override
    public String spec() {
        return "constant:" + parkNanos;
    }

    @Override
    public String toString() {
        return "BackoffStrategy[constant, park " + parkNanos + " ns]";
    }
}
