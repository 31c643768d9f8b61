package io.contend.writepath;

import io.contend.alloc.MemoryLimitException;
import io.contend.alloc.MemoryPool;
import io.contend.refcount.LeakDetector;
import io.contend.refcount.LeakReport;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/*
 * Implementation notes.
 *
 * Algorithm: the state a read needs is one immutable View (live memtable, memtables being flushed, segments, each
 * newest first) in a volatile field. Views change rarely (a switch, a flush, close) and only under `lock`, so
 * those changes are serialised; writes and reads never take the lock.
 *  - Write: read the view, enter the live memtable's write barrier (refused once it is switched: read the view
 *    again), store the row, leave. If the memtable's reserved bytes reached the threshold, switch it. If the pool
 *    refused a region, leave the barrier first, switch the memtable (so that its flush will free memory), and
 *    wait, outside every barrier, until some memtable's memory is freed, then retry: waiting inside the barrier
 *    would deadlock with the flush, which waits for the barrier to empty (Cassandra avoids the same cycle by
 *    letting allocations of a blocking OpOrder group pass the limit).
 *  - Switch (under lock, if the memtable is still live): publish a view with a fresh live memtable and the old one
 *    first among those flushing; then mark the old one switched and hand it to the single flush thread.
 *  - Flush (flush thread): wait for the old memtable's writers to leave, copy it into a Segment (histogram,
 *    checksum), publish a view without the memtable and with the segment (under lock), and only then drop the
 *    owner reference: its memory goes back to the pool when the last reader drops its own. Once more segments
 *    than the compaction threshold exist, the flush thread merges them all into one (highest timestamp per row)
 *    and publishes a view with it in their place; it alone adds segments, so none appears meanwhile.
 *  - Read: read the view; for each memtable, newest first, take a reference (refused once released) and copy the
 *    row out; then the segments. Rows reconcile by timestamp (ties: the newest source). If a memtable refused the
 *    reference, its flush was published before its release, so the read starts again from a newer view, where
 *    the memtable's rows are in a segment.
 *
 * Invariants: (1) every acknowledged write is in the live memtable, a flushing one, or a segment of any view read
 * after the acknowledgement: a write is acknowledged only after it left the barrier of a memtable the flush waits
 * for, and the flush publishes the segment before the memtable leaves the view; (2) no region memory is read after
 * it was freed: reads hold a reference; (3) a memtable's memory is freed once (RefCount), after its flush is
 * published and its last reader left; (4) a write that threw is in no memtable (its allocation failed before the
 * index insert).
 *
 * Ordering: the view is volatile: a reader sees a fully built View and, through it, fully built segments. A view
 * read after a write's acknowledgement is at least as new as the view the write used, so reads see acknowledged
 * writes. The segment publication (volatile write under lock) precedes the owner's release (a full fence), which
 * precedes any refused tryRetain: a reader refused a reference and reading the view again sees the segment.
 *
 * Sources: Cassandra's Memtable, Tracker/View and ColumnFamilyStore.switchMemtable (the structure),
 * CASSANDRA-15922 (region allocator), Netty PR #7248 / #8563 (reference counts), CASSANDRA-13444 (histogram).
 */

/**
 * An in-memory write path: writes go into a memtable whose cells live in region memory bounded by a
 * {@link MemoryPool}; at a byte threshold the memtable is switched and flushed by a background thread into an
 * immutable sorted {@link Segment} with a deletion-time histogram and a CRC32C checksum (segments are merged into
 * one past a count); reads look in the live memtable, then the memtables being flushed, then the segments, newest
 * first, and reconcile by timestamp.
 *
 * <pre>{@code
 * try (WritePath path = WritePath.builder().components(Components.contend()).build()) {
 *     path.write(Write.of(Key.of("user1"), Key.ofLong(1), value, timestamp));
 *     Row row = path.read(Key.of("user1"), Key.ofLong(1));
 * }
 * }</pre>
 *
 * <p>Thread-safe: any number of threads write and read. {@link #close()} flushes what is left and releases every
 * memtable; afterwards writes throw IllegalStateException and reads are served from the segments. A failed flush
 * is reported by the next write, {@link #checkHealthy()} and close.
 */
