package io.contend.cli.analysis;

import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The confidence sequence against its definition (the ends of the interval are where the test martingale reaches
 * 1/alpha) and its promise (on Gaussian rounds, the true mean is outside the interval at some round, of hundreds,
 * in at most alpha of runs), with the t interval recomputed at every round as the contrast that breaks the promise.
 */
class ConfidenceSequenceTest {
    private static final double ALPHA = 1 - RatioEstimate.CONFIDENCE;

    @Test
    void theIntervalEndsWhereTheMartingaleReachesOneOverAlpha() {
        double[] logs = {0.12, -0.05, 0.31, 0.08, 0.02, 0.2, -0.1, 0.15};
        double[] ratios = new double[logs.length];
        for (int i = 0; i < logs.length; i++) {
            ratios[i] = Math.exp(logs[i]);
        }
        RatioEstimate e = ConfidenceSequence.ofRatios(ratios, RatioEstimate.CONFIDENCE);
        double threshold = Math.log(1 / ALPHA);
        double c = ConfidenceSequence.PRIOR_ROUNDS;
        assertEquals(threshold, ConfidenceSequence.logMartingale(logs, Math.log(e.low()), c), 1e-9);
        assertEquals(threshold, ConfidenceSequence.logMartingale(logs, Math.log(e.high()), c), 1e-9);
        assertTrue(ConfidenceSequence.logMartingale(logs, Math.log(e.ratio()), c) < threshold);
        assertTrue(ConfidenceSequence.logMartingale(logs, Math.log(e.low()) - 1e-6, c) > threshold);
        assertEquals(logs.length, e.rounds());
    }

    @Test
    void theMartingaleStartsAtOne() {
        assertEquals(0, ConfidenceSequence.logMartingale(new double[] {0.3}, 0.1, 1), 1e-12);
        assertEquals(0, ConfidenceSequence.logMartingale(new double[] {-2}, 5, 0.5), 1e-12);
    }

