package io.contend.exec;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class SchedStatsLiveTest {
    @Test
    void aThreadThatSleptAndYieldedHasCountsNotUnknowns() throws InterruptedException {
        assumeTrue(SchedStats.ofCurrentThread().voluntarySwitches() >= 0, "no per-thread scheduler counters here");
        AtomicReference<SchedStats[]> seen = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            SchedStats before = SchedStats.ofCurrentThread();
            for (int i = 0; i < 3; i++) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
                Thread.yield();
            }
            SchedStats after = SchedStats.ofCurrentThread();
            seen.set(new SchedStats[] {before, after, SchedStats.ofThread(Affinity.currentThreadId())});
        });
        thread.start();
        thread.join();
        SchedStats[] stats = seen.get();
        assertNotNull(stats);
        SchedStats delta = stats[1].minus(stats[0]);
        assertTrue(delta.voluntarySwitches() >= 3, "three sleeps are three voluntary switches: " + delta);
        assertTrue(delta.involuntarySwitches() >= 0, delta.toString());
        assertTrue(stats[1].lastCpu() >= 0, stats[1].toString());
        assertTrue(Affinity.processAllowedCpus().contains(stats[1].lastCpu()), stats[1].toString());
        // Migrations need the sched file (CONFIG_SCHED_DEBUG): unknown is allowed, a negative count is not.
        assertTrue(delta.migrations() >= -1, delta.toString());
        assertTrue(stats[2].voluntarySwitches() >= stats[1].voluntarySwitches(), "ofThread(tid) reads the same thread");
        SchedStats total = SchedStats.sum(List.of(delta, delta));
        assertEquals(2 * delta.voluntarySwitches(), total.voluntarySwitches());
    }

    @Test
    void migrationsAreReadWhereTheSchedFileExists() {
        assumeTrue(java.nio.file.Files.exists(java.nio.file.Path.of("/proc/thread-self/sched")),
                "no /proc/thread-self/sched (kernel without CONFIG_SCHED_DEBUG, or not Linux)");
        assertTrue(SchedStats.ofCurrentThread().migrations() >= 0);
    }
}
