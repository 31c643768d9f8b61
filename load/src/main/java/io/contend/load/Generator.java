package io.contend.load;

import io.contend.idle.IdleStrategy;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/*
 * Implementation notes.
 *
 * Algorithm: the generator of cassandra-stress's coordinated-omission fix (Nitsan Wakart, "Fixing Coordinated
 * Omission in Cassandra Stress", Psychosomatic, Lobotomy, Saw, 2016), with no shared write per operation:
 * threads take operation numbers from their own OperationNumbers.Sequence (blocks claimed with one XADD per
 * block; see there); in a paced run operation n has the intended start Schedule.intendedStartNanos(n), which
 * the sequence's cursor computes exactly without a division, and its thread waits for it (parking, then
 * spinning for the last 20 us), runs the operation and records response time from the intended start into
 * its own OperationStats.Writer. The clock read that ends the wait is the operation's start.
 *
 * One clock read per operation when operations run back to back (unpaced, or a paced thread behind its
 * schedule): the end of one operation is the start of the next. The clock costs about 24 ns here, a third of
 * the generator's whole cost with two reads; the price is that service time includes the generator's own
 * work between the two operations (recording the last and taking the next number, about 10 ns), and wait
 * time is short by as much. A thread ahead of its schedule waits, and the clock read that ends the wait is
 * the start. In an unpaced run the intended start is the actual start, so response time equals service time.
 *
 * Exactness: an operation's intended start depends on its number only, never on which thread runs it or when
 * its block was claimed, and every number below the limit is handed out once. A thread that falls behind
 * still records each operation's lateness from its intended start, so coordinated omission stays corrected.
 *
 * The cutoff: no operation whose intended start is at or after it runs (elapsed time since the start, in
 * cutoffOffset; Long.MAX_VALUE for none), and no operation starts at or after the late-start cutoff
 * (lateStartOffset). Both only move earlier: set at start to the duration and to the duration plus
 * LATE_START_GRACE, and both to the moment of a stop by cutOff(), from any thread, by CAS loops that keep the
 * minimum. A thread checks the cutoff against the intended start before waiting, and both before running. So
 * after a stop no operation starts that was not already starting; at the natural end, an operation scheduled
 * within the duration that a brief stall made late still runs (and records its lateness), while a generator
 * far behind stops LATE_START_GRACE after the end and its backlog counts as missed.
 *
 * Ordering: schedule, numbers and startNanos are written before the threads start (Thread.start happens-before
 * the threads' actions). Each thread publishes its sequence in sequences (a volatile array write) before its
 * first operation; started() sums the published sequences' counts (see OperationNumbers for why an operation
 * recorded before the reporter's last take is counted). cutoffOffset is an AtomicLong (volatile reads, CAS
 * writes). The last thread to finish decrements running to 0 and unparks the reporter; the reporter reads
 * running (volatile) after waking, and a thread's records are ordered before that decrement. fatal is an
 * AtomicReference, first error wins. On the per-operation path a thread writes only its own sequence and
 * writers; cutoffOffset and fatal are read there but written only at a stop or a fatal error.
 */

/**
 * The generator threads of one phase of a stress run: take an operation number, wait for its intended start,
 * run it, record it in its tag's {@link OperationStats} through the thread's own writer. A {@link VirtualMachineError} thrown by an operation is
 * not counted as an operation error: it ends the thread and is kept for {@link #fatal()}, and the generator
 * cuts itself off.
 */
final class Generator {
    private static final long SPIN_NANOS = 20_000;
    private static final long MAX_PARK_NANOS = 10_000_000;

    private final Operation[] operations;
    private final OperationStats[] stats;
    private final Rate rate;
    private final Shard shard;
    private final long opsLimit;
    private final Thread[] threads;
    private final Thread reporter;
    private final IdleStrategy[] idles;
    private final AtomicReferenceArray<OperationNumbers.Sequence> sequences;
    /** How late after the end of a timed run an operation scheduled within it may still start. */
    static final long LATE_START_GRACE_NANOS = 1_000_000_000L;

