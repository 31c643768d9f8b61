package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.HdrHistogram.HistogramIterationValue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The ratio of a contender's latency percentile to its baseline's, each side's percentile taken over all its
 * rounds' latencies pooled, with a stratified block bootstrap interval.
 *
 * <p>Why: a percentile of one short run is the wrong statistic for an interval over rounds. The p99 of a 1.5 s run
 * at a few thousand requests per second is set by the few stalls (a GC pause, a descheduled thread) that fell
 * into it, so the per-round p99s of one configuration can differ tenfold, and Student's t interval over three such
 * rounds spans two orders of magnitude. Pooling the rounds' histograms puts three times the requests under the
 * percentile, and resampling blocks measures how much the stalls move it.
 *
 * <p>Method. Each round of each side keeps its measurement as consecutive blocks (one histogram per stretch of
 * equal length). The point estimate is {@link Direction#ratio} of the two sides' percentiles over all their blocks.
 * A bootstrap replicate redraws, within every round and for each side separately, as many blocks as that round has,
 * with replacement, and takes the ratio of the redrawn sides' percentiles; the interval is the central
 * {@code confidence} share of {@value #REPLICATES} replicate ratios (more at a higher confidence), by the
 * percentile method (Efron and Tibshirani, "An Introduction to the Bootstrap", 1993, ch. 13) with its tails
 * expanded for a small sample ({@link #expandedTail}). Blocks rather than single requests because latencies within a
 * stall are correlated (the moving-block idea of Künsch, Annals of Statistics 17, 1989); within-round strata
 * because a round's two sides ran back to back, so what differed between rounds (the machine's state) stays paired,
 * as in the t interval over paired rounds.
 *
 * <p>What it assumes: within a round, the blocks of one side are exchangeable, and the two sides differ only by
 * what their blocks show. A drift that moves a whole side of a round (the machine slower for one side's whole run)
 * is not in the interval; with few rounds nothing can estimate it. {@code contend lab calibrate}'s A/A rows and the
 * simulation in the test suite measure the procedure's false verdicts.
 *
 * <p>The replicates draw from a generator seeded with a constant, so judging the same file twice gives the same
 * interval. The percentile of a set of blocks is HdrHistogram's {@code getValueAtPercentile} of their sum (the
 * highest value equivalent to the bucket where the count first reaches the percentile's rank), found by a binary
 * search over the blocks' cumulative counts on one grid of bucket values, so a replicate costs no histogram.
 */
public final class PercentileBootstrap {
    /** Bootstrap replicates per estimate at 95%; more at a higher confidence, so that each tail has about 50. */
    static final int REPLICATES = 4000;
    /** The most replicates an estimate draws (a tenth look's confidence would ask for more). */
    static final int MAX_REPLICATES = 100_000;
    /** What a table cell adds to an interval this bootstrap gave. */
    public static final String MARK = "boot";
    private static final long SEED = 0x636F6E74656E64L;

    private PercentileBootstrap() {
    }

    /**
     * @param contender per round, the contender's blocks
     * @param baseline per round, in the same rounds, the baseline's blocks
     * @param percentile the percentile, in (0, 100), e.g. 99
     * @param direction which way the latency is better ({@link Direction#LOWER} for latency)
     * @param confidence the interval's confidence, e.g. {@link RatioEstimate#CONFIDENCE}
     * @return the ratio of the pooled percentiles and its interval over the rounds where both sides recorded
     *         something; no interval with one such round
     * @throws IllegalArgumentException if the sides have different round counts, the percentile or confidence is
     *                                  out of range, or no round has latencies on both sides
     */
    public static RatioEstimate estimate(List<List<Histogram>> contender, List<List<Histogram>> baseline,
                                         double percentile, Direction direction, double confidence) {
        if (contender.size() != baseline.size()) {
            throw new IllegalArgumentException("paired rounds need as many contender rounds as baseline rounds: "
                    + contender.size() + " vs " + baseline.size());
        }
        if (!(percentile > 0 && percentile < 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100): " + percentile);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1): " + confidence);
        }
        List<List<Buckets>> mine = new ArrayList<>();
        List<List<Buckets>> theirs = new ArrayList<>();
        for (int i = 0; i < contender.size(); i++) {
            List<Buckets> c = nonEmpty(contender.get(i));
            List<Buckets> b = nonEmpty(baseline.get(i));
            if (!c.isEmpty() && !b.isEmpty()) {
                mine.add(c);
                theirs.add(b);
            }
        }
        if (mine.isEmpty()) {
            throw new IllegalArgumentException("no round recorded latencies on both sides");
        }
        long[] grid = grid(mine, theirs);
        Side c = new Side(mine, grid);
        Side b = new Side(theirs, grid);
        double ratio = direction.ratio(c.percentile(c.all(), percentile), b.percentile(b.all(), percentile));
        if (!(ratio > 0 && Double.isFinite(ratio))) {
            throw new IllegalArgumentException("the pooled percentiles give no ratio: " + ratio);
        }
        int rounds = mine.size();
        if (rounds < 2) {
            return new RatioEstimate(ratio, Double.NaN, Double.NaN, confidence, 1, 0);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        int replicates = (int) Math.min(MAX_REPLICATES, Math.max(REPLICATES, Math.ceil(100 / (1 - confidence))));
        double[] logs = new double[replicates];
        int n = 0;
        for (int k = 0; k < replicates; k++) {
            double r = direction.ratio(c.percentile(c.redraw(random), percentile),
                    b.percentile(b.redraw(random), percentile));
            if (r > 0 && Double.isFinite(r)) {
                logs[n++] = Math.log(r);
            }
        }
        logs = Arrays.copyOf(logs, n);
        Arrays.sort(logs);
        double tail = expandedTail(confidence, Math.min(c.fewestBlocksInARound(), b.fewestBlocksInARound()));
        double low = Math.min(ratio, Math.exp(quantile(logs, tail)));
        double high = Math.max(ratio, Math.exp(quantile(logs, 1 - tail)));
        // Per-round spread, as the t interval's sd would be, so that Judge.roundsToSettle extrapolates alike.
        return new RatioEstimate(ratio, low, high, confidence, rounds, sd(logs) * Math.sqrt(rounds));
    }

    /**
     * Judges pooled percentiles as the lab stores them: at a run's first look with the 95% interval, at a later
     * look {@code k} of a run continued with {@code --more} with the confidence {@link #confidenceAtLook} spends.
     *
     * @param baselineParams the baseline's differing parameters
     * @param contender per round, the contender's blocks
     * @param baseline per round, the baseline's blocks
     * @param percentile the percentile, in (0, 100)
     * @param looks how many looks the run has had (1 for a fixed plan)
     * @param direction which way the latency is better
     * @param margin the equivalence margin, in (0, 1)
     * @return the comparison
     */
    public static ComparisonResult judge(Map<String, String> baselineParams, List<List<Histogram>> contender,
                                         List<List<Histogram>> baseline, double percentile, int looks,
                                         Direction direction, double margin) {
        RatioEstimate estimate = estimate(contender, baseline, percentile, direction, confidenceAtLook(looks));
        return Judge.comparison(baselineParams, estimate, margin, direction);
    }

    /**
     * @param look the look, from 1
     * @return the interval's confidence at that look: {@link RatioEstimate#CONFIDENCE} at the first, then
     *         {@code 1 - 0.05 · 6 / (π² (look-1)²)}, so that the later looks together err at most 5% (union bound)
     */
    public static double confidenceAtLook(int look) {
        if (look <= 1) {
            return RatioEstimate.CONFIDENCE;
        }
        double alpha = (1 - RatioEstimate.CONFIDENCE) * 6 / (Math.PI * Math.PI * (look - 1.0) * (look - 1.0));
        return 1 - alpha;
    }

    /**
     * The percentile method's tail for a small sample, expanded (Hesterberg, "What Teachers Should Know About the
     * Bootstrap", The American Statistician 69(4), 2015, section 6.3): the tail {@code Φ(-√(n/(n-1)) · t(n-1,
     * 1-α/2))} instead of {@code α/2}, so that the interval is as wide as a t interval would be where the bootstrap
     * distribution, which underestimates a spread from {@code n} draws by {@code (n-1)/n}, is normal. Redraws are
     * made within rounds, so {@code n} is a round's block count, not all the blocks together.
     *
     * @param confidence the interval's confidence
     * @param blocks the blocks of the round with fewest
     * @return the probability in each tail
     */
    static double expandedTail(double confidence, int blocks) {
        if (blocks < 2) {
            return (1 - confidence) / 2;
        }
        double t = new TDistribution(null, blocks - 1).inverseCumulativeProbability((1 + confidence) / 2);
        return new NormalDistribution(null, 0, 1).cumulativeProbability(-Math.sqrt(blocks / (blocks - 1.0)) * t);
    }

    /** @return the blocks that recorded something, as buckets */
    private static List<Buckets> nonEmpty(List<Histogram> blocks) {
        return blocks.stream().filter(h -> h.getTotalCount() > 0).map(Buckets::of).toList();
    }

    /**
     * A block's recorded buckets, read from its histogram once.
     *
     * @param values each bucket's highest equivalent value, ascending
     * @param counts each bucket's count
     */
    private record Buckets(long[] values, long[] counts) {
        static Buckets of(Histogram h) {
            long[] values = new long[64];
            long[] counts = new long[64];
            int n = 0;
            for (HistogramIterationValue v : h.recordedValues()) {
                if (n == values.length) {
                    values = Arrays.copyOf(values, 2 * n);
                    counts = Arrays.copyOf(counts, 2 * n);
                }
                values[n] = h.highestEquivalentValue(v.getValueIteratedTo());
                counts[n++] = v.getCountAtValueIteratedTo();
            }
            return new Buckets(Arrays.copyOf(values, n), Arrays.copyOf(counts, n));
        }
    }

    /** @return every bucket value any block has, ascending */
    private static long[] grid(List<List<Buckets>> a, List<List<Buckets>> b) {
        return java.util.stream.Stream.of(a, b).flatMap(List::stream).flatMap(List::stream)
                .flatMapToLong(block -> Arrays.stream(block.values())).sorted().distinct().toArray();
    }

    /** One side's blocks as cumulative counts over the common grid, grouped by round. */
    private static final class Side {
        /**
         * {@code cumulative[j * blocks + b]}: block b's count of values at most {@code grid[j]}; grid-major, so
         * that one probe of the binary search reads one contiguous run.
         */
        private final long[] cumulative;
        private final int blocks;
        private final int[][] roundBlocks;
        private final long[] grid;
        private final int[] weights;

        Side(List<List<Buckets>> rounds, long[] grid) {
            this.grid = grid;
            blocks = rounds.stream().mapToInt(List::size).sum();
            cumulative = new long[Math.multiplyExact(grid.length, blocks)];
            roundBlocks = new int[rounds.size()][];
            weights = new int[blocks];
            int next = 0;
            for (int r = 0; r < rounds.size(); r++) {
                roundBlocks[r] = new int[rounds.get(r).size()];
                for (int i = 0; i < rounds.get(r).size(); i++) {
                    roundBlocks[r][i] = next;
                    Buckets block = rounds.get(r).get(i);
                    for (int k = 0; k < block.values().length; k++) {
                        cumulative[Arrays.binarySearch(grid, block.values()[k]) * blocks + next] += block.counts()[k];
                    }
                    for (int j = 1; j < grid.length; j++) {
                        cumulative[j * blocks + next] += cumulative[(j - 1) * blocks + next];
                    }
                    next++;
                }
            }
        }

        /** @return the blocks of this side's round with fewest: the stratum whose redraws understate most */
        int fewestBlocksInARound() {
            return Arrays.stream(roundBlocks).mapToInt(r -> r.length).min().orElse(0);
        }

        /** @return every block once */
        int[] all() {
            Arrays.fill(weights, 1);
            return weights;
        }

        /** @return per block how often one replicate drew it: within each round, as many draws as blocks */
        int[] redraw(SplittableRandom random) {
            Arrays.fill(weights, 0);
            for (int[] round : roundBlocks) {
                for (int i = 0; i < round.length; i++) {
                    weights[round[random.nextInt(round.length)]]++;
                }
            }
            return weights;
        }

        /** @return the percentile of the blocks taken with these weights, as HdrHistogram computes it */
        double percentile(int[] weight, double percentile) {
            int last = grid.length - 1;
            long total = count(weight, last);
            long rank = Math.max(1, (long) (percentile / 100 * total + 0.5));
            int lo = 0;
            int hi = last;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (count(weight, mid) >= rank) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            return grid[lo];
        }

        private long count(int[] weight, int j) {
            long sum = 0;
            int base = j * blocks;
            for (int b = 0; b < blocks; b++) {
                sum += weight[b] * cumulative[base + b];
            }
            return sum;
        }
    }

    /** @return the q-quantile of sorted values, interpolated between order statistics */
    private static double quantile(double[] sorted, double q) {
        double position = q * (sorted.length - 1);
        int i = (int) Math.floor(position);
        int j = Math.min(i + 1, sorted.length - 1);
        return sorted[i] + (position - i) * (sorted[j] - sorted[i]);
    }

    private static double sd(double[] values) {
        double mean = Arrays.stream(values).average().orElse(0);
        double sum = 0;
        for (double v : values) {
            sum += (v - mean) * (v - mean);
        }
        return values.length < 2 ? 0 : Math.sqrt(sum / (values.length - 1));
    }
}
