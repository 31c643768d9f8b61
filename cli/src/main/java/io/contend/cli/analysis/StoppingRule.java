package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.LatencyBlocks;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.Verdict;

import java.util.List;
import java.util.Map;

/**
 * How the number of rounds of a run was decided, and so which interval may judge its comparisons without the
 * decision biasing the verdict.
 *
 * <ul>
 * <li>{@link #FIXED_PLAN}: a run of one look. Its rounds were fixed before any ratio was seen (from the budget and
 * the first round's duration, or {@code --rounds N}), so Student's t interval ({@link RatioEstimate}) holds with its
 * stated confidence.</li>
 * <li>{@link #CONFIDENCE_SEQUENCE}: a run to which {@code contend lab --more} added rounds after the verdict of a
 * look was seen. A t interval recomputed at each look would err more often than it says, since a user stops when
 * one look happens to conclude; the run's comparisons are judged instead by an anytime-valid confidence sequence
 * ({@link ConfidenceSequence}) over all its rounds, whose 95% holds at every look at once.</li>
 * </ul>
 *
 * <p>Decision: a confidence sequence rather than a group-sequential design (Pocock, O'Brien-Fleming, or Bonferroni
 * over K looks). A group-sequential bound is narrower but holds only for look sizes fixed in advance, and a lab
 * user chooses how many rounds a look adds ({@code --rounds N}) after seeing ratios; the sequence holds whatever
 * the look sizes and however many looks there are (Wang and Ramdas, arXiv:2310.03722, 2023). The run's first look
 * keeps its own t interval, as printed when it ran, so a user who reads it and then continues has two chances to
 * err: at most 5% at the first look and 5% over all later ones together, by the union bound. The margin makes a
 * wrong direction much rarer than a miss; the simulations in the test suite measure the whole procedure on the
 * lab's noise. {@link #MAX_LOOKS} caps the looks: the sequence needs no cap, but a comparison too close to the
 * margin to settle should end as inconclusive rather than run on, and the simulations check that many looks.
 *
 * <p>A comparison of latency percentiles kept in blocks is judged by {@link PercentileBootstrap} instead, under
 * the same two rules: a fixed plan takes its 95% interval; a continued run spends the same 5% over its later looks
 * by the union bound, look {@code k >= 2} at {@code 0.05 · 6 / (π² (k-1)²)} (the terms sum to 0.05), so that its
 * error rate over all looks keeps the same bound as the confidence sequence's.
 */
public enum StoppingRule {
    /** One look, rounds fixed in advance: Student's t interval. */
    FIXED_PLAN("t interval"),
    /** Rounds added after seeing ratios ({@code --more}): the anytime-valid confidence sequence. */
    CONFIDENCE_SEQUENCE("confidence sequence");

    /** Most looks at one run: the first run and nine {@code --more}. */
    public static final int MAX_LOOKS = 10;

    /** What a table cell adds to an interval the confidence sequence gave. */
    public static final String SEQUENCE_MARK = "seq";

    private final String label;

    StoppingRule(String label) {
        this.label = label;
    }

    /**
     * @param looks the rounds at which each look at a run ended
     * @return the rule that judges a run with those looks: the fixed plan for one look (or none recorded), the
     *         confidence sequence for more
     */
    public static StoppingRule of(List<Integer> looks) {
        return looks.size() > 1 ? CONFIDENCE_SEQUENCE : FIXED_PLAN;
    }

    /**
     * @param record a record
     * @return the rule that judges its comparison
     */
    public static StoppingRule of(ResultRecord record) {
        return of(record.looks());
    }

    /** @return e.g. {@code confidence sequence} */
    public String label() {
        return label;
    }

    /**
     * @param contender the contender's score in each round, in round order
     * @param baseline the baseline's score in the same rounds
     * @param direction which way scores are better
     * @return the ratio and this rule's 95% interval over the rounds where both ratios are positive and finite
     * @throws IllegalArgumentException if the arrays differ in length or no round is usable
     */
    public RatioEstimate estimate(double[] contender, double[] baseline, Direction direction) {
        if (this == FIXED_PLAN) {
            return RatioEstimate.paired(contender, baseline, direction, RatioEstimate.CONFIDENCE);
        }
        return ConfidenceSequence.ofRatios(LogRatios.paired(contender, baseline, direction), RatioEstimate.CONFIDENCE);
    }

