package io.contend.cli.lab;

import io.contend.cli.analysis.Judge;
import io.contend.cli.analysis.ScoreInterval;
import io.contend.cli.analysis.StoppingRule;
import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.LatencyBlocks;
import io.contend.cli.results.ResultRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the rounds of an experiment into records: per configuration the mean score over rounds with its 95%
 * interval's half-width, secondary results averaged over rounds, and per contender the paired comparison
 * with its baseline at the comparison's margin ({@link Judge#MARGIN} unless it states its own), by the statistic
 * that fits its score ({@link StoppingRule#judge}).
 */
final class RoundAggregator {
    private final String experiment;
    private final String mode;
    private final int cpus;
    private final String run;

    /**
     * @param experiment the experiment's name
     * @param mode the lab mode's label
     * @param cpus this machine's CPUs, to mark oversubscribed configurations
     * @param run the id of the run, which every record names
     */
    RoundAggregator(String experiment, String mode, int cpus, String run) {
        this.experiment = experiment;
        this.mode = mode;
        this.cpus = cpus;
        this.run = run;
    }

    /**
     * @param comparisons what ran
     * @param samples every trial's samples, one per round
     * @return records in comparison order, each baseline before its contenders
     */
    List<ResultRecord> records(List<Comparison> comparisons, Map<Trial, List<Sample>> samples) {
        List<ResultRecord> records = new ArrayList<>();
        for (Comparison c : comparisons) {
            ResultRecord base = record(c.baseline(), samples.get(c.baseline()), null);
            records.add(base);
            for (Trial contender : c.contenders()) {
                ResultRecord mine = record(contender, samples.get(contender), null);
                ComparisonResult result = StoppingRule.FIXED_PLAN.judge(c.baselineDifference(contender), mine, base,
                        c.direction(), c.margin());
                records.add(mine.withComparison(result));
            }
        }
        return records;
    }

    private ResultRecord record(Trial trial, List<Sample> rounds, ComparisonResult comparison) {
        if (rounds == null || rounds.isEmpty()) {
            throw new IllegalStateException("no rounds measured for " + trial.describe());
        }
        double[] scores = scores(rounds);
        String unit = rounds.get(0).unit();
        for (Sample s : rounds) {
            if (!s.unit().equals(unit)) {
                throw new IllegalStateException(trial.describe() + " reported " + unit + " and " + s.unit());
            }
        }
        return new ResultRecord(experiment, trial.benchmark(), trial.params(), trial.threads(),
                ScoreInterval.mean(scores), ScoreInterval.halfWidth(scores), unit, secondaryMeans(rounds), mode,
                trial.threads() > cpus, rounds.size(),
                comparison, java.util.Arrays.stream(scores).boxed().toList(), run, List.of(rounds.size()),
                rounds.stream().allMatch(s -> s.iterations().isEmpty()) ? List.of()
                        : rounds.stream().map(Sample::iterations).toList(), latency(trial, rounds),
                rounds.stream().allMatch(s -> s.position() >= 0)
                        ? rounds.stream().map(Sample::position).toList() : List.of());
    }

    /** @return the rounds' latency blocks, when every round kept them for the same percentile; else null */
    private static LatencyBlocks latency(Trial trial, List<Sample> rounds) {
        Sample.Blocks first = rounds.get(0).blocks();
        if (first == null) {
            return null;
        }
        for (Sample s : rounds) {
            if (s.blocks() == null || s.blocks().percentile() != first.percentile()) {
                throw new IllegalStateException(trial.describe() + " kept latency blocks in some rounds only, or "
                        + "for different percentiles");
            }
        }
        return new LatencyBlocks(first.percentile(), rounds.stream().map(s -> s.blocks().encoded()).toList());
    }

    private static double[] scores(List<Sample> rounds) {
        return rounds.stream().mapToDouble(Sample::score).toArray();
    }

    /**
     * The first round's secondary results, each with its value in every round (NaN where a round lacks it or could
     * not measure it) and the mean of the finite ones.
     */
    private static Map<String, ResultRecord.Secondary> secondaryMeans(List<Sample> rounds) {
        Map<String, ResultRecord.Secondary> means = new LinkedHashMap<>();
        for (Map.Entry<String, ResultRecord.Secondary> e : rounds.get(0).secondary().entrySet()) {
            double sum = 0;
            int n = 0;
            List<Double> values = new ArrayList<>(rounds.size());
            for (Sample s : rounds) {
                ResultRecord.Secondary value = s.secondary().get(e.getKey());
                double v = value == null ? Double.NaN : value.score();
                values.add(v);
                if (Double.isFinite(v)) {
                    sum += v;
                    n++;
                }
            }
            means.put(e.getKey(), new ResultRecord.Secondary(n == 0 ? Double.NaN : sum / n, e.getValue().unit(),
                    values));
        }
        return means;
    }
}