    @Test
    void theSequenceIsUnboundedForFewRoundsThenShrinksAndIsWiderThanTheTInterval() {
        double c = ConfidenceSequence.PRIOR_ROUNDS;
        for (int n = 1; n <= 4; n++) {
            assertTrue(Double.isInfinite(ConfidenceSequence.halfWidthFactor(n, ALPHA, c)), "n " + n);
        }
        double previous = Double.POSITIVE_INFINITY;
        for (int n = 5; n <= ConfidenceSequence.MAX_ROUNDS_TO_SETTLE; n++) {
            double factor = ConfidenceSequence.halfWidthFactor(n, ALPHA, c);
            assertTrue(factor < previous, "the half-width grew at " + n + " rounds");
            if (n % 97 == 5) {
                double t = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - ALPHA / 2) / Math.sqrt(n);
                assertTrue(factor > t, "the sequence is narrower than the t interval at " + n + " rounds");
            }
            previous = factor;
        }
        // Far out it is the normal mixture's boundary, sqrt((2 ln(1/alpha) + ln((n + c) / c)) / n).
        int n = 1_000_000;
        double asymptote = Math.sqrt((2 * Math.log(1 / ALPHA) + Math.log((n + c) / c)) / n);
        assertEquals(asymptote, ConfidenceSequence.halfWidthFactor(n, ALPHA, c), asymptote * 0.01);
    }

    @Test
    void anUnboundedSequenceIsInconclusiveWithoutAnInterval() {
        RatioEstimate e = ConfidenceSequence.ofRatios(new double[] {2, 2.1, 1.9, 2.05}, RatioEstimate.CONFIDENCE);
        assertEquals(0, e.low());
        assertTrue(Double.isInfinite(e.high()));
        var judged = StoppingRule.CONFIDENCE_SEQUENCE.comparison(java.util.Map.of(), e, Judge.MARGIN,
                io.contend.cli.results.Direction.HIGHER);
        assertEquals(io.contend.cli.results.Verdict.INCONCLUSIVE, judged.verdict());
        assertEquals(null, judged.ratioLow());
        assertTrue(judged.roundsToSettle() != null && judged.roundsToSettle() > 4, "settle " + judged.roundsToSettle());
    }

    @Test
    void unusableRoundsAreSkippedAndOneRoundHasNoInterval() {
        RatioEstimate one = ConfidenceSequence.ofRatios(new double[] {Double.NaN, 1.5, -1, 0}, RatioEstimate.CONFIDENCE);
        assertEquals(1, one.rounds());
        assertFalse(one.hasInterval());
        assertThrows(IllegalArgumentException.class, () -> ConfidenceSequence.ofRatios(new double[] {Double.NaN}, 0.95));
        assertThrows(IllegalArgumentException.class, () -> ConfidenceSequence.ofRatios(new double[] {1, 2}, 1.0));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> ConfidenceSequence.halfWidthFactor(0, ALPHA, 1));
        assertTrue(bad.getMessage().contains("n 0"), bad.getMessage());
    }

    @Test
    void roundsToSettleIsTheFirstCountWhoseHalfWidthFits() {
        RatioEstimate e = new RatioEstimate(1.12, 0.9, 1.4, RatioEstimate.CONFIDENCE, 10, 0.2);
        int n = ConfidenceSequence.roundsToSettle(e, Judge.MARGIN);
        double distance = Math.log(1.12) - Math.log(1.05);
        double c = ConfidenceSequence.PRIOR_ROUNDS;
        assertTrue(ConfidenceSequence.halfWidthFactor(n, ALPHA, c) * 0.2 <= distance, "n " + n);
        assertTrue(ConfidenceSequence.halfWidthFactor(n - 1, ALPHA, c) * 0.2 > distance, "n " + n);
        assertEquals(-1, ConfidenceSequence.roundsToSettle(
                new RatioEstimate(1.0501, 0.9, 1.2, RatioEstimate.CONFIDENCE, 10, 0.2), Judge.MARGIN));
    }

    /**
     * The promise itself: 1000 runs of 200 Gaussian rounds each (the mean and spread of a lab's log ratios), looked
     * at after every round. The sequence misses the true mean at some round in at most 5% of runs; the t interval
     * recomputed after every round misses somewhere in far more, so the check would catch a wrong formula.
     */
    @Test
    void theTrueMeanIsOutsideTheSequenceAtAnyRoundInAtMostAlphaOfRuns() {
        SplittableRandom random = new SplittableRandom(20261126L);
        int runs = 1000;
        int rounds = 200;
        double mu = Math.log(1.2);
        double sigma = 0.25;
        double[] tFactor = new double[rounds + 1];
        double[] sequenceFactor = new double[rounds + 1];
        for (int n = 2; n <= rounds; n++) {
            tFactor[n] = new TDistribution(null, n - 1).inverseCumulativeProbability(1 - ALPHA / 2) / Math.sqrt(n);
            sequenceFactor[n] = ConfidenceSequence.halfWidthFactor(n, ALPHA, ConfidenceSequence.PRIOR_ROUNDS);
        }
        int sequenceMissed = 0;
        int tMissed = 0;
        for (int r = 0; r < runs; r++) {
            double sum = 0;
            double squares = 0;
            boolean sequenceMiss = false;
            boolean tMiss = false;
            for (int n = 1; n <= rounds; n++) {
                double d = mu + sigma * random.nextGaussian();
                sum += d;
                squares += d * d;
                if (n >= 2) {
                    double mean = sum / n;
                    double sd = Math.sqrt(Math.max(0, (squares - n * mean * mean) / (n - 1)));
                    double off = Math.abs(mean - mu);
                    sequenceMiss |= off > sequenceFactor[n] * sd;
                    tMiss |= off > tFactor[n] * sd;
                }
            }
            sequenceMissed += sequenceMiss ? 1 : 0;
            tMissed += tMiss ? 1 : 0;
        }
        System.out.printf("missed the mean at some round of %d: confidence sequence %d of %d runs, t interval %d%n",
                rounds, sequenceMissed, runs, tMissed);
        assertTrue(sequenceMissed <= runs * ALPHA, "the sequence missed in " + sequenceMissed + " of " + runs);
        assertTrue(tMissed > 4 * runs * ALPHA, "the t interval at every round missed in only " + tMissed);
    }
}
