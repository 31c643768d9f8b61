package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.LatencyBlocks;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.Verdict;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pooled percentile and its bootstrap: the point estimate as HdrHistogram computes it, the edges, the rules. */
class PercentileBootstrapTest {

    /** Per round, {@code blocks} histograms of log-normal latencies around {@code medianNs}, with a stall now and then. */
    private static List<List<Histogram>> rounds(long seed, int rounds, int blocks, double medianNs) {
        SplittableRandom random = new SplittableRandom(seed);
        List<List<Histogram>> out = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            List<Histogram> round = new ArrayList<>();
            for (int b = 0; b < blocks; b++) {
                Histogram h = new Histogram(3);
                for (int i = 0; i < 200; i++) {
                    double stall = random.nextInt(400) == 0 ? 20 : 1;
                    h.recordValue(Math.round(medianNs * stall * Math.exp(0.3 * random.nextGaussian())));
                }
                round.add(h);
            }
            out.add(round);
        }
        return out;
    }

    private static Histogram pooled(List<List<Histogram>> rounds) {
        Histogram all = new Histogram(3);
        rounds.forEach(round -> round.forEach(all::add));
        return all;
    }

    @Test
    void thePointEstimateIsTheRatioOfHdrHistogramsPercentilesOfThePooledRounds() {
        List<List<Histogram>> contender = rounds(1, 3, 12, 100_000);
        List<List<Histogram>> baseline = rounds(2, 3, 12, 150_000);
        for (double p : new double[] {50, 90, 99, 99.9}) {
            RatioEstimate e = PercentileBootstrap.estimate(contender, baseline, p, Direction.LOWER, 0.95);
            double byHand = (double) pooled(baseline).getValueAtPercentile(p) / pooled(contender).getValueAtPercentile(p);
            assertEquals(byHand, e.ratio(), 1e-12, "p" + p);
            assertTrue(e.low() <= e.ratio() && e.ratio() <= e.high(), e.toString());
            assertEquals(3, e.rounds());
        }
        RatioEstimate higher = PercentileBootstrap.estimate(contender, baseline, 99, Direction.HIGHER, 0.95);
        assertEquals((double) pooled(contender).getValueAtPercentile(99) / pooled(baseline).getValueAtPercentile(99),
                higher.ratio(), 1e-12);
    }

    /** Totals where rounding to the nearest rank and HdrHistogram's ceiling of one ulp less differ. */
    @Test
    void thePooledPercentileIsHdrHistogramsForAnyTotal() {
        List<Histogram> ramp = new ArrayList<>();
        for (int b = 0; b < 4; b++) {
            Histogram h = new Histogram(3);
            for (int v = 1 + 40 * b; v <= 40 * (b + 1); v++) {
                h.recordValue(v);
            }
            ramp.add(h);
        }
        assertEquals(pooled(List.of(ramp)).getValueAtPercentile(99), PercentileBootstrap.pooledPercentile(
                List.of(ramp), 99), "160 values 1..160");
        SplittableRandom random = new SplittableRandom(13);
        for (int trial = 0; trial < 200; trial++) {
            List<List<Histogram>> rounds = new ArrayList<>();
            for (int r = 0; r < 1 + random.nextInt(3); r++) {
                List<Histogram> blocks = new ArrayList<>();
                for (int b = 0; b < 1 + random.nextInt(12); b++) {
                    Histogram h = new Histogram(3);
                    int n = 1 + random.nextInt(300);
                    for (int i = 0; i < n; i++) {
                        h.recordValue(1 + (long) (1e5 * Math.exp(2 * random.nextGaussian())));
                    }
                    blocks.add(h);
                }
                rounds.add(blocks);
            }
            for (double p : new double[] {1, 50, 90, 99, 99.9}) {
                assertEquals(pooled(rounds).getValueAtPercentile(p), PercentileBootstrap.pooledPercentile(rounds, p),
                        "trial " + trial + " p" + p + " of " + pooled(rounds).getTotalCount());
            }
        }
    }

    @Test
    void aThinTailTakesTheNormalFormAndIsWiderThanAnEarlierLook() {
        List<List<Histogram>> fast = rounds(21, 3, 12, 100_000);
        List<List<Histogram>> slow = rounds(22, 3, 12, 110_000);
        RatioEstimate look2 = PercentileBootstrap.estimate(fast, slow, 99, Direction.LOWER,
                PercentileBootstrap.confidenceAtLook(2));
        RatioEstimate look6 = PercentileBootstrap.estimate(fast, slow, 99, Direction.LOWER,
                PercentileBootstrap.confidenceAtLook(6));
        assertEquals(look2.ratio(), look6.ratio(), 1e-12);
        assertTrue(look6.low() < look2.low() && look6.high() > look2.high(), look2 + " vs " + look6);
        assertTrue(look6.low() <= look6.ratio() && look6.ratio() <= look6.high(), look6.toString());
    }

    @Test
    void aClearDifferenceConcludesAndTheSameDataGivesTheSameInterval() {
        List<List<Histogram>> fast = rounds(3, 3, 12, 100_000);
        List<List<Histogram>> slow = rounds(4, 3, 12, 200_000);
        ComparisonResult c = PercentileBootstrap.judge(Map.of("build", "jdk"), fast, slow, 99, 1, Direction.LOWER,
                Judge.MARGIN);
        assertEquals(Verdict.FASTER, c.verdict(), c.toString());
        ComparisonResult again = PercentileBootstrap.judge(Map.of("build", "jdk"), fast, slow, 99, 1, Direction.LOWER,
                Judge.MARGIN);
        assertEquals(c, again);
        ComparisonResult reversed = PercentileBootstrap.judge(Map.of("build", "jdk"), slow, fast, 99, 1,
                Direction.LOWER, Judge.MARGIN);
        assertEquals(Verdict.SLOWER, reversed.verdict(), reversed.toString());
    }

    @Test
    void oneRoundHasNoIntervalAndEmptyRoundsAreSkipped() {
        List<List<Histogram>> a = rounds(5, 1, 12, 100_000);
        List<List<Histogram>> b = rounds(6, 1, 12, 100_000);
        RatioEstimate one = PercentileBootstrap.estimate(a, b, 99, Direction.LOWER, 0.95);
        assertFalse(one.hasInterval());
        List<List<Histogram>> withEmpty = new ArrayList<>(rounds(7, 2, 12, 100_000));
        withEmpty.add(List.of(new Histogram(3)));
        List<List<Histogram>> other = rounds(8, 3, 12, 100_000);
        assertEquals(2, PercentileBootstrap.estimate(withEmpty, other, 99, Direction.LOWER, 0.95).rounds());
    }

    @Test
    void badInputIsRefusedWithTheValue() {
        List<List<Histogram>> two = rounds(9, 2, 4, 100_000);
        List<List<Histogram>> three = rounds(10, 3, 4, 100_000);
        IllegalArgumentException rounds = assertThrows(IllegalArgumentException.class,
                () -> PercentileBootstrap.estimate(two, three, 99, Direction.LOWER, 0.95));
        assertTrue(rounds.getMessage().contains("2 vs 3"), rounds.getMessage());
        IllegalArgumentException percentile = assertThrows(IllegalArgumentException.class,
                () -> PercentileBootstrap.estimate(two, two, 100, Direction.LOWER, 0.95));
        assertTrue(percentile.getMessage().contains("100"), percentile.getMessage());
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> PercentileBootstrap.estimate(List.of(List.of(new Histogram(3))), List.of(List.of(new Histogram(3))),
                        99, Direction.LOWER, 0.95));
        assertTrue(empty.getMessage().contains("no round"), empty.getMessage());
    }

    @Test
    void laterLooksSpendFivePercentBetweenThem() {
        assertEquals(0.95, PercentileBootstrap.confidenceAtLook(1), 1e-15);
        double spent = 0;
        for (int look = 2; look < 100_000; look++) {
            spent += 1 - PercentileBootstrap.confidenceAtLook(look);
        }
        assertTrue(spent < 0.05 && spent > 0.0499, "spent " + spent);
    }

    @Test
    void theIntervalIsStudentsOverTheRounds() {
        assertEquals(4.302653, PercentileBootstrap.tQuantile(0.95, 3), 1e-6);
        assertEquals(12.706205, PercentileBootstrap.tQuantile(0.95, 2), 1e-6);
        // Rounds with no spread within them, the contender's at 1/2, 1 and 2 times the baseline's: per-round log
        // ratios of ln 2, 0 and -ln 2, whose standard deviation is ln 2. The pooled p99 is not their mean, but
        // its per-round spread comes out near ln 2, and the interval is t(2)'s over it.
        List<List<Histogram>> baseline = flatRounds(100_000, 100_000, 100_000);
        List<List<Histogram>> contender = flatRounds(50_000, 100_000, 200_000);
        RatioEstimate e = PercentileBootstrap.estimate(contender, baseline, 99, Direction.LOWER, 0.95);
        double half = Math.log(e.high() / e.ratio());
        assertEquals(half, Math.log(e.ratio() / e.low()), 1e-9, "symmetric in logs: " + e);
        assertEquals(PercentileBootstrap.tQuantile(0.95, 3) * e.logStdDev() / Math.sqrt(3), half, 1e-9, e.toString());
        assertTrue(e.logStdDev() > 0.55 && e.logStdDev() < 0.85, "per-round spread near ln 2: " + e);
        assertTrue(e.low() < 1 && e.high() > 1, e.toString());
    }

    /** Per round, {@code blocks} copies of one histogram: no spread within the round at all. */
    private static List<List<Histogram>> flatRounds(double... medianNs) {
        List<List<Histogram>> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(5);
        for (double median : medianNs) {
            Histogram h = new Histogram(3);
            for (int i = 0; i < 200; i++) {
                h.recordValue(Math.round(median * Math.exp(0.3 * random.nextGaussian())));
            }
            List<Histogram> round = new ArrayList<>();
            for (int b = 0; b < 12; b++) {
                round.add(h.copy());
            }
            out.add(round);
        }
        return out;
    }

    /** Whole rounds that disagree, with nothing to tell within them: the interval must see the rounds' spread. */
    @Test
    void theIntervalHoldsWhatTheRoundsDisagreeOn() {
        List<List<Histogram>> baseline = flatRounds(100_000, 100_000, 100_000);
        List<List<Histogram>> contender = flatRounds(30_000, 35_000, 300_000);
        RatioEstimate e = PercentileBootstrap.estimate(contender, baseline, 99, Direction.LOWER, 0.95);
        assertTrue(e.low() < 1 && e.high() > 1, "rounds at about 3x, 3x and 1/3x hold 1: " + e);
    }

    /** A machine level common to both sides of a round, tenfold between rounds: the draws keep rounds paired. */
    @Test
    void aRoundsTwoSidesAreDrawnTogether() {
        List<List<Histogram>> baseline = flatRounds(100_000, 1_000_000, 300_000, 30_000, 600_000, 60_000);
        List<List<Histogram>> contender = flatRounds(66_667, 666_667, 200_000, 20_000, 400_000, 40_000);
        RatioEstimate e = PercentileBootstrap.estimate(contender, baseline, 99, Direction.LOWER, 0.95);
        assertTrue(e.low() > 1.3 && e.high() < 1.7, "a ratio of 1.5 in every round: " + e);
    }

    @Test
    void recordsWithBlocksAreJudgedByTheBootstrapAndOthersByTheirSamples() {
        List<List<Histogram>> fast = rounds(11, 3, 12, 100_000);
        List<List<Histogram>> slow = rounds(12, 3, 12, 200_000);
        ResultRecord base = record("jdk", slow, true);
        ResultRecord mine = record("contend", fast, true);
        ComparisonResult judged = StoppingRule.FIXED_PLAN.judge(Map.of("build", "jdk"), mine, base, Direction.LOWER,
                Judge.MARGIN);
        assertEquals(PercentileBootstrap.judge(Map.of("build", "jdk"), fast, slow, 99, 1, Direction.LOWER,
                Judge.MARGIN), judged);
        ComparisonResult bySamples = StoppingRule.FIXED_PLAN.judge(Map.of("build", "jdk"), record("contend", fast, false),
                base, Direction.LOWER, Judge.MARGIN);
        assertEquals(StoppingRule.FIXED_PLAN.judge(Map.of("build", "jdk"), mine.samples(), base.samples(),
                Direction.LOWER, Judge.MARGIN), bySamples);
        assertNotNull(mine.latency());
    }

    private static ResultRecord record(String build, List<List<Histogram>> rounds, boolean blocks) {
        List<Double> samples = rounds.stream().map(r -> {
            Histogram h = new Histogram(3);
            r.forEach(h::add);
            return h.getValueAtPercentile(99) / 1e6;
        }).toList();
        return new ResultRecord("writepath", "fixedRate", Map.of("build", build), 4, 1, null, "ms", Map.of(), "quick",
                true, rounds.size(), null, samples, "run", List.of(rounds.size()), List.of(),
                blocks ? LatencyBlocks.of(99, rounds) : null);
    }
}
