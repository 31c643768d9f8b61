package io.contend.telemetry;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/*
 * Implementation notes.
 *
 * Algorithm: one cell per (counter, thread). Only the owning thread writes a cell: it reads its own fields
 * plainly (lp) and writes the sums back with release stores (so). Readers on other threads use acquire
 * loads (la). No read-modify-write instruction and no store to a line another thread writes: the hot path
 * adds no shared write, which is the point (CASSANDRA-15922's review: counting CAS failures with another CAS
 * distorts what is measured).
 *
 * Invariants: each field only grows (until the long wraps, after ~292 years of nanoseconds); a reader sees
 * every field at some value it had, never a torn long (release/acquire accesses to a long are atomic even on
 * 32-bit JVMs, unlike plain ones).
 *
 * Ordering: the owner stores operations, attempts, failures, backoffNanos in that order, each with release;
 * a reader loads them in the reverse order, each with acquire. So if a reader sees an operation's failures it
 * also sees the operation and its attempts (the acquire of failures synchronises with its release, which
 * follows the earlier stores): a snapshot never counts a failure or a backoff whose operation it misses. The
 * fields are not one atomic unit: a snapshot taken mid-record may count an operation before its failures.
 * Exact totals come from a snapshot taken after the writers stopped (Thread.join or !isAlive() give the
 * happens-before).
 *
 * Padding: the four counters sit between 128-byte pads (class-hierarchy padding: the JVM lays out superclass
 * fields first) so that two threads' cells never share a cache line, nor an adjacent-line prefetch pair.
 */
abstract class ContentionCellPadBefore {
    long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class ContentionCellFields extends ContentionCellPadBefore {
    long operations;
    long attempts;
    long failures;
    long backoffNanos;
}

abstract class ContentionCellPadAfter extends ContentionCellFields {
    long q00, q01, q02, q03, q04, q05, q06, q07, q08, q09, q10, q11, q12, q13, q14, q15;
}

/** The counts one thread has recorded into one {@link ContentionCounter}. Written only by {@link #owner}. */
final class ContentionCell extends ContentionCellPadAfter {
    private static final VarHandle OPERATIONS;
    private static final VarHandle ATTEMPTS;
    private static final VarHandle FAILURES;
    private static final VarHandle BACKOFF_NANOS;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            OPERATIONS = lookup.findVarHandle(ContentionCellFields.class, "operations", long.class);
            ATTEMPTS = lookup.findVarHandle(ContentionCellFields.class, "attempts", long.class);
            FAILURES = lookup.findVarHandle(ContentionCellFields.class, "failures", long.class);
            BACKOFF_NANOS = lookup.findVarHandle(ContentionCellFields.class, "backoffNanos", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Thread owner;

    ContentionCell(Thread owner) {
        this.owner = owner;
    }

    /** Owner thread only: adds one operation and its counts. */
    void record(long attemptsDelta, long failuresDelta, long backoffNanosDelta) {
        OPERATIONS.setRelease(this, operations + 1);
        ATTEMPTS.setRelease(this, attempts + attemptsDelta);
        if (failuresDelta != 0) {
            FAILURES.setRelease(this, failures + failuresDelta);
        }
        if (backoffNanosDelta != 0) {
            BACKOFF_NANOS.setRelease(this, backoffNanos + backoffNanosDelta);
        }
    }

    /**
     * Reads the cell, last-written field first (see the notes), so that failures never outrun operations.
     *
     * @param name the counter's name
     * @return the counts
     */
    ContentionSnapshot snapshot(String name) {
        long backoff = laBackoffNanos();
        long failed = laFailures();
        long attempted = laAttempts();
        long done = laOperations();
        return new ContentionSnapshot(name, done, attempted, failed, backoff);
    }

    long laOperations() {
        return (long) OPERATIONS.getAcquire(this);
    }

    long laAttempts() {
        return (long) ATTEMPTS.getAcquire(this);
    }

    long laFailures() {
        return (long) FAILURES.getAcquire(this);
    }

    long laBackoffNanos() {
        return (long) BACKOFF_NANOS.getAcquire(this);
    }
}
