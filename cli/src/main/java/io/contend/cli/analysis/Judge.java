package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.Verdict;

import java.util.Map;

/**
 * Judges a ratio estimate against an equivalence margin: the verdict ({@link Verdict}), how many rounds might
 * settle an inconclusive one, and the {@link ComparisonResult} the results file keeps. A pure function of its
 * inputs, so that a stored run can be judged again at another margin.
 */
public final class Judge {
    private Judge() {
    }

    /** The lab's equivalence margin: differences under 5% count as the same. */
    public static final double MARGIN = 0.05;

    /**
     * @param estimate a ratio and its interval
     * @param margin the equivalence margin, e.g. {@link #MARGIN}
     * @return the verdict; {@link Verdict#INCONCLUSIVE} without an interval (one round)
     */
    public static Verdict judge(RatioEstimate estimate, double margin) {
        if (!(margin > 0 && margin < 1)) {
            throw new IllegalArgumentException("margin must be in (0, 1): " + margin);
        }
        if (!estimate.hasInterval()) {
            return Verdict.INCONCLUSIVE;
        }
        double upper = 1 + margin;
        double lower = 1 / upper;
        if (estimate.low() > upper) {
            return Verdict.FASTER;
        }
        if (estimate.high() < lower) {
            return Verdict.SLOWER;
        }
        if (estimate.low() >= lower && estimate.high() <= upper) {
            return Verdict.SAME;
        }
        return Verdict.INCONCLUSIVE;
    }

    /**
     * How many rounds would likely settle an inconclusive comparison, if the per-round spread stays what it
     * was: the rounds at which the interval's half-width (about {@code 2 s / √n}) would fit between the
     * estimate and the nearer margin.
     *
     * @param estimate an inconclusive estimate
     * @param margin the equivalence margin
     * @return rounds, or -1 when the estimate sits on a margin (no number of rounds is likely to settle it) or
     *         there is no spread to extrapolate from
     */
    public static int roundsToSettle(RatioEstimate estimate, double margin) {
        double distance = Math.abs(Math.abs(Math.log(estimate.ratio())) - Math.log(1 + margin));
        double sd = estimate.logStdDev();
        if (estimate.rounds() < 2 || !(sd > 0) || distance < 1e-3) {
            return -1;
        }
        double rounds = Math.ceil(Math.pow(2 * sd / distance, 2));
        return rounds > 10_000 ? -1 : (int) Math.max(rounds, estimate.rounds() + 1);
    }

    /**
     * @param baseline the baseline's differing parameters
     * @param estimate the ratio and its interval
     * @param margin the equivalence margin
     * @param direction which way the score is better
     * @return the comparison, judged
     */
    public static ComparisonResult comparison(Map<String, String> baseline, RatioEstimate estimate, double margin,
                                      Direction direction) {
        Verdict verdict = judge(estimate, margin);
        Integer settle = null;
        if (verdict == Verdict.INCONCLUSIVE) {
            int n = roundsToSettle(estimate, margin);
            settle = n < 0 ? null : n;
        }
        return new ComparisonResult(baseline, estimate.ratio(), estimate.hasInterval() ? estimate.low() : null,
                estimate.hasInterval() ? estimate.high() : null, estimate.confidence(), estimate.rounds(), verdict,
                margin, direction, settle);
    }

}
