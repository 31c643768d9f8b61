package io.contend.bench.alloc;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The physical limit of a region fill: one owner bumps a plain int through the same regions contend's
 * allocator uses (heap ByteBuffers growing from 8 KiB to 1 MiB, zeroed by the JVM as they are made), with no
 * atomic instruction, no check and no thread-local lookup. Not thread-safe: the {@code allocator} experiment
 * runs it at one thread only, as the reference that says what "fast" is measured against.
 */
final class PlainBumpAllocator {
    private static final int MIN_REGION = 8 * 1024;
    private static final int MAX_REGION = 1024 * 1024;

    private final List<ByteBuffer> regions = new ArrayList<>();
    private ByteBuffer current;
    private int offset;
    private int nextSize = MIN_REGION;
    private long reserved;
    private long waste;

    PlainBumpAllocator() {
        swap();
    }

    /** @return a handle (region index, offset) of {@code size} bytes, {@code size} at most 1 MiB */
    long allocate(int size) {
        if (offset + size > current.capacity()) {
            waste += current.capacity() - offset;
            swap();
        }
        long handle = ((long) (regions.size() - 1) << 32) | offset;
        offset += size;
        return handle;
    }

    private void swap() {
        current = ByteBuffer.allocate(nextSize);
        regions.add(current);
        reserved += nextSize;
        nextSize = Math.min(MAX_REGION, nextSize * 2);
        offset = 0;
    }

    long reservedBytes() {
        return reserved;
    }

    long wasteBytes() {
        return waste;
    }
}
