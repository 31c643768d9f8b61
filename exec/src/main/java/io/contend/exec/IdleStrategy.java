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
     * Parks at once, like a {@link java.util.concurrent.ThreadPoolExecutor}'s worker: for pipelines with more busy
     * threads than CPUs, where a spinning or yielding worker takes the CPU from the thread that would give it work.
     * On 2 CPUs with the write path's three stages behind four load-generator threads, {@link #DEFAULT}'s yields
     * multiply the context switches and its tail latency spreads over an order of magnitude; parking at once keeps
     * both low (the {@code writepath} experiment's ctxsw/s column shows it).
     */
    public static final IdleStrategy PARK = new IdleStrategy(0, 0, 10_000_000L);

    /**
     * @param busyThreads threads that compete for the CPUs while the pipeline runs (its workers and the threads
     *        feeding it)
     * @return {@link #DEFAULT} when there are more CPUs than busy threads, so that an idle worker can keep one;
     *         {@link #PARK} otherwise
     * @throws IllegalArgumentException if busyThreads is below 1
     */
    public static IdleStrategy forBusyThreads(int busyThreads) {
        if (busyThreads < 1) {
            throw new IllegalArgumentException("busyThreads must be at least 1: " + busyThreads);
        }
        return busyThreads < Runtime.getRuntime().availableProcessors() ? DEFAULT : PARK;
    }

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
