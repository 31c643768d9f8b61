package io.contend.cli.results;

import com.google.gson.annotations.SerializedName;

import java.util.Locale;

/** Which way a score is better: a rate (higher) or a time or latency (lower). */
public enum Direction {
    /** Higher is better: operations per unit of time. */
    @SerializedName("higher")
    HIGHER,
    /** Lower is better: time per operation, latency, error. */
    @SerializedName("lower")
    LOWER;

    /**
     * @param score a contender's score
     * @param baseline the baseline's score in the same round
     * @return how many times better than the baseline the contender is (above 1 is better), NaN if undefined
     */
    public double ratio(double score, double baseline) {
        double r = this == HIGHER ? score / baseline : baseline / score;
        return Double.isFinite(r) && r > 0 ? r : Double.NaN;
    }

    /** @return {@code higher} or {@code lower}, as results.json spells it */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param label {@code higher} or {@code lower}
     * @return the direction
     * @throws IllegalArgumentException for anything else
     */
    public static Direction parse(String label) {
        for (Direction d : values()) {
            if (d.label().equals(label)) {
                return d;
            }
        }
        throw new IllegalArgumentException("direction must be 'higher' or 'lower': " + label);
    }
}
