package io.contend.writepath;

import io.contend.refcount.IllegalReferenceCountException;
import io.contend.refcount.LeakDetector;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A reader holding a memtable's memory keeps it from the pool; the release happens once, after the reader. */
class MemtableReleaseTest {

    static List<Components> builds() {
        return TestRows.builds().toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builds")
    void aRetainedMemtableIsFreedExactlyOnceAfterItsLastReader(Components components) {
        try (WritePath path = WritePath.builder().components(components).poolBytes(1 << 20)
                .flushThresholdBytes(512 * 1024).poisonFreedMemory(true).build()) {
            ReadBack readBack = new ReadBack();
            for (int i = 0; i < 100; i++) {
                Write w = TestRows.write(i % 10, i, i);
                path.write(w);
                readBack.acknowledged(w);
            }
            Memtable memtable = path.view().live;
            long reserved = memtable.reservedBytes();
            assertTrue(reserved > 0);
            assertTrue(memtable.tryRetain(), "a reader takes a reference");

            path.flush(); // switched, flushed into a segment, owner's reference dropped
            assertEquals(1, path.segments().size());
            assertFalse(List.of(path.view().memtables).contains(memtable), "the view no longer holds it");
            assertEquals(1, memtable.refCnt(), "only the reader's reference is left");
            assertEquals(0, memtable.deallocations(), "not freed while the reader holds it");
            assertEquals(reserved, path.pool().usedBytes(), "its memory is still reserved");
            Row held = memtable.readRetained(TestRows.partition(3), TestRows.clustering(13));
            assertNotNull(held);
            assertTrue(TestRows.selfConsistent(held), "the reader still reads real bytes: " + held);

            assertTrue(memtable.release(), "the reader's release is the last one");
            assertEquals(1, memtable.deallocations());
            assertEquals(0, path.pool().usedBytes(), "returned to the pool");
            assertFalse(memtable.tryRetain(), "no reference after the final release");
            assertThrows(IllegalReferenceCountException.class, memtable::release);
            assertEquals(1, memtable.deallocations(), "freed exactly once");
            assertEquals(1, path.leakDetector().trackedCount(), "only the new live memtable is tracked");
            readBack.verify(path);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builds")
    void freedMemoryIsPoisonedSoThatAnIllegalReadShows(Components components) {
        Allocator allocator = components.allocator().create(null);
        Memtable memtable = new Memtable(7, allocator, components.refCount(), LeakDetector.disabled(), true, () -> { });
        Write w = TestRows.write(1, 2, 3);
        assertTrue(memtable.enterWrite());
        memtable.apply(w.withDeletionTime(100));
        memtable.exitWrite();
        assertTrue(memtable.read(w.partition(), w.clustering()).matches(w.withDeletionTime(100)));

        assertTrue(memtable.release());
        assertEquals(Memtable.RETIRED, memtable.read(w.partition(), w.clustering()), "a reader is refused");
        // What a reader that skipped the reference count would see: poison, which read-back reports.
        Row illegal = memtable.readRetained(w.partition(), w.clustering());
        assertEquals(0xDEDEDEDEDEDEDEDEL, illegal.deletionTime());
        assertFalse(TestRows.selfConsistent(illegal));
        assertThrows(IllegalStateException.class, () -> allocator.allocate(new int[] {8}), "closed");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builds")
    void aHigherTimestampWinsInAMemtableAndAcrossSources(Components components) {
        try (WritePath path = WritePath.builder().components(components).build()) {
            Key p = Key.of("p");
            Key c = Key.ofLong(1);
            path.write(Write.of(p, c, new byte[] {5}, 5));
            path.write(Write.of(p, c, new byte[] {3}, 3)); // older: ignored
            assertEquals(5, path.read(p, c).timestamp());
            path.flush();
            path.write(Write.of(p, c, new byte[] {4}, 4)); // newer source, older timestamp
            Row row = path.read(p, c);
            assertEquals(5, row.timestamp());
            assertEquals(5, row.value()[0]);
            path.write(Write.of(p, c, new byte[0], 9).withTtl(1_000, 60));
            row = path.read(p, c);
            assertEquals(9, row.timestamp());
            assertEquals(0, row.valueLength());
            assertEquals(1_060, row.deletionTime());
        }
    }
}
