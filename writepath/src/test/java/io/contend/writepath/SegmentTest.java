package io.contend.writepath;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SegmentTest {

    private static Segment flushed(int rows) {
        Memtable m = new Memtable(3, Allocator.synchronizedBump().create(null), RefCount.atomicCas(),
                io.contend.refcount.LeakDetector.disabled(), false, () -> { });
        for (int i = 0; i < rows; i++) {
            assertTrue(m.enterWrite());
            m.apply(TestRows.write(i % 13, i, i));
            m.exitWrite();
        }
        m.markSwitched();
        m.awaitWriters();
        Segment s = Segment.flush(9, m, DeletionHistogram.contend().create());
        m.release();
        return s;
    }

    @Test
    void holdsEveryRowInOrderWithItsHistogramAndChecksum() {
        Segment s = flushed(1_000);
        s.verify();
        assertEquals(1_000, s.rowCount());
        assertEquals(13, s.partitionCount());
        assertEquals(9, s.id());
        assertEquals(3, s.memtableId());
        long deletions = 0;
        for (int i = 0; i < 1_000; i++) {
            Row row = s.read(TestRows.partition(i % 13), TestRows.clustering(i));
            assertTrue(row.matches(TestRows.write(i % 13, i, i)), row::toString);
            if (row.deletionTime() != Write.NO_DELETION) {
                deletions++;
            }
        }
        assertTrue(deletions > 100 && deletions < 500, "about a quarter: " + deletions);
        assertEquals(deletions, s.deletionTimeCount());
        assertEquals(deletions, s.histogram().totalCount());
        assertEquals(deletions, s.histogram().sum(Double.MAX_VALUE), 1e-6);
        assertNull(s.read(TestRows.partition(14), TestRows.clustering(0)));
        assertNull(s.read(TestRows.partition(0), TestRows.clustering(1)));
        List<Row> rows = new ArrayList<>();
        s.forEach(rows::add);
        assertEquals(1_000, rows.size());
        assertTrue(s.toString().contains("1000 rows"), s::toString);
    }

    @Test
    void aCorruptedValueFailsTheChecksum() throws ReflectiveOperationException {
        Segment s = flushed(100);
        Field values = Segment.class.getDeclaredField("values");
        values.setAccessible(true);
        ChunkedBytes bytes = (ChunkedBytes) values.get(s);
        assertTrue(bytes.length() > 0);
        bytes.chunkHolding(bytes.length() / 2)[(int) (bytes.length() / 2 % ChunkedBytes.CHUNK_BYTES)] ^= 1;
        IllegalStateException e = assertThrows(IllegalStateException.class, s::verify);
        assertTrue(e.getMessage().contains("checksum"), e::getMessage);
    }

    private static Segment of(long id, Write... writes) {
        Memtable m = new Memtable(id, Allocator.synchronizedBump().create(null), RefCount.atomicCas(),
                io.contend.refcount.LeakDetector.disabled(), false, () -> { });
        for (Write w : writes) {
            assertTrue(m.enterWrite());
            m.apply(w);
            m.exitWrite();
        }
        m.markSwitched();
        Segment s = Segment.flush(id, m, DeletionHistogram.contend().create());
        m.release();
        return s;
    }

    @Test
    void compactionKeepsTheNewestVersionOfEachRow() {
        Key p = Key.of("p");
        Segment older = of(1, Write.of(p, Key.ofLong(1), new byte[] {1}, 10),
                Write.of(p, Key.ofLong(2), new byte[] {2}, 20).withDeletionTime(500),
                Write.of(p, Key.ofLong(3), new byte[] {3}, 30));
        Segment newer = of(2, Write.of(p, Key.ofLong(1), new byte[] {11}, 11), // newer timestamp: wins
                Write.of(p, Key.ofLong(2), new byte[] {12}, 5), // older timestamp: loses
                Write.of(p, Key.ofLong(3), new byte[] {13}, 30), // tie: the newer segment wins
                Write.of(Key.of("q"), Key.ofLong(4), new byte[0], 1).withDeletionTime(900));
        Segment c = Segment.compact(3, new Segment[] {newer, older}, DeletionHistogram.contend().create());
        c.verify();
        assertEquals(4, c.rowCount());
        assertEquals(2, c.compactedFrom());
        assertEquals(2, c.memtableId());
        assertEquals(11, c.read(p, Key.ofLong(1)).value()[0]);
        assertEquals(2, c.read(p, Key.ofLong(2)).value()[0]);
        assertEquals(500, c.read(p, Key.ofLong(2)).deletionTime());
        assertEquals(13, c.read(p, Key.ofLong(3)).value()[0]);
        assertEquals(2, c.deletionTimeCount());
        assertEquals(2, c.histogram().totalCount());
        assertTrue(c.toString().contains("compacted from 2 flushes"), c::toString);
    }

    @Test
    void anEmptyMemtableFlushesToAnEmptySegment() {
        Segment s = flushed(0);
        s.verify();
        assertEquals(0, s.rowCount());
        assertEquals(0, s.histogram().totalCount());
    }

    /** Values larger than a chunk, and values that straddle two, read back and survive a compaction exactly. */
    @Test
    void valuesAcrossValueChunksReadBackAndCompactExactly() {
        Key p = Key.of("p");
        java.util.Random random = new java.util.Random(5);
        Write[] first = new Write[6];
        Write[] second = new Write[3];
        for (int i = 0; i < first.length; i++) {
            byte[] value = new byte[ChunkedBytes.CHUNK_BYTES / 3 * (i + 1) + i];
            random.nextBytes(value);
            first[i] = Write.of(p, Key.ofLong(i), value, 10 + i);
        }
        for (int i = 0; i < second.length; i++) {
            byte[] value = new byte[Write.MAX_VALUE_LENGTH - i];
            random.nextBytes(value);
            second[i] = Write.of(p, Key.ofLong(2 * i), value, 100 + i); // overwrites rows 0, 2 and 4
        }
        Segment older = of(1, first);
        Segment newer = of(2, second);
        older.verify();
        newer.verify();
        for (Write w : first) {
            assertTrue(older.read(p, w.clustering()).matches(w), w::toString);
        }
        Segment c = Segment.compact(3, new Segment[] {newer, older}, DeletionHistogram.contend().create());
        c.verify();
        assertEquals(first.length, c.rowCount());
        for (int i = 0; i < first.length; i++) {
            Write expected = i % 2 == 0 ? second[i / 2] : first[i];
            assertTrue(c.read(p, Key.ofLong(i)).matches(expected), "row " + i);
        }
        long surviving = 0;
        for (int i = 0; i < first.length; i++) {
            surviving += i % 2 == 0 ? second[i / 2].value().length : first[i].value().length;
        }
        assertEquals(surviving, c.valueBytes(), "the overwritten versions are gone");
    }
}
