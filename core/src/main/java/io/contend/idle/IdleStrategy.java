package io.contend.idle;

import java.util.Locale;
import java.util.function.Supplier;

/**
 * What a thread does when a round of its loop found no work: spin, yield, park, or a mix that changes as the idle
 * rounds add up. The shape of Agrona's {@code org.agrona.concurrent.IdleStrategy}: call {@link #idle(int)} with the
 * work the round did, and the strategy resets itself when there was some.
 *
 * <p>One interface for every waiting loop in contend: a queue's
 * {@link io.contend.queue.MessagePassingQueue#drain(java.util.function.Consumer, IdleStrategy,
 * io.contend.queue.MessagePassingQueue.ExitCondition) drain} and {@code fill} loops, the staged executor's workers
 * ({@code io.contend.exec}) and the stress generator's wait for an intended start ({@code io.contend.load}).
 *
 * <p>Strategies keep state across the rounds of one loop (how long it has been idle), so an instance belongs to one
 * thread at a time; APIs that run several threads take a {@code Supplier<IdleStrategy>} and ask it once per thread.
 * That is why CAS retry loops do not use this interface: a {@link io.contend.backoff.BackoffStrategy} is immutable
 * and shared, and the failure count it reacts to is the caller's local variable, so backing off per operation needs
 * no per-thread object.
 *
 * <p>Built in, each with the measurement that chose it where there was one: {@link #busySpin()}, {@link #yielding()},
 * {@link #noOp()}, {@link #backoff(int, int, long, long)}, {@link #spinThenPark()}, {@link #parkAtOnce()} and
 * {@link #forBusyThreads(int)}; {@link #parse(String)} reads them from text.
 */
public interface IdleStrategy {

    /**
     * Idles if the round did no work, resets otherwise: {@code if (workCount > 0) reset(); else idle();}.
     *
     * @param workCount what the round did (elements drained, tasks run); 0 or less means nothing
     */
    default void idle(int workCount) {
        if (workCount > 0) {
            reset();
        } else {
            idle();
        }
    }

    /** Idles once, unconditionally: the next step of the strategy. */
    void idle();

    /** Forgets the idle rounds so far: the next {@link #idle()} is the first step again. */
    void reset();

    /**
     * Whether the next {@link #idle()} may block the thread (park or sleep) rather than spin or yield. A thread that
     * others wake with {@link java.util.concurrent.locks.LockSupport#unpark(Thread)} uses it to publish "I may be
     * parked" only before such a call, so that its producers unpark it then and not on every offer. The default,
     * true, is the safe answer for a strategy that does not say.
     *
     * @return true if the next idle() may park
     */
    default boolean mayBlock() {
        return true;
    }

    /**
     * The strategy written as {@link #parse(String)} reads it.
     *
     * @return the specification, e.g. {@code backoff:100:10:10000000:10000000}
     */
    String spec();

    /** @return a strategy that calls {@link Thread#onSpinWait()}: the lowest wake-up latency, a CPU kept busy */
    static IdleStrategy busySpin() {
        return StatelessIdleStrategy.BUSY_SPIN;
    }

    /** @return a strategy that calls {@link Thread#yield()} */
    static IdleStrategy yielding() {
        return StatelessIdleStrategy.YIELDING;
    }

    /** @return a strategy that returns at once: the loop polls as fast as it can, without even a spin hint */
    static IdleStrategy noOp() {
        return StatelessIdleStrategy.NO_OP;
    }

    /**
     * Spin, then yield, then park with a period that doubles from {@code minParkNanos} to {@code maxParkNanos}:
     * Agrona's BackoffIdleStrategy.
     *
     * @param maxSpins idle rounds answered with {@link Thread#onSpinWait()}, at least 0
     * @param maxYields further rounds answered with {@link Thread#yield()}, at least 0
     * @param minParkNanos first park period, at least 1
     * @param maxParkNanos longest park period, at least minParkNanos
     * @return a new strategy
     */
    static IdleStrategy backoff(int maxSpins, int maxYields, long minParkNanos, long maxParkNanos) {
        return new BackoffIdleStrategy(maxSpins, maxYields, minParkNanos, maxParkNanos);
    }

