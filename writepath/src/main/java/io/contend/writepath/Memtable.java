package io.contend.writepath;

import io.contend.refcount.LeakDetector;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/*
 * Implementation notes.
 *
 * Algorithm: a memtable is a ConcurrentSkipListMap of partitions, each a ConcurrentSkipListMap of rows. A write
 * allocates its row as one batch of two cells, an 8-byte header (the deletion time) and the value (omitted when
 * empty), from the memtable's own Allocator, writes the bytes with plain absolute puts, then publishes a RowRef
 * (handle, length, timestamp) in the index; a row already there is replaced only by a higher timestamp (merge).
 * A read takes a reference on the memtable's RefCount, finds the RowRef, copies header and value out of region
 * memory, and drops the reference. The write path holds the owner reference from creation until the flush of
 * this memtable is published; the final release (owner's or a reader's, whichever is last) poisons the memory if
 * asked, closes the allocator (all regions go back to the pool at once: a RegionAllocator cannot free one
 * region), and tells the write path.
 *
 * Write barrier: writes in progress are counted (writers, getAndAdd) so that a flush starts only after every write
 * that entered this memtable has finished: a writer increments, then reads switched; the switch writes switched,
 * then the flush waits for writers to reach 0. Both sides' accesses are volatile (sequentially consistent), so a
 * writer that read switched == false incremented before the flush read the count (Dekker), and the flush waits
 * for it; a writer that reads true undoes its increment and retries on the new live memtable. This is the role of
 * Cassandra's OpOrder barrier, with one shared counter; both builds of the path use it, so it is not a measured
 * component.
 *
 * Invariants: (1) no write enters after the flush saw writers == 0, so the flush copies every acknowledged write;
 * (2) a reader touches region memory only between a successful tryRetain and its release, so the memory is never
 * freed under it; (3) deallocate runs once (the RefCount's guarantee, checked again here: a second run throws).
 *
 * Ordering: region bytes written with plain puts before the index insert (a CAS in ConcurrentSkipListMap, a
 * volatile write) are visible to any reader that finds the RowRef (a volatile read). The final release is a full
 * fence (see RefCount), so every reader's copy happens-before the poisoning and the close.
 *
 * Source: Cassandra's Memtable and MemtableAllocator (CASSANDRA-15922 for the regions), Netty PR #7248 and issue
 * #8563 for the reference count that guards a buffer while readers hold it.
 */
/** One memtable: a sorted index of rows whose bytes live in region memory, guarded by a reference count. */
final class Memtable {
    /** Header cell of each row: the deletion time. */
    static final int HEADER_BYTES = Long.BYTES;
    /** Returned by {@link #read} when the memtable is already released: the reader must look again. */
    static final Row RETIRED = new Row(Key.of(new byte[0]), Key.of(new byte[0]), new byte[0], Long.MIN_VALUE, 0);
    /** What freed memory is filled with when poisoning is on. */
    static final byte POISON = (byte) 0xDE;

