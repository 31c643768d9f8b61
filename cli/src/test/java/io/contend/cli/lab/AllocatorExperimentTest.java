package io.contend.cli.lab;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AllocatorExperimentTest {
    private final AllocatorExperiment experiment = new AllocatorExperiment();

    @Test
    void plansEveryStrategyAtEveryThreadCountPlusTheRowPair() {
        List<JmhRun> plan = experiment.plan(List.of(1, 2, 4), LabMode.QUICK);
        assertEquals(2 * 3 * 4 + 3 * 2, plan.size());
        assertEquals(Map.of("strategy", "CAS_LOOP", "size", "8"), plan.get(0).params());
        assertEquals(Map.of("strategy", "TLAB", "size", "16"), plan.get(2 * 3 * 4 - 1).params());
        assertEquals("io.contend.bench.alloc.RegionFillBenchmark.allocate", plan.get(0).benchmark());
        assertEquals(Map.of("strategy", "XADD", "size", "16", "row", "batch"), plan.get(plan.size() - 1).params());
        assertEquals(6, plan.stream().filter(r -> r.benchmark().endsWith(".row")).count());
    }

    @Test
    void perAllocationFiguresAreRatiosOfTotalsFromTheSameRun() {
        Map<String, ResultRecord.Secondary> derived = experiment.secondary(Map.of(
                "operations", new ResultRecord.Secondary(1_000, "#"),
                "atomics", new ResultRecord.Secondary(4, "#"),
                "casFailures", new ResultRecord.Secondary(0, "#"),
                "wasteBytes", new ResultRecord.Secondary(50, "#"),
                "reservedBytes", new ResultRecord.Secondary(10_000, "#")));
        assertEquals(0.004, derived.get("atomicsPerOp").score(), 1e-12);
        assertEquals(0.0, derived.get("casFailuresPerOp").score());
        assertEquals(0.5, derived.get("wastePercent").score(), 1e-12);
        assertEquals("%", derived.get("wastePercent").unit());
    }

    @Test
    void strategiesCompareWithCasLoopAndTheBatchWithSingles() {
        List<ResultRecord> records = List.of(
                allocate("CAS_LOOP", 40), allocate("XADD", 60),
                row("singles", 5), row("batch", 10));
        List<String> lines = new TableRenderer(2).render(experiment, records).lines().toList();
        assertTrue(lines.get(1).contains("vs CAS_LOOP/singles"), lines.get(1));
        assertTrue(lines.get(3).contains("1.50x"), lines.get(3));
        assertTrue(lines.get(4).contains("1.00x"), lines.get(4));
        assertTrue(lines.get(5).contains("2.00x"), lines.get(5));
    }

    private static ResultRecord allocate(String strategy, double score) {
        return new ResultRecord("allocator", AllocatorExperiment.BENCHMARK + "allocate",
                Map.of("strategy", strategy, "size", "16"), 2, score, 1.0, "ops/us", Map.of(), "quick", false);
    }

    private static ResultRecord row(String row, double score) {
        return new ResultRecord("allocator", AllocatorExperiment.BENCHMARK + "row",
                Map.of("strategy", "XADD", "size", "16", "row", row), 2, score, 1.0, "ops/us", Map.of(), "quick", false);
    }

    @Test
    void aMissingCounterIsAnErrorNotAZero() {
        assertThrows(IllegalStateException.class,
                () -> experiment.secondary(Map.of("operations", new ResultRecord.Secondary(10, "#"))));
        assertFalse(experiment.table().notes().isEmpty());
    }
}
