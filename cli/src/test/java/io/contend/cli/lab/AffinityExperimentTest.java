package io.contend.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AffinityExperimentTest {

    /** One smoke round of the baseline and a contender, with every secondary result. */
    @Test
    void smokeRoundRecordsLatencyMigrationsAndSwitches() throws Exception {
        List<Comparison> plan = new AffinityExperiment().comparisons(new LabPlan(LabMode.SMOKE, List.of(), false, 2));
        assertEquals(1, plan.size());
        Comparison c = plan.get(0);
        assertEquals("jdk", c.baseline().params().get("strategy"));
        for (Trial t : List.of(c.baseline(), c.contenders().get(0))) {
            assertEquals(Set.of("strategy", "queueMode", "threadsPerStage"), t.params().keySet());
            Sample s = t.measure(0);
            assertTrue(s.secondary().keySet().containsAll(Set.of("migrationsPerSec", "contextSwitchesPerSec", "p50Ms")),
                    s::toString);
            assertTrue(s.secondary().get("opsPerSec").score() > 0);
            assertTrue(s.score() > 0, s::toString);
            if (t.benchmark().equals(AffinityExperiment.SWITCHES)) {
                assertEquals("switches/op", s.unit());
                assertEquals(s.secondary().get("contextSwitchesPerOp").score(), s.score(), s::toString);
                assertTrue(s.secondary().get("p99Ms").score() > 0, "p99 stays a column: " + s);
            } else {
                assertEquals("ms", s.unit());
            }
        }
    }

    /**
     * Quick mode judges context switches per request where the OS counts them per thread, full mode the p99 of
     * its 10 s runs; the A/A row is always the p99's, the floor that keeps a short p99 out of quick verdicts.
     */
    @Test
    void quickJudgesSwitchesAndFullJudgesP99() {
        boolean linux = new java.io.File("/proc/self/task").isDirectory();
        List<Comparison> quick = new AffinityExperiment().comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2));
        assertEquals(3, quick.get(0).contenders().size());
        for (Trial t : quick.get(0).sides()) {
            assertEquals(linux ? AffinityExperiment.SWITCHES : AffinityExperiment.PIPELINE, t.benchmark());
        }
        List<Comparison> full = new AffinityExperiment().comparisons(new LabPlan(LabMode.FULL, List.of(), true, 2));
        for (Comparison c : full) {
            for (Trial t : c.sides()) {
                assertEquals(AffinityExperiment.PIPELINE, t.benchmark());
            }
        }
        assertEquals(AffinityExperiment.PIPELINE, new AffinityExperiment()
                .calibration(new LabPlan(LabMode.QUICK, List.of(), false, 2)).baseline().benchmark());
    }
}
