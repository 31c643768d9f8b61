package io.contend.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AffinityExperimentTest {
    @TempDir
    Path dir;

    /** The smoke run: the baseline and both queue modes for two strategies, with every secondary result. */
    @Test
    void smokeRunRecordsLatencyMigrationsAndSwitchesPerConfiguration() throws Exception {
        AffinityExperiment experiment = new AffinityExperiment();
        assertTrue(experiment.plan(List.of(1), LabMode.SMOKE).isEmpty(), "no JMH runs: the load generator measures");
        List<ResultRecord> records = experiment.runDirect(LabMode.SMOKE, dir);
        assertEquals(1 + 2 * 2, records.size());
        assertEquals("jdk", records.get(0).param("strategy"));
        for (ResultRecord r : records) {
            assertEquals(Set.of("strategy", "queueMode", "threadsPerStage"), r.params().keySet());
            assertTrue(r.secondary().keySet().containsAll(Set.of("migrationsPerSec", "contextSwitchesPerSec", "p99Ms")), r::toString);
            assertTrue(r.score() > 0, r::toString);
            assertEquals(r.score(), r.secondary().get("p99Ms").score());
            assertTrue(r.secondary().get("opsPerSec").score() > 0);
        }
        String table = new TableRenderer(2).render(experiment, records);
        assertTrue(table.contains("vs jdk"), table);
    }
}
