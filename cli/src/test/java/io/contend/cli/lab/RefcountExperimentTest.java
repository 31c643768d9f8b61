package io.contend.cli.lab;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RefcountExperimentTest {
    private final RefcountExperiment experiment = new RefcountExperiment();

    @Test
    void plansEveryImplAndDelayContendedAndNotAtTwoThreads() {
        List<JmhRun> plan = experiment.plan(List.of(1, 2, 4), LabMode.QUICK);
        assertEquals(4 * 5 * 2, plan.size());
        JmhRun first = plan.get(0);
        assertEquals("io.contend.bench.refcount.RetainReleaseBenchmark.retainRelease_contended", first.benchmark());
        assertEquals(Map.of("impl", "CAS", "delay", "1"), first.params());
        assertEquals(Map.of("contended", "true"), first.labels());
        assertEquals(Map.of("impl", "CAS", "delay", "1", "contended", "true"), first.recordParams());
        assertTrue(plan.stream().allMatch(r -> r.threads() == 2));
        assertEquals("false", plan.get(plan.size() - 1).labels().get("contended"));
        assertEquals(4 * 2 * 2, experiment.plan(List.of(1), LabMode.SMOKE).size());
    }

    @Test
    void quickModeShortensIterationsToFitFortyConfigurations() {
        assertEquals(new JmhSettings(1, 1, 500, 3, 500), experiment.settings(LabMode.QUICK));
        assertEquals(LabMode.FULL.settings(), experiment.settings(LabMode.FULL));
        assertEquals(LabMode.SMOKE.settings(), experiment.settings(LabMode.SMOKE));
    }

    @Test
    void ratiosOfTimesAreSpeedupsOverCas() {
        ResultRecord cas = new ResultRecord("refcount", "retainRelease_contended",
                Map.of("impl", "CAS", "delay", "1", "contended", "true"), 2, 100, 1.0, "ns/op", Map.of(), "quick", false);
        ResultRecord evenOdd = new ResultRecord("refcount", "retainRelease_contended",
                Map.of("impl", "EVEN_ODD", "delay", "1", "contended", "true"), 2, 50, 1.0, "ns/op", Map.of(), "quick",
                false);
        ResultRecord otherDelay = new ResultRecord("refcount", "retainRelease_contended",
                Map.of("impl", "EVEN_ODD", "delay", "10", "contended", "true"), 2, 50, 1.0, "ns/op", Map.of(), "quick",
                false);
        String table = new TableRenderer(2).render(experiment, List.of(cas, evenOdd, otherDelay));
        List<String> lines = table.lines().toList();
        assertTrue(lines.get(3).endsWith("2.00x"), "half the time is twice as fast:\n" + table);
        assertTrue(lines.get(4).endsWith("n/a"), "no CAS baseline at delay 10:\n" + table);
    }

    @Test
    void isRegistered() {
        assertEquals(List.of("backoff", "refcount", "allocator", "queues", "histogram", "co", "affinity"), new ExperimentRegistry().all().stream().map(Experiment::name).toList());
    }
}
