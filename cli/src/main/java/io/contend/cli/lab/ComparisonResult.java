package io.contend.cli.lab;

import io.contend.cli.verdict.Direction;
import io.contend.cli.verdict.RatioEstimate;
import io.contend.cli.verdict.Verdict;

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

    /** Copies the baseline, keeping its order. */
    public ComparisonResult {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(direction, "direction");
        baseline = Collections.unmodifiableMap(new LinkedHashMap<>(baseline));
    }

    /**
     * @param baseline the baseline's differing parameters
     * @param estimate the ratio and its interval
     * @param margin the equivalence margin
     * @param direction which way the score is better
     * @return the comparison, judged
     */
    public static ComparisonResult of(Map<String, String> baseline, RatioEstimate estimate, double margin,
                                      Direction direction) {
        Verdict verdict = Verdict.judge(estimate, margin);
        Integer settle = null;
        if (verdict == Verdict.INCONCLUSIVE) {
            int n = Verdict.roundsToSettle(estimate, margin);
            settle = n < 0 ? null : n;
        }
        return new ComparisonResult(baseline, estimate.ratio(), estimate.hasInterval() ? estimate.low() : null,
                estimate.hasInterval() ? estimate.high() : null, estimate.confidence(), estimate.rounds(), verdict,
                margin, direction, settle);
    }

    /** @return e.g. {@code impl=jctools} */
    public String baselineLabel() {
        StringBuilder out = new StringBuilder();
        baseline.forEach((k, v) -> out.append(out.length() == 0 ? "" : ",").append(k).append('=').append(v));
        return out.toString();
    }
}
