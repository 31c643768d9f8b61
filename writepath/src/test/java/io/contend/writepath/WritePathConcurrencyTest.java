package io.contend.writepath;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Writers, readers and background flushes at once, with memory poisoned when freed: every row a reader sees must
 * be self-consistent (a read of freed memory returns poison), and afterwards every acknowledged write reads back.
 */
class WritePathConcurrencyTest {
    private static final int WRITERS = 2;
    private static final int READERS = 2;
    private static final int WRITES_PER_WRITER = 40_000;
    private static final int PARTITIONS = 200;
    private static final int ROWS_PER_PARTITION = 20;

    static List<Components> builds() {
        return TestRows.builds().toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builds")
    void concurrentWritersReadersAndFlushesLoseNothing(Components components) throws Exception {
        WritePath path = WritePath.builder().components(components).poolBytes(1 << 20)
                .flushThresholdBytes(64 * 1024).poisonFreedMemory(true).build();
        ReadBack readBack = new ReadBack();
        WriteClock clock = WriteClock.monotonicMicros();
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong readsSeen = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            threads.add(new Thread(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                for (int i = 0; i < WRITES_PER_WRITER && failure.get() == null; i++) {
                    long invoked = readBack.invoked();
                    Write write = TestRows.write(random.nextInt(PARTITIONS), random.nextInt(ROWS_PER_PARTITION),
                            clock.next()); // one clock for all writers: the later write of a row wins
                    try {
                        path.write(write);
                        readBack.acknowledged(write, invoked);
                    } catch (RuntimeException e) {
                        readBack.unacknowledged(write);
                        failure.compareAndSet(null, e);
                    }
                }
            }, "writer-" + w));
        }
        for (int r = 0; r < READERS; r++) {
            threads.add(new Thread(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                while (writing.get() && failure.get() == null) {
                    Row row = path.read(TestRows.partition(random.nextInt(PARTITIONS)),
                            TestRows.clustering(random.nextInt(ROWS_PER_PARTITION)));
                    if (row != null) {
                        readsSeen.incrementAndGet();
                        if (!TestRows.selfConsistent(row)) {
                            failure.compareAndSet(null, new AssertionError("read a row no write stored "
                                    + "(freed or torn memory?): " + row));
                        }
                    }
                }
            }, "reader-" + r));
        }
        threads.forEach(Thread::start);
        for (int i = 0; i < WRITERS; i++) {
            threads.get(i).join();
        }
        writing.set(false);
        for (Thread t : threads) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError("a writer or reader failed with " + path.stats(), failure.get());
        }

        WritePath.Stats stats = path.stats();
        assertEquals(WRITERS * (long) WRITES_PER_WRITER, stats.writes(), stats::toString);
        assertTrue(stats.flushes() > 8, () -> "the threshold should have switched memtables: " + stats);
        assertTrue(stats.compactions() > 0, () -> "more than 8 segments are merged: " + stats);
        assertTrue(stats.segments() <= 9, stats::toString);
        assertTrue(readsSeen.get() > 0, "readers found rows");
        ReadBack.Report open = readBack.verify(path);
        assertEquals(readBack.rowCount(), open.keysChecked());

        path.close();
        ReadBack.Report closed = readBack.verifyClosed(path);
        assertEquals(0, closed.poolBytesAfterClose());
        assertEquals(0, closed.leaks());
        assertEquals(0, path.pool().usedBytes());
        WritePath.Stats end = path.stats();
        assertEquals(end.switches() + 1, end.memtablesFreed(), () -> "every memtable freed once: " + end);
        assertEquals(0, end.memtablesHeld(), end::toString);
        long deletionTimes = path.segments().stream().mapToLong(s -> s.histogram().totalCount()).sum();
        assertTrue(deletionTimes > 0, "about a quarter of the rows carry a deletion time");
        assertNull(path.read(TestRows.partition(PARTITIONS + 1), TestRows.clustering(0)));
    }
}
