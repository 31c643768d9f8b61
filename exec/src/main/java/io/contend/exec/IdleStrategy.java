package io.contend.exec;

/**
 * How an idle worker waits: {@code spins} busy checks ({@link Thread#onSpinWait()}), then {@code yields}
 * {@link Thread#yield()}s, then parks until a producer wakes it. The park is bounded by {@code maxParkNanos} as
 * a guard: the wake-up protocol does not need it, and tests run with a long bound to prove that. Source: the
 * spin-then-park of Cassandra's SEPWorker and Agrona's BackoffIdleStrategy.
 *
 * @param spins busy checks before yielding, at least 0
 * @param yields yields before parking, at least 0
 * @param maxParkNanos longest single park, at least 1000
 */
public record IdleStrategy(int spins, int yields, long maxParkNanos) {
    /** The default: 100 spins, 10 yields, parks of at most 10 ms. */
    public static final IdleStrategy DEFAULT = new IdleStrategy(100, 10, 10_000_000L);

    /**
     * Checks the ranges.
     *
     * @param spins busy checks before yielding, at least 0
     * @param yields yields before parking, at least 0
     * @param maxParkNanos longest single park, at least 1000
     */
    public IdleStrategy {
        if (spins < 0 || yields < 0 || maxParkNanos < 1000) {
            throw new IllegalArgumentException("spins and yields must be at least 0 and maxParkNanos at least 1000: "
                    + spins + ", " + yields + ", " + maxParkNanos);
        }
    }
}
