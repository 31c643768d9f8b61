package io.contend.bench.refcount;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RetainReleaseLoopTest {

    @Test
    void uncontendedThreadsEachCountOnAnObjectOfTheirOwnAndLeaveItsCountAsFound() throws Exception {
        List<RefCountTarget> targets;
        try (RetainReleaseLoop loop = new RetainReleaseLoop(RetainReleaseBenchmark.EVEN_ODD,
                Map.of("contended", "false", "delay", "1", "threads", "2"))) {
            for (int block = 0; block < 3; block++) {
                assertTrue(loop.applyAsLong(20_000) > 0);
            }
            targets = loop.targets();
        }
        assertEquals(2, targets.size(), "one object per thread");
        assertNotSame(targets.get(0), targets.get(1));
        for (RefCountTarget t : targets) {
            assertTrue(t.releaseOnce(), "every retain was released: only the object's own reference is left");
        }
    }

    @Test
    void contendedThreadsShareOneObjectAndHelpersStopAtClose() throws Exception {
        RetainReleaseLoop loop = new RetainReleaseLoop(RetainReleaseBenchmark.CAS,
                Map.of("contended", "true", "delay", "0", "threads", "3"));
        List<RefCountTarget> targets;
        try {
            for (int block = 0; block < 3; block++) {
                assertTrue(loop.applyAsLong(30_000) > 0);
            }
            targets = loop.targets();
        } finally {
            loop.close();
        }
        assertEquals(1, targets.size(), "every thread on the one shared object");
        assertTrue(targets.get(0).releaseOnce(), "retains and releases balanced across the three threads");
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("contend-interleaved-refcount-CAS")), "close ends the helpers");
    }

    @Test
    void badParametersAreRefusedWithTheValue() {
        IllegalArgumentException contended = assertThrows(IllegalArgumentException.class,
                () -> new RetainReleaseLoop(RetainReleaseBenchmark.CAS,
                        Map.of("contended", "maybe", "delay", "1", "threads", "2")));
        assertTrue(contended.getMessage().contains("'maybe'"), contended.getMessage());
        IllegalArgumentException delay = assertThrows(IllegalArgumentException.class,
                () -> new RetainReleaseLoop(RetainReleaseBenchmark.CAS,
                        Map.of("contended", "true", "delay", "10001", "threads", "2")));
        assertTrue(delay.getMessage().contains("10001"), delay.getMessage());
        IllegalArgumentException threads = assertThrows(IllegalArgumentException.class,
                () -> new RetainReleaseLoop(RetainReleaseBenchmark.CAS,
                        Map.of("contended", "true", "delay", "1", "threads", "0")));
        assertTrue(threads.getMessage().contains("0"), threads.getMessage());
        IllegalArgumentException impl = assertThrows(IllegalArgumentException.class,
                () -> new RetainReleaseLoop("nope", Map.of("contended", "true", "delay", "1", "threads", "2")));
        assertTrue(impl.getMessage().contains("'nope'"), impl.getMessage());
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().startsWith("contend-interleaved-refcount-nope")), "no thread started");
    }
}
