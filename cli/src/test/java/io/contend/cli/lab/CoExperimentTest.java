package io.contend.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CoExperimentTest {
    private final CoExperiment experiment = new CoExperiment();

    @TempDir
    Path dir;

    @Test
    void plansTheOverheadBenchmarkAtOneAndTwoThreads() {
        List<JmhRun> plan = experiment.plan(List.of(1, 2, 4), LabMode.QUICK);
        assertEquals(List.of(1, 2), plan.stream().map(JmhRun::threads).toList());
        assertEquals(Map.of("mode", "overhead"), plan.get(0).recordParams());
    }

    /** The smoke run of the seed's demonstration: fixed-rate response p99 far above service p99; the plot is written. */
    @Test
    void fixedRateResponseTimeShowsTheStallsThatServiceTimeHides() throws Exception {
        List<ResultRecord> records = experiment.runDirect(LabMode.SMOKE, dir);
        assertEquals(2 * 3 * 3, records.size());
        double fixedResponseP99 = score(records, "fixed", "response", "99");
        double fixedServiceP99 = score(records, "fixed", "service", "99");
        assertTrue(fixedResponseP99 > 5 * fixedServiceP99, fixedResponseP99 + " ms vs " + fixedServiceP99 + " ms");
        assertEquals(score(records, "throughput", "response", "99"), score(records, "throughput", "service", "99"),
                "all out, response time is service time");
        assertTrue(records.stream().allMatch(r -> r.unit().equals("ms") && r.params().keySet().equals(
                java.util.Set.of("mode", "metric", "percentile"))));
        String svg = Files.readString(dir.resolve("co-percentiles.svg"));
        assertTrue(svg.contains("<svg") && svg.contains("response time") && svg.contains("service time"));
    }

    private static double score(List<ResultRecord> records, String mode, String metric, String percentile) {
        return records.stream().filter(r -> r.params().equals(Map.of("mode", mode, "metric", metric, "percentile", percentile)))
                .findFirst().orElseThrow().score();
    }
}
