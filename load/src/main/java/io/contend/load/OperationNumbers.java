package io.contend.load;

import io.contend.backoff.ContendedLong;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/*
 * Implementation notes.
 *
 * Algorithm: generator threads need every operation number 0, 1, 2, ... (up to the limit) handed out exactly
 * once. A single shared counter costs one contended XADD per operation: at 2 threads that cache line moves
 * between cores on every operation and costs more than the rest of the generator (the co experiment measured
 * about 400 ns per operation at 2 threads against about 75 at 1). Here a thread takes a block of numbers with
 * one XADD of the block size on a padded counter, then hands them out from its own Sequence with plain
 * fields. The shared line is written once per block, not once per operation.
 *
 * Invariant: blocks are disjoint and cover [0, limit) in claim order, because each XADD returns the previous
 * counter value and advances it by the block size; a block is cut at the limit. So every number is handed out
 * at most once, and each number below the limit is handed out once its block is claimed.
 *
 * The schedule stays exact: a number's intended start is a function of the number alone
 * (Schedule.intendedStartNanos), and the Sequence's cursor computes the same value without a division per
 * step (see Schedule.Cursor). Which thread runs an operation does not change when it should have started, so
 * a thread that falls behind still measures each operation's lateness from its intended start.
 *
 * Block size: in a paced run a block spans BLOCK_SPAN_NANOS of schedule (at most MAX_BLOCK operations, at
 * least 1). A thread that stalls holds at most that much schedule that another thread might have run on time;
 * at rates up to 100,000/s the block is one operation and the generator behaves as a shared counter, which at
 * such rates costs nothing measurable. In an unpaced run the block is MAX_BLOCK operations.
 *
 * Ordering: the counter is advanced with XADD, so claims are atomic. A Sequence is used by one thread;
 * its started count is read by the reporting thread: the owner stores it with release semantics
 * (soStarted) before it records the operation, and the reporter reads it with acquire semantics (lvStarted)
 * after it has taken the last interval, which synchronises with the recording thread's exit from the
 * recorder's phaser. So every operation the reporter has seen recorded is counted as started.
 *
 * Source: "schedule slots claimed in blocks" as in the per-thread rate limiters of wrk2 (Gil Tene,
 * https://github.com/giltene/wrk2) and the per-thread TLAB chunks of the JVM; the shared-counter generator of
 * cassandra-stress's coordinated-omission fix (CASSANDRA-11853) is the one this replaces.
 */

/**
 * Hands out operation numbers to generator threads, in blocks claimed with one atomic add each, so that the
 * per-operation path writes no shared memory. Create one per run; each thread takes its own
 * {@link Sequence}.
 */
public final class OperationNumbers {
    /** The schedule time one block covers in a paced run. */
    public static final long BLOCK_SPAN_NANOS = 10_000;
    /** The largest block, and the block of an unpaced run. */
    public static final int MAX_BLOCK = 64;

    private final ContendedLong next = new ContendedLong();
    private final long limit;
    private final int blockSize;

