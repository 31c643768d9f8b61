package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.Verdict;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pooled percentile's round bootstrap, run as the lab runs it (a fixed plan of 3 rounds, as in quick mode, or
 * 5, as in full mode, each side of a round measured in 12 blocks, judged through {@link PercentileBootstrap#judge}
 * at the lab's margin), on synthetic response times whose p99 is set by stalls, as the write path's and the
 * affinity pipeline's are.
 *
 * <p>What must hold over 1000 simulated comparisons, under both stall models below (the second with 5 rounds too):
 * with equal sides at most 5% end faster or slower and the interval holds 1 in at least 93%; with a true p99 ratio
 * of 1.2 (every contender latency 1/1.2 of what it would be) the interval holds 1.2 in at least 93%, the verdict is
 * never the same, and it is slower in at most 1%. Never slower, as the lab's other simulations ask, does not hold
 * here, nor for Student's t interval over the per-round p99s of the same data (what the lab judged percentiles by
 * first), whose verdicts are printed beside: see the test.
 *
 * <p>Noise model, fitted to the blocks of a quick run's write path at 80% of saturation on a 2-CPU machine (about
 * 140 requests per block, a median near 140 µs, and in most blocks one request delayed to 1-1.5 ms, in a few many
 * delayed to several ms). Per side of a round: 12 blocks of 140 requests at a fixed rate (one every 714 µs); each
 * request's own latency log-normal around 140 µs (sigma 0.25); short stalls, a Poisson number per block (mean 1) of
 * exponential length (mean 1 ms), and long ones (mean 0.1 per block, mean length 3 ms), at uniform times, that delay
 * every request arriving during them until they end (latency from the intended start, as the lab's load generator
 * measures it); the machine's level, common to both sides of a round, log-normal across rounds (sigma 0.3); and a
 * level per side of a round, log-normal (sigma 0.02).
 *
 * <p>Two stall models. {@link #SAME_STALL_RATE}: every run stalls at the same mean rate, so the blocks of all runs
 * are alike. {@link #RUN_STALL_RATE}: each side of a round has a stall rate of its own, the means above times a
 * log-normal factor (sigma 0.5), as a host's other tenants come and go. The per-round p99s cannot tell the two
 * apart (their log ratios spread with a standard deviation of about 1.0 in the first and 1.1 in the second, and
 * 1.1 over 26 rounds of quick runs' A/A rows on that machine), but a bootstrap that redraws blocks within rounds
 * holds only in the first: in the second it called 12% of equal sides faster or slower and covered 1.2 in 85%.
 * Redrawing rounds holds in both. Fixed seeds; the rates are printed.
 */
class PercentileBootstrapSimulationTest {
    private static final int COMPARISONS = 1000;
    /** A quick run's rounds. */
    private static final int QUICK_ROUNDS = 3;
    /** A full run's rounds. */
    private static final int FULL_ROUNDS = 5;
    private static final int BLOCKS = 12;
    private static final int REQUESTS_PER_BLOCK = 140;
    private static final double SPACING_US = 714;
    /**
     * Significant digits of the simulated histograms: two (1% buckets, fine against a 5% margin) rather than the
     * lab's three, since reading a histogram's buckets costs in proportion to their number and this test reads
     * 144,000 of them.
     */
    private static final int PRECISION = 2;
    /** Every run stalls at the same mean rate: sigma of the log of a side's stall rate. */
    private static final double SAME_STALL_RATE = 0;
    /** Each side of a round stalls at a rate of its own. */
    private static final double RUN_STALL_RATE = 0.5;

    private static List<Histogram> side(SplittableRandom random, double scale, double stallSigma) {
        double stallRate = Math.exp(stallSigma * gaussian(random));
        List<Histogram> blocks = new ArrayList<>(BLOCKS);
        for (int b = 0; b < BLOCKS; b++) {
            Histogram h = new Histogram(PRECISION);
            double blockUs = REQUESTS_PER_BLOCK * SPACING_US;
            int shortStalls = poisson(random, 1.0 * stallRate);
            int stalls = shortStalls + poisson(random, 0.1 * stallRate);
            double[] starts = new double[stalls];
            double[] ends = new double[stalls];
            for (int s = 0; s < stalls; s++) {
                starts[s] = random.nextDouble() * blockUs;
                ends[s] = starts[s] - (s < shortStalls ? 1000 : 3000) * Math.log(1 - random.nextDouble());
            }
            for (int i = 0; i < REQUESTS_PER_BLOCK; i++) {
                double t = i * SPACING_US;
                double latency = 140 * Math.exp(0.25 * gaussian(random));
                for (int s = 0; s < stalls; s++) {
                    if (t >= starts[s] && t < ends[s]) {
                        latency = Math.max(latency, ends[s] - t + latency);
                    }
                }
                h.recordValue(Math.max(1, Math.round(latency * scale * 1000))); // ns
            }
            blocks.add(h);
        }
        return blocks;
    }

    private static int poisson(SplittableRandom random, double mean) {
        double limit = Math.exp(-mean);
        double p = random.nextDouble();
        int k = 0;
        while (p > limit) {
            p *= random.nextDouble();
            k++;
        }
        return k;
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    }

    /** One comparison: per round, each side's blocks; latency, so lower is better and the ratio is base/contender. */
    private record Simulated(List<List<Histogram>> contender, List<List<Histogram>> baseline) {
        static Simulated of(long seed, double trueRatio, double stallSigma, int rounds) {
            SplittableRandom random = new SplittableRandom(seed);
            List<List<Histogram>> contender = new ArrayList<>();
            List<List<Histogram>> baseline = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                double level = Math.exp(0.3 * gaussian(random));
                boolean contenderFirst = r % 2 == 0;
                List<Histogram> first = side(random, level * Math.exp(0.02 * gaussian(random))
                        * (contenderFirst ? 1 / trueRatio : 1), stallSigma);
                List<Histogram> second = side(random, level * Math.exp(0.02 * gaussian(random))
                        * (contenderFirst ? 1 : 1 / trueRatio), stallSigma);
                contender.add(contenderFirst ? first : second);
                baseline.add(contenderFirst ? second : first);
            }
            return new Simulated(contender, baseline);
        }

        ComparisonResult judge() {
            return PercentileBootstrap.judge(Map.of("build", "base"), contender, baseline, 99, 1, Direction.LOWER,
                    Judge.MARGIN);
        }

        /** Student's t over the rounds' own p99s, as the lab judged percentiles before. */
        ComparisonResult judgeRoundPercentiles() {
            int rounds = contender.size();
            double[] mine = new double[rounds];
            double[] theirs = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                mine[r] = sum(contender.get(r)).getValueAtPercentile(99);
                theirs[r] = sum(baseline.get(r)).getValueAtPercentile(99);
            }
            return StoppingRule.FIXED_PLAN.comparison(Map.of("build", "base"),
                    StoppingRule.FIXED_PLAN.estimate(mine, theirs, Direction.LOWER), Judge.MARGIN, Direction.LOWER);
        }
    }

    private static Histogram sum(List<Histogram> blocks) {
        Histogram all = new Histogram(PRECISION);
        blocks.forEach(all::add);
        return all;
    }

    private record Tally(Map<Verdict, Integer> verdicts, int covered, Map<Verdict, Integer> tVerdicts) {
        int count(Verdict v) {
            return verdicts.getOrDefault(v, 0);
        }
    }

    private static Tally run(double trueRatio, long seedBase, double stallSigma, int rounds) {
        Map<Verdict, Integer> verdicts = new EnumMap<>(Verdict.class);
        int covered = 0;
        Map<Verdict, Integer> tVerdicts = new EnumMap<>(Verdict.class);
        for (int i = 0; i < COMPARISONS; i++) {
            Simulated s = Simulated.of(seedBase + i, trueRatio, stallSigma, rounds);
            ComparisonResult c = s.judge();
            verdicts.merge(c.verdict(), 1, Integer::sum);
            if (c.ratioLow() <= trueRatio && trueRatio <= c.ratioHigh()) {
                covered++;
            }
            tVerdicts.merge(s.judgeRoundPercentiles().verdict(), 1, Integer::sum);
        }
        Tally t = new Tally(verdicts, covered, tVerdicts);
        System.out.printf(Locale.ROOT, "pooled p99 round bootstrap, %d rounds, stall-rate sigma %.1f, true ratio "
                + "%.1f: %s, interval held it in %d of %d; t over per-round p99s: %s%n", rounds, stallSigma, trueRatio,
                verdicts, covered, COMPARISONS, tVerdicts);
        return t;
    }

    /** @return stall models and round counts: both models at a quick run's rounds, the harder one at a full run's */
    static Stream<Arguments> plans() {
        return Stream.of(Arguments.of(SAME_STALL_RATE, QUICK_ROUNDS), Arguments.of(RUN_STALL_RATE, QUICK_ROUNDS),
                Arguments.of(RUN_STALL_RATE, FULL_ROUNDS));
    }

    @ParameterizedTest(name = "stall-rate sigma {0}, {1} rounds")
    @MethodSource("plans")
    void equalSidesRarelyEndFasterOrSlower(double stallSigma, int rounds) {
        Tally t = run(1.0, 1_000_000L, stallSigma, rounds);
        assertTrue(t.count(Verdict.FASTER) + t.count(Verdict.SLOWER) <= COMPARISONS / 20,
                "false faster/slower: " + t.verdicts());
        assertTrue(t.covered() >= COMPARISONS * 93 / 100, "coverage of 1.0: " + t.covered());
    }

    @ParameterizedTest(name = "stall-rate sigma {0}, {1} rounds")
    @MethodSource("plans")
    void aTrueGainIsCoveredAndRarelyCalledSlower(double stallSigma, int rounds) {
        Tally t = run(1.2, 2_000_000L, stallSigma, rounds);
        assertTrue(t.covered() >= COMPARISONS * 93 / 100, "coverage of 1.2: " + t.covered() + " " + t.verdicts());
        // Never slower cannot hold for a percentile set by a few stalls: one side of a round now and then draws
        // several times its share of long ones. The t interval over the per-round p99s errs so too, about as
        // often (printed); the bound is one percent.
        assertTrue(t.count(Verdict.SLOWER) <= COMPARISONS / 100,
                "slower: " + t.verdicts() + ", t interval: " + t.tVerdicts());
        assertEquals(0, t.count(Verdict.SAME), "same: " + t.verdicts());
    }
}
