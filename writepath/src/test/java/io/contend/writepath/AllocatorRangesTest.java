package io.contend.writepath;

import io.contend.alloc.AllocationStrategy;
import io.contend.alloc.MemoryPool;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

class AllocatorRangesTest {
    static Stream<Allocator.Factory> builds() {
        return Stream.of(Allocator.synchronizedBump(), Allocator.regions(AllocationStrategy.XADD),
                Allocator.threadLocalChunks(4096));
    }

    /**
     * Every range lies inside its region's memory, whatever the size and whatever came before: a row bigger than the
     * next region size (but not big enough for a region of its own) must not be given a region too small for it.
     */
    @ParameterizedTest
    @MethodSource("builds")
    void everyRangeFitsItsRegion(Allocator.Factory build) {
        int[][] histories = {{87_381}, {10, 64 << 10}, {128 << 10}, {(128 << 10) + 1}, {9_000, 9_000, 40_000}};
        Random random = new Random(3);
        for (int[] history : histories) {
            try (Allocator allocator = build.create(new MemoryPool(1L << 30))) {
                for (int size : history) {
                    check(allocator, size);
                }
                for (int i = 0; i < 200; i++) {
                    check(allocator, 1 + random.nextInt(i % 2 == 0 ? 200 : 200_000));
                }
            }
        }
    }

    private static void check(Allocator allocator, int size) {
        long handle = allocator.allocate(new int[] {Memtable.HEADER_BYTES, size});
        int end = allocator.offset(handle) + Memtable.HEADER_BYTES + size;
        int capacity = allocator.memory(handle).capacity();
        assertTrue(end <= capacity, allocator + ": a row of " + size + " bytes ends at " + end
                + ", past its region of " + capacity);
    }
}
