package io.contend.writepath;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The thread's builder lent from one flush's histogram to the next: independent results, no builder per flush. */
class ContendDeletionHistogramTest {
    private static final long MINUTE = 60;

    private static DeletionHistogram filled(long from, int points) {
        DeletionHistogram h = DeletionHistogram.contend().create();
        for (int i = 0; i < points; i++) {
            h.update(from + i * MINUTE);
        }
        return h;
    }

    @Test
    void eachHistogramHoldsItsOwnPointsWhenTheBuilderIsLentOn() {
        DeletionHistogram first = filled(1_000_000, 50);
        assertEquals(50, first.totalCount());
        double firstAtEnd = first.sum(2_000_000);
        DeletionHistogram second = filled(5_000_000, 20);
        assertEquals(20, second.totalCount(), "the lent builder was cleared");
        assertEquals(0, second.sum(4_000_000), 1e-9, "none of the first histogram's points");
        assertEquals(50, first.totalCount(), "a built histogram does not change when its builder is reused");
        assertEquals(firstAtEnd, first.sum(2_000_000));
    }

    @Test
    void histogramsFilledAtOnceOnOneThreadEachGetABuilder() {
        DeletionHistogram a = DeletionHistogram.contend().create();
        DeletionHistogram b = DeletionHistogram.contend().create();
        for (int i = 0; i < 30; i++) {
            a.update(1_000_000 + i * MINUTE);
            b.update(9_000_000 + i * MINUTE);
            b.update(9_000_000 + i * MINUTE);
        }
        assertEquals(30, a.totalCount());
        assertEquals(60, b.totalCount());
        assertEquals(0, b.sum(8_000_000), 1e-9);
    }

    @Test
    void aReadHistogramTakesNoMorePoints() {
        DeletionHistogram h = filled(1_000_000, 3);
        assertEquals(3, h.totalCount());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> h.update(1_000_000));
        assertTrue(e.getMessage().contains("takes no more points") && e.getMessage().contains("3 points"),
                e.getMessage());
    }

    /**
     * The point of lending: once the thread has a builder, a flush's histogram allocates kilobytes (its built
     * summary), not the builder's spool (two 16-byte slots for each of 131,072 points, 4 MiB).
     */
    @Test
    void aFlushAfterTheFirstAllocatesNoBuilder() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int warm = 0; warm < 3; warm++) {
            filled(1_000_000, 100).totalCount();
        }
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        DeletionHistogram h = filled(1_000_000, 100);
        long total = h.totalCount();
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        assertEquals(100, total);
        assertTrue(allocated < 64 * 1024, "a flush's histogram allocated " + allocated + " bytes");
    }
}