public final class WritePath implements AutoCloseable {
    private final Components components;
    private final MemoryPool pool;
    private final long flushThresholdBytes;
    private final int compactionThreshold;
    private final long writeTimeoutNanos;
    private final boolean poisonFreedMemory;
    private final LeakDetector leakDetector;
    private final LongAdder leaksReported = new LongAdder();
    private final ExecutorService flusher;
    private final Object lock = new Object();

    private volatile View view;
    private volatile Throwable flushFailure;
    // guarded by lock:
    private boolean closed;
    private long nextMemtableId;
    private long nextSegmentId;
    private long switches;
    private long flushes;
    private long compactions;
    /** Switched memtables whose flush has not finished (published and the owner's reference dropped). */
    private long pendingFlushes;
    private long freed;
    private long unfreed;

    private final LongAdder writes = new LongAdder();
    private final LongAdder reads = new LongAdder();
    private final LongAdder writeRetries = new LongAdder();
    private final LongAdder readRetries = new LongAdder();
    private final LongAdder memoryWaits = new LongAdder();

    private WritePath(Builder b) {
        this.components = b.components;
        this.pool = new MemoryPool(b.poolBytes);
        this.flushThresholdBytes = b.flushThresholdBytes;
        this.compactionThreshold = b.compactionThreshold;
        this.writeTimeoutNanos = b.writeTimeoutNanos;
        this.poisonFreedMemory = b.poisonFreedMemory;
        this.leakDetector = new LeakDetector(b.leakSamplingInterval, this::onLeak);
        AtomicInteger threads = new AtomicInteger();
        this.flusher = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "writepath-flush-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        synchronized (lock) {
            this.view = new View(newMemtable(), new Memtable[0], new Segment[0]);
        }
    }

    /** @return a builder: contend's components, a 64 MiB pool, switches at 16 MiB */
    public static Builder builder() {
        return new Builder();
    }

    private void onLeak(LeakReport report) {
        leaksReported.increment();
        System.getLogger("io.contend.writepath").log(System.Logger.Level.ERROR, report.toString());
    }

    /** Called under lock. */
    private Memtable newMemtable() {
        unfreed++;
        return new Memtable(nextMemtableId++, components.allocator().create(pool), components.refCount(),
                leakDetector, poisonFreedMemory, this::onMemtableFreed);
    }

    private void onMemtableFreed() {
        synchronized (lock) {
            freed++;
            unfreed--;
            lock.notifyAll();
        }
    }

    /**
     * Stores a write. When this returns, the write is acknowledged: every later read of its key sees it (or a
     * write with a higher timestamp).
     *
     * @param write the write
     * @throws MemoryLimitException if the pool stayed full for the write timeout, or the row can never fit
     *         (the write is not stored)
     * @throws IllegalStateException if the path is closed or a flush failed
     */
    public void write(Write write) {
        Objects.requireNonNull(write, "write");
        long deadline = 0;
        for (;;) {
            checkHealthy();
            Memtable m = view.live;
            if (m == null) {
                throw new IllegalStateException("write path is closed: " + write);
            }
            if (!m.enterWrite()) {
                writeRetries.increment(); // switched under us: the view already has its successor
                Thread.onSpinWait();
                continue;
            }
            MemoryLimitException full = null;
            try {
                m.apply(write);
            } catch (MemoryLimitException e) {
                full = e;
            } finally {
                m.exitWrite();
            }
            if (full == null) {
                writes.increment();
                if (m.reservedBytes() >= flushThresholdBytes) {
                    switchMemtable(m);
                }
                return;
            }
            if (deadline == 0) {
                deadline = System.nanoTime() + writeTimeoutNanos;
            }
            awaitMemory(m, deadline, full);
        }
    }

    private void awaitMemory(Memtable m, long deadline, MemoryLimitException cause) {
        memoryWaits.increment();
        long seen;
        synchronized (lock) {
            seen = freed;
        }
        if (!m.isEmpty()) {
            switchMemtable(m);
        }
        synchronized (lock) {
            while (freed == seen) {
                View v = view;
                if (unfreed <= 1 && v.flushing.length == 0 && (v.live == null || v.live.isEmpty())) {
                    throw cause; // nothing else holds memory: the row can never fit
                }
                long remaining = deadline - System.nanoTime();
                if (remaining <= 0) {
                    throw cause;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(lock, remaining);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw cause;
                }
            }
        }
    }

    /**
     * Switches {@code expected} if it is still the live memtable.
     *
     * @return whether this call switched it
     */
    boolean switchMemtable(Memtable expected) {
        synchronized (lock) {
            View v = view;
            if (v.live != expected || closed) {
                return false;
            }
            view = v.switched(newMemtable());
            switches++;
            pendingFlushes++;
        }
        expected.markSwitched();
        flusher.execute(() -> flush(expected));
        return true;
    }

    private void flush(Memtable m) {
        try {
            m.awaitWriters();
            Segment segment = null;
            if (!m.isEmpty()) {
                long id;
                synchronized (lock) {
                    id = nextSegmentId++;
                }
                segment = Segment.flush(id, m, components.histogram().create());
            }
            synchronized (lock) {
                view = view.flushed(m, segment);
                flushes++;
                lock.notifyAll();
            }
        } catch (Throwable t) {
            flushFailure = t;
            synchronized (lock) {
                lock.notifyAll();
            }
            return; // the memtable stays in the view, readable, and its memory stays reserved: loud, not lost
        }
        m.release(); // the owner's reference: freed now, or by the last reader
        try {
            maybeCompact();
        } catch (Throwable t) {
            flushFailure = t; // the old segments stay in the view: nothing is lost, and the failure is loud
        }
        synchronized (lock) {
            pendingFlushes--;
            lock.notifyAll();
        }
    }

    /**
     * On the flush thread (which alone adds segments): once there are more than the threshold, merges every
     * segment into one, so that reads look in few segments and overwritten versions stop taking heap.
     */
    private void maybeCompact() {
        Segment[] segments = view.segments;
        if (compactionThreshold == 0 || segments.length <= compactionThreshold) {
            return;
        }
        long id;
        synchronized (lock) {
            id = nextSegmentId++;
        }
        Segment compacted = Segment.compact(id, segments, components.histogram().create());
        synchronized (lock) {
            view = view.compacted(segments, compacted);
            compactions++;
        }
    }

    /**
     * Reads a row: the live memtable, the memtables being flushed, then the segments, newest first; the highest
     * timestamp wins.
     *
     * @param partition the partition key
     * @param clustering the clustering key
     * @return a copy of the row, or null if no source has one
     */
    public Row read(Key partition, Key clustering) {
        Objects.requireNonNull(partition, "partition");
        Objects.requireNonNull(clustering, "clustering");
        reads.increment();
        for (;;) {
            View v = view;
            Row best = null;
            boolean retired = false;
            for (Memtable m : v.memtables) {
                Row r = m.read(partition, clustering);
                if (r == Memtable.RETIRED) {
                    retired = true;
                    break;
                }
                if (r != null && r.supersedes(best)) {
                    best = r;
                }
            }
            if (retired) {
                readRetries.increment(); // flushed and released under us: its segment is in a newer view
                continue;
            }
            for (Segment s : v.segments) {
                Row r = s.read(partition, clustering);
                if (r != null && r.supersedes(best)) {
                    best = r;
                }
            }
            return best;
        }
    }

    /**
     * Visits every stored row version in every source (a row overwritten in a newer source is visited in each),
     * from one consistent view. For verification, not for speed: the rows are collected first.
     *
     * @param consumer receives each row
     */
    public void scan(Consumer<Row> consumer) {
        Objects.requireNonNull(consumer, "consumer");
        List<Row> rows = new ArrayList<>();
        for (;;) {
            rows.clear();
            View v = view;
            boolean retired = false;
            for (Memtable m : v.memtables) {
                if (!m.tryRetain()) {
                    retired = true;
                    break;
                }
                try {
                    m.forEachRow((p, c, ts, dt, memory, offset, length) -> {
                        byte[] value = new byte[length];
                        memory.get(offset, value, 0, length);
                        rows.add(new Row(p, c, value, ts, dt));
                    });
                } finally {
                    m.release();
                }
            }
            if (retired) {
                continue;
            }
            for (Segment s : v.segments) {
                s.forEach(rows::add);
            }
            rows.forEach(consumer);
            return;
        }
    }

    /**
     * Switches the live memtable (if it holds anything) and waits until every memtable switched so far is flushed:
     * its segment published and the path's own reference dropped (its memory is free unless a reader holds it).
     *
     * @throws IllegalStateException if a flush failed or the wait was interrupted
     */
    public void flush() {
        Memtable m = view.live;
        if (m != null && !m.isEmpty()) {
            switchMemtable(m);
        }
        synchronized (lock) {
            while (pendingFlushes > 0 && flushFailure == null) {
                try {
                    lock.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for flushes", e);
                }
            }
        }
        checkHealthy();
    }

    /**
     * @throws IllegalStateException if a flush failed, with that failure as the cause
     */
    public void checkHealthy() {
        Throwable t = flushFailure;
        if (t != null) {
            throw new IllegalStateException("a flush failed; the write path stopped taking writes", t);
        }
    }

    /**
     * Flushes what is left, waits for every flush and releases every memtable's owner reference. Reads still work
     * (from the segments); writes throw. Idempotent.
     *
     * @throws IllegalStateException if a flush failed or did not end within the write timeout
     */
    @Override
    public void close() {
        Memtable last;
        synchronized (lock) {
            if (closed) {
                return;
            }
            last = view.live;
            view = view.switched(null);
            closed = true;
            pendingFlushes++;
        }
        last.markSwitched();
        flusher.execute(() -> flush(last));
        flusher.shutdown();
        try {
            if (!flusher.awaitTermination(Math.max(writeTimeoutNanos, TimeUnit.SECONDS.toNanos(1)),
                    TimeUnit.NANOSECONDS)) {
                throw new IllegalStateException("flushes did not finish within "
                        + TimeUnit.NANOSECONDS.toMillis(writeTimeoutNanos) + " ms at close: " + view);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while closing " + this, e);
        }
        checkHealthy();
    }

    /** @return whether {@link #close()} was called */
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    /** @return the components this path is built from */
    public Components components() {
        return components;
    }

    /** @return the pool bounding every memtable's region memory (0 bytes used after close, once readers left) */
    public MemoryPool pool() {
        return pool;
    }

    /** @return the detector that tracks memtables' reference counts */
    public LeakDetector leakDetector() {
        return leakDetector;
    }

    /** @return the number of segments past which the flush thread merges them all; 0: never */
    public int compactionThreshold() {
        return compactionThreshold;
    }

    /** @return the segments, newest first */
    public List<Segment> segments() {
        return List.of(view.segments);
    }

    /** Package-private for tests: the current view. */
    View view() {
        return view;
    }

    /** @return counters of the path so far */
    public Stats stats() {
        synchronized (lock) {
            View v = view;
            return new Stats(writes.sum(), reads.sum(), switches, flushes, compactions, writeRetries.sum(), readRetries.sum(),
                    memoryWaits.sum(), freed, unfreed, v.segments.length, pool.usedBytes(), leaksReported.sum());
        }
    }

    /**
     * Counters of a write path.
     *
     * @param writes acknowledged writes
     * @param reads reads started
     * @param switches memtable switches
     * @param flushes flushes published (empty memtables make no segment)
     * @param compactions merges of every segment into one
     * @param writeRetries writes that found their memtable switched and went to the next one
     * @param readRetries reads that found a memtable released and read a newer view
     * @param memoryWaits writes that found the pool full and waited for a flush
     * @param memtablesFreed memtables whose memory went back to the pool
     * @param memtablesHeld memtables whose memory is still reserved (the live one included)
     * @param segments segments published
     * @param poolUsedBytes bytes reserved from the pool now
     * @param leaksReported leaks the leak detector reported
     */
    public record Stats(long writes, long reads, long switches, long flushes, long compactions, long writeRetries,
                        long readRetries, long memoryWaits, long memtablesFreed, long memtablesHeld, int segments,
                        long poolUsedBytes, long leaksReported) {
    }

    @Override
    public String toString() {
        return "WritePath[" + components + ", threshold " + flushThresholdBytes + " bytes, " + pool + ", " + view
                + (flushFailure != null ? ", FLUSH FAILED: " + flushFailure : "") + "]";
    }

    /** Settings of a {@link WritePath}; every setter checks its argument. */
    public static final class Builder {
        private Components components = Components.contend();
        private long poolBytes = 64L << 20;
        private long flushThresholdBytes = 16L << 20;
        private int compactionThreshold = 8;
        private long writeTimeoutNanos = TimeUnit.SECONDS.toNanos(10);
        private boolean poisonFreedMemory;
        private int leakSamplingInterval = 1;

        private Builder() {
        }

        /**
         * @param components the build (default {@link Components#contend()})
         * @return this
         */
        public Builder components(Components components) {
            this.components = Objects.requireNonNull(components, "components");
            return this;
        }

        /**
         * @param bytes the pool bounding all memtables' region memory (default 64 MiB), in [64 KiB, 2^62]
         * @return this
         */
        public Builder poolBytes(long bytes) {
            this.poolBytes = checkRange("poolBytes", bytes, 64 * 1024, Long.MAX_VALUE / 2);
            return this;
        }

        /**
         * @param bytes a memtable whose regions reserve this many bytes is switched (default 16 MiB), at least
         *        8 KiB and at most the pool
         * @return this
         */
        public Builder flushThresholdBytes(long bytes) {
            this.flushThresholdBytes = checkRange("flushThresholdBytes", bytes, 8 * 1024, Long.MAX_VALUE / 2);
            return this;
        }

        /**
         * @param segments once a flush leaves more segments than this, they are merged into one (default 8); 0
         *        never merges, so reads look in every segment ever flushed and the heap keeps every version
         * @return this
         */
        public Builder compactionThreshold(int segments) {
            this.compactionThreshold = (int) checkRange("compactionThreshold", segments, 0, 1 << 20);
            return this;
        }

        /**
         * @param timeout how long a write waits for a full pool to free memory (default 10 s), at least 0
         * @param unit its unit
         * @return this
         */
        public Builder writeTimeout(long timeout, TimeUnit unit) {
            checkRange("writeTimeout", timeout, 0, Long.MAX_VALUE);
            this.writeTimeoutNanos = Objects.requireNonNull(unit, "unit").toNanos(timeout);
            return this;
        }

        /**
         * @param poison fill a memtable's memory with {@code 0xDE} before it goes back to the pool (default off), so
         *        that a read of freed memory returns poison that a read-back check sees
         * @return this
         */
        public Builder poisonFreedMemory(boolean poison) {
            this.poisonFreedMemory = poison;
            return this;
        }

        /**
         * @param interval the leak detector tracks one memtable in this many (default 1: every one; memtables are
         *        few, so tracking costs little), 0 to disable
         * @return this
         */
        public Builder leakSamplingInterval(int interval) {
            this.leakSamplingInterval = (int) checkRange("leakSamplingInterval", interval, 0,
                    LeakDetector.MAX_SAMPLING_INTERVAL);
            return this;
        }

        /**
         * @return the write path, its flush thread started
         * @throws IllegalArgumentException if the threshold exceeds the pool
         */
        public WritePath build() {
            if (flushThresholdBytes > poolBytes) {
                throw new IllegalArgumentException("flushThresholdBytes (" + flushThresholdBytes
                        + ") must not exceed poolBytes (" + poolBytes + ")");
            }
            return new WritePath(this);
        }

        private static long checkRange(String name, long value, long min, long max) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "]: " + value);
            }
            return value;
        }

        @Override
        public String toString() {
            return "WritePath.Builder[" + components + ", pool " + poolBytes + ", threshold " + flushThresholdBytes
                    + "]";
        }
    }
}
