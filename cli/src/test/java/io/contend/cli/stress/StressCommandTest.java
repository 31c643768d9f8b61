package io.contend.cli.stress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class StressCommandTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine commandLine = Main.commandLine();
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    @Test
    void runsAWorkloadPrintsIntervalsAndASummaryAndWritesTheLog(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("run.hlog");
        String[] args = {"stress", "sleep", "--rate", "fixed=500/s", "--duration", "2s", "--interval", "500ms", "--log",
            log.toString(), "--service-time", "50us"};
        int exit = run(args);
        assertEquals(0, exit, err.toString());
        String text = out.toString();
        assertTrue(text.contains("rt p99 ms"), text);
        assertTrue(text.lines().filter(l -> l.matches("\\s+\\d+\\.\\d+\\s+.*")).count() >= 4, "interval lines:\n" + text);
        assertTrue(text.contains("Results, latency = response time"), text);
        assertTrue(text.contains("Operations                : scheduled 1,000, completed 1,000, errors 0, missed 0"), text);
        assertTrue(Files.readString(log).contains("Tag=sleep-rt,"), "the log has tagged intervals");
    }

    @Test
    void badOptionsAreUsageErrorsNamingTheValue() {
        assertEquals(2, run("stress", "sleep", "--rate", "fast"));
        assertTrue(err.toString().contains("rate must be throughput, throttle=R/s or fixed=R/s: 'fast'"), err.toString());
        assertEquals(2, run("stress", "sleep", "--stal", "5ms"));
        assertTrue(err.toString().contains("unknown option(s) for workload sleep: --stal"), err.toString());
        assertEquals(2, run("stress", "nope"));
        assertTrue(err.toString().contains("unknown workload 'nope'"), err.toString());
    }
}
