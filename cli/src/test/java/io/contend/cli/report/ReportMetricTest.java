package io.contend.cli.report;

import io.contend.cli.InProcess;
import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.StoppingRule;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;
import io.contend.cli.results.TableSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code contend report --metric}: a stored run judged on a secondary result's rounds. */
class ReportMetricTest {
    private static final MachineInfo MACHINE = new MachineInfo(2, "17", "OpenJDK", "Linux");
    private static final RunInfo RUN = new RunInfo("r1", "0.1.0", "abc", "vendor", "17", List.of(), "cpu", MACHINE,
            Map.of(), "quick", "2026-11-27T00:00:00Z", "2026-11-27T00:01:00Z");
    private final InProcess contend = new InProcess();

    private static ResultRecord record(String build, List<Double> p99, List<Double> cpu, ComparisonResult c) {
        return new ResultRecord("writepath", "fixedRate", Map.of("build", build), 4, 1, null, "ms",
                Map.of("pathCpuUsPerOp", new ResultRecord.Secondary(0, "us/op", cpu)), "quick", true, 3, c, p99, "r1",
                List.of(3), List.of(), null, List.of(0, 1, 0));
    }

    private static void write(Path dir) throws Exception {
        List<Double> jdkP99 = List.of(1.0, 9.0, 2.0);
        List<Double> contendP99 = List.of(4.0, 1.5, 2.2);
        ComparisonResult byP99 = StoppingRule.FIXED_PLAN.judge(Map.of("build", "jdk"), contendP99, jdkP99,
                Direction.LOWER, Judge.MARGIN);
        ResultsFile file = ResultsFile.open(dir, Set.of("writepath"), RUN);
        file.append("writepath", new ExperimentInfo("the write path", "quick", 3, 60, 50,
                new TableSpec(List.of("build"), "build", "jdk", Direction.LOWER, List.of(), List.of("notes"))),
                List.of(record("jdk", jdkP99, List.of(30.0, 31.0, 29.0), null),
                        record("contend", contendP99, List.of(20.0, 20.5, 19.5), byP99)));
    }

    @Test
    void judgesTheMetricsRoundsAndSaysSo(@TempDir Path dir) throws Exception {
        write(dir);
        Path out = dir.resolve("by-cpu");
        assertEquals(0, contend.run("report", dir.toString(), "--metric", "pathCpuUsPerOp", "--out-dir",
                out.toString()), contend.err());
        assertTrue(contend.out().contains("Judged on the secondary result pathCpuUsPerOp"), contend.out());
        String html = Files.readString(out.resolve("index.html"));
        assertTrue(html.contains("pathCpuUsPerOp"), "the report says what it judged");
        assertTrue(html.contains("faster"), "30 vs 20 us/op, every round: faster");
        assertTrue(html.contains("us/op"));
    }

    @Test
    void aMetricTheFileDoesNotKeepIsAUsageErrorNamingTheOnesItDoes(@TempDir Path dir) throws Exception {
        write(dir);
        assertEquals(2, contend.run("report", dir.toString(), "--metric", "p50Ms"));
        String err = contend.err().strip();
        assertTrue(err.contains("'p50Ms'") && err.contains("these do: pathCpuUsPerOp"), err);
        assertFalse(Files.exists(dir.resolve("index.html")), "nothing rendered");
        assertEquals(2, contend.run("report", dir.toString(), "--metric", " "));
        assertTrue(contend.err().contains("--metric needs"), contend.err());
    }
}