    /**
     * @param limit numbers are handed out in [0, limit); Long.MAX_VALUE for no limit
     * @param blockSize numbers per claim, in [1, {@value #MAX_BLOCK}]
     */
    public OperationNumbers(long limit, int blockSize) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must not be negative: " + limit);
        }
        if (blockSize < 1 || blockSize > MAX_BLOCK) {
            throw new IllegalArgumentException("blockSize must be in [1, " + MAX_BLOCK + "]: " + blockSize);
        }
        this.limit = limit;
        this.blockSize = blockSize;
    }

    /**
     * The block size for a rate: {@link #BLOCK_SPAN_NANOS} of schedule in a paced run, at least 1 and at most
     * {@link #MAX_BLOCK}; {@link #MAX_BLOCK} in an unpaced one.
     *
     * @param rate the run's rate
     * @return operations per block
     */
    public static int blockSizeFor(Rate rate) {
        return blockSizeFor(rate, Shard.WHOLE);
    }

    /**
     * The block size for one shard of a rate: a shard's consecutive operations are {@code count} operations of the
     * whole schedule apart, so its own rate, R / count, sets how many of them fit in {@link #BLOCK_SPAN_NANOS}.
     *
     * @param rate the whole schedule's rate
     * @param shard which of its operations the generator runs
     * @return operations per block
     */
    public static int blockSizeFor(Rate rate, Shard shard) {
        if (!rate.paced()) {
            return MAX_BLOCK;
        }
        // R <= 1e9 and BLOCK_SPAN_NANOS = 1e4: no overflow
        long perSpan = rate.opsPerSecond() * BLOCK_SPAN_NANOS / (1_000_000_000L * shard.count());
        return (int) Math.max(1, Math.min(MAX_BLOCK, perSpan));
    }

    /**
     * A sequence for one thread.
     *
     * @param schedule the run's schedule, or null in an unpaced run
     * @return a new sequence; not thread-safe
     */
    public Sequence newSequence(Schedule schedule) {
        return new Sequence(this, schedule);
    }

    /** @return the first number of a newly claimed block (it may be at or past the limit) */
    private long xaddBlock() {
        return next.getAndAdd(blockSize);
    }

    /** @return numbers per claim */
    public int blockSize() {
        return blockSize;
    }

    /** @return the limit, Long.MAX_VALUE for none */
    public long limit() {
        return limit;
    }

    @Override
    public String toString() {
        return "OperationNumbers{blocks of " + blockSize + ", limit "
                + (limit == Long.MAX_VALUE ? "none" : Long.toString(limit)) + "}";
    }

    /**
     * One thread's operation numbers: the numbers of its current block in turn, and in a paced run their
     * intended starts. It counts the numbers it handed out as started, less one that the thread gives back
     * with {@link #abandon()} because it never started it.
     */
    public static final class Sequence {
        private static final VarHandle STARTED;

        static {
            try {
                STARTED = MethodHandles.lookup().findVarHandle(Sequence.class, "started", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final OperationNumbers numbers;
        private final Schedule.Cursor cursor;
        private long current = -1;
        private long blockEnd = -1; // exclusive; current == blockEnd - 1 at a block's last number
        @SuppressWarnings("unused") // written through STARTED
        private long started;

        private Sequence(OperationNumbers numbers, Schedule schedule) {
            this.numbers = numbers;
            this.cursor = schedule == null ? null : schedule.cursor();
        }

        /**
         * The next operation number, counted as started.
         *
         * @return the number, or -1 when every number below the limit has been handed out
         */
        public long next() {
            long n = current + 1;
            if (n < blockEnd) {
                if (cursor != null) {
                    cursor.advance();
                }
            } else {
                n = numbers.xaddBlock();
                if (n >= numbers.limit || n < 0) { // n < 0: the counter wrapped past Long.MAX_VALUE
                    return -1;
                }
                blockEnd = n + Math.min(numbers.blockSize, numbers.limit - n);
                if (cursor != null) {
                    cursor.seek(n);
                }
            }
            current = n;
            soStarted(lpStarted() + 1);
            return n;
        }

        /** @return the intended start (nanoTime) of the number last handed out; only in a paced run */
        public long intendedStartNanos() {
            if (cursor == null) {
                throw new IllegalStateException("an unpaced run has no intended starts");
            }
            return cursor.intendedStartNanos();
        }

        /** The number last handed out was never started: it is not counted. The thread then stops. */
        public void abandon() {
            soStarted(lpStarted() - 1);
        }

        /** @return numbers handed out and not abandoned; safe from any thread */
        public long started() {
            return lvStarted();
        }

        private long lpStarted() {
            return (long) STARTED.get(this);
        }

        private long lvStarted() {
            return (long) STARTED.getAcquire(this);
        }

        private void soStarted(long value) {
            STARTED.setRelease(this, value);
        }

        @Override
        public String toString() {
            return "OperationNumbers.Sequence{at " + current + ", block ends " + blockEnd + ", started " + lvStarted() + "}";
        }
    }
}
