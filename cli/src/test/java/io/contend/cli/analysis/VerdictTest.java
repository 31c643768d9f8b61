package io.contend.cli.analysis;

import io.contend.cli.results.Direction;
import io.contend.cli.results.Verdict;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerdictTest {
    private static RatioEstimate interval(double low, double ratio, double high) {
        return new RatioEstimate(ratio, low, high, 0.95, 5, 0.1);
    }

    @Test
    void judgesTheWholeIntervalAgainstTheMargin() {
        assertEquals(Verdict.FASTER, Judge.judge(interval(1.06, 1.2, 1.4), 0.05));
        assertEquals(Verdict.SLOWER, Judge.judge(interval(0.5, 0.7, 0.95), 0.05));
        assertEquals(Verdict.SAME, Judge.judge(interval(0.96, 1.0, 1.04), 0.05));
        assertEquals(Verdict.INCONCLUSIVE, Judge.judge(interval(1.02, 1.2, 1.4), 0.05), "1.02 is inside the margin");
        assertEquals(Verdict.INCONCLUSIVE, Judge.judge(interval(0.7, 1.0, 1.4), 0.05));
        assertEquals(Verdict.INCONCLUSIVE, Judge.judge(new RatioEstimate(1.5, Double.NaN, Double.NaN, 0.95, 1, 0), 0.05),
                "one round has no interval");
    }

    @Test
    void lowerIsBetterScoresAreInvertedSoAboveOneAlwaysWins() {
        double[] time = {50, 51, 49, 50};
        double[] baselineTime = {100, 100, 100, 100};
        RatioEstimate e = RatioEstimate.paired(time, baselineTime, Direction.LOWER, 0.95);
        assertEquals(2.0, e.ratio(), 0.05);
        assertEquals(Verdict.FASTER, Judge.judge(e, Judge.MARGIN));
        RatioEstimate rate = RatioEstimate.paired(time, baselineTime, Direction.HIGHER, 0.95);
        assertEquals(Verdict.SLOWER, Judge.judge(rate, Judge.MARGIN));
    }

    @Test
    void tIntervalMatchesTheTextbookForKnownLogs() {
        // log ratios 0.1, 0.2, 0.3: mean 0.2, s = 0.1, t(2, 0.975) = 4.3027
        double[] ratios = {Math.exp(0.1), Math.exp(0.2), Math.exp(0.3)};
        RatioEstimate e = RatioEstimate.ofRatios(ratios, 0.95);
        assertEquals(Math.exp(0.2), e.ratio(), 1e-12);
        assertEquals(Math.exp(0.2 - 4.302653 * 0.1 / Math.sqrt(3)), e.low(), 1e-6);
        assertEquals(Math.exp(0.2 + 4.302653 * 0.1 / Math.sqrt(3)), e.high(), 1e-6);
    }

    @Test
    void skipsUnusableRoundsAndRefusesNone() {
        RatioEstimate e = RatioEstimate.ofRatios(new double[] {1.1, Double.NaN, 0, 1.3}, 0.95);
        assertEquals(2, e.rounds());
        assertThrows(IllegalArgumentException.class, () -> RatioEstimate.ofRatios(new double[] {Double.NaN}, 0.95));
        assertThrows(IllegalArgumentException.class,
                () -> RatioEstimate.paired(new double[2], new double[3], Direction.HIGHER, 0.95));
    }

    @Test
    void roundsToSettleGrowsAsTheEstimateNearsTheMargin() {
        RatioEstimate far = new RatioEstimate(1.5, 0.9, 2.5, 0.95, 3, 0.3);
        RatioEstimate near = new RatioEstimate(1.1, 0.9, 1.3, 0.95, 3, 0.3);
        int farRounds = Judge.roundsToSettle(far, 0.05);
        int nearRounds = Judge.roundsToSettle(near, 0.05);
        assertTrue(farRounds > 3 && nearRounds > farRounds, farRounds + " vs " + nearRounds);
        assertEquals(-1, Judge.roundsToSettle(new RatioEstimate(1.05, 0.9, 1.2, 0.95, 3, 0.3), 0.05));
    }
}