    private final AtomicLong cutoffOffset = new AtomicLong(Long.MAX_VALUE);
    private final AtomicLong lateStartOffset = new AtomicLong(Long.MAX_VALUE);
    private final AtomicInteger running;
    private final AtomicReference<VirtualMachineError> fatal = new AtomicReference<>();
    private long startNanos;
    private Schedule schedule;
    private OperationNumbers numbers;

    /**
     * @param operations the workload's operations, run in turn
     * @param stats one per operation, same order
     * @param rate pacing
     * @param shard which of the schedule's operations to run: operation k of this generator is the schedule's
     *              {@code shard.globalOperation(k)}, with its intended start and its place in the operation mix
     * @param threads thread count
     * @param opsLimit operations of this shard to run, 0 for no limit
     * @param reporter unparked when the last thread has finished
     * @param idle gives each thread the strategy it idles with in the last {@value #SPIN_NANOS} ns before an
     *        intended start
     * @throws IllegalStateException if the supplier returns null
     */
    Generator(Operation[] operations, OperationStats[] stats, Rate rate, Shard shard, int threads, long opsLimit,
              Thread reporter, Supplier<? extends IdleStrategy> idle) {
        this.operations = operations;
        this.stats = stats;
        this.rate = rate;
        this.shard = shard;
        this.opsLimit = opsLimit;
        this.threads = new Thread[threads];
        this.sequences = new AtomicReferenceArray<>(threads);
        this.running = new AtomicInteger(threads);
        this.reporter = reporter;
        this.idles = new IdleStrategy[threads];
        for (int i = 0; i < threads; i++) {
            idles[i] = idle.get();
            if (idles[i] == null) {
                throw new IllegalStateException("the idle strategy supplier returned null for generator thread " + i);
            }
        }
    }

    /**
     * Starts the threads. If a thread cannot be started, those already started are cut off and the error is
     * thrown.
     *
     * @param start the phase's start, nanoTime
     * @param durationNanos how long operations may start, Long.MAX_VALUE for no limit
     * @param lateStartGraceNanos how long after that an operation scheduled before it may still start (0 for a
     *        warm-up, which must end on time; {@link #LATE_START_GRACE_NANOS} for the measured run)
     */
    void start(long start, long durationNanos, long lateStartGraceNanos) {
        startNanos = start;
        cutoffOffset.set(durationNanos);
        lateStartOffset.set(durationNanos > Long.MAX_VALUE - lateStartGraceNanos ? Long.MAX_VALUE
                : durationNanos + lateStartGraceNanos);
        if (rate.paced()) {
            schedule = new Schedule(start, rate.opsPerSecond(), shard);
        }
        numbers = new OperationNumbers(opsLimit > 0 ? opsLimit : Long.MAX_VALUE, OperationNumbers.blockSizeFor(rate, shard));
        for (int i = 0; i < threads.length; i++) {
            int index = i;
            threads[i] = new Thread(() -> work(index), "contend-stress-" + i);
            threads[i].setDaemon(true);
        }
        int begun = 0;
        try {
            for (; begun < threads.length; begun++) {
                threads[begun].start();
            }
        } catch (RuntimeException | Error e) {
            cutOff(start);
            running.addAndGet(begun - threads.length); // the threads never started will not count down
            throw e;
        }
    }

    /** No operation starts at or after this moment (nanoTime); a later moment than the current cutoff is ignored. */
    void cutOff(long atNanos) {
        long offset = Math.max(0, atNanos - startNanos);
        for (long current = lateStartOffset.get(); offset < current; current = lateStartOffset.get()) {
            if (lateStartOffset.compareAndSet(current, offset)) {
                break;
            }
        }
        for (long current = cutoffOffset.get(); offset < current; current = cutoffOffset.get()) {
            if (cutoffOffset.compareAndSet(current, offset)) {
                for (Thread t : threads) {
                    LockSupport.unpark(t); // a thread parked until a far intended start notices at once
                }
                return;
            }
        }
    }

    /** @return whether every thread has finished */
    boolean finished() {
        return running.get() == 0;
    }

    /** Interrupts the threads still running (operations abandoned by a stopped run). */
    void interrupt() {
        for (Thread t : threads) {
            if (t != null && t.isAlive()) {
                t.interrupt();
            }
        }
    }

