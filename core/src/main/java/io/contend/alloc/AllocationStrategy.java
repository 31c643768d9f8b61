package io.contend.alloc;

/**
 * How a {@link Region} advances its offset when several threads allocate from it (CASSANDRA-15922).
 */
public enum AllocationStrategy {
    /** read offset, check the size fits, compareAndSet; retry at once on failure (Cassandra before 15922). */
    CAS_LOOP,
    /** The same loop with a backoff strategy after each failure (the ConstantBackoffCAS proposed in 15922). */
    CAS_BACKOFF,
    /**
     * One getAndAdd, then a check (Cassandra after 15922): never retries. A request that does not fit moves the
     * offset past the capacity anyway; the region accounts for that overshoot (see {@link Region#usedBytes()}).
     */
    XADD
}