    private static final VarHandle WRITERS;
    private static final VarHandle SWITCHED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            WRITERS = lookup.findVarHandle(Memtable.class, "writers", int.class);
            SWITCHED = lookup.findVarHandle(Memtable.class, "switched", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The index entry of one row: where its bytes are and its timestamp. */
    static final class RowRef {
        final long handle;
        final int length;
        final long timestamp;

        RowRef(long handle, int length, long timestamp) {
            this.handle = handle;
            this.length = length;
            this.timestamp = timestamp;
        }
    }

    /** Receives a memtable's rows in key order, with their bytes in region memory (valid during the call only). */
    interface RowVisitor {
        void row(Key partition, Key clustering, long timestamp, long deletionTime, ByteBuffer memory, int offset,
                 int length);
    }

    private final long id;
    private final Allocator allocator;
    private final RefCount refCount;
    private final boolean poisonOnFree;
    private final Runnable onFreed;
    private final ConcurrentSkipListMap<Key, ConcurrentSkipListMap<Key, RowRef>> partitions =
            new ConcurrentSkipListMap<>();
    private final AtomicInteger deallocations = new AtomicInteger();
    @SuppressWarnings("unused") // accessed through WRITERS
    private volatile int writers;
    @SuppressWarnings("unused") // accessed through SWITCHED
    private volatile boolean switched;

    /**
     * @param onFreed run after the memory went back to the pool, on the thread of the final release
     */
    Memtable(long id, Allocator allocator, RefCount.Factory refCounts, LeakDetector leakDetector,
             boolean poisonOnFree, Runnable onFreed) {
        this.id = id;
        this.allocator = allocator;
        this.poisonOnFree = poisonOnFree;
        this.onFreed = onFreed;
        this.refCount = refCounts.create(this, leakDetector, this::deallocate);
    }

    long id() {
        return id;
    }

    // ---- write barrier

    /** @return true if the caller may write (call {@link #exitWrite()} after); false once switched */
    boolean enterWrite() {
        WRITERS.getAndAdd(this, 1);
        if ((boolean) SWITCHED.getVolatile(this)) {
            WRITERS.getAndAdd(this, -1);
            return false;
        }
        return true;
    }

    void exitWrite() {
        WRITERS.getAndAdd(this, -1);
    }

    /** Stops new writes from entering; writes already in may finish. */
    void markSwitched() {
        SWITCHED.setVolatile(this, true);
    }

    boolean isSwitched() {
        return (boolean) SWITCHED.getVolatile(this);
    }

    /** Waits until every write that entered has left. Call after {@link #markSwitched()}. */
    void awaitWriters() {
        if (!isSwitched()) {
            throw new IllegalStateException("memtable " + id + " is not switched: writers could still enter");
        }
        for (int spins = 0; (int) WRITERS.getVolatile(this) != 0; spins++) {
            if (spins < 100) {
                Thread.onSpinWait();
            } else if (spins < 200) {
                Thread.yield();
            } else {
                LockSupport.parkNanos(10_000);
            }
        }
    }

    // ---- data

    /**
     * Stores a row. Call between {@link #enterWrite()} and {@link #exitWrite()}.
     *
     * @throws io.contend.alloc.MemoryLimitException if the pool refuses a new region (nothing is stored)
     */
    void apply(Write write) {
        byte[] value = write.value();
        int length = value.length;
        long handle = allocator.allocate(length == 0 ? new int[] {HEADER_BYTES} : new int[] {HEADER_BYTES, length});
        ByteBuffer memory = allocator.memory(handle);
        int offset = allocator.offset(handle);
        memory.putLong(offset, write.deletionTime());
        if (length > 0) {
            memory.put(offset + HEADER_BYTES, value, 0, length);
        }
        RowRef ref = new RowRef(handle, length, write.timestamp());
        ConcurrentSkipListMap<Key, RowRef> rows = partitions.get(write.partition());
        if (rows == null) {
            rows = partitions.computeIfAbsent(write.partition(), k -> new ConcurrentSkipListMap<>());
        }
        rows.merge(write.clustering(), ref, (old, neu) -> neu.timestamp >= old.timestamp ? neu : old);
    }

    /**
     * @return the row, null if this memtable has none for the key, or {@link #RETIRED} if the memtable was already
     *         released (its flush is published: look again)
     */
    Row read(Key partition, Key clustering) {
        if (!refCount.tryRetain()) {
            return RETIRED;
        }
        try {
            return readRetained(partition, clustering);
        } finally {
            refCount.release();
        }
    }

    /** Reads with a reference already held (by the caller, or the owner's during the flush). */
    Row readRetained(Key partition, Key clustering) {
        ConcurrentSkipListMap<Key, RowRef> rows = partitions.get(partition);
        RowRef ref = rows == null ? null : rows.get(clustering);
        if (ref == null) {
            return null;
        }
        ByteBuffer memory = allocator.memory(ref.handle);
        int offset = allocator.offset(ref.handle);
        long deletionTime = memory.getLong(offset);
        byte[] value = new byte[ref.length];
        memory.get(offset + HEADER_BYTES, value, 0, ref.length);
        return new Row(partition, clustering, value, ref.timestamp, deletionTime);
    }

    /** Visits every row in key order. The caller holds a reference (the flush holds the owner's). */
    void forEachRow(RowVisitor visitor) {
        for (Map.Entry<Key, ConcurrentSkipListMap<Key, RowRef>> p : partitions.entrySet()) {
            for (Map.Entry<Key, RowRef> r : p.getValue().entrySet()) {
                RowRef ref = r.getValue();
                ByteBuffer memory = allocator.memory(ref.handle);
                int offset = allocator.offset(ref.handle);
                visitor.row(p.getKey(), r.getKey(), ref.timestamp, memory.getLong(offset), memory,
                        offset + HEADER_BYTES, ref.length);
            }
        }
    }

    boolean isEmpty() {
        return partitions.isEmpty();
    }

    long reservedBytes() {
        return allocator.reservedBytes();
    }

    // ---- references

    /** Takes a reference for a caller that reads several rows (a scan, a test holding the memory). */
    boolean tryRetain() {
        return refCount.tryRetain();
    }

    /** Drops a reference taken by {@link #tryRetain()}, or the owner's. */
    boolean release() {
        return refCount.release();
    }

    int refCnt() {
        return refCount.refCnt();
    }

    /** @return how many times the memory was freed: 0 or 1 (anything else throws when it happens) */
    int deallocations() {
        return deallocations.get();
    }

    private void deallocate() {
        int n = deallocations.incrementAndGet();
        if (n != 1) {
            throw new IllegalStateException("memtable " + id + " freed " + n + " times");
        }
        if (poisonOnFree) {
            allocator.poison(POISON);
        }
        allocator.close();
        onFreed.run();
    }

    @Override
    public String toString() {
        return "Memtable[" + id + ", " + partitions.size() + " partitions, " + allocator.reservedBytes()
                + " bytes reserved, refCnt " + refCount.refCnt() + (isSwitched() ? ", switched" : "")
                + (deallocations.get() > 0 ? ", freed" : "") + "]";
    }
}
