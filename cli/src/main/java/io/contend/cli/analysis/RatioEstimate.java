package io.contend.cli.analysis;

import io.contend.cli.results.Direction;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The ratio of a contender to its baseline over paired rounds, with a confidence interval.
 *
 * <p>Method: each round measures both sides back to back, so a round's ratio {@code r_i} (above 1 is better,
 * see {@link Direction#ratio}) cancels what drifted between rounds: a noisy neighbour, frequency scaling, a
 * slower fork. The estimate works on {@code d_i = ln r_i}: the point estimate is the geometric mean
 * {@code exp(mean(d))}, and the interval is Student's t interval {@code exp(mean(d) ± t(n-1, (1+c)/2) · s/√n)}.
 * Logarithms because ratios are multiplicative and skewed (a 2x gain and a 2x loss are symmetric in log space,
 * and the interval stays positive); t because a lab run has few rounds (3 to 20) and the standard deviation is
 * estimated from them. This is the paired t-test's interval (Student 1908; for benchmarks see Kalibera &amp;
 * Jones, "Rigorous Benchmarking in Reasonable Time", ISMM 2013). A percentile-method bootstrap over so few
 * rounds would understate the interval ({@link PercentileBootstrap} takes t's quantile over a bootstrap standard
 * error instead). The simulation in the test suite checks the coverage on noisy synthetic rounds.
 *
 * @param ratio geometric mean of the per-round ratios (above 1: better than the baseline)
 * @param low lower end of the interval; NaN with fewer than 2 rounds
 * @param high upper end of the interval; NaN with fewer than 2 rounds
 * @param confidence the interval's confidence, e.g. 0.95
 * @param rounds rounds with a usable ratio
 * @param logStdDev sample standard deviation of the log ratios (0 for one round)
 */
public record RatioEstimate(double ratio, double low, double high, double confidence, int rounds, double logStdDev) {

    /** The confidence the lab reports. */
    public static final double CONFIDENCE = 0.95;

    /** Checks the interval is ordered around the estimate. */
    public RatioEstimate {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1): " + confidence);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("an estimate needs at least one round: " + rounds);
        }
        if (rounds >= 2 && !(low <= ratio && ratio <= high)) {
            throw new IllegalArgumentException("interval [" + low + ", " + high + "] does not hold " + ratio);
        }
    }

    /**
     * @param contender the contender's score in each round
     * @param baseline the baseline's score in the same rounds
     * @param direction which way scores are better
     * @param confidence e.g. {@link #CONFIDENCE}
     * @return the estimate over the rounds where both scores are positive and finite
     * @throws IllegalArgumentException if the arrays differ in length or no round is usable
     */
    public static RatioEstimate paired(double[] contender, double[] baseline, Direction direction, double confidence) {
        return ofRatios(LogRatios.paired(contender, baseline, direction), confidence);
    }

    /**
     * @param ratios one ratio per round (above 1: better); NaN, infinite or non-positive ratios are skipped
     * @param confidence e.g. {@link #CONFIDENCE}
     * @return the estimate
     * @throws IllegalArgumentException if no ratio is usable
     */
    public static RatioEstimate ofRatios(double[] ratios, double confidence) {
        LogRatios logs = LogRatios.of(ratios);
        if (logs.n() == 1) {
            return logs.withoutInterval(confidence);
        }
        return logs.estimate(tQuantile(logs.n() - 1, confidence) * logs.sd() / Math.sqrt(logs.n()), confidence);
    }

    /**
     * @param degreesOfFreedom n - 1
     * @param confidence two-sided confidence
     * @return the t quantile that bounds a two-sided interval of that confidence
     */
    static double tQuantile(int degreesOfFreedom, double confidence) {
        return new TDistribution(null, degreesOfFreedom).inverseCumulativeProbability((1 + confidence) / 2);
    }

    /** @return whether the interval is known (two rounds or more) */
    public boolean hasInterval() {
        return rounds >= 2;
    }
}
