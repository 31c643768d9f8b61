package io.contend.telemetry;

import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContentionCounterTest {

    @Test
    void sumsEveryThreadIncludingEndedOnesExactlyOnce() throws Exception {
        ContentionCounter counter = new ContentionCounter("pool");
        for (int round = 1; round <= 3; round++) {
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                Thread thread = new Thread(() -> {
                    for (int i = 0; i < 1_000; i++) {
                        counter.record(3, 2, 10);
                    }
                });
                thread.start();
                threads.add(thread);
            }
            for (Thread thread : threads) {
                thread.join();
            }
            ContentionSnapshot s = counter.snapshot();
            assertEquals(round * 8_000L, s.operations(), "round " + round);
            assertEquals(round * 24_000L, s.attempts());
            assertEquals(round * 16_000L, s.failures());
            assertEquals(round * 80_000L, s.backoffNanos());
            // A second snapshot after folding the ended threads gives the same totals.
            assertEquals(s, counter.snapshot());
        }
    }

    @Test
    void threadChurnWithoutSnapshotsKeepsTheCellsBoundedAndLosesNothing() throws Exception {
        ContentionCounter counter = new ContentionCounter("churn");
        int maxCells = 0;
        for (int t = 0; t < 2_000; t++) {
            Thread thread = new Thread(() -> counter.record(2, 1, 3));
            thread.start();
            thread.join();
            maxCells = Math.max(maxCells, counter.registeredCells());
        }
        assertTrue(maxCells <= 32, "cells kept for 2,000 ended threads, one at a time: " + maxCells);
        assertEquals(new ContentionSnapshot("churn", 2_000, 4_000, 2_000, 6_000), counter.snapshot());
    }

    @Test
    void recordRejectsCountsThatCannotBeAndRecordsNothing() {
        ContentionCounter counter = new ContentionCounter("checked");
        for (long[] bad : new long[][] {{-5, -3, -7}, {1, 5, 0}, {0, Long.MAX_VALUE, 0}, {3, -1, 0}, {3, 1, -1}}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> counter.record(bad[0], bad[1], bad[2]));
            assertTrue(e.getMessage().contains("attempts=" + bad[0] + ", failures=" + bad[1]), e.getMessage());
        }
        counter.record(0, 0, 0);
        counter.record(4, 4, 9);
        assertEquals(new ContentionSnapshot("checked", 2, 4, 4, 9), counter.snapshot());
    }

    @Test
    void currentThreadSnapshotSeesOnlyThisThread() throws Exception {
        ContentionCounter counter = new ContentionCounter("mine");
        counter.record(1, 0, 0);
        Thread other = new Thread(() -> counter.record(5, 4, 100));
        other.start();
        other.join();
        assertEquals(new ContentionSnapshot("mine", 1, 1, 0, 0), counter.snapshotOfCurrentThread());
        assertEquals(new ContentionSnapshot("mine", 2, 6, 4, 100), counter.snapshot());
    }

    @Test
    void snapshotArithmetic() {
        ContentionSnapshot later = new ContentionSnapshot("c", 10, 25, 15, 300);
        ContentionSnapshot earlier = new ContentionSnapshot("c", 4, 10, 6, 100);
        ContentionSnapshot delta = later.minus(earlier);
        assertEquals(new ContentionSnapshot("c", 6, 15, 9, 200), delta);
        assertEquals(1.5, delta.failuresPerOperation(), 1e-12);
        assertEquals(2.5, delta.attemptsPerOperation(), 1e-12);
        assertEquals(200.0 / 6, delta.backoffNanosPerOperation(), 1e-12);
        ContentionSnapshot empty = new ContentionSnapshot("c", 0, 0, 0, 0);
        assertEquals(0, empty.failuresPerOperation());
        assertEquals("c[operations=6, attempts=15, failures=9 (1.500/op), backoff=200 ns (33.3 ns/op)]",
                delta.toString());
        assertThrows(NullPointerException.class, () -> later.minus(null));
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> later.minus(new ContentionSnapshot("d", 0, 0, 0, 0)));
        assertEquals("a snapshot of d taken from one of c", other.getMessage());
        assertThrows(NullPointerException.class, () -> new ContentionSnapshot(null, 0, 0, 0, 0));
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(NullPointerException.class, () -> new ContentionCounter(null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ContentionCounter("x", 0));
        assertEquals("burstThreshold must be at least 1: 0", e.getMessage());
    }

    @Test
    void toStringShowsTheTotals() {
        ContentionCounter counter = new ContentionCounter("named");
        counter.record(2, 1, 5);
        assertEquals("ContentionCounter[operations=1, attempts=2, failures=1 (1.000/op), backoff=5 ns (5.0 ns/op)]",
                counter.toString());
    }

    @Test
    void burstsBecomeJfrEventsWhenARecordingIsOn(@TempDir Path dir) throws Exception {
        assertTrue(BurstEvents.JFR_PRESENT, "a full JDK has jdk.jfr in its boot layer");
        ContentionCounter counter = new ContentionCounter("bursty", 4);
        counter.record(4, 3, 0); // below the threshold: no event
        Path file = dir.resolve("bursts.jfr");
        try (Recording recording = new Recording()) {
            recording.enable(ContentionBurstEvent.NAME);
            recording.start();
            counter.record(4, 3, 0);
            counter.record(6, 5, 777);
            recording.stop();
            recording.dump(file);
        }
        counter.record(9, 8, 0); // after the recording: no event
        List<RecordedEvent> events = new ArrayList<>();
        for (RecordedEvent event : RecordingFile.readAllEvents(file)) {
            if (event.getEventType().getName().equals(ContentionBurstEvent.NAME)) {
                events.add(event);
            }
        }
        assertEquals(1, events.size(), events.toString());
        RecordedEvent burst = events.get(0);
        assertEquals("bursty", burst.getString("counter"));
        assertEquals(5, burst.getLong("failures"));
        assertEquals(777, burst.getDuration("backoffNanos").toNanos());
        assertTrue(burst.getStackTrace() != null, "bursts carry the stack that contended");
    }
}
