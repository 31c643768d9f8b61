package io.contend.cli.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.RatioEstimate;
import io.contend.cli.results.Verdict;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CompareStatsTest {

    @Test
    void holmStepsDownAndStopsAtTheFirstFailure() {
        // Holm 1979's scheme: sorted p against alpha/m, alpha/(m-1), ...
        assertArrayEquals(new boolean[] {true, true, false, false},
                CompareStats.holm(new double[] {0.01, 0.012, 0.04, 0.2}, 0.05)); // 0.0125, 0.0167, then 0.04 > 0.025
        assertArrayEquals(new boolean[] {true, true}, CompareStats.holm(new double[] {0.03, 0.02}, 0.05)); // 0.02 <= 0.025, 0.03 <= 0.05
        assertArrayEquals(new boolean[] {false, false}, CompareStats.holm(new double[] {0.03, 0.04}, 0.05)); // 0.03 > 0.025
        assertArrayEquals(new boolean[] {false}, CompareStats.holm(new double[] {Double.NaN}, 0.05));
    }

    @Test
    void wilcoxonExactMatchesItsTable() {
        // n = 5, all positive: W- = 0, two-sided p = 2 / 2^5.
        assertEquals(2.0 / 32, CompareStats.wilcoxonPValue(new double[] {1, 2, 3, 4, 5}), 1e-12);
        // n = 6, ranks 1..6, negative at rank 1 only: W- = 1, P(W <= 1) = 2 / 64, two-sided 4 / 64.
        assertEquals(4.0 / 64, CompareStats.wilcoxonPValue(new double[] {-0.1, 0.2, 0.3, 0.4, 0.5, 0.6}), 1e-12);
        assertEquals(1.0, CompareStats.wilcoxonPValue(new double[] {0, 0}), 0);
        double symmetric = CompareStats.wilcoxonPValue(new double[] {-1, 1, -2, 2, -3, 3.5});
        assertTrue(symmetric > 0.5, "no shift: " + symmetric);
    }

    @Test
    void hodgesLehmannIsTheMedianOfWalshAverages() {
        // Walsh averages of {1, 2, 9}: 1, 1.5, 5, 2, 5.5, 9 -> sorted 1, 1.5, 2, 5, 5.5, 9 -> median 3.5
        assertEquals(3.5, CompareStats.hodgesLehmann(new double[] {1, 2, 9}), 1e-12);
        assertEquals(0.0, CompareStats.hodgesLehmann(new double[] {-1, 0, 1}), 1e-12);
    }

    @Test
    void forOneComparisonTheClaimTestsAreTheLabsRule() {
        SplittableRandom random = new SplittableRandom(7);
        for (int trial = 0; trial < 2000; trial++) {
            int n = 3 + random.nextInt(10);
            double shift = (random.nextDouble() - 0.5) * 0.3;
            double[] d = new double[n];
            for (int i = 0; i < n; i++) {
                d[i] = shift + random.nextGaussian() * 0.05;
            }
            RatioEstimate e = RatioEstimate.ofRatios(Arrays.stream(d).map(Math::exp).toArray(), RatioEstimate.CONFIDENCE);
            Verdict lab = Judge.judge(e, 0.05);
            double[] p = CompareStats.claimPValues(d, 0.05);
            boolean differs = CompareStats.holm(new double[] {Math.min(1, 2 * Math.min(p[0], p[1]))}, 0.05)[0];
            boolean same = CompareStats.holm(new double[] {p[2]}, 0.025)[0];
            Verdict mine = differs ? (e.ratio() > 1 ? Verdict.FASTER : Verdict.SLOWER)
                    : same ? Verdict.SAME : Verdict.INCONCLUSIVE;
            assertEquals(lab, mine, "trial " + trial + ": " + e);
        }
    }

    @Test
    void aForkThatStillClimbsIsFlaggedAndAFlatOneIsNot() {
        assertTrue(CompareStats.trends(new double[] {100, 90, 81, 73, 66, 60}, 0.01));
        assertFalse(CompareStats.trends(new double[] {100, 101, 99, 100.5, 99.5, 100}, 0.01));
        assertFalse(CompareStats.trends(new double[] {100, 50, 25}, 0.01), "too few iterations to tell");
    }
}
