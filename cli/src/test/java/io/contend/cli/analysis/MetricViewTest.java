package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.TableSpec;
import io.contend.cli.results.Verdict;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MetricViewTest {
    private static final TableSpec SPEC = new TableSpec(List.of("build"), "build", "jdk", Direction.LOWER, List.of(),
            List.of("notes"));
    private static final List<Double> SCORES = List.of(1.0, 1.0, 1.0, 1.0);
    private static final ComparisonResult STORED = new ComparisonResult(Map.of("build", "jdk"), 1, 0.5, 2.0, 0.95, 4,
            Verdict.INCONCLUSIVE, 0.05, Direction.LOWER, null);

    private static ResultRecord record(String build, List<Double> cpu, List<Double> rate, ComparisonResult c) {
        Map<String, ResultRecord.Secondary> secondary = new LinkedHashMap<>();
        secondary.put("pathCpuUsPerOp", new ResultRecord.Secondary(0, "us/op", cpu));
        secondary.put("opsPerSec", new ResultRecord.Secondary(0, "ops/s", rate));
        secondary.put("flushes", new ResultRecord.Secondary(0, "flushes", List.of(1.0, 1.0, 1.0, 1.0)));
        return new ResultRecord("writepath", "fixedRate", Map.of("build", build), 4, 1, null, "ms", secondary,
                "quick", true, 4, c, SCORES, "r1", List.of(4), List.of(), null, List.of(0, 1, 0, 1));
    }

    private static ResultsFile.Contents file(List<ResultRecord> records) {
        return new ResultsFile.Contents(6, new MachineInfo(2, "17", "OpenJDK", "Linux"), "quick", "now",
                Map.of("writepath", new ExperimentInfo("title", "quick", 4, 60, 50, SPEC)), records, Map.of());
    }

    private static final List<Double> JDK_CPU = List.of(30.0, 31.0, 29.0, 30.5);
    private static final List<Double> CONTEND_CPU = List.of(20.0, 21.0, 19.0, 20.5);

    @Test
    void aCostPerOperationIsJudgedFromItsRoundsLowerBetterAsByHand() {
        ResultsFile.Contents view = MetricView.of(file(List.of(
                record("jdk", JDK_CPU, List.of(1.0, 1.0, 1.0, 1.0), null),
                record("contend", CONTEND_CPU, List.of(1.0, 1.0, 1.0, 1.0), STORED))), "pathCpuUsPerOp");
        ResultRecord contender = view.records().get(1);
        assertEquals("us/op", contender.unit());
        assertEquals(CONTEND_CPU, contender.samples());
        assertEquals(20.125, contender.score(), 1e-9);
        double logSum = 0;
        for (int i = 0; i < 4; i++) {
            logSum += Math.log(JDK_CPU.get(i) / CONTEND_CPU.get(i)); // lower is better: theirs / mine
        }
        ComparisonResult c = contender.comparison();
        assertEquals(Math.exp(logSum / 4), c.ratio(), 1e-9);
        assertEquals(Direction.LOWER, c.direction());
        assertEquals(Verdict.FASTER, c.verdict());
        assertEquals(Direction.LOWER, view.experiments().get("writepath").table().directionOf("fixedRate"));

        Rejudge.Result again = Rejudge.of(List.of(view), 0.02);
        assertEquals(c.ratio(), again.records().get(1).comparison().ratio(), 1e-9);
        assertEquals(0.02, again.records().get(1).comparison().margin(), 1e-12);
    }

    @Test
    void aRateIsBetterHigherAndARoundEitherSideMissedIsLeftOutOfThePairs() {
        ResultsFile.Contents view = MetricView.of(file(List.of(
                record("jdk", JDK_CPU, List.of(100.0, 100.0, Double.NaN, 100.0), null),
                record("contend", CONTEND_CPU, List.of(50.0, 52.0, 51.0, Double.NaN), STORED))), "opsPerSec");
        ComparisonResult c = view.records().get(1).comparison();
        assertEquals(Direction.HIGHER, c.direction());
        assertEquals(2, c.rounds(), "rounds 3 and 4 each miss one side");
        assertEquals(Math.sqrt(0.5 * 0.52), c.ratio(), 1e-9);
        assertEquals(Verdict.SLOWER, c.verdict());
        assertEquals(Direction.HIGHER, view.experiments().get("writepath").table().directionOf("fixedRate"));
    }

    @Test
    void aContenderWhoseBaselineDidNotKeepTheMetricIsLeftOut() {
        ResultsFile.Contents view = MetricView.of(file(List.of(
                record("jdk", List.of(), List.of(1.0, 1.0, 1.0, 1.0), null),
                record("contend", CONTEND_CPU, List.of(1.0, 1.0, 1.0, 1.0), STORED))), "pathCpuUsPerOp");
        assertEquals(List.of(), view.records());
    }

    @Test
    void aMetricNotKeptPerRoundOrOfAnUnknownDirectionIsRefusedNamingWhatIs() {
        ResultsFile.Contents f = file(List.of(record("jdk", JDK_CPU, List.of(1.0, 1.0, 1.0, 1.0), null)));
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> MetricView.of(f, "gcMs"));
        assertTrue(missing.getMessage().contains("'gcMs'")
                && missing.getMessage().contains("flushes, opsPerSec, pathCpuUsPerOp"), missing.getMessage());
        IllegalArgumentException unit = assertThrows(IllegalArgumentException.class,
                () -> MetricView.of(f, "flushes"));
        assertTrue(unit.getMessage().contains("'flushes'"), unit.getMessage());
        assertEquals(Direction.LOWER, MetricView.direction("ms"));
        assertEquals(Direction.LOWER, MetricView.direction("B/op"));
        assertEquals(Direction.HIGHER, MetricView.direction("ops/us"));
    }
}
