package io.contend.backoff;

import java.util.Locale;

/**
 * What a compare-and-set retry loop does after a failed attempt: the "contention manager" of
 * Dice, Hendler and Mirsky, <i>Lightweight Contention Management for Efficient Compare-and-Swap Operations</i>
 * (arXiv:1305.5800), proposed for Cassandra's region allocator in CASSANDRA-15922.
 *
 * <p>Strategies are immutable and thread-safe. The only per-operation state is the number of consecutive
 * failures, which the loop keeps in a local variable and passes in, so backing off allocates nothing and
 * needs no thread-local lookup.
 *
 * <p>It is not an {@link io.contend.idle.IdleStrategy}, though {@link #spinYieldPark()} has the same shape as
 * {@link io.contend.idle.IdleStrategy#backoff(int, int, long, long)}: an idle strategy waits between the rounds of
 * one thread's loop and keeps how long it has been idle in the instance (one per thread), while a backoff strategy
 * waits inside one operation, is shared by every thread of a primitive, and is told the failure count. Folding one
 * into the other would cost the CAS path either a per-thread object or an allocation per operation.
 *
 * <p>Built-in strategies:
 * <ul>
 *   <li>{@link #none()}: retry at once (the plain CAS loop);</li>
 *   <li>{@link #constant(long)}: {@code LockSupport.parkNanos(n)} after every failure, the ConstantBackoffCAS
 *       proposed in CASSANDRA-15922 with n = 1. On Linux a park of 1 ns sleeps for the timer slack (about
 *       50 us by default), which is why it cuts CAS failures so sharply, and why it costs latency;</li>
 *   <li>{@link #exponential(long, long)}: ExpBackoffCAS, a randomised delay that doubles with each failure;</li>
 *   <li>{@link #spinYieldPark(int, int, long, long)}: spin, then yield, then park with a doubling period,
 *       the shape of Agrona's BackoffIdleStrategy.</li>
 * </ul>
 * {@link #parse(String)} reads the same strategies from text, for command lines and benchmark parameters.
 */
public interface BackoffStrategy {

    /** Longest delay any built-in strategy accepts, one second: anything longer is a unit mistake. */
    long MAX_DELAY_NANOS = 1_000_000_000L;

    /**
     * Backs off after a failed attempt.
     *
     * @param failures consecutive failures of the current operation so far, 1 after the first failure
     */
    void backoff(int failures);

    /**
     * True if {@link #backoff(int)} does nothing, so a loop may skip timing it.
     *
     * @return whether this strategy never waits
     */
    default boolean isNone() {
        return false;
    }

    /**
     * The strategy written as {@link #parse(String)} reads it, e.g. {@code constant:1}.
     *
     * @return the specification of this strategy
     */
    String spec();

    /** @return the strategy that retries at once */
    static BackoffStrategy none() {
        return NoBackoff.INSTANCE;
    }

    /**
     * @param parkNanos how long to park after each failure, in [1, {@link #MAX_DELAY_NANOS}]
     * @return the constant backoff of CASSANDRA-15922
     */
    static BackoffStrategy constant(long parkNanos) {
        return new ConstantBackoff(parkNanos);
    }

    /**
     * @param minNanos delay ceiling after the first failure, in [1, {@link #MAX_DELAY_NANOS}]
     * @param maxNanos largest delay ceiling, in [minNanos, {@link #MAX_DELAY_NANOS}]
     * @return exponential backoff with jitter
     */
    static BackoffStrategy exponential(long minNanos, long maxNanos) {
        return new ExponentialBackoff(minNanos, maxNanos);
    }

    /** @return spin-yield-park with Agrona's default limits: 10 spins, 5 yields, parks of 1 us doubling to 1 ms */
    static BackoffStrategy spinYieldPark() {
        return new SpinYieldParkBackoff(10, 5, 1_000, 1_000_000);
    }

    /**
     * @param maxSpins failures answered with {@link Thread#onSpinWait()}, in [0, Integer.MAX_VALUE / 2]
     * @param maxYields further failures answered with {@link Thread#yield()}, in [0, Integer.MAX_VALUE / 2]
     * @param minParkNanos first park period, in [1, {@link #MAX_DELAY_NANOS}]
     * @param maxParkNanos longest park period, in [minParkNanos, {@link #MAX_DELAY_NANOS}]
     * @return spin, then yield, then park with a doubling period
     */
    static BackoffStrategy spinYieldPark(int maxSpins, int maxYields, long minParkNanos, long maxParkNanos) {
        return new SpinYieldParkBackoff(maxSpins, maxYields, minParkNanos, maxParkNanos);
    }

    /**
     * Reads a strategy from text: {@code none}, {@code constant:NANOS}, {@code exponential:MIN:MAX},
     * {@code spinYieldPark} or {@code spinYieldPark:SPINS:YIELDS:MINPARK:MAXPARK} (times in nanoseconds).
     *
     * @param spec the text; case of the name is ignored
     * @return the strategy
     * @throws IllegalArgumentException naming the text if it is not one of those forms
     */
    static BackoffStrategy parse(String spec) {
        if (spec == null) {
            throw new NullPointerException("spec");
        }
        String[] parts = spec.trim().split(":", -1);
        String name = parts[0].toLowerCase(Locale.ROOT);
        try {
            switch (name) {
                case "none":
                    if (parts.length == 1) {
                        return none();
                    }
                    break;
                case "constant":
                    if (parts.length == 2) {
                        return constant(Long.parseLong(parts[1]));
                    }
                    break;
                case "exponential":
                    if (parts.length == 3) {
                        return exponential(Long.parseLong(parts[1]), Long.parseLong(parts[2]));
                    }
                    break;
                case "spinyieldpark":
                    if (parts.length == 1) {
                        return spinYieldPark();
                    }
                    if (parts.length == 5) {
                        return spinYieldPark(Integer.parseInt(parts[1]), Integer.parseInt(parts[2]),
                                Long.parseLong(parts[3]), Long.parseLong(parts[4]));
                    }
                    break;
                default:
                    break;
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number in backoff strategy '" + spec + "': " + e.getMessage(), e);
        } catch (IllegalArgumentException e) { // a number out of range: the factory's message names the parameter
            throw new IllegalArgumentException("backoff strategy '" + spec + "': " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("unknown backoff strategy '" + spec + "'; expected none, constant:NANOS, "
                + "exponential:MIN:MAX, spinYieldPark or spinYieldPark:SPINS:YIELDS:MINPARK:MAXPARK");
    }
}
