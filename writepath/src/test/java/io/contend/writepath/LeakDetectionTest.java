package io.contend.writepath;

import io.contend.refcount.LeakDetector;
import io.contend.refcount.LeakReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The leak detector at sampling rate 1: a clean run leaves nothing open; a memtable never released is caught. */
class LeakDetectionTest {

    static List<Components> builds() {
        return TestRows.builds().toList();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builds")
    void aCleanRunLeavesNoLeakAndAnEmptyPool(Components components) {
        WritePath path = WritePath.builder().components(components).poolBytes(1 << 20).flushThresholdBytes(16 * 1024)
                .leakSamplingInterval(1).build();
        assertEquals(1, path.leakDetector().samplingInterval());
        ReadBack readBack = new ReadBack();
        for (int i = 0; i < 5_000; i++) {
            Write w = TestRows.write(i % 50, i % 70, i);
            path.write(w);
            readBack.acknowledged(w);
        }
        assertTrue(path.leakDetector().trackedCount() >= 1, "every memtable is tracked");
        path.close();
        ReadBack.Report report = readBack.verifyClosed(path);
        assertEquals(0, report.leaks());
        assertEquals(0, path.leakDetector().trackedCount());
        assertTrue(path.stats().switches() > 1, path.stats()::toString);
    }

    @Test
    void aReaderThatNeverReleasesIsALeakAndFailsTheCheck() {
        WritePath path = WritePath.builder().leakSamplingInterval(1).build();
        ReadBack readBack = new ReadBack();
        Write w = TestRows.write(1, 1, 1);
        path.write(w);
        readBack.acknowledged(w);
        Memtable memtable = path.view().live;
        assertTrue(memtable.tryRetain()); // a reader that forgets its release
        path.close();
        ReadBackException e = assertThrows(ReadBackException.class, () -> readBack.verifyClosed(path));
        assertEquals(1, e.report().leaks(), e::getMessage);
        assertTrue(e.report().poolBytesAfterClose() > 0, e::getMessage);
        memtable.release();
        assertEquals(0, path.pool().usedBytes());
    }

    @Test
    void anUnreleasedMemtableThatIsCollectedIsReported() throws InterruptedException {
        List<LeakReport> reports = new CopyOnWriteArrayList<>();
        LeakDetector detector = new LeakDetector(1, reports::add);
        createAndDrop(detector);
        for (int i = 0; i < 50 && reports.isEmpty(); i++) {
            System.gc();
            Thread.sleep(20);
            detector.reportLeaks();
        }
        assertEquals(1, reports.size(), "the collected, unreleased memtable is reported");
        assertTrue(reports.get(0).toString().contains(Memtable.class.getName()), reports.get(0)::toString);
    }

    private static void createAndDrop(LeakDetector detector) {
        Memtable m = new Memtable(1, Allocator.synchronizedBump().create(null), RefCount.evenOdd(), detector, false,
                () -> { });
        assertEquals(1, detector.trackedCount());
        assertEquals(1, m.refCnt());
    }
}
