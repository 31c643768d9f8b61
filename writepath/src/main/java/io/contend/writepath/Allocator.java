package io.contend.writepath;

import io.contend.alloc.AllocationStrategy;
import io.contend.alloc.MemoryLimitException;
import io.contend.alloc.MemoryPool;

import java.nio.ByteBuffer;

/**
 * The cell memory of one memtable: rows are allocated as one batch of contiguous cells, addressed by a handle,
 * and all of it goes back to the {@link MemoryPool} at once on {@link #close()}. One allocator per memtable:
 * neither build can free a single region, so a memtable's memory is returned when the memtable's last reference
 * is released (see {@link Memtable}).
 *
 * <p>Implementations are thread-safe for allocation and reads; {@link #poison(byte)} and {@link #close()} are
 * called once no thread uses the memory any more.
 */
public interface Allocator extends AutoCloseable {

    /**
     * Allocates a row's cells as one batch: contiguous ranges, the i-th at
     * {@code offset(handle) + sizes[0] + ... + sizes[i-1]}, in one region.
     *
     * @param sizes each at least 1
     * @return the handle of the first range
     * @throws MemoryLimitException if the pool cannot grant a new region
     * @throws IllegalStateException if the allocator is closed
     */
    long allocate(int[] sizes);

    /**
     * @param handle a handle from {@link #allocate(int[])}
     * @return the memory of the handle's region; read and write it with absolute gets and puts
     */
    ByteBuffer memory(long handle);

    /**
     * @param handle a handle from {@link #allocate(int[])}
     * @return the offset of the handle's first range in {@link #memory(long)}
     */
    int offset(long handle);

    /** @return bytes reserved from the pool so far: the memtable's size as its switch threshold sees it */
    long reservedBytes();

    /**
     * Overwrites every byte of every region with {@code value}: done before close when the write path is asked to
     * catch reads of freed memory, so that such a read returns poison, which the read-back check sees.
     *
     * @param value the byte to fill with
     */
    void poison(byte value);

    /** Returns all reserved bytes to the pool and refuses further allocation. Idempotent. */
    @Override
    void close();

    /** Makes the allocator of each new memtable. */
    interface Factory {
        /**
         * @param pool the budget every memtable's regions are reserved from
         * @return a new allocator; it reserves nothing until its first allocation
         */
        Allocator create(MemoryPool pool);

        /** @return a short name for reports, e.g. {@code xadd}, {@code tlab}, {@code synchronized} */
        String name();
    }

    /**
     * contend's {@link io.contend.alloc.RegionAllocator} (CASSANDRA-15922): regions growing from 8 KiB to 1 MiB,
     * dedicated regions above 128 KiB.
     *
     * @param strategy how regions advance their offset
     * @return the factory, named after the strategy ({@code xadd}, {@code cas_loop}, {@code cas_backoff})
     */
    static Factory regions(AllocationStrategy strategy) {
        return RegionCellAllocator.factory(strategy, 0);
    }

    /**
     * contend's XADD regions with thread-local chunks: each thread bumps a pointer in its own chunk of the shared
     * region, with no atomic instruction.
     *
     * @param chunkSize bytes per chunk, in [16, 131072] (the dedicated threshold)
     * @return the factory, named {@code tlab}
     * @throws IllegalArgumentException if chunkSize is out of range
     */
    static Factory threadLocalChunks(int chunkSize) {
        return RegionCellAllocator.factory(AllocationStrategy.XADD, chunkSize);
    }

    /**
     * The JDK build: a bump allocator whose every allocation holds one monitor ({@code synchronized}), with the
     * same region sizes as contend's.
     *
     * @return the factory, named {@code synchronized}
     */
    static Factory synchronizedBump() {
        return SynchronizedBumpAllocator.FACTORY;
    }
}
