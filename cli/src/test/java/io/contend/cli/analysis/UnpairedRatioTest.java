package io.contend.cli.analysis;

import io.contend.cli.results.Direction;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Welch's interval of two independent samples of log scores, turned into a ratio that is above 1 when better. */
class UnpairedRatioTest {

    @Test
    void welchCoversAKnownDifference() {
        double[] a = {1.0, 1.1, 0.9, 1.05, 0.95};
        double[] b = {2.0, 2.1, 1.9, 2.05, 1.95};
        double[] w = UnpairedRatio.welch(a, b, 0.95);
        assertEquals(-1.0, w[0], 1e-12);
        assertTrue(w[1] < -1.0 && -1.0 < w[2], Arrays.toString(w));
    }

    /**
     * Against a reference: SciPy 1.x, {@code ttest_ind(a, b, equal_var=False).confidence_interval(0.95)} gives
     * df 8.039867 and [-1.205982571978383, -0.8940174280216177] for these samples.
     */
    @Test
    void welchMatchesAReferenceImplementation() {
        double[] a = {1.0, 1.1, 0.9, 1.05, 0.95};
        double[] b = {2.0, 2.1, 1.9, 2.05, 1.95, 2.3};
        double[] w = UnpairedRatio.welch(a, b, 0.95);
        assertEquals(-1.05, w[0], 1e-12);
        assertEquals(-1.205982571978383, w[1], 1e-9);
        assertEquals(-0.8940174280216177, w[2], 1e-9);
    }

    /** Times: a contender that takes half the time is 2x better; scores: one with twice the score is. */
    @Test
    void theRatioIsAboveOneWhenTheContenderIsBetterEitherWay() {
        double[] fast = {5, 5.1, 4.9};
        double[] slow = {10, 10.2, 9.8};
        RatioEstimate time = UnpairedRatio.estimate(fast, slow, Direction.LOWER, 0.95);
        assertEquals(2.0, time.ratio(), 0.01);
        assertTrue(time.low() > 1.5 && time.high() < 2.5, time.toString());
        RatioEstimate score = UnpairedRatio.estimate(slow, fast, Direction.HIGHER, 0.95);
        assertEquals(time.ratio(), score.ratio(), 1e-12);
        assertEquals(time.low(), score.low(), 1e-12);
        assertEquals(time.high(), score.high(), 1e-12);
    }

    @Test
    void oneForkASideGivesARatioWithoutAnInterval() {
        RatioEstimate e = UnpairedRatio.estimate(new double[] {8}, new double[] {10, 11}, Direction.LOWER, 0.95);
        assertFalse(e.hasInterval());
        assertEquals(Math.sqrt(110) / 8, e.ratio(), 1e-9, "the geometric means' ratio");
        assertEquals(io.contend.cli.results.Verdict.INCONCLUSIVE, Judge.judge(e, Judge.MARGIN));
    }

    @Test
    void unusableScoresAreLeftOutAndASideWithoutAnyIsRefused() {
        RatioEstimate e = UnpairedRatio.estimate(new double[] {10, Double.NaN, 10, 0}, new double[] {10, 10, -1},
                Direction.LOWER, 0.95);
        assertEquals(1.0, e.ratio(), 1e-12);
        assertEquals(2, e.rounds());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> UnpairedRatio.estimate(new double[] {0, Double.NaN}, new double[] {1, 2}, Direction.LOWER, 0.95));
        assertTrue(none.getMessage().contains("contender"), none.getMessage());
    }

    /**
     * Independent forks of two builds that differ by 1.2x, with per-fork noise (sd 0.1 in log) and one side measured
     * on a noisier day (sd 0.2): Welch's 95% interval covers the true ratio in about 95% of 2000 trials.
     */
    @Test
    void theIntervalCoversTheTrueRatioAtItsConfidence() {
        SplittableRandom random = new SplittableRandom(20261128);
        int covered = 0;
        int trials = 2000;
        for (int t = 0; t < trials; t++) {
            double[] baseline = new double[8];
            double[] contender = new double[5];
            for (int i = 0; i < baseline.length; i++) {
                baseline[i] = Math.exp(Math.log(100) + 0.1 * gaussian(random));
            }
            for (int i = 0; i < contender.length; i++) {
                contender[i] = Math.exp(Math.log(100 / 1.2) + 0.2 * gaussian(random));
            }
            RatioEstimate e = UnpairedRatio.estimate(contender, baseline, Direction.LOWER, 0.95);
            if (e.low() <= 1.2 && 1.2 <= e.high()) {
                covered++;
            }
        }
        double coverage = covered / (double) trials;
        assertTrue(coverage > 0.93 && coverage < 0.97, "coverage " + coverage);
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }
}
