package io.contend.load;

import java.util.Objects;

/**
 * The intended start times of a paced run: operation n (from 0) should start at
 * {@code start + floor(n * 1e9 / R)} nanoseconds, computed exactly for every n. cassandra-stress added an
 * integer interval (1e9 / R rounded) per operation, which drifts whenever R does not divide 1e9: at 3 ops/s
 * it loses a third of a nanosecond per operation, at 7,777,777/s the interval rounds from 128.57 to 128 ns and
 * the run ends up 0.4% faster than asked. Here there is no accumulation, so the n-th intended start is the
 * nearest nanosecond at or below the exact one. Immutable and thread-safe; threads share one schedule and
 * claim operation numbers from a counter.
 *
 * <p>A schedule may be one {@link Shard} of a schedule shared by several generators: its operation k is then
 * the whole schedule's operation {@code index + k * count}, with that operation's intended start, so the
 * shards' intended starts together are exactly the whole schedule's ({@link #intendedStartNanos(long)},
 * {@link #operationsWithin(long)} and the {@link Cursor} all count in the shard's own operations).
 *
 * <p>Source: the intended start times of cassandra-stress's fixed and throttle modes (CASSANDRA-11853; Nitsan
 * Wakart, "Fixing Coordinated Omission in Cassandra Stress", psy-lob-saw.blogspot.com/2016/07/fixing-co-in-cstress.html).
 */
public final class Schedule {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long startNanos;
    private final long opsPerSecond;
    private final Shard shard;

    /**
     * The whole schedule.
     *
     * @param startNanos intended start of operation 0, on the {@link System#nanoTime()} clock
     * @param opsPerSecond the rate, in [1, {@link Rate#MAX_OPS_PER_SECOND}]
     */
    public Schedule(long startNanos, long opsPerSecond) {
        this(startNanos, opsPerSecond, Shard.WHOLE);
    }

    /**
     * One shard of a schedule.
     *
     * @param startNanos intended start of the whole schedule's operation 0, on the {@link System#nanoTime()} clock
     * @param opsPerSecond the whole schedule's rate, in [1, {@link Rate#MAX_OPS_PER_SECOND}]
     * @param shard which of its operations this schedule runs
     */
    public Schedule(long startNanos, long opsPerSecond, Shard shard) {
        checkRate(opsPerSecond);
        this.startNanos = startNanos;
        this.opsPerSecond = opsPerSecond;
        this.shard = Objects.requireNonNull(shard, "shard");
    }

    private static void checkRate(long opsPerSecond) {
        if (opsPerSecond < 1 || opsPerSecond > Rate.MAX_OPS_PER_SECOND) {
            throw new IllegalArgumentException("opsPerSecond must be in [1, " + Rate.MAX_OPS_PER_SECOND + "]: "
                    + opsPerSecond);
        }
    }

    /**
     * floor(n * 1e9 / R), exactly: n = qR + r gives q * 1e9 + floor(r * 1e9 / R), and r * 1e9 &lt; R * 1e9 &lt;= 1e18
     * fits in a long.
     *
     * @param n operation number, at least 0
     * @param opsPerSecond R, in [1, {@link Rate#MAX_OPS_PER_SECOND}]
     * @return nanoseconds from the schedule's start
     * @throws IllegalArgumentException naming the value if n is negative or the rate out of range
     * @throws ArithmeticException if the offset passes Long.MAX_VALUE (292 years)
     */
    public static long offsetNanos(long n, long opsPerSecond) {
        if (n < 0) {
            throw new IllegalArgumentException("operation number must not be negative: " + n);
        }
        checkRate(opsPerSecond);
        long q = n / opsPerSecond;
        long r = n % opsPerSecond;
        return Math.addExact(Math.multiplyExact(q, NANOS_PER_SECOND), r * NANOS_PER_SECOND / opsPerSecond);
    }

    /**
     * @param n this schedule's operation number, at least 0 (in a shard, its own k-th operation)
     * @return the intended start of operation n, on the nanoTime clock
     */
    public long intendedStartNanos(long n) {
        return startNanos + offsetNanos(shard.globalOperation(n), opsPerSecond);
    }