    /**
     * 100 spins, 10 yields, then parks of 10 ms: the spin-then-park of Cassandra's SEPWorker, and the staged
     * executor's default where the machine has more CPUs than busy threads ({@link #forBusyThreads(int)}). Meant
     * for a thread that is woken by unpark when work arrives; the 10 ms period is only a guard.
     *
     * @return a new strategy
     */
    static IdleStrategy spinThenPark() {
        return backoff(100, 10, 10_000_000L, 10_000_000L);
    }

    /**
     * Parks at once, for 10 ms at most, like a {@link java.util.concurrent.ThreadPoolExecutor}'s worker: for more
     * busy threads than CPUs, where a spinning or yielding thread takes the CPU from the thread that would give it
     * work. On 2 CPUs with the write path's three stages behind four load-generator threads, {@link #spinThenPark()}'s
     * yields multiply the context switches and its tail latency spreads over an order of magnitude; parking at once
     * keeps both low (the lab's {@code writepath} experiment shows it in its ctxsw/s column).
     *
     * @return a new strategy
     */
    static IdleStrategy parkAtOnce() {
        return backoff(0, 0, 10_000_000L, 10_000_000L);
    }

    /**
     * @param busyThreads threads that compete for the CPUs while the loop runs (the idling threads and the threads
     *        that feed them)
     * @return {@link #spinThenPark()} when there are more CPUs than busy threads, so an idle thread can keep one;
     *         {@link #parkAtOnce()} otherwise
     * @throws IllegalArgumentException if busyThreads is below 1
     */
    static IdleStrategy forBusyThreads(int busyThreads) {
        if (busyThreads < 1) {
            throw new IllegalArgumentException("busyThreads must be at least 1: " + busyThreads);
        }
        return busyThreads < Runtime.getRuntime().availableProcessors() ? spinThenPark() : parkAtOnce();
    }

    /**
     * Reads a strategy from text: {@code busySpin}, {@code yielding}, {@code noOp}, {@code spinThenPark},
     * {@code parkAtOnce} or {@code backoff:SPINS:YIELDS:MINPARK:MAXPARK} (park periods in nanoseconds). Each call
     * returns an instance of its own (or a shared one for the stateless strategies), so a multi-threaded caller may
     * pass {@code () -> IdleStrategy.parse(spec)} as its supplier.
     *
     * @param spec the text; the case of the name is ignored
     * @return a new strategy
     * @throws IllegalArgumentException naming the text if it is not one of those forms
     */
    static IdleStrategy parse(String spec) {
        if (spec == null) {
            throw new NullPointerException("spec");
        }
        String[] parts = spec.trim().split(":", -1);
        String name = parts[0].toLowerCase(Locale.ROOT);
        if (parts.length == 1) {
            switch (name) {
                case "busyspin":
                    return busySpin();
                case "yielding":
                    return yielding();
                case "noop":
                    return noOp();
                case "spinthenpark":
                    return spinThenPark();
                case "parkatonce":
                    return parkAtOnce();
                default:
                    break;
            }
        } else if (parts.length == 5 && name.equals("backoff")) {
            try {
                return backoff(Integer.parseInt(parts[1]), Integer.parseInt(parts[2]), Long.parseLong(parts[3]),
                        Long.parseLong(parts[4]));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("not a number in idle strategy '" + spec + "': " + e.getMessage(), e);
            } catch (IllegalArgumentException e) { // a number out of range: backoff's message names the parameter
                throw new IllegalArgumentException("idle strategy '" + spec + "': " + e.getMessage(), e);
            }
        }
        throw new IllegalArgumentException("unknown idle strategy '" + spec + "'; expected busySpin, yielding, noOp, "
                + "spinThenPark, parkAtOnce or backoff:SPINS:YIELDS:MINPARK:MAXPARK (nanoseconds)");
    }

    /**
     * A supplier of new instances of what {@code spec} names, for APIs that want one strategy per thread. The spec
     * is checked now; suppliers of the same strategy are equal, and their {@code toString()} is its spec.
     *
     * @param spec as {@link #parse(String)} reads it
     * @return the supplier
     * @throws IllegalArgumentException naming the text if it is not a strategy
     */
    static Supplier<IdleStrategy> supplier(String spec) {
        return new SpecSupplier(parse(spec).spec());
    }
}
