package io.contend.bench.writepath;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WritePathRunTest {

    @Test
    void everyBuildRunsFlushesAndReadsBackEveryWrite() {
        for (WritePathBuild build : WritePathBuild.values()) {
            WritePathRun.Measurement m = WritePathRun.run(build, 2000, Duration.ofMillis(200), Duration.ofMillis(600));
            System.out.printf("%s: p99 %.3f ms, %.0f ops/s, %.0f B/op, %.0f ctxsw/s, %d flushes%n", build.label(),
                    m.responseMs(99), m.result().opsPerSecond(), m.bytesPerOperation(), m.contextSwitchesPerSecond(),
                    m.flushes());
            assertTrue(m.result().completed() > 500, build + ": " + m.result());
            assertEquals(0, m.readBack().lostWrites(), build.label());
            assertEquals(0, m.readBack().readMismatches(), build.label());
            assertEquals(0, m.readBack().leaks(), build.label());
            assertTrue(m.readBack().keysChecked() > 100, build + ": " + m.readBack());
            assertTrue(m.bytesPerOperation() > 0, build + ": every write allocates its value and request");
            assertTrue(m.response().getTotalCount() == m.result().completed(), build.label());
        }
    }

    @Test
    void theBuildsDifferInExactlyTheirSwappedComponent() {
        String jdk = WritePathBuild.JDK.components().toString();
        assertTrue(jdk.contains("histogram=cassandra"), jdk);
        assertTrue(WritePathBuild.CONTEND.components().toString().contains("histogram=contend"));
        for (WritePathBuild swap : WritePathBuild.SWAPS) {
            String[] a = jdk.split(" ");
            String[] b = swap.components().toString().split(" ");
            int differ = 0;
            for (int i = 0; i < a.length; i++) {
                differ += a[i].equals(b[i]) ? 0 : 1;
            }
            assertEquals(1, differ, swap.label() + ": " + swap.components());
        }
        assertEquals(WritePathBuild.JDK_CONTEND_REFCOUNT, WritePathBuild.of("jdk+refcount"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> WritePathBuild.of("nope")).getMessage()
                .contains("'nope'"));
        assertThrows(IllegalArgumentException.class, () -> WritePathRun.run(WritePathBuild.JDK, 0, Duration.ZERO,
                Duration.ofMillis(10)));
    }
}
