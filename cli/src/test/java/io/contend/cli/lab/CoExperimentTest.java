package io.contend.cli.lab;

import io.contend.cli.results.Direction;
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
    void comparesFixedRateResponseWithServiceTimeAndTwoGeneratorThreadsWithOne() {
        List<Comparison> plan = experiment.comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2));
        Comparison p99 = plan.get(1);
        assertEquals(Map.of("mode", "fixed", "metric", "service", "percentile", "99"), p99.baseline().params());
        assertEquals(Map.of("metric", "service"), p99.baselineDifference(p99.contenders().get(0)));
        assertEquals(Direction.LOWER, p99.direction());
        Comparison overhead = plan.get(plan.size() - 1);
        assertEquals(Map.of(CoExperiment.GENERATOR_THREADS, "1"), overhead.baselineDifference(overhead.contenders().get(0)));
    }

    /** One smoke round of the demonstration: fixed-rate response p99 far above service p99; the plot is written. */
    @Test
    void fixedRateResponseTimeShowsTheStallsThatServiceTimeHides() throws Exception {
        List<Comparison> plan = experiment.comparisons(new LabPlan(LabMode.SMOKE, List.of(), false, 2));
        double service = plan.get(1).baseline().measure(0).score();
        double response = plan.get(1).contenders().get(0).measure(0).score();
        assertTrue(response > 5 * service, response + " ms vs " + service + " ms");
        Sample throughput = plan.get(3).baseline().measure(0);
        assertEquals("ms", throughput.unit());
        assertTrue(throughput.secondary().get("opsPerSec").score() > 0);
        assertEquals("co-percentiles", experiment.charts().get(0).name(), "the percentiles go into results.json");
        experiment.writeFiles(dir);
        String svg = Files.readString(dir.resolve("co-percentiles.svg"));
        assertTrue(svg.contains("<svg") && svg.contains("response time") && svg.contains("service time"));
    }
}
