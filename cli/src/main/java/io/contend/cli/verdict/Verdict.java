package io.contend.cli.verdict;

import com.google.gson.annotations.SerializedName;

import java.util.Locale;

/**
 * What a comparison concludes, judged from the whole confidence interval against an equivalence margin
 * {@code m} (the lab uses 5%): {@link #FASTER} when the interval lies above {@code 1 + m}, {@link #SLOWER} when
 * it lies below {@code 1 / (1 + m)}, {@link #SAME} when it lies inside {@code [1 / (1 + m), 1 + m]}, and
 * {@link #INCONCLUSIVE} otherwise: the interval straddles a margin, so the run cannot tell. A difference smaller
 * than the margin is never called faster or slower, however narrow the interval: on a shared machine a few
 * percent is within what the machine itself does from one minute to the next.
 *
 * <p>"Faster" reads as "better" for every score: for latency and error, the ratio is already inverted
 * ({@link Direction}), so above 1 always means the contender wins.
 */
public enum Verdict {
    /** Better than the baseline by more than the margin, with the stated confidence. */
    @SerializedName("faster")
    FASTER,
    /** Worse than the baseline by more than the margin, with the stated confidence. */
    @SerializedName("slower")
    SLOWER,
    /** Within the margin of the baseline, with the stated confidence. */
    @SerializedName("same")
    SAME,
    /** The interval crosses a margin: more rounds are needed to tell. */
    @SerializedName("inconclusive")
    INCONCLUSIVE;

    /** The lab's equivalence margin: differences under 5% count as the same. */
    public static final double MARGIN = 0.05;

    /**
     * @param estimate a ratio and its interval
     * @param margin the equivalence margin, e.g. {@link #MARGIN}
     * @return the verdict; {@link #INCONCLUSIVE} without an interval (one round)
     */
    public static Verdict judge(RatioEstimate estimate, double margin) {
        if (!(margin > 0 && margin < 1)) {
            throw new IllegalArgumentException("margin must be in (0, 1): " + margin);
        }
        if (!estimate.hasInterval()) {
            return INCONCLUSIVE;
        }
        double upper = 1 + margin;
        double lower = 1 / upper;
        if (estimate.low() > upper) {
            return FASTER;
        }
        if (estimate.high() < lower) {
            return SLOWER;
        }
        if (estimate.low() >= lower && estimate.high() <= upper) {
            return SAME;
        }
        return INCONCLUSIVE;
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

    /** @return {@code faster}, {@code slower}, {@code same} or {@code inconclusive}, as results.json spells it */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param label a verdict as results.json spells it
     * @return the verdict
     * @throws IllegalArgumentException for an unknown label
     */
    public static Verdict parse(String label) {
        for (Verdict v : values()) {
            if (v.label().equals(label)) {
                return v;
            }
        }
        throw new IllegalArgumentException("unknown verdict '" + label + "'");
    }
}
