package io.contend.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistogramExperimentTest {
    private final HistogramExperiment experiment = new HistogramExperiment();

    @Test
    void plansEveryPayloadAndSpoolForTheBuildersAndTdigestOncePerPayload() {
        List<JmhRun> plan = experiment.plan(List.of(1, 2, 4), LabMode.QUICK);
        assertEquals(4 * 4 * 2 + 4, plan.size());
        assertTrue(plan.stream().allMatch(r -> r.threads() == 1), "single-threaded whatever --threads says");
        assertEquals(Map.of("impl", "contend", "payload", "secondInMonth", "spool", "0"), plan.get(0).params());
        assertTrue(plan.stream().filter(r -> r.params().get("impl").equals("tdigest"))
                .allMatch(r -> r.params().get("spool").equals("0")));
        assertEquals(3, experiment.plan(List.of(1), LabMode.SMOKE).size());
        assertTrue(experiment.profileAllocation());
    }

    @Test
    void allocationComesFromTheGcProfilerAndTheErrorFromTheRunsConfiguration() {
        JmhRun run = experiment.plan(List.of(1), LabMode.SMOKE).get(0);
        Map<String, ResultRecord.Secondary> derived = experiment.secondary(run,
                Map.of("gc.alloc.rate.norm", new ResultRecord.Secondary(0.004, "B/op"),
                        "gc.count", new ResultRecord.Secondary(3, "counts")));
        assertEquals(0.004, derived.get("allocBytesPerOp").score());
        assertEquals("B/op", derived.get("allocBytesPerOp").unit());
        double error = derived.get("sumErrorAtMedian").score();
        assertTrue(error >= 0 && error < 0.01, "contend's error at the median of secondInDay: " + error);
        assertEquals(2, derived.size());
    }
}
