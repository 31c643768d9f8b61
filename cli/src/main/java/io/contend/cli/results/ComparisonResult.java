package io.contend.cli.results;


import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How one configuration compares with its baseline over paired rounds, as written to results.json under a
 * record's {@code comparison}.
 *
 * @param baseline the baseline's parameters that differ from this record's, e.g. {@code impl=jctools}
 * @param ratio how many times better than the baseline (above 1: faster, or lower latency), the geometric mean
 *              of the per-round ratios
 * @param ratioLow lower end of the confidence interval, or null with fewer than two rounds
 * @param ratioHigh upper end of the confidence interval, or null with fewer than two rounds
 * @param confidence the interval's confidence, e.g. 0.95
 * @param rounds paired rounds the estimate rests on
 * @param verdict faster, slower, same or inconclusive against the margin
 * @param margin the equivalence margin, e.g. 0.05
 * @param direction whether the score is better higher or lower (the ratio is inverted for lower)
 * @param roundsToSettle for an inconclusive verdict, about how many rounds would settle it; null when unknown
 */
public record ComparisonResult(Map<String, String> baseline, double ratio, Double ratioLow, Double ratioHigh,
                               double confidence, int rounds, Verdict verdict, double margin, Direction direction,
                               Integer roundsToSettle) {

    /**
     * Checks what a chart needs to place the ratio on a log axis, and copies the baseline, keeping its order.
     *
     * @throws IllegalArgumentException if the ratio is not finite and positive, the interval does not hold it,
     *                                  the confidence is not in (0, 1), the margin is negative or a count is
     *                                  out of range
     */
    public ComparisonResult {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(direction, "direction");
        if (!(ratio > 0 && ratio < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("ratio must be finite and above 0: " + ratio);
        }
        if ((ratioLow == null) != (ratioHigh == null)) {
            throw new IllegalArgumentException("ratioLow and ratioHigh must both be null or both be numbers: "
                    + ratioLow + ", " + ratioHigh);
        }
        if (ratioLow != null && !(ratioLow > 0 && ratioLow <= ratio && ratio <= ratioHigh
                && ratioHigh < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("interval [" + ratioLow + ", " + ratioHigh
                    + "] must be positive, finite and hold the ratio " + ratio);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1): " + confidence);
        }
        if (!(margin >= 0 && margin < Double.POSITIVE_INFINITY)) {
            throw new IllegalArgumentException("margin must be finite and 0 or more: " + margin);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be at least 1: " + rounds);
        }
        if (roundsToSettle != null && roundsToSettle < 0) {
            throw new IllegalArgumentException("roundsToSettle must be 0 or more: " + roundsToSettle);
        }
        baseline = Collections.unmodifiableMap(new LinkedHashMap<>(baseline));
    }

    /** @return e.g. {@code impl=jctools} */
    public String baselineLabel() {
        StringBuilder out = new StringBuilder();
        baseline.forEach((k, v) -> out.append(out.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return out.toString();
    }
}
