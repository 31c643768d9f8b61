package io.contend.refcount;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LeakDetectorTest {
    static final class Leaky extends AbstractRefCounted {
        Leaky(LeakDetector detector) {
            super(detector);
        }

        @Override
        protected void deallocate() {
        }
    }

    private static void createLeak(LeakDetector detector) {
        Leaky leaky = new Leaky(detector);
        leaky.retain();
        leaky.touch("first use");
        leaky.touch("handed to the decoder");
        leaky.release(); // one release short
    }

    /** Collects until the detector reports, within a bounded number of GCs; asserts the report, not a time. */
    private static List<LeakReport> awaitReports(LeakDetector detector, List<LeakReport> reports, int expected) {
        for (int i = 0; i < 200 && reports.size() < expected; i++) {
            System.gc();
            detector.reportLeaks();
            if (reports.size() < expected) {
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        return reports;
    }

    @Test
    void anUnreleasedObjectIsReportedWithItsCreationAndTouches() {
        List<LeakReport> reports = new CopyOnWriteArrayList<>();
        LeakDetector detector = new LeakDetector(1, reports::add);
        createLeak(detector);
        awaitReports(detector, reports, 1);
        assertEquals(1, reports.size(), "the leak was reported once");
        LeakReport report = reports.get(0);
        assertEquals(Leaky.class.getName(), report.className());
        assertTrue(report.created().get(0).getMethodName().contains("createLeak"), report.toString());
        assertEquals(List.of("first use", "handed to the decoder"),
                report.touches().stream().map(LeakReport.Touch::hint).toList());
        String text = report.toString();
        assertTrue(text.startsWith("LEAK: " + Leaky.class.getName()), text);
        assertTrue(text.indexOf("handed to the decoder") < text.indexOf("first use"), "newest touch first:\n" + text);
        assertEquals(0, detector.trackedCount());
    }

    @Test
    void releasedObjectsAreNeverReported() {
        List<LeakReport> reports = new CopyOnWriteArrayList<>();
        LeakDetector detector = new LeakDetector(1, reports::add);
        for (int i = 0; i < 100; i++) {
            new Leaky(detector).release();
        }
        createLeak(detector); // one real leak, so we know collection and reporting happened
        awaitReports(detector, reports, 1);
        for (int i = 0; i < 3; i++) {
            System.gc();
            detector.reportLeaks();
        }
        assertEquals(1, reports.size(), reports.toString());
    }

    @Test
    void keepsOnlyTheNewestTouches() {
        LeakDetector detector = new LeakDetector(1, r -> { });
        Leaky leaky = new Leaky(detector);
        LeakTracker tracker = detector.track(new Object());
        assertNotNull(tracker);
        for (int i = 0; i < LeakTracker.MAX_TOUCHES + 5; i++) {
            tracker.record("touch " + i);
        }
        LeakReport report = tracker.report();
        assertEquals(LeakTracker.MAX_TOUCHES, report.touches().size());
        assertEquals(5, report.droppedTouches());
        assertEquals("touch 5", report.touches().get(0).hint());
        tracker.close();
        leaky.release();
    }

    @Test
    void samplesRoughlyOneInN() {
        LeakDetector detector = new LeakDetector(4, r -> { });
        List<LeakTracker> tracked = new ArrayList<>();
        List<Object> keep = new ArrayList<>();
        for (int i = 0; i < 4_000; i++) {
            Object o = new Object();
            keep.add(o);
            LeakTracker t = detector.track(o);
            if (t != null) {
                tracked.add(t);
            }
        }
        // Binomial(4000, 1/4): mean 1000, sd 27; these bounds fail with probability below 1e-50.
        assertTrue(tracked.size() > 700 && tracked.size() < 1_300, "tracked " + tracked.size());
        tracked.forEach(LeakTracker::close);
        assertEquals(0, detector.trackedCount());
        assertEquals(4_000, keep.size());
    }

    @Test
    void badArgumentsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LeakDetector(-1, r -> { }));
        assertEquals("samplingInterval must be in [0, 1073741824]: -1", e.getMessage());
        assertThrows(NullPointerException.class, () -> new LeakDetector(1, null));
        assertThrows(NullPointerException.class, () -> LeakDetector.disabled().track(null));
        assertEquals("LeakDetector[disabled, tracking 0]", LeakDetector.disabled().toString());
        assertEquals(LeakDetector.DEFAULT_SAMPLING_INTERVAL, LeakDetector.global().samplingInterval());
    }

    @Test
    void aHintWhoseToStringThrowsIsRecordedNotThrown() {
        List<LeakReport> reports = new CopyOnWriteArrayList<>();
        LeakDetector detector = new LeakDetector(1, reports::add);
        Object bad = new Object() {
            @Override
            public String toString() {
                throw new IllegalStateException("no text");
            }
        };
        Leaky leaky = new Leaky(detector);
        leaky.touch(bad); // sampled (interval 1): the hint's text is taken now
        leaky = null;
        awaitReports(detector, reports, 1);
        assertEquals(1, reports.size());
        String hint = reports.get(0).touches().get(0).hint();
        assertTrue(hint.contains("its toString() threw java.lang.IllegalStateException: no text"), hint);
        assertThrows(UnsupportedOperationException.class, () -> reports.get(0).touches().get(0).stack().clear());
    }

    @Test
    void theSamplingPropertyIsCheckedWithItsNameAndText() {
        assertEquals(null, LeakDetector.samplingPropertyProblem(null));
        assertEquals(null, LeakDetector.samplingPropertyProblem(" 0 "));
        assertEquals(null, LeakDetector.samplingPropertyProblem("1073741824"));
        for (String bad : new String[] {"-3", "1073741825", "abc", ""}) {
            assertEquals("io.contend.leakDetection.samplingInterval must be an integer in [0, 1073741824]: '" + bad
                    + "'", LeakDetector.samplingPropertyProblem(bad));
        }
    }

    @Test
    void aListenerThatThrowsNeitherFailsTrackNorLosesTheOtherReports() {
        List<LeakReport> reports = new CopyOnWriteArrayList<>();
        LeakDetector detector = new LeakDetector(1, report -> {
            reports.add(report);
            throw new IllegalStateException("listener failed on report " + reports.size());
        });
        for (int i = 0; i < 3; i++) {
            createLeak(detector);
        }
        // Each new object's track() drains the leaks found so far and calls the failing listener for each; the
        // construction still succeeds and the new object is tracked and released normally.
        for (int i = 0; i < 200 && reports.size() < 3; i++) {
            System.gc();
            Leaky next = new Leaky(detector);
            assertTrue(next.release());
        }
        assertEquals(3, reports.size(), "every leak reached the listener");
        assertEquals(0, detector.trackedCount());
        // reportLeaks() delivers every report, then throws the first failure with the later ones suppressed.
        for (int i = 0; i < 2; i++) {
            createLeak(detector);
        }
        for (int i = 0; i < 200 && reports.size() < 5; i++) {
            System.gc();
            int before = reports.size();
            try {
                assertEquals(0, detector.reportLeaks());
            } catch (IllegalStateException e) {
                assertEquals("listener failed on report " + (before + 1), e.getMessage());
                assertEquals(reports.size() - before - 1, e.getSuppressed().length);
            }
        }
        assertEquals(5, reports.size());
    }
}
