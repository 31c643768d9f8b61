package io.contend.cli.compare;

import java.util.Arrays;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The statistics of {@code contend compare} beyond the lab's paired t interval: one-sided tests against the
 * equivalence margin with Holm's correction across benchmarks, Wilcoxon's signed-rank test and the Hodges-Lehmann
 * estimate as a robust cross-check, and a slope test for forks that had not reached a steady state. (Welch's
 * interval for the unpaired comparison of two JMH result files is the analysis' {@code UnpairedRatio}.)
 *
 * <p>All of them work on log ratios {@code d = ln(r)}, where {@code r} above 1 means the candidate is better, as
 * the lab's {@link io.contend.cli.analysis.RatioEstimate} does.
 */
public final class CompareStats {
    private CompareStats() {
    }

    /** Mean and standard error of log ratios. */
    private record Moments(double mean, double se, int n) {
        static Moments of(double[] d) {
            int n = d.length;
            double mean = Arrays.stream(d).average().orElse(Double.NaN);
            double ss = 0;
            for (double x : d) {
                ss += (x - mean) * (x - mean);
            }
            double sd = n > 1 ? Math.sqrt(ss / (n - 1)) : Double.NaN;
            return new Moments(mean, sd / Math.sqrt(n), n);
        }
    }

    /**
     * One-sided p-values of the three claims a verdict can make, each at the margin: "faster" (the mean log ratio
     * is above {@code ln(1 + margin)}), "slower" (below {@code -ln(1 + margin)}), and "same" (inside both, the two
     * one-sided tests of equivalence, whose p-value is the larger of the two). With one comparison, rejecting at
     * 0.025 is exactly the lab's rule: the 95% interval beyond the margin, or inside it.
     *
     * @param d log ratios, at least 2
     * @param margin the equivalence margin, e.g. 0.05
     * @return p-values of faster, slower and same; 1 for each when the spread is 0 and the claim does not hold
     */
    public static double[] claimPValues(double[] d, double margin) {
        if (d.length < 2) {
            return new double[] {1, 1, 1};
        }
        Moments m = Moments.of(d);
        double bound = Math.log(1 + margin);
        if (!(m.se() > 0)) {
            return new double[] {m.mean() > bound ? 0 : 1, m.mean() < -bound ? 0 : 1,
                    Math.abs(m.mean()) < bound ? 0 : 1};
        }
        TDistribution t = new TDistribution(null, m.n() - 1);
        double faster = 1 - t.cumulativeProbability((m.mean() - bound) / m.se());
        double slower = t.cumulativeProbability((m.mean() + bound) / m.se());
        double aboveLower = 1 - t.cumulativeProbability((m.mean() + bound) / m.se());
        double belowUpper = t.cumulativeProbability((m.mean() - bound) / m.se());
        return new double[] {faster, slower, Math.max(aboveLower, belowUpper)};
    }

    /**
     * Holm's step-down procedure (Holm 1979): which hypotheses are rejected at family-wise error rate alpha.
     *
     * @param p the p-values, one per hypothesis
     * @param alpha the family-wise error rate
     * @return per hypothesis, whether it is rejected
     */
    public static boolean[] holm(double[] p, double alpha) {
        Integer[] order = new Integer[p.length];
        for (int i = 0; i < p.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> Double.compare(p[a], p[b]));
        boolean[] rejected = new boolean[p.length];
        for (int k = 0; k < order.length; k++) {
            if (!(p[order[k]] <= alpha / (order.length - k))) {
                break;
            }
            rejected[order[k]] = true;
        }
        return rejected;
    }

    /**
     * Wilcoxon's signed-rank test of a zero median, two-sided: exact for up to 30 values without ties or zeros,
     * else the normal approximation with the tie correction and a continuity correction.
     *
     * @param d the values (log ratios)
     * @return the p-value; 1 with no non-zero value
     */
    public static double wilcoxonPValue(double[] d) {
        double[] x = Arrays.stream(d).filter(v -> v != 0).toArray();
        int n = x.length;
        if (n == 0) {
            return 1;
        }
        Integer[] byAbs = new Integer[n];
        for (int i = 0; i < n; i++) {
            byAbs[i] = i;
        }
        Arrays.sort(byAbs, (a, b) -> Double.compare(Math.abs(x[a]), Math.abs(x[b])));
        double[] rank = new double[n];
        boolean ties = false;
        double tieTerm = 0;
        for (int i = 0; i < n; ) {
            int j = i;
            while (j + 1 < n && Math.abs(x[byAbs[j + 1]]) == Math.abs(x[byAbs[i]])) {
                j++;
            }
            double avg = (i + j + 2) / 2.0;
            for (int k = i; k <= j; k++) {
                rank[byAbs[k]] = avg;
            }
            int t = j - i + 1;
            if (t > 1) {
                ties = true;
                tieTerm += (double) t * t * t - t;
            }
            i = j + 1;
        }
        double wPlus = 0;
        for (int i = 0; i < n; i++) {
            if (x[i] > 0) {
                wPlus += rank[i];
            }
        }
        double total = n * (n + 1) / 2.0;
        if (!ties && n <= 30) {
            long[] counts = new long[(int) total + 1]; // ways to reach each rank sum with ranks 1..n
            counts[0] = 1;
            for (int r = 1; r <= n; r++) {
                for (int s = (int) total; s >= r; s--) {
                    counts[s] += counts[s - r];
                }
            }
            double all = Math.pow(2, n);
            int w = (int) Math.round(Math.min(wPlus, total - wPlus));
            double tail = 0;
            for (int s = 0; s <= w; s++) {
                tail += counts[s];
            }
            return Math.min(1, 2 * tail / all);
        }
        double mean = total / 2;
        double var = n * (n + 1.0) * (2.0 * n + 1) / 24.0 - tieTerm / 48.0;
        double z = (Math.abs(wPlus - mean) - 0.5) / Math.sqrt(var);
        return Math.min(1, 2 * (1 - new NormalDistribution(null, 0, 1).cumulativeProbability(Math.max(0, z))));
    }

    /**
     * The Hodges-Lehmann estimate of the centre: the median of the Walsh averages {@code (d_i + d_j) / 2},
     * {@code i <= j}. Robust to a stray round where the mean is not.
     *
     * @param d the values, at least one
     * @return the estimate
     */
    public static double hodgesLehmann(double[] d) {
        int n = d.length;
        double[] walsh = new double[n * (n + 1) / 2];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                walsh[k++] = (d[i] + d[j]) / 2;
            }
        }
        Arrays.sort(walsh);
        int m = walsh.length;
        return m % 2 == 1 ? walsh[m / 2] : (walsh[m / 2 - 1] + walsh[m / 2]) / 2;
    }

    /**
     * A least-squares slope test over one fork's measurement iterations: whether the score still trended when JMH
     * measured it (warm-up too short, a JIT change mid-fork), after the steady-state check of Barrett et al.,
     * "Virtual Machine Warmup Blows Hot and Cold" (OOPSLA 2017), reduced to its simplest form.
     *
     * @param iterations the fork's iteration scores, in order
     * @param alpha the test's level, e.g. 0.01
     * @return whether the slope differs from 0 at that level; false with fewer than 4 iterations
     */
    public static boolean trends(double[] iterations, double alpha) {
        int n = iterations.length;
        if (n < 4) {
            return false;
        }
        double mx = (n - 1) / 2.0;
        double my = Arrays.stream(iterations).average().orElse(0);
        double sxx = 0;
        double sxy = 0;
        for (int i = 0; i < n; i++) {
            sxx += (i - mx) * (i - mx);
            sxy += (i - mx) * (iterations[i] - my);
        }
        double slope = sxy / sxx;
        double sse = 0;
        for (int i = 0; i < n; i++) {
            double fit = my + slope * (i - mx);
            sse += (iterations[i] - fit) * (iterations[i] - fit);
        }
        double se = Math.sqrt(sse / (n - 2) / sxx);
        if (!(se > 0)) {
            return slope != 0;
        }
        double t = Math.abs(slope / se);
        return 2 * (1 - new TDistribution(null, n - 2).cumulativeProbability(t)) < alpha;
    }
}
