package io.contend.cli.lab;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BackoffExperimentTest {
    private final BackoffExperiment experiment = new BackoffExperiment();

    @Test
    void plansEveryStrategyAtEveryThreadCount() {
        List<JmhRun> plan = experiment.plan(List.of(1, 2, 4), LabMode.QUICK);
        assertEquals(18, plan.size());
        assertEquals(new JmhRun(BackoffExperiment.BENCHMARK, Map.of("strategy", "cas"), 1), plan.get(0));
        assertEquals(new JmhRun(BackoffExperiment.BENCHMARK, Map.of("strategy", "longAdder"), 4), plan.get(17));
        assertEquals("increment strategy=cas threads=1", plan.get(0).toString());
    }

    @Test
    void perOperationFiguresAreRatiosOfTotalsFromTheSameRun() {
        Map<String, ResultRecord.Secondary> derived = experiment.secondary(Map.of(
                "operations", new ResultRecord.Secondary(1_000, "#"),
                "casFailures", new ResultRecord.Secondary(250, "#"),
                "backoffNanos", new ResultRecord.Secondary(5_000, "#")));
        assertEquals(new ResultRecord.Secondary(0.25, "failures/op"), derived.get("casFailuresPerOp"));
        assertEquals(new ResultRecord.Secondary(5.0, "ns/op"), derived.get("backoffNanosPerOp"));
    }

    @Test
    void noTelemetryMeansNotAvailableRatherThanZero() {
        assertTrue(experiment.secondary(Map.of("operations", new ResultRecord.Secondary(0, "#"))).isEmpty());
        assertTrue(experiment.secondary(Map.of()).isEmpty());
    }

    @Test
    void aMissingCounterIsAnErrorNotAZero() {
        assertThrows(IllegalStateException.class,
                () -> experiment.secondary(Map.of("operations", new ResultRecord.Secondary(10, "#"))));
    }

    @Test
    void isRegisteredForServiceLoading() {
        assertEquals("backoff", new ExperimentRegistry().get("backoff").name());
    }
}
