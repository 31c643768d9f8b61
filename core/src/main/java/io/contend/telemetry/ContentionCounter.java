package io.contend.telemetry;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/*
 * Implementation notes.
 *
 * Algorithm: a striped counter with one stripe per thread, like LongAdder's cells but never shared, so
 * recording needs no atomic instruction at all. A thread finds its cell through a ThreadLocal (one hash
 * lookup in its own map) and adds to it with plain reads and release stores (see ContentionCell). The first
 * record of a thread registers its cell under the lock; snapshot() sums the registered cells under the same
 * lock and folds the cells of threads that have ended into a retired total, so a pool that churns threads
 * does not grow the list without bound and no count is lost. Registration folds too, whenever the list has doubled
 * since its last fold, so a counter that nobody snapshots keeps at most about twice as many cells as live recording
 * threads (amortized O(1) a registration), and no ended Thread is held longer than that.
 *
 * Invariants: every count recorded is in exactly one place: a live cell or the retired total. A cell is
 * folded only when its owner is dead, i.e. will never write it again.
 *
 * Ordering: Thread.isAlive() returning false happens-after everything the dead thread did (JLS 17.4.4), so
 * the folded values are final. Reads of live cells are acquire loads paired with the owners' release stores.
 *
 * Source: CASSANDRA-15922 (count failures locally, publish in bulk); java.util.concurrent.atomic.Striped64.
 */

/**
 * Contention telemetry for one atomic or one family of atomics: operations, attempts, CAS failures and
 * backoff time, counted per thread so that counting adds no shared write to the hot path.
 *
 * <p>Operations that fail their CAS {@link #burstThreshold()} or more times in a row also emit a JFR event
 * ({@code io.contend.ContentionBurst}) when a recording has it enabled.
 *
 * <p>Thread-safe. {@link #snapshot()} is a monitoring read: it is exact once the recording threads have
 * stopped, and otherwise may see an operation in progress partly counted.
 */
public final class ContentionCounter {
    /** Burst threshold used by {@link #ContentionCounter(String)}. */
    public static final int DEFAULT_BURST_THRESHOLD = 16;

    private final String name;
    private final int burstThreshold;
    private final ThreadLocal<ContentionCell> cell = ThreadLocal.withInitial(this::register);
    private final List<ContentionCell> cells = new ArrayList<>();
    /** Registration folds ended threads' cells when the list reaches this size; guarded by the lock. */
    private int foldAtSize = 16;
    private long retiredOperations;
    private long retiredAttempts;
    private long retiredFailures;
    private long retiredBackoffNanos;

    /** @param name what is counted, e.g. "region-allocator"; shown in snapshots and JFR events */
    public ContentionCounter(String name) {
        this(name, DEFAULT_BURST_THRESHOLD);
    }

    /**
     * @param name what is counted; shown in snapshots and JFR events
     * @param burstThreshold consecutive failures of one operation that make a JFR burst event, at least 1
     */
    public ContentionCounter(String name, int burstThreshold) {
        this.name = Objects.requireNonNull(name, "name");
        if (burstThreshold < 1) {
            throw new IllegalArgumentException("burstThreshold must be at least 1: " + burstThreshold);
        }
        this.burstThreshold = burstThreshold;
    }

    /**
     * Records one operation on the calling thread.
     *
     * @param attempts atomic instructions the operation issued, at least 0 (at least 1 for a real operation)
     * @param failures failed CAS attempts among them, in [0, attempts]
     * @param backoffNanos time it spent backing off, at least 0
     * @throws IllegalArgumentException naming the values if one is out of range (nothing is recorded)
     */
    public void record(long attempts, long failures, long backoffNanos) {
        if ((attempts | failures | backoffNanos) < 0 || failures > attempts) {
            throw new IllegalArgumentException("need attempts >= 0, failures in [0, attempts] and backoffNanos >= 0: "
                    + "attempts=" + attempts + ", failures=" + failures + ", backoffNanos=" + backoffNanos);
        }
        cell.get().record(attempts, failures, backoffNanos);
        if (failures >= burstThreshold && BurstEvents.JFR_PRESENT) {
            BurstEvents.emit(name, failures, backoffNanos);
        }
    }

    private ContentionCell register() {
        ContentionCell created = new ContentionCell(Thread.currentThread());
        synchronized (cells) {
            if (cells.size() >= foldAtSize) {
                foldEndedThreads();
                foldAtSize = Math.max(16, 2 * cells.size());
            }
            cells.add(created);
        }
        return created;
    }

    /** @return the sum over all threads that ever recorded, including ended ones */
    public ContentionSnapshot snapshot() {
        synchronized (cells) {
            foldEndedThreads();
            long operations = retiredOperations;
            long attempts = retiredAttempts;
            long failures = retiredFailures;
            long backoffNanos = retiredBackoffNanos;
            for (ContentionCell c : cells) {
                ContentionSnapshot s = c.snapshot(name);
                operations += s.operations();
                attempts += s.attempts();
                failures += s.failures();
                backoffNanos += s.backoffNanos();
            }
            return new ContentionSnapshot(name, operations, attempts, failures, backoffNanos);
        }
    }

    /** Moves the final counts of ended threads into the retired total. Caller holds the lock. */
    private void foldEndedThreads() {
        for (int i = cells.size() - 1; i >= 0; i--) {
            ContentionCell c = cells.get(i);
            if (!c.owner.isAlive()) {
                ContentionSnapshot last = c.snapshot(name);
                retiredOperations += last.operations();
                retiredAttempts += last.attempts();
                retiredFailures += last.failures();
                retiredBackoffNanos += last.backoffNanos();
                cells.remove(i);
            }
        }
    }

    /** @return the cells registered and not yet folded: for tests of the bound on them */
    int registeredCells() {
        synchronized (cells) {
            return cells.size();
        }
    }

    /** @return what the calling thread alone has recorded */
    public ContentionSnapshot snapshotOfCurrentThread() {
        return cell.get().snapshot(name);
    }

    /** @return the name given at construction */
    public String name() {
        return name;
    }

    /** @return consecutive failures of one operation that make a JFR burst event */
    public int burstThreshold() {
        return burstThreshold;
    }

    @Override
    public String toString() {
        return "ContentionCounter" + snapshot().toString().substring(name.length());
    }
}
