package io.contend.cli.analysis;


/**
 * An anytime-valid confidence sequence for the mean of the per-round log ratios: a sequence of intervals, one
 * after each round, that all hold the true mean at once with probability at least the confidence. Because the
 * guarantee is uniform over rounds, it holds at whatever round a look is taken and whatever the reason for taking
 * it, seeing the ratios included: it is the interval of a run to which {@code contend lab --more} added rounds.
 *
 * <p>Method: the per-round log ratios {@code d_1, d_2, ...} are taken as independent draws of N(mu, sigma^2), sigma
 * unknown (the model Student's t interval already assumes). For a candidate mean {@code m}, let
 * {@code S_n = sum (d_i - m)} and {@code V_n = sum (d_i - m)^2}. The statistic
 * <pre>
 *   M_n(m) = sqrt(c / (n + c)) * (1 - S_n^2 / ((n + c) V_n))^(-n/2)
 * </pre>
 * is the likelihood ratio of the scale-invariant reduction of {@code d_1..d_n - m} (its distribution depends on
 * mu and sigma only through {@code (mu - m) / sigma}), for a standardized effect drawn from N(0, 1/c) against an
 * effect of 0; it is computed by Wijsman's representation, integrating the scale with the right Haar measure, as
 * Lai did. When {@code m = mu} it is a nonnegative martingale with {@code M_1 = 1} in the filtration of those
 * reductions, so by Ville's inequality {@code P(exists n: M_n(mu) >= 1/alpha) <= alpha}. The confidence sequence is
 * {@code {m : M_n(m) < 1/alpha}}, which solves to
 * <pre>
 *   mean(d) ± s · sqrt((n - 1) K / (n (n - K))),   K = (n + c) (1 - B^(-2/n)),   B = sqrt((n + c) / c) / alpha
 * </pre>
 * with {@code s} the sample standard deviation, and is the whole line while {@code n <= K} (with c = 1 and 95%,
 * up to 4 rounds). Since the bound holds for every n at once, it holds at a round chosen after seeing the data.
 * Source: H. Wang and A. Ramdas, "Anytime-valid t-tests and confidence sequences for Gaussian means with unknown
 * variance", arXiv:2310.03722, 2023 (the Gaussian-mixture test martingale in the reduced, scale-invariant
 * filtration), after T. L. Lai, "On confidence sequences", Annals of Statistics 4(2), 1976.
 *
 * <p>The mixture's precision {@code c} ({@link #PRIOR_ROUNDS}) sets the rounds at which the sequence is tightest
 * relative to a fixed-n interval; 1 suits the 10 to 100 rounds a continued lab run reaches. The price of being
 * valid at every round: from 10 to 200 rounds the interval is 1.6 to 1.8 times as wide as Student's t interval at
 * the same rounds (by the two formulas), so a continued run needs two to three times the rounds to reach the width
 * the fixed plan would have had. As the fixed plan's interval does, it takes the log ratios to be independent with
 * one mean: drift that hits both sides of a round alike cancels in the ratio, and the simulations in the test suite
 * check it on the lab's noise.
 */
public final class ConfidenceSequence {
    /** The mixture's precision c: a standardized effect drawn from N(0, 1/c), one round's worth of prior. */
    public static final double PRIOR_ROUNDS = 1.0;
    /** Beyond this many rounds an estimate of the rounds to settle is not given. */
    static final int MAX_ROUNDS_TO_SETTLE = 10_000;

    private ConfidenceSequence() {
    }

    /**
     * @param ratios one ratio per round, in round order (above 1: better); NaN, infinite or non-positive ratios are
     *               skipped, as {@link RatioEstimate#ofRatios} skips them
     * @param confidence e.g. {@link RatioEstimate#CONFIDENCE}
     * @return the geometric mean with the sequence's interval at the last round: no interval with one usable round,
     *         and {@code [0, +infinity]} while the sequence is still the whole line
     * @throws IllegalArgumentException if no ratio is usable or the confidence is not in (0, 1)
     */
    public static RatioEstimate ofRatios(double[] ratios, double confidence) {
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1): " + confidence);
        }
        LogRatios logs = LogRatios.of(ratios);
        if (logs.n() == 1) {
            return logs.withoutInterval(confidence);
        }
        double factor = halfWidthFactor(logs.n(), 1 - confidence, PRIOR_ROUNDS);
        if (Double.isInfinite(factor)) {
            return new RatioEstimate(Math.exp(logs.mean()), 0, Double.POSITIVE_INFINITY, confidence, logs.n(),
                    logs.sd());
        }
        return logs.estimate(factor * logs.sd(), confidence);
    }

    /**
     * The half-width of the sequence at round n in units of the sample standard deviation.
     *
     * @param n rounds, 1 or more
     * @param alpha the error probability, in (0, 1)
     * @param c the mixture's precision, above 0
     * @return {@code sqrt((n - 1) K / (n (n - K)))}, or +infinity while the sequence is the whole line
     */
    static double halfWidthFactor(int n, double alpha, double c) {
        if (n < 1 || !(alpha > 0 && alpha < 1) || !(c > 0)) {
            throw new IllegalArgumentException("need n >= 1, alpha in (0, 1), c > 0: n " + n + ", alpha " + alpha
                    + ", c " + c);
        }
        if (n == 1) {
            return Double.POSITIVE_INFINITY;
        }
        double logB = -Math.log(alpha) + 0.5 * Math.log((n + c) / c);
        double k = -(n + c) * Math.expm1(-2 * logB / n);
        double room = n - k;
        if (!(room > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        return Math.sqrt((n - 1) * k / (n * room));
    }

    /**
     * The test martingale itself, for checking the interval against its definition.
     *
     * @param logs the log ratios of the rounds so far
     * @param m a candidate mean
     * @param c the mixture's precision
     * @return {@code ln M_n(m)}
     */
    static double logMartingale(double[] logs, double m, double c) {
        int n = logs.length;
        double s = 0;
        double v = 0;
        for (double d : logs) {
            s += d - m;
            v += (d - m) * (d - m);
        }
        return 0.5 * Math.log(c / (n + c)) - n / 2.0 * Math.log1p(-s * s / ((n + c) * v));
    }

    /**
     * How many rounds in all would likely settle an inconclusive comparison under this sequence, if the per-round
     * spread stays what it was: the first round count at which the sequence's half-width fits between the estimate
     * and the nearer margin.
     *
     * @param estimate an inconclusive estimate of the sequence
     * @param margin the equivalence margin
     * @return rounds in all, more than the estimate's; -1 when the estimate sits on a margin, there is no spread to
     *         extrapolate from, or it would take more than {@value #MAX_ROUNDS_TO_SETTLE} rounds
     */
    public static int roundsToSettle(RatioEstimate estimate, double margin) {
        double distance = Math.abs(Math.abs(Math.log(estimate.ratio())) - Math.log(1 + margin));
        double sd = estimate.logStdDev();
        if (estimate.rounds() < 2 || !(sd > 0) || distance < 1e-3) {
            return -1;
        }
        double alpha = 1 - estimate.confidence();
        int low = estimate.rounds();
        int high = MAX_ROUNDS_TO_SETTLE;
        if (halfWidthFactor(high, alpha, PRIOR_ROUNDS) * sd > distance) {
            return -1;
        }
        // The half-width shrinks as rounds are added: the first count that fits lies in (low, high].
        while (high - low > 1) {
            int mid = (low + high) >>> 1;
            if (halfWidthFactor(mid, alpha, PRIOR_ROUNDS) * sd <= distance) {
                high = mid;
            } else {
                low = mid;
            }
        }
        return high;
    }
}
