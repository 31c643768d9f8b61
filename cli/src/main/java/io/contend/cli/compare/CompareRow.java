package io.contend.cli.compare;

import io.contend.cli.analysis.RatioEstimate;
import io.contend.cli.results.Direction;
import io.contend.cli.results.Verdict;
import java.util.List;

/**
 * One configuration's comparison.
 *
 * @param key the configuration
 * @param unit the scores' unit
 * @param direction which way is better
 * @param baselineMean the baseline's mean fork score
 * @param candidateMean the candidate's mean fork score
 * @param estimate the candidate's ratio to the baseline (above 1: better) with its 95% interval, uncorrected
 * @param verdict after Holm's correction across the compared configurations (paired), or from the interval alone
 *        (unpaired)
 * @param hodgesLehmann the robust estimate of the ratio (NaN when unpaired)
 * @param wilcoxonP Wilcoxon's signed-rank p-value of "no difference" (NaN when unpaired)
 * @param robustDisagrees whether the robust test and the t interval disagree on "differs from 1" at 5%
 * @param trending the forks whose measurement iterations still trended, e.g. "candidate round 3"
 * @param forks forks of both sides
 * @param paired whether rounds were paired (a run of both builds) or not (two result files)
 * @param baselineForks the baseline's forks, each its measured iterations' scores: in round order when paired, in
 *        the file's order when not
 * @param candidateForks the candidate's forks, likewise
 */
public record CompareRow(BenchKey key, String unit, Direction direction, double baselineMean, double candidateMean,
                         RatioEstimate estimate, Verdict verdict, double hodgesLehmann, double wilcoxonP,
                         boolean robustDisagrees, List<String> trending, int forks, boolean paired,
                         List<double[]> baselineForks, List<double[]> candidateForks) {
    /** Copies the lists and the forks. */
    public CompareRow {
        trending = List.copyOf(trending);
        baselineForks = baselineForks.stream().map(double[]::clone).toList();
        candidateForks = candidateForks.stream().map(double[]::clone).toList();
    }

    /**
     * @param side a side
     * @return that side's forks; the arrays are the row's own, not to be changed
     */
    public List<double[]> forksOf(Side side) {
        return side == Side.BASELINE ? baselineForks : candidateForks;
    }
}
