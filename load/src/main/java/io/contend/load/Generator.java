package io.contend.load;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/*
 * Implementation notes.
 *
 * Algorithm: the generator of cassandra-stress's coordinated-omission fix (Nitsan Wakart, "Fixing Coordinated
 * Omission in Cassandra Stress", Psychosomatic, Lobotomy, Saw, 2016):
 * threads claim operation numbers with one XADD on a shared counter; in a paced run operation n has the
 * intended start Schedule.intendedStartNanos(n), and its thread waits for it (parking, then spinning for the
 * last 20 us), runs the operation and records response time from the intended start.
 *
 * The cutoff: no operation starts at or after it (elapsed time since the start, in cutoffOffset; Long.MAX_VALUE
 * for none). It only moves earlier: set to the duration at start, and to the moment of a stop by cutOff(), from
 * any thread, by a CAS loop that keeps the minimum. A thread checks it against the intended start before
 * waiting and against the actual start before running, so after a stop no operation starts that was not
 * already starting.
 *
 * Ordering: schedule and startNanos are written before the threads start (Thread.start happens-before the
 * threads' actions). cutoffOffset is an AtomicLong (volatile reads, CAS writes). The last thread to finish
 * decrements running to 0 and unparks the reporter; the reporter reads running (volatile) after waking, and a
 * thread's records are ordered before that decrement. fatal is an AtomicReference, first error wins.
 */

/**
 * The generator threads of one phase of a stress run: claim an operation number, wait for its intended start,
 * run it, record it in its tag's {@link OperationStats}. A {@link VirtualMachineError} thrown by an operation is
 * not counted as an operation error: it ends the thread and is kept for {@link #fatal()}, and the generator
 * cuts itself off.
 */
final class Generator {
    private static final long SPIN_NANOS = 20_000;
    private static final long MAX_PARK_NANOS = 10_000_000;

    private final Operation[] operations;
    private final OperationStats[] stats;
    private final Rate rate;
    private final long opsLimit;
    private final Thread[] threads;
    private final Thread reporter;
    private final AtomicLong next = new AtomicLong();
    private final LongAdder started = new LongAdder();
    private final AtomicLong cutoffOffset = new AtomicLong(Long.MAX_VALUE);
    private final AtomicInteger running;
    private final AtomicReference<VirtualMachineError> fatal = new AtomicReference<>();
    private long startNanos;
    private Schedule schedule;

    /**
     * @param operations the workload's operations, run in turn
     * @param stats one per operation, same order
     * @param rate pacing
     * @param threads thread count
     * @param opsLimit operations to run, 0 for no limit
     * @param reporter unparked when the last thread has finished
     */
    Generator(Operation[] operations, OperationStats[] stats, Rate rate, int threads, long opsLimit, Thread reporter) {
        this.operations = operations;
        this.stats = stats;
        this.rate = rate;
        this.opsLimit = opsLimit;
        this.threads = new Thread[threads];
        this.running = new AtomicInteger(threads);
        this.reporter = reporter;
    }

    /**
     * Starts the threads. If a thread cannot be started, those already started are cut off and the error is
     * thrown.
     *
     * @param start the phase's start, nanoTime
     * @param durationNanos how long operations may start, Long.MAX_VALUE for no limit
     */
    void start(long start, long durationNanos) {
        startNanos = start;
        cutoffOffset.set(durationNanos);
        if (rate.paced()) {
            schedule = new Schedule(start, rate.opsPerSecond());
        }
        for (int i = 0; i < threads.length; i++) {
            threads[i] = new Thread(this::work, "contend-stress-" + i);
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
        return started.sum();
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

    /** A generator thread: claim, wait for the intended start, run, record. */
    private void work() {
        try {
            boolean paced = schedule != null;
            while (fatal.get() == null) {
                long n = next.getAndIncrement();
                if (opsLimit > 0 && n >= opsLimit) {
                    return;
                }
                long intended = paced ? schedule.intendedStartNanos(n) : 0;
                if (paced && !waitUntil(intended)) {
                    return; // past the cutoff: never started
                }
                long start = System.nanoTime();
                if (pastCutoff(start)) {
                    return; // the run is over: a paced operation not started by now is missed
                }
                started.increment();
                runOne((int) (n % operations.length), paced ? intended : start, start);
            }
        } finally {
            if (running.decrementAndGet() == 0) {
                LockSupport.unpark(reporter);
            }
        }
    }

    private void runOne(int which, long intended, long start) {
        try {
            operations[which].run();
            stats[which].recordSuccess(intended, start, System.nanoTime());
        } catch (VirtualMachineError e) {
            if (fatal.compareAndSet(null, e)) {
                cutOff(System.nanoTime());
                LockSupport.unpark(reporter);
            }
        } catch (Throwable t) {
            stats[which].recordError(t);
        }
    }

    /** @return true when the intended start has come; false if it is at or past the cutoff */
    private boolean waitUntil(long intended) {
        while (true) {
            if (pastCutoff(intended)) {
                return false;
            }
            long left = intended - System.nanoTime();
            if (left <= 0) {
                return true;
            }
            if (left > SPIN_NANOS) {
                LockSupport.parkNanos(Math.min(left - SPIN_NANOS, MAX_PARK_NANOS));
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private boolean pastCutoff(long nanos) {
        return nanos - startNanos >= cutoffOffset.get();
    }
}