    /**
     * The number of this schedule's operations whose intended start is before {@code start + elapsed}. For the
     * whole schedule, the n with floor(n * 1e9 / R) &lt; elapsed, that is n &lt; elapsed * R / 1e9, so
     * ceil(elapsed * R / 1e9), computed without overflow as elapsed = a * 1e9 + b; for a shard, its share of
     * those ({@link Shard#localCount(long)}).
     *
     * @param elapsedNanos time since the schedule's start, at least 0
     * @return how many operations are scheduled in that time
     */
    public long operationsWithin(long elapsedNanos) {
        return shard.localCount(wholeOperationsWithin(elapsedNanos));
    }

    private long wholeOperationsWithin(long elapsedNanos) {
        if (elapsedNanos <= 0) {
            return 0;
        }
        long a = elapsedNanos / NANOS_PER_SECOND;
        long b = elapsedNanos % NANOS_PER_SECOND;
        long product = b * opsPerSecond; // < 1e18
        long ceil = product / NANOS_PER_SECOND + (product % NANOS_PER_SECOND == 0 ? 0 : 1);
        return Math.addExact(Math.multiplyExact(a, opsPerSecond), ceil);
    }

    /**
     * A cursor over this schedule, at operation 0.
     *
     * @return a new cursor, for one thread
     */
    public Cursor cursor() {
        return new Cursor(this);
    }

    /** @return intended start of operation 0 */
    public long startNanos() {
        return startNanos;
    }

    /** @return the rate of the whole schedule */
    public long opsPerSecond() {
        return opsPerSecond;
    }

    /** @return which of the whole schedule's operations this schedule runs */
    public Shard shard() {
        return shard;
    }

    @Override
    public String toString() {
        return "Schedule{" + opsPerSecond + "/s from " + startNanos + (shard.isWhole() ? "" : ", shard " + shard) + "}";
    }

    /**
     * Walks the schedule one operation at a time without a division per step, for the generator's hot path.
     * The intended starts are exactly those of {@link Schedule#intendedStartNanos(long)}: the cursor keeps
     * {@code n * 1e9 = offset * R + remainder} with {@code 0 <= remainder < R}, where offset is operation n's
     * offset from the start; one step adds {@code 1e9 = A * R + B} (A and B computed once), carrying one
     * nanosecond when the remainder reaches R. In a shard of N, n is the whole schedule's operation and one step
     * moves N operations: {@code N * 1e9 = A * R + B}, with B &lt; R still, so one carry still suffices. Nothing is
     * rounded, so nothing accumulates. Not thread-safe: one cursor per thread.
     */
    public static final class Cursor {
        private final long startNanos;
        private final long opsPerSecond;
        private final Shard shard;
        private final long wholeStep;
        private final long remainderStep;
        private long operation;
        private long offset;
        private long remainder;

        private Cursor(Schedule schedule) {
            this.startNanos = schedule.startNanos;
            this.opsPerSecond = schedule.opsPerSecond;
            this.shard = schedule.shard;
            long stride = shard.count(); // <= 1e6, and 1e9 % R < 1e9: the products stay below 1e15
            long spread = stride * (NANOS_PER_SECOND % opsPerSecond);
            this.wholeStep = stride * (NANOS_PER_SECOND / opsPerSecond) + spread / opsPerSecond;
            this.remainderStep = spread % opsPerSecond;
        }

        /**
         * Moves to operation n (a few divisions).
         *
         * @param n this schedule's operation number, at least 0
         * @return this cursor
         * @throws ArithmeticException if n's offset passes Long.MAX_VALUE
         */
        public Cursor seek(long n) {
            long whole = shard.globalOperation(n);
            offset = offsetNanos(whole, opsPerSecond);
            remainder = (whole % opsPerSecond) * NANOS_PER_SECOND % opsPerSecond;
            operation = n;
            return this;
        }

        /**
         * Moves to the next operation, with no division.
         *
         * @throws ArithmeticException if the next offset passes Long.MAX_VALUE
         */
        public void advance() {
            long r = remainder + remainderStep;
            long carry = r >= opsPerSecond ? 1 : 0;
            remainder = r - carry * opsPerSecond;
            offset = Math.addExact(offset, wholeStep + carry);
            operation++;
        }

        /** @return the operation the cursor is at, in this schedule's numbers */
        public long operation() {
            return operation;
        }

        /** @return that operation's intended start, on the nanoTime clock */
        public long intendedStartNanos() {
            return startNanos + offset;
        }

        @Override
        public String toString() {
            return "Schedule.Cursor{operation " + operation + " at +" + offset + " ns, " + opsPerSecond + "/s}";
        }
    }
}
