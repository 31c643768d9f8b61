package io.contend.cli.results;

import com.google.gson.annotations.SerializedName;

import java.util.Locale;

/**
 * What a comparison concludes, judged from the whole confidence interval against an equivalence margin
 * {@code m} (the lab uses 5%; the analysis judges): {@link #FASTER} when the interval lies above {@code 1 + m}, {@link #SLOWER} when
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
