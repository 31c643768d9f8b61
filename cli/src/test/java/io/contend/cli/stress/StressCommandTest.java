package io.contend.cli.stress;

import io.contend.cli.InProcess;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StressCommandTest {
    private final InProcess contend = new InProcess();

    private int run(String... args) {
        return contend.run(args);
    }

    @Test
    void runsAWorkloadPrintsIntervalsAndASummaryAndWritesTheLog(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("run.hlog");
        String[] args = {"stress", "sleep", "--rate", "fixed=500/s", "--duration", "2s", "--interval", "500ms", "--log",
            log.toString(), "--service-time", "50us"};
        int exit = run(args);
        assertEquals(0, exit, contend.err());
        String text = contend.out();
        assertTrue(text.contains("rt p99 ms"), text);
        assertTrue(text.lines().filter(l -> l.matches("\\s+\\d+\\.\\d+\\s+.*")).count() >= 4, "interval lines:\n" + text);
        assertTrue(text.contains("Results, latency = response time"), text);
        assertTrue(text.contains("Operations                : scheduled 1,000, completed 1,000, errors 0, missed 0"), text);
        assertTrue(Files.readString(log).contains("Tag=sleep-rt,"), "the log has tagged intervals");
    }

    @Test
    void badOptionsAreUsageErrorsNamingTheValue() {
        assertEquals(2, run("stress", "sleep", "--rate", "fast"));
        assertTrue(contend.err().contains("rate must be throughput, throttle=R/s or fixed=R/s: 'fast'"), contend.err());
        assertEquals(2, run("stress", "sleep", "--stal", "5ms"));
        assertTrue(contend.err().contains("unknown option(s) for workload sleep: --stal"), contend.err());
        assertEquals(2, run("stress", "nope"));
        assertTrue(contend.err().contains("unknown workload 'nope'"), contend.err());
    }
}
