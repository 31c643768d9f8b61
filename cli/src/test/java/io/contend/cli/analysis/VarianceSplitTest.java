package io.contend.cli.analysis;

import io.contend.cli.results.ResultRecord;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VarianceSplitTest {

    private static ResultRecord record(List<List<Double>> iterations) {
        List<Double> samples = iterations.stream()
                .map(r -> r.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN)).toList();
        return new ResultRecord("x", "bench", Map.of("impl", "a"), 1, 1, null, "ops/us", Map.of(), "quick", false,
                samples.size(), null, samples, "r", List.of(samples.size()), iterations);
    }

    /** Forks with their own level (sd 0.2 between) and iterations around it (sd 0.05 within), in log space. */
    private static List<List<Double>> simulated(double between, double within, int forks, int iterations, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Double>> rounds = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double level = between * random.nextGaussian();
            List<Double> round = new ArrayList<>();
            for (int i = 0; i < iterations; i++) {
                round.add(100 * Math.exp(level + within * random.nextGaussian()));
            }
            rounds.add(round);
        }
        return rounds;
    }

    @Test
    void itRecoversTheVarianceAtEachLevel() {
        VarianceSplit forkBound = VarianceSplit.of(record(simulated(0.2, 0.05, 400, 4, 1)));
        assertEquals(0.2, forkBound.betweenSd(), 0.02);
        assertEquals(0.05, forkBound.withinSd(), 0.005);
        VarianceSplit iterationBound = VarianceSplit.of(record(simulated(0, 0.2, 400, 4, 2)));
        assertTrue(iterationBound.betweenSd() < 0.03, "forks that agree: " + iterationBound);
        assertEquals(0.2, iterationBound.withinSd(), 0.01);
        assertEquals(4, iterationBound.iterations());
        assertEquals(400, iterationBound.forks());
    }

    @Test
    void theBestIterationsPerForkFollowWhereTheVarianceIs() {
        // A fork costs 5 iterations (JVM start and warm-up); the configuration may take 50 iterations' time.
        VarianceSplit forksDiffer = new VarianceSplit(0.0025, 0.04, 4, 6);
        VarianceSplit iterationsDiffer = new VarianceSplit(0.04, 0.0001, 4, 6);
        int few = forksDiffer.bestIterations(5, 50, 10);
        int many = iterationsDiffer.bestIterations(5, 50, 10);
        assertTrue(few <= 2, "forks that differ call for more forks: " + few);
        assertTrue(many >= 4, "iterations that differ call for longer forks: " + many);
        assertThrows(IllegalArgumentException.class, () -> forksDiffer.bestIterations(5, 0, 10));
    }

    @Test
    void recordsWithoutIterationsHaveNoSplit() {
        assertNull(VarianceSplit.of(new ResultRecord("x", "bench", Map.of(), 1, 1, null, "ops/us", Map.of(), "quick",
                false, 2, null, List.of(1.0, 1.0), "r")));
        assertNull(VarianceSplit.of(record(List.of(List.of(1.0), List.of(2.0)))), "one iteration a fork");
    }
}
