package io.contend.writepath;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Where a write's timestamp comes from. The path keeps, per row, the write with the highest timestamp, so the
 * clock decides which of two writes of one row survives: for a row to behave as a register, a write that starts
 * after another was acknowledged must get a higher timestamp, whichever thread serves it.
 *
 * <p>{@link #monotonicMicros()} is the one a server uses. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface WriteClock {
    /**
     * @return the timestamp of a write that starts now: greater than every value this clock returned before the
     *         call began, on any thread
     */
    long next();

    /**
     * One strictly increasing count of microseconds since the epoch, shared by every thread: the wall clock's
     * microseconds, or one more than the last value handed out when the wall clock has not moved on (or went
     * back). This is what Cassandra gives every write on a node ({@code ClientState.getTimestamp}, one static
     * {@code AtomicLong}) for the same reason.
     *
     * @return a new clock; two clocks do not order each other's values
     */
    static WriteClock monotonicMicros() {
        return new MonotonicMicrosClock();
    }
}

/*
 * Implementation notes.
 *
 * Algorithm: last holds the value handed out most recently; next() proposes max(last + 1, wall-clock micros) and
 * publishes it with a CAS, retrying on a lost race.
 *
 * Invariant: values handed out are strictly increasing in the order of the successful CASes, which is a total
 * order consistent with real time (a CAS that completes before another call starts precedes that call's CAS).
 *
 * Ordering: the CAS is a volatile read-modify-write; nothing else is published through it.
 *
 * Why a CAS loop and not getAndIncrement: the value must track the wall clock (timestamps are read by people
 * and compared across restarts), and a write path serves thousands, not hundreds of millions, of writes per
 * second, so the loop rarely retries; the cost is one contended cache line per write.
 *
 * Verification: jcstress (WriteClockOrderTest: distinct values, and a call that starts after another's value was
 * seen returns more) and a stress test of uniqueness and per-thread increase. No Lincheck test: values come from
 * the wall clock, so no sequential specification predicts them.
 */
final class MonotonicMicrosClock implements WriteClock {
    private final AtomicLong last = new AtomicLong(Long.MIN_VALUE);

    @Override
    public long next() {
        for (;;) {
            long previous = last.get();
            long proposed = Math.max(previous + 1, System.currentTimeMillis() * 1000);
            if (last.compareAndSet(previous, proposed)) {
                return proposed;
            }
        }
    }

    @Override
    public String toString() {
        return "WriteClock.monotonicMicros[last " + last.get() + "]";
    }
}
