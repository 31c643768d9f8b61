package io.contend.cli.compare;

import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.RatioEstimate;
import io.contend.cli.analysis.UnpairedRatio;
import io.contend.cli.results.Direction;
import io.contend.cli.results.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Judges every configuration measured on both sides.
 *
 * <p>Paired (a run of both builds): per round, the ratio of the two forks; the lab's estimate (geometric mean and
 * Student's t interval of the log ratios). The verdict is the lab's rule made safe for many configurations: each
 * configuration's "differs beyond the margin" (two-sided p, the smaller one-sided p doubled) and "within the margin"
 * (the two one-sided tests of equivalence) are corrected with Holm's step-down procedure across all configurations,
 * at the levels where, for one configuration, they are exactly the lab's rule (the 95% interval beyond the margin,
 * or inside it). Holm rather than Benjamini-Hochberg: a comparison gates a change, so what matters is the chance of
 * any false "slower" or "faster" in the run (the family-wise error), not the expected share of false ones; Holm
 * bounds it under any dependence between configurations and never rejects less than Bonferroni. A "faster" or
 * "slower" also needs Wilcoxon's signed-rank test to agree at 5% (uncorrected): the t interval of a few rounds that
 * happen to lean one way can be tight, while the signed-rank test cannot reject with fewer than 6 rounds at all (its
 * smallest two-sided p is 2 / 2^n): with 6 rounds every round must lean the same way, with 8 (the default) one
 * round against, if it is among the smallest, still allows a verdict.
 *
 * <p>Unpaired (two JMH files): Welch's interval on the log fork scores, judged by the lab's rule without a
 * correction, and labelled as the weaker kind: nothing cancels what drifted between the two runs.
 */
final class CompareAnalysis {
    /** Family-wise error rate of the "differs" claims: the lab's two-sided 5%. */
    static final double ALPHA = 0.05;
    /** Level of a forks' steady-state test. */
    static final double TREND_ALPHA = 0.01;

    private CompareAnalysis() {
    }

    static List<CompareRow> paired(List<Samples> all, double margin) {
        int m = all.size();
        double[] differs = new double[m];
        double[] same = new double[m];
        double[][] logs = new double[m][];
        for (int i = 0; i < m; i++) {
            Samples s = all.get(i);
            logs[i] = logRatios(Samples.scores(s.candidate), Samples.scores(s.baseline), s.first.direction());
            double[] p = CompareStats.claimPValues(logs[i], margin);
            differs[i] = Math.min(1, 2 * Math.min(p[0], p[1]));
            same[i] = p[2];
        }
        boolean[] differsHolds = CompareStats.holm(differs, ALPHA);
        boolean[] sameHolds = CompareStats.holm(same, ALPHA / 2);
        List<CompareRow> rows = new ArrayList<>();
        for (int i = 0; i < m; i++) {
            Samples s = all.get(i);
            double[] ratios = Arrays.stream(logs[i]).map(Math::exp).toArray();
            RatioEstimate estimate = RatioEstimate.ofRatios(ratios, RatioEstimate.CONFIDENCE);
            double w = CompareStats.wilcoxonPValue(logs[i]);
            // faster or slower needs the signed-rank test too: a few rounds that happen to lean one way give a tight
            // t interval (an A/A run of 3 rounds on a shared machine said "slower"), never a small signed-rank p
            Verdict verdict = differsHolds[i] && w < ALPHA ? (estimate.ratio() > 1 ? Verdict.FASTER : Verdict.SLOWER)
                    : sameHolds[i] ? Verdict.SAME : Verdict.INCONCLUSIVE;
            boolean tDiffers = estimate.hasInterval() && (estimate.low() > 1 || estimate.high() < 1);
            rows.add(new CompareRow(s.key, s.unit, s.first.direction(), mean(Samples.scores(s.baseline)),
                    mean(Samples.scores(s.candidate)), estimate, verdict, Math.exp(CompareStats.hodgesLehmann(logs[i])),
                    w, logs[i].length >= 2 && tDiffers != (w < ALPHA), trending(s), s.baseline.size() + s.candidate.size(),
                    true, s.baseline, s.candidate));
        }
        return rows;
    }

    static List<CompareRow> unpaired(List<Samples> all, double margin) {
        List<CompareRow> rows = new ArrayList<>();
        for (Samples s : all) {
            RatioEstimate estimate = UnpairedRatio.estimate(Samples.scores(s.candidate), Samples.scores(s.baseline),
                    s.first.direction(), RatioEstimate.CONFIDENCE);
            rows.add(new CompareRow(s.key, s.unit, s.first.direction(), mean(Samples.scores(s.baseline)),
                    mean(Samples.scores(s.candidate)), estimate, Judge.judge(estimate, margin), Double.NaN, Double.NaN,
                    false, trending(s), s.baseline.size() + s.candidate.size(), false, s.baseline, s.candidate));
        }
        return rows;
    }

    /**
     * @return per round, ln of the candidate's ratio to the baseline (above 0: the candidate is better), for the rounds
     *         where both scores are positive and finite (others are left out of every statistic alike)
     */
    static double[] logRatios(double[] candidate, double[] baseline, Direction direction) {
        int n = Math.min(candidate.length, baseline.length);
        return java.util.stream.IntStream.range(0, n).mapToDouble(i -> Math.log(direction.ratio(candidate[i], baseline[i])))
                .filter(Double::isFinite).toArray();
    }

    /** @return whether the configuration has a usable round (paired) or usable forks on both sides (unpaired) */
    static boolean usable(Samples s) {
        if (s.paired) {
            return logRatios(Samples.scores(s.candidate), Samples.scores(s.baseline), s.first.direction()).length > 0;
        }
        return positive(Samples.scores(s.baseline)).length > 0 && positive(Samples.scores(s.candidate)).length > 0;
    }

    private static double[] positive(double[] scores) {
        return Arrays.stream(scores).filter(v -> Double.isFinite(v) && v > 0).toArray();
    }

    /** @return the forks, named by side and round (or fork, unpaired), whose iterations still trended */
    private static List<String> trending(Samples s) {
        List<String> names = new ArrayList<>();
        for (Side side : Side.values()) {
            List<double[]> forks = s.side(side);
            for (int i = 0; i < forks.size(); i++) {
                if (CompareStats.trends(forks.get(i), TREND_ALPHA)) {
                    names.add(side.label() + " " + (s.paired ? "round " : "fork ") + (i + 1));
                }
            }
        }
        return names;
    }

    private static double mean(double[] v) {
        return Arrays.stream(v).average().orElse(Double.NaN);
    }
}