    /**
     * Judges an estimate of this rule, as results.json keeps it.
     *
     * @param baseline the baseline's differing parameters
     * @param estimate the ratio and this rule's interval
     * @param margin the equivalence margin, in (0, 1)
     * @param direction which way the score is better
     * @return the comparison: no interval while the sequence is still unbounded, and for an inconclusive verdict
     *         the rounds in all that might settle it under this rule
     */
    public ComparisonResult comparison(Map<String, String> baseline, RatioEstimate estimate, double margin,
                                       Direction direction) {
        if (this == FIXED_PLAN) {
            return Judge.comparison(baseline, estimate, margin, direction);
        }
        Verdict verdict = Judge.judge(estimate, margin);
        Integer settle = null;
        if (verdict == Verdict.INCONCLUSIVE) {
            int n = ConfidenceSequence.roundsToSettle(estimate, margin);
            settle = n < 0 ? null : n;
        }
        boolean bounded = estimate.hasInterval() && estimate.low() > 0 && Double.isFinite(estimate.high());
        return new ComparisonResult(baseline, estimate.ratio(), bounded ? estimate.low() : null,
                bounded ? estimate.high() : null, estimate.confidence(), estimate.rounds(), verdict, margin, direction,
                settle);
    }

    /**
     * Pairs a contender's rounds with its baseline's and judges them by this rule: what the lab stores and what
     * {@link Rejudge} computes again from the samples, so a file judged again at the lab's margin reads the same.
     *
     * @param baselineParams the baseline's differing parameters
     * @param contender the contender's score in each round, in round order
     * @param baseline the baseline's score in the same rounds
     * @param direction which way the score is better
     * @param margin the equivalence margin, in (0, 1)
     * @return the comparison over the rounds where both scores are finite
     * @throws IllegalArgumentException if the lists differ in length or no round is usable
     */
    public ComparisonResult judge(Map<String, String> baselineParams, List<Double> contender, List<Double> baseline,
                                  Direction direction, double margin) {
        if (contender.size() != baseline.size()) {
            throw new IllegalArgumentException("paired rounds need as many contender scores as baseline scores: "
                    + contender.size() + " vs " + baseline.size());
        }
        double[][] pairs = finitePairs(contender, baseline);
        return comparison(baselineParams, estimate(pairs[0], pairs[1], direction), margin, direction);
    }

    /**
     * Judges a contender's record against its baseline's record of the same run and rounds, by the statistic that
     * fits its score: the pooled percentile with its round bootstrap ({@link PercentileBootstrap}) when both
     * records keep their latencies in blocks, else the per-round scores by this rule.
     *
     * @param baselineParams the baseline's differing parameters
     * @param contender the contender's record
     * @param baseline its baseline's record
     * @param direction which way the score is better
     * @param margin the equivalence margin, in (0, 1)
     * @return the comparison
     * @throws IllegalArgumentException if the records' rounds do not pair (independent forks, {@link
     *                                  ResultRecord#unpaired()}, never do: {@link UnpairedRatio} judges them) or no
     *                                  round is usable
     */
    public ComparisonResult judge(Map<String, String> baselineParams, ResultRecord contender, ResultRecord baseline,
                                  Direction direction, double margin) {
        if (contender.unpaired() || baseline.unpaired()) {
            throw new IllegalArgumentException("independent forks pair with nothing: " + contender.params()
                    + " and " + baseline.params() + " are judged by Welch's interval (UnpairedRatio)");
        }
        LatencyBlocks mine = contender.latency();
        LatencyBlocks theirs = baseline.latency();
        if (mine != null && theirs != null && mine.percentile() == theirs.percentile()) {
            return PercentileBootstrap.judge(baselineParams, mine.decode(), theirs.decode(), mine.percentile(),
                    contender.looks().size(), direction, margin);
        }
        return judge(baselineParams, contender.samples(), baseline.samples(), direction, margin);
    }

    /** @return the rounds where both scores are finite: {contender scores, baseline scores}, in round order */
    static double[][] finitePairs(List<Double> contender, List<Double> baseline) {
        int n = 0;
        for (int i = 0; i < contender.size(); i++) {
            if (Double.isFinite(contender.get(i)) && Double.isFinite(baseline.get(i))) {
                n++;
            }
        }
        double[][] pairs = new double[2][n];
        int j = 0;
        for (int i = 0; i < contender.size(); i++) {
            if (Double.isFinite(contender.get(i)) && Double.isFinite(baseline.get(i))) {
                pairs[0][j] = contender.get(i);
                pairs[1][j] = baseline.get(i);
                j++;
            }
        }
        return pairs;
    }
}
