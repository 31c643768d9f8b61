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

    /** Each stress run is one trial with no paired side; the one comparison is the generator's overhead. */
    @Test
    void stressRunsAreMeasurementsAndTheOverheadIsTheComparison() {
        List<Comparison> plan = experiment.comparisons(new LabPlan(LabMode.QUICK, List.of(), false, 2));
        assertEquals(3, plan.size());
        assertEquals(Map.of("mode", "fixed"), plan.get(0).baseline().params());
        assertEquals(Map.of("mode", "throughput"), plan.get(1).baseline().params());
        assertTrue(plan.get(0).contenders().isEmpty() && plan.get(1).contenders().isEmpty(),
                "service and response time are two readings of one run, not two sides");
        Comparison overhead = plan.get(2);
        assertEquals(Map.of(CoExperiment.GENERATOR_THREADS, "1"), overhead.baselineDifference(overhead.contenders().get(0)));
        assertEquals(0.2, overhead.margin(), "judged at its goal's tolerance, 2 threads at most 1.2x");
        assertEquals(CoExperiment.SCALING_GOAL - 1, CoExperiment.SCALING_TOLERANCE, 1e-12);
        assertEquals(io.contend.cli.analysis.Judge.MARGIN, plan.get(0).margin());
    }

    /** One smoke round of the demonstration: fixed-rate response p99 far above service p99; the plot is written. */
    @Test
    void fixedRateResponseTimeShowsTheStallsThatServiceTimeHides() throws Exception {
        List<Comparison> plan = experiment.comparisons(new LabPlan(LabMode.SMOKE, List.of(), false, 2));
        Sample fixed = plan.get(0).baseline().measure(0);
        double service = fixed.secondary().get("serviceP99Ms").score();
        double response = fixed.secondary().get("responseP99Ms").score();
        assertEquals(response, fixed.score(), "the score is the response-time p99");
        assertTrue(response > 5 * service, response + " ms vs " + service + " ms");
        Sample throughput = plan.get(1).baseline().measure(0);
        assertEquals("ms", throughput.unit());
        assertTrue(throughput.secondary().get("opsPerSec").score() > 0);
        assertEquals("co-percentiles", experiment.charts().get(0).name(), "the percentiles go into results.json");
        experiment.writeFiles(dir);
        String svg = Files.readString(dir.resolve("co-percentiles.svg"));
        assertTrue(svg.contains("<svg") && svg.contains("response time") && svg.contains("service time"));
    }
}
