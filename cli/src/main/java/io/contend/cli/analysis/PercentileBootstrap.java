package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The ratio of a contender's latency percentile to its baseline's, each side's percentile taken over all its
 * rounds' latencies pooled, with a bootstrap interval that redraws whole rounds.
 *
 * <p>Why: a percentile of one short run is the wrong statistic for an interval over rounds. The p99 of a 1.5 s run
 * at a few thousand requests per second is set by the few stalls (a GC pause, a descheduled thread) that fell
 * into it, so the per-round p99s of one configuration can differ tenfold, and Student's t interval over three such
 * rounds spans two orders of magnitude. Pooling the rounds' histograms puts three times the requests under the
 * percentile.
 *
 * <p>Method. Each round of each side keeps its measurement as consecutive blocks (one histogram per stretch of
 * equal length). The point estimate is {@link Direction#ratio} of the two sides' percentiles over all their blocks.
 * A bootstrap replicate draws as many rounds as there are, with replacement, the same draw for both sides so that
 * a round's two sides stay paired, and takes the ratio of the two sides' percentiles over the drawn rounds' blocks
 * (a round drawn twice counts twice). This is the cluster bootstrap (Davison and Hinkley, "Bootstrap Methods and
 * their Application", 1997, section 3.8: resample the first stage, keep each unit's second stage whole): the
 * rounds are the independent units, while the blocks within one side of a round share that run's state (its
 * stall rate, its compiled code, what else the host ran), so redrawing blocks alone sees only the stalls within
 * a run and not how much they differ between runs. From {@value #REPLICATES} replicates, the interval is {@code
 * ratio · exp(±t · se)}: {@code se} the standard deviation of the replicates' log ratios times {@code √(n/(n-1))},
 * which undoes the bootstrap's understatement of a spread from {@code n} draws (Hesterberg, "What Teachers Should
 * Know About the Bootstrap", The American Statistician 69(4), 2015, section 6.3), and {@code t} Student's quantile
 * with {@code n - 1} degrees of freedom, {@code n} the round count. Where the pooled percentile behaves as a mean
 * over rounds this is Student's t interval. Not the percentile method: with the 3 to 10 rounds of a lab run, the
 * resamples of {@code n} rounds take few distinct values, and the tails a 95% interval needs at so few rounds fall
 * on resamples made of one round drawn again and again, an interval no wider than the rounds' range.
 *
 * <p>Why rounds and not blocks: on a shared or virtual machine the stall rate moves between runs by more than
 * the blocks of one run spread, so an interval from blocks alone can call a difference between two copies of one
 * configuration (an A/A row of {@code contend lab calibrate}). With few rounds the interval is wide: that width is
 * what such a machine lets a short run's percentile say.
 *
 * <p>What it assumes: rounds are independent and a round's two sides differ only by what their blocks show. A
 * drift common to every round of a run is not in the interval; nothing within one run can estimate it. {@code
 * contend lab calibrate}'s A/A rows and the simulation in the test suite measure the procedure's false verdicts.
 *
 * <p>The replicates draw from a generator seeded with a constant, so judging the same file twice gives the same
 * interval. The percentile of a set of blocks is HdrHistogram's {@code getValueAtPercentile} of their sum (the
 * highest value equivalent to the bucket where the count first reaches the percentile's rank, {@link #rank}),
 * found by a binary search over the blocks' cumulative counts on a grid of bucket values that spans only where the
 * percentile can fall, so a replicate costs no histogram.
 */
public final class PercentileBootstrap {
    /** Bootstrap replicates per estimate: enough for the standard error to within about 1%. */
    static final int REPLICATES = 4000;
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
        Side c = new Side(mine, percentile);
        Side b = new Side(theirs, percentile);
        double ratio = direction.ratio(c.percentile(c.all()), b.percentile(b.all()));
        if (!(ratio > 0 && Double.isFinite(ratio))) {
            throw new IllegalArgumentException("the pooled percentiles give no ratio: " + ratio);
        }
        int rounds = mine.size();
        if (rounds < 2) {
            return new RatioEstimate(ratio, Double.NaN, Double.NaN, confidence, 1, 0);
        }
        SplittableRandom random = new SplittableRandom(SEED);
        double[] logs = new double[REPLICATES];
        int[] drawn = new int[rounds];
        int n = 0;
        for (int k = 0; k < REPLICATES; k++) {
            for (int i = 0; i < rounds; i++) {
                drawn[i] = random.nextInt(rounds);
            }
            double r = direction.ratio(c.percentile(c.weigh(drawn)), b.percentile(b.weigh(drawn)));
            if (r > 0 && Double.isFinite(r)) {
                logs[n++] = Math.log(r);
            }
        }
        // The replicates' spread, corrected for the bootstrap's (n-1)/n: the standard error, times Student's t.
        double se = sd(Arrays.copyOf(logs, n)) * Math.sqrt(rounds / (rounds - 1.0));
        double half = tQuantile(confidence, rounds) * se;
        // Per-round spread, as the t interval's sd is, so that Judge.roundsToSettle extrapolates alike.
        return new RatioEstimate(ratio, ratio * Math.exp(-half), ratio * Math.exp(half), confidence, rounds,
                se * Math.sqrt(rounds));
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
     * @param confidence the interval's confidence
     * @param rounds the rounds redrawn, at least 2
     * @return Student's t quantile with {@code rounds - 1} degrees of freedom at {@code (1 + confidence) / 2}
     */
    static double tQuantile(double confidence, int rounds) {
        return new TDistribution(null, rounds - 1).inverseCumulativeProbability((1 + confidence) / 2);
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

        long total() {
            return Arrays.stream(counts).sum();
        }

        /** @return this block's own percentile, as HdrHistogram computes it */
        long percentile(double percentile) {
            long rank = rank(percentile, total());
            long seen = 0;
            for (int i = 0; i < values.length; i++) {
                seen += counts[i];
                if (seen >= rank) {
                    return values[i];
                }
            }
            return values[values.length - 1];
        }
    }

    /**
     * @param rounds per round, blocks
     * @param percentile in (0, 100)
     * @return the percentile of all the blocks pooled, as this class computes it (for tests against HdrHistogram)
     */
    static long pooledPercentile(List<List<Histogram>> rounds, double percentile) {
        Side side = new Side(rounds.stream().map(PercentileBootstrap::nonEmpty).toList(), percentile);
        return (long) side.percentile(side.all());
    }

    /**
     * HdrHistogram's rank of a percentile ({@code AbstractHistogram.getValueAtPercentile}, 2.2): the count the
     * cumulative count must reach, the percentile less one ulp so that rounding cannot overrun into the next bucket.
     *
     * @param percentile in (0, 100)
     * @param total the values counted
     * @return the rank, at least 1
     */
    static long rank(double percentile, long total) {
        return Math.max(1, (long) Math.ceil(Math.nextDown(percentile) * total / 100.0));
    }

    /**
     * One side's blocks as cumulative counts on a grid of bucket values, grouped by round.
     *
     * <p>The grid spans only the values a percentile of these blocks can take: the percentile of any weighting of
     * blocks lies between the lowest and the highest of the blocks' own percentiles (below the lowest, every
     * block's count is short of its rank, so their weighted sum is short of the pooled rank; at the highest, every
     * block's reaches it). Each block keeps its count below the grid as a base, so the counts stay exact and the
     * grid stays small whatever the blocks' range.
     */
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
        /** Each block's count of values, the grid's or not. */
        private final long[] blockTotal;
        private final double percentile;

        Side(List<List<Buckets>> rounds, double percentile) {
            this.percentile = percentile;
            List<Buckets> all = rounds.stream().flatMap(List::stream).toList();
            blocks = all.size();
            long lowest = Long.MAX_VALUE;
            long highest = Long.MIN_VALUE;
            for (Buckets block : all) {
                long own = block.percentile(percentile);
                lowest = Math.min(lowest, own);
                highest = Math.max(highest, own);
            }
            long lo = lowest;
            long hi = highest;
            grid = all.stream().flatMapToLong(block -> Arrays.stream(block.values()))
                    .filter(v -> v >= lo && v <= hi).sorted().distinct().toArray();
            cumulative = new long[Math.multiplyExact(grid.length, blocks)];
            roundBlocks = new int[rounds.size()][];
            weights = new int[blocks];
            blockTotal = new long[blocks];
            int next = 0;
            for (int r = 0; r < rounds.size(); r++) {
                roundBlocks[r] = new int[rounds.get(r).size()];
                for (int i = 0; i < rounds.get(r).size(); i++) {
                    roundBlocks[r][i] = next;
                    Buckets block = rounds.get(r).get(i);
                    blockTotal[next] = block.total();
                    long below = 0;
                    for (int k = 0; k < block.values().length; k++) {
                        long v = block.values()[k];
                        if (v < lo) {
                            below += block.counts()[k];
                        } else if (v <= hi) {
                            cumulative[Arrays.binarySearch(grid, v) * blocks + next] += block.counts()[k];
                        }
                    }
                    cumulative[next] += below;
                    for (int j = 1; j < grid.length; j++) {
                        cumulative[j * blocks + next] += cumulative[(j - 1) * blocks + next];
                    }
                    next++;
                }
            }
        }

        /** @return every block once */
        int[] all() {
            Arrays.fill(weights, 1);
            return weights;
        }

        /**
         * @param drawn the rounds one replicate drew, with repeats
         * @return per block how often the replicate counts it: once for every time its round was drawn
         */
        int[] weigh(int[] drawn) {
            Arrays.fill(weights, 0);
            for (int round : drawn) {
                for (int block : roundBlocks[round]) {
                    weights[block]++;
                }
            }
            return weights;
        }

        /** @return the percentile of the blocks taken with these weights, as HdrHistogram computes it */
        double percentile(int[] weight) {
            long total = 0;
            for (int b = 0; b < blocks; b++) {
                total += weight[b] * blockTotal[b];
            }
            long rank = rank(percentile, total);
            int lo = 0;
            int hi = grid.length - 1;
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

    private static double sd(double[] values) {
        return values.length < 2 ? 0 : Math.sqrt(VarianceSplit.variance(values, VarianceSplit.mean(values)));
    }
}
