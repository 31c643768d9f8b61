package io.contend.cli.analysis;

import io.contend.cli.results.Direction;
import org.apache.commons.math3.distribution.TDistribution;

import java.util.Arrays;

/**
 * The ratio of a contender to its baseline from two independent samples, such as the forks of two JMH result files
 * measured at different times: nothing pairs one side's forks with the other's, so no round's ratio cancels what
 * drifted between them, and the estimate is the weaker kind.
 *
 * <p>Method: on the logs of each side's positive, finite scores, the ratio is {@code exp(mean(ln c) - mean(ln b))}
 * (turned so that above 1 is better, see {@link Direction#ratio}) and its interval is Welch's for a difference of two
 * means with unequal variances (Welch 1947; degrees of freedom by the Welch-Satterthwaite equation), which needs at
 * least two values a side. Logarithms for the reasons {@link RatioEstimate} gives.
 */
public final class UnpairedRatio {
    private UnpairedRatio() {
    }

    /**
     * @param contender the contender's independent scores (e.g. fork means)
     * @param baseline the baseline's
     * @param direction which way scores are better
     * @param confidence e.g. {@link RatioEstimate#CONFIDENCE}
     * @return the estimate; without an interval when a side has fewer than two usable scores, its rounds then 1
     * @throws IllegalArgumentException if a side has no positive, finite score
     */
    public static RatioEstimate estimate(double[] contender, double[] baseline, Direction direction,
                                         double confidence) {
        double[] c = logs(contender);
        double[] b = logs(baseline);
        if (c.length == 0 || b.length == 0) {
            throw new IllegalArgumentException("no positive, finite score on the " + (c.length == 0 ? "contender"
                    : "baseline") + "'s side: " + Arrays.toString(c.length == 0 ? contender : baseline));
        }
        double sign = direction == Direction.HIGHER ? 1 : -1;
        if (c.length < 2 || b.length < 2) {
            return new RatioEstimate(Math.exp(sign * (VarianceSplit.mean(c) - VarianceSplit.mean(b))), Double.NaN,
                    Double.NaN, confidence, 1, 0);
        }
        double[] w = welch(c, b, confidence);
        double low = Math.exp(sign > 0 ? w[1] : -w[2]);
        double high = Math.exp(sign > 0 ? w[2] : -w[1]);
        return new RatioEstimate(Math.exp(sign * w[0]), low, high, confidence, Math.min(b.length, c.length),
                Double.NaN);
    }

    /**
     * Welch's interval for the difference of the means of two unpaired samples.
     *
     * @param a one side's values, at least 2
     * @param b the other side's, at least 2
     * @param confidence two-sided, e.g. 0.95
     * @return {mean(a) - mean(b), low, high}
     */
    public static double[] welch(double[] a, double[] b, double confidence) {
        double meanA = VarianceSplit.mean(a);
        double meanB = VarianceSplit.mean(b);
        double va = VarianceSplit.variance(a, meanA) / a.length;
        double vb = VarianceSplit.variance(b, meanB) / b.length;
        double diff = meanA - meanB;
        double se = Math.sqrt(va + vb);
        if (!(se > 0)) {
            return new double[] {diff, diff, diff};
        }
        double df = (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double q = new TDistribution(null, df).inverseCumulativeProbability((1 + confidence) / 2);
        return new double[] {diff, diff - q * se, diff + q * se};
    }

    private static double[] logs(double[] scores) {
        return Arrays.stream(scores).filter(v -> Double.isFinite(v) && v > 0).map(Math::log).toArray();
    }
}