    /** @return operations started so far */
    long started() {
        long sum = 0;
        for (int i = 0; i < sequences.length(); i++) {
            OperationNumbers.Sequence sequence = sequences.get(i);
            if (sequence != null) {
                sum += sequence.started();
            }
        }
        return sum;
    }

    /** @return the cutoff, nanoseconds after the start; Long.MAX_VALUE for none */
    long cutoffOffset() {
        return cutoffOffset.get();
    }

    /** @return the phase's start, nanoTime */
    long startNanos() {
        return startNanos;
    }

    /** @return the schedule of a paced run, or null */
    Schedule schedule() {
        return schedule;
    }

    /** @return the operation limit, 0 for none */
    long opsLimit() {
        return opsLimit;
    }

    /** @return the first VirtualMachineError an operation threw, or null */
    VirtualMachineError fatal() {
        return fatal.get();
    }

    /** A generator thread: take a number, wait for the intended start, run, record. */
    private void work(int index) {
        try {
            boolean paced = schedule != null;
            OperationNumbers.Sequence sequence = numbers.newSequence(schedule);
            OperationStats.Writer[] writers = new OperationStats.Writer[stats.length];
            for (int i = 0; i < writers.length; i++) {
                writers[i] = stats[i].newWriter();
            }
            sequences.set(index, sequence);
            long lastEnd = System.nanoTime();
            long lastN = -2;
            int which = 0;
            int stride = shard.count() % operations.length; // the mix follows the whole schedule's numbers
            while (fatal.get() == null) {
                long n = sequence.next();
                if (n < 0) {
                    return;
                }
                // operation n runs operations[g % length], g its number in the whole schedule; within a block n
                // only steps by one (g by the shard count), so no division
                if (n == lastN + 1) {
                    which += stride;
                    if (which >= operations.length) {
                        which -= operations.length;
                    }
                } else {
                    which = (int) (shard.globalOperation(n) % operations.length);
                }
                lastN = n;
                long intended = paced ? sequence.intendedStartNanos() : lastEnd;
                // Back to back (unpaced, or behind schedule): the last operation's end is this one's start.
                long start = intended <= lastEnd ? lastEnd : waitUntil(intended, idles[index]);
                if (pastCutoff(intended) || start - startNanos >= lateStartOffset.get()) {
                    sequence.abandon(); // the run is over: a paced operation not started by now is missed
                    return;
                }
                lastEnd = runOne(which, writers[which], intended, start);
            }
        } finally {
            if (running.decrementAndGet() == 0) {
                LockSupport.unpark(reporter);
            }
        }
    }

    /** @return when the operation ended (nanoTime) */
    private long runOne(int which, OperationStats.Writer writer, long intended, long start) {
        try {
            operations[which].run();
            long end = System.nanoTime();
            writer.recordSuccess(intended, start, end);
            return end;
        } catch (VirtualMachineError e) {
            if (fatal.compareAndSet(null, e)) {
                cutOff(System.nanoTime());
                LockSupport.unpark(reporter);
            }
        } catch (Throwable t) {
            writer.recordError(t);
        }
        return System.nanoTime();
    }

    /**
     * Waits for the intended start, or until the cutoff makes it moot: parks while the start is more than
     * {@value #SPIN_NANOS} ns away (a park wakes late by the timer slack, about 50 us on Linux), then idles with the
     * thread's strategy, by default a busy spin that meets the start within a spin hint.
     *
     * @return the clock (nanoTime) read when the intended start had come; a time past the cutoff when the
     *         intended start is at or past it
     */
    private long waitUntil(long intended, IdleStrategy idle) {
        idle.reset();
        while (true) {
            if (pastCutoff(intended)) {
                return intended;
            }
            long now = System.nanoTime();
            long left = intended - now;
            if (left <= 0) {
                return now;
            }
            if (left > SPIN_NANOS) {
                LockSupport.parkNanos(Math.min(left - SPIN_NANOS, MAX_PARK_NANOS));
            } else {
                idle.idle();
            }
        }
    }

    private boolean pastCutoff(long nanos) {
        return nanos - startNanos >= cutoffOffset.get();
    }
}
