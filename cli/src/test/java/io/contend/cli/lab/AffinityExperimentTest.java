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
            assertTrue(s.score() > 0, s::toString);
            assertEquals("ms", s.unit());
            assertTrue(s.secondary().get("opsPerSec").score() > 0);
        }
    }
}
