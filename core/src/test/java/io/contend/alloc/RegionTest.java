package io.contend.alloc;

import io.contend.backoff.BackoffStrategy;
import io.contend.backoff.ContentionManager;
import io.contend.telemetry.ContentionCounter;
import io.contend.telemetry.ContentionSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RegionTest {
    static ContentionManager manager(AllocationStrategy strategy, ContentionCounter telemetry) {
        return new ContentionManager(strategy == AllocationStrategy.CAS_BACKOFF ? BackoffStrategy.exponential(1, 1_000)
                : BackoffStrategy.none(), telemetry);
    }

    @ParameterizedTest
    @EnumSource(AllocationStrategy.class)
    void fillsFromZeroAndThenSaysFull(AllocationStrategy strategy) {
        Region region = new Region(100, false, strategy, manager(strategy, null));
        assertEquals(0, region.allocate(40));
        assertEquals(40, region.allocate(60));
        assertEquals(Region.FULL, region.allocate(1));
        assertEquals(100, region.usedBytes());
        assertEquals(0, region.wasteBytes());
    }

    @ParameterizedTest
    @EnumSource(AllocationStrategy.class)
    void aRequestThatDoesNotFitLeavesTailWasteNeverNegative(AllocationStrategy strategy) {
        Region region = new Region(100, true, strategy, manager(strategy, null));
        assertEquals(0, region.allocate(70));
        assertEquals(Region.FULL, region.allocate(50)); // XADD moves the offset to 120 anyway
        for (int i = 0; i < 1_000; i++) {
            region.allocate(100); // failed XADDs keep pushing the offset
        }
        assertEquals(70, region.usedBytes());
        assertEquals(30, region.wasteBytes());
        assertEquals(region.capacity(), region.usedBytes() + region.wasteBytes());
        assertTrue(region.isOffHeap());
        assertEquals(100, region.memory().capacity());
    }

    @Test
    void batchesAreOneContiguousStep() {
        ContentionCounter telemetry = new ContentionCounter("batch");
        Region region = new Region(1024, false, AllocationStrategy.XADD, manager(AllocationStrategy.XADD, telemetry));
        int[] row = new int[16];
        java.util.Arrays.fill(row, 16);
        assertEquals(0, region.allocate(row));
        assertEquals(256, region.allocate(row));
        assertEquals(2, telemetry.snapshot().attempts(), "one atomic step per batch");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> region.allocate(new int[] {8, 0}));
        assertEquals("sizes[1] must be at least 1: 0", bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> region.allocate(new int[0]));
        assertThrows(IllegalArgumentException.class, () -> region.allocate(new int[] {1000, 1000}));
    }

    @ParameterizedTest
    @EnumSource(AllocationStrategy.class)
    void rejectsSizesOutOfRangeWithTheValue(AllocationStrategy strategy) {
        Region region = new Region(64, false, strategy, manager(strategy, null));
        assertEquals("size must be in [1, 64]: 0",
                assertThrows(IllegalArgumentException.class, () -> region.allocate(0)).getMessage());
        assertEquals("size must be in [1, 64]: 65",
                assertThrows(IllegalArgumentException.class, () -> region.allocate(65)).getMessage());
        assertEquals("capacity must be in [1, 2147483639]: 0", assertThrows(IllegalArgumentException.class,
                () -> new Region(0, false, strategy, manager(strategy, null))).getMessage());
    }

    /** Property: random sizes from four threads; every range lies inside the region and none overlap. */
    @ParameterizedTest
    @EnumSource(AllocationStrategy.class)
    void concurrentRangesAreDisjointAndInside(AllocationStrategy strategy) throws Exception {
        for (int round = 0; round < 20; round++) {
            ContentionCounter telemetry = new ContentionCounter("region");
            int capacity = 64 * 1024;
            Region region = new Region(capacity, false, strategy, manager(strategy, telemetry));
            int threads = 4;
            List<long[]> ranges = new ArrayList<>();
            long seed = round;
            runTogether(threads, t -> {
                SplittableRandom random = new SplittableRandom(seed * 31 + t);
                List<long[]> mine = new ArrayList<>();
                for (int i = 0; i < 10_000; i++) {
                    int size = 1 + random.nextInt(64);
                    long offset = region.allocate(size);
                    if (offset != Region.FULL) {
                        mine.add(new long[] {offset, size});
                    }
                }
                synchronized (ranges) {
                    ranges.addAll(mine);
                }
            });
            ranges.sort((a, b) -> Long.compare(a[0], b[0]));
            long end = 0;
            long sum = 0;
            for (long[] r : ranges) {
                assertTrue(r[0] >= end, "overlap at " + r[0]);
                end = r[0] + r[1];
                assertTrue(end <= capacity, "outside the region: " + end);
                sum += r[1];
            }
            assertEquals(region.usedBytes(), sum, "used is exactly what was handed out");
            assertEquals(capacity, region.usedBytes() + region.wasteBytes());
            ContentionSnapshot s = telemetry.snapshot();
            assertEquals(s.attempts(), s.failures() + ranges.size() + (strategy == AllocationStrategy.XADD
                    ? s.operations() - ranges.size() : 0), "attempts = successes + failures: " + s);
        }
    }

    /** remaining is what a request can still get; waste is everything not handed out; they differ after a crossing. */
    @ParameterizedTest
    @EnumSource(AllocationStrategy.class)
    void remainingAndWasteSayDifferentThings(AllocationStrategy strategy) {
        Region region = new Region(100, false, strategy, manager(strategy, null));
        assertEquals(0, region.allocate(70));
        assertEquals(30, region.remainingBytes());
        assertEquals(30, region.wasteBytes());
        assertEquals(Region.FULL, region.allocate(50));
        if (strategy == AllocationStrategy.XADD) {
            assertEquals(0, region.remainingBytes(), "the crossing XADD moved the offset past the capacity");
            assertEquals(Region.FULL, region.allocate(10), "so even a request that would fit the tail fails");
        } else {
            assertEquals(30, region.remainingBytes(), "a CAS that does not fit moves nothing");
            assertEquals(70, region.allocate(10));
            assertEquals(20, region.remainingBytes());
        }
        assertEquals(region.capacity(), region.usedBytes() + region.wasteBytes());
    }

    @Test
    void aGiveBackMovesTheOffsetBackAndTheSpaceIsFreeAgain() {
        Region region = new Region(100, false, AllocationStrategy.XADD, manager(AllocationStrategy.XADD, null));
        assertEquals(0, region.allocate(40));
        assertEquals(60, region.remainingBytes());
        assertTrue(region.tryGiveBack(10, 40));
        assertEquals(90, region.remainingBytes());
        assertEquals(10, region.usedBytes());
        assertEquals(Region.FULL, region.allocate(100));
        assertTrue(!region.tryGiveBack(0, 10), "no give-back once an XADD crossed the capacity");
    }

    @Test
    void givesBackATailOnlyIfNothingFollowedIt() {
        Region region = new Region(100, false, AllocationStrategy.XADD, manager(AllocationStrategy.XADD, null));
        assertEquals(0, region.allocate(40));
        assertTrue(region.tryGiveBack(10, 40));
        assertEquals(10, region.allocate(5));
        assertEquals(15, region.allocate(5));
        assertTrue(!region.tryGiveBack(10, 15), "something followed");
    }

    /** A range outside [0, capacity] is no region's: moving the offset to it would hand out negative offsets. */
    @Test
    void aGiveBackOfARangeTheRegionCannotHoldIsRefused() {
        Region region = new Region(100, false, AllocationStrategy.XADD, manager(AllocationStrategy.XADD, null));
        assertEquals(0, region.allocate(10));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> region.tryGiveBack(-20, 10));
        assertTrue(e.getMessage().contains("-20"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> region.tryGiveBack(10, 5));
        assertThrows(IllegalArgumentException.class, () -> region.tryGiveBack(0, 101));
        assertEquals(10, region.allocate(10), "the refused give-backs left the offset alone");
    }

    interface ThreadBody {
        void run(int thread) throws Exception;
    }

    static void runTogether(int threads, ThreadBody body) throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(threads);
        List<Thread> started = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int id = t;
            Thread thread = new Thread(() -> {
                try {
                    barrier.await();
                    body.run(id);
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            thread.start();
            started.add(thread);
        }
        for (Thread thread : started) {
            thread.join();
        }
        if (!failures.isEmpty()) {
            throw new AssertionError("a thread failed", failures.get(0));
        }
    }
}
