package io.contend.bench.interleave;

import org.junit.jupiter.api.Test;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockCrewTest {

    @Test
    void aBlockCountsEveryOperationOfEveryThreadAndOnlyThose() throws Exception {
        AtomicLongArray ran = new AtomicLongArray(3);
        try (BlockCrew crew = new BlockCrew("test-crew-count", 3, i -> () -> ran.incrementAndGet(i))) {
            long before = 0;
            for (int block = 0; block < 20; block++) {
                long callerBefore = ran.get(0);
                BlockCrew.Block b = crew.run(3_000);
                long after = ran.get(0) + ran.get(1) + ran.get(2);
                assertEquals(after - before, b.operations(), "block " + block);
                assertEquals(1_000, ran.get(0) - callerBefore, "the caller runs its share, ops / threads");
                assertEquals(3, b.threads());
                before = after;
                Thread.sleep(1); // helpers parked between blocks run nothing
                assertEquals(after, ran.get(0) + ran.get(1) + ran.get(2), "nothing runs between blocks");
            }
            assertTrue(ran.get(1) > 0 && ran.get(2) > 0, "each helper ran during the blocks: " + ran);
        }
    }

    @Test
    void eachThreadMakesItsOwnOperation() throws Exception {
        ConcurrentHashMap<Integer, Thread> makers = new ConcurrentHashMap<>();
        Thread caller = Thread.currentThread();
        try (BlockCrew crew = new BlockCrew("test-crew-makers", 3, i -> {
            makers.put(i, Thread.currentThread());
            return () -> { };
        })) {
            crew.run(30);
            assertEquals(caller, makers.get(0));
            assertTrue(makers.get(1).getName().startsWith("test-crew-makers-"), makers.toString());
            assertFalse(makers.get(1) == makers.get(2));
        }
    }

    @Test
    void scaledTimesFollowTheCrewsRate() {
        BlockCrew.Block b = new BlockCrew.Block(1_000_000, 4_000, 2);
        assertEquals(500_000, b.crewNanosFor(2_000), "2,000 operations at 4,000 per ms");
        assertEquals(1_000_000, b.threadNanosFor(2_000), "each thread took 0.5 us an operation");
    }

    @Test
    void aFailedHelperFailsTheBlockInsteadOfHangingIt() throws Exception {
        try (BlockCrew crew = new BlockCrew("test-crew-fail", 2, i -> {
            if (i == 1) {
                throw new IllegalStateException("no operation for you");
            }
            return () -> { };
        })) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> crew.run(100));
            assertTrue(e.getMessage().contains("test-crew-fail-1"), e.getMessage());
            assertEquals("no operation for you", e.getCause().getMessage());
        }
    }

    @Test
    void closeEndsTheHelpersAndBadCountsAreRefused() throws Exception {
        BlockCrew crew = new BlockCrew("test-crew-close", 4, i -> () -> { });
        crew.run(400);
        crew.close();
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("test-crew-close-")), "close ends the helpers");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BlockCrew("x", 0, i -> () -> { }));
        assertTrue(e.getMessage().contains("0"), e.getMessage());
    }
}
