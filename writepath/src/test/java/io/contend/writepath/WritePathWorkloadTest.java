package io.contend.writepath;

import io.contend.load.Operation;
import io.contend.load.Rate;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.StressRun;
import io.contend.load.WorkloadOptions;
import io.contend.load.Workloads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The workload under the real load generator: no errors, no faults, and a clean read-back at close. */
class WritePathWorkloadTest {

    private static WorkloadOptions options(String... pairs) {
        Map<String, String> map = new HashMap<>(Map.of("keys", "2000", "pool-size", "4MiB", "threshold", "1MiB"));
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return new WorkloadOptions(map);
    }

    @ParameterizedTest
    @ValueSource(strings = {"build=contend", "build=jdk", "build=contend,pipeline=direct",
            "build=jdk,pipeline=staged,queue-mode=perThread,stage-threads=2", "build=contend,allocator=tlab,reads=30",
            "build=contend,refcount=atomic-cas,reads=0", "build=jdk,reads=100,keys=500"})
    void aStressRunLosesNothing(String settings) {
        WorkloadOptions options = options(settings.replace('=', ',').split(","));
        WritePathWorkload workload = (WritePathWorkload) Workloads.create(WritePathWorkload.class.getName(), options);
        StressResult result = new StressRun(workload, new StressConfig(Rate.throughput(), 2, null, 20_000,
                Duration.ofSeconds(1), Duration.ZERO, null), null).run();
        assertEquals(List.of(), result.faults(), () -> "faults of " + workload);
        assertEquals(0, result.errors(), () -> "errors of " + workload + ": " + result);
        assertEquals(20_000, result.completed());
        ReadBack.Report report = workload.report();
        assertTrue(report != null && report.ok(), () -> String.valueOf(report));
        assertEquals(0, report.leaks());
        assertEquals(0, report.poolBytesAfterClose());
        assertEquals(0, workload.path().pool().usedBytes());
    }

    @Test
    void theMixDecidesTheOperations() {
        assertEquals(List.of("write", "read"), names(options()));
        assertEquals(List.of("write"), names(options("reads", "0")));
        assertEquals(List.of("request"), names(options("reads", "10")));
    }

    private static List<String> names(WorkloadOptions options) {
        WritePathWorkload w = new WritePathWorkload(options);
        try {
            return w.operations().stream().map(Operation::name).toList();
        } finally {
            w.close();
        }
    }

    @Test
    void badOptionsAreRefusedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new WritePathWorkload(options("build", "cassandra")));
        assertTrue(e.getMessage().contains("--build must be contend or jdk: 'cassandra'"), e::getMessage);
        e = assertThrows(IllegalArgumentException.class, () -> new WritePathWorkload(options("reads", "101")));
        assertTrue(e.getMessage().contains("--reads must be a whole number in [0, 100]: '101'"), e::getMessage);
        e = assertThrows(IllegalArgumentException.class,
                () -> new WritePathWorkload(options("threshold", "8MiB")));
        assertTrue(e.getMessage().contains("--threshold (8MiB) must not exceed --pool-size (4MiB)"), e::getMessage);
        e = assertThrows(IllegalArgumentException.class,
                () -> new WritePathWorkload(options("threshold", "8192KiB")));
        assertTrue(e.getMessage().contains("--threshold (8MiB) must not exceed --pool-size (4MiB)"), e::getMessage);
        e = assertThrows(IllegalArgumentException.class,
                () -> new WritePathWorkload(options("threshold", "32KiB")));
        assertEquals("workload option --threshold must be in [64KiB, 64GiB]: '32KiB'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new WritePathWorkload(options("pool-size", "64M")));
        assertTrue(e.getMessage().contains("'64M' has no binary unit"), e::getMessage);
        e = assertThrows(IllegalArgumentException.class, () -> new WritePathWorkload(options("pool-mib", "64")));
        assertEquals("workload option --pool-mib is now --pool-size 64MiB", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new WritePathWorkload(options("threshold-kib", "64")));
        assertEquals("workload option --threshold-kib is now --threshold 64KiB", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new WritePathWorkload(options("threshold-mib", "1")));
        assertEquals("workload option --threshold-mib is now --threshold 1MiB", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new WritePathWorkload(options("queue-mode", "x")));
        assertEquals("workload option --queue-mode: queue mode must be shared or perThread: 'x'", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> new WritePathWorkload(options("affinity", "x")));
        assertTrue(e.getMessage().startsWith("workload option --affinity: unknown affinity strategy 'x'"),
                e::getMessage);
    }

    @Test
    void aThresholdInKibSwitchesSmallMemtables() {
        Map<String, String> map = new HashMap<>(Map.of("keys", "2000", "pool-size", "4MiB", "threshold", "64KiB",
                "reads", "0", "value-size", "1000", "pipeline", "direct"));
        WritePathWorkload w = new WritePathWorkload(new WorkloadOptions(map));
        try {
            for (int i = 0; i < 1000; i++) {
                w.operations().get(0).run();
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        } finally {
            w.close();
        }
        assertTrue(w.path().stats().switches() >= 10, () -> "1 MB of writes through 64 KiB memtables: "
                + w.path().stats());
        assertTrue(w.report().ok(), w.report()::toString);
    }
}
