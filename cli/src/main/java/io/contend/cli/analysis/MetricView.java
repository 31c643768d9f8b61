package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.ResultsFile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A results file seen through one of its secondary results: every record that kept that result's value in each
 * round becomes a record whose score is that result, so that {@link Rejudge} judges its comparisons from those
 * rounds as it judges scores. This is how a stored run answers a question its table did not ask, for example the
 * write path's CPU time per operation instead of its p99. A pure function of the file.
 *
 * <p>Which way the result is better follows its unit: a cost per operation ({@code us/op}, {@code B/op}) or a time
 * ({@code ns}, {@code us}, {@code ms}, {@code s}) is better lower, a rate of operations ({@code ops/s},
 * {@code ops/us}) higher. Any other unit is refused, because the file cannot say which way it is better.
 */
public final class MetricView {
    private MetricView() {
    }

    /**
     * @param file a results file's contents
     * @param metric a secondary result's name, e.g. {@code pathCpuUsPerOp}
     * @return the file with only the records that kept the metric's rounds, each scored by it (without the
     *         contenders whose baseline did not keep them)
     * @throws IllegalArgumentException if no record kept the metric's rounds (naming the metrics that were kept),
     *                                  or its unit does not say which way it is better
     */
    public static ResultsFile.Contents of(ResultsFile.Contents file, String metric) {
        List<ResultRecord> records = new ArrayList<>();
        Set<String> kept = new TreeSet<>();
        for (ResultRecord r : file.records()) {
            r.secondary().forEach((name, s) -> {
                if (s.rounds().size() == r.samples().size() && !s.rounds().isEmpty()) {
                    kept.add(name);
                }
            });
            ResultRecord.Secondary s = r.secondary().get(metric);
            if (s != null && !s.rounds().isEmpty() && s.rounds().size() == r.samples().size()) {
                records.add(scoredBy(r, s));
            }
        }
        if (records.isEmpty()) {
            throw new IllegalArgumentException("no record keeps per-round values of '" + metric + "'"
                    + (kept.isEmpty() ? " (this file keeps none: it was written before schema version 6)"
                    : "; these do: " + String.join(", ", kept)));
        }
        records = judged(records);
        Map<String, Map<String, Direction>> directions = new LinkedHashMap<>();
        for (ResultRecord r : records) {
            directions.computeIfAbsent(r.experiment(), e -> new LinkedHashMap<>()).put(r.benchmark(),
                    direction(r.unit()));
        }
        Map<String, ExperimentInfo> experiments = new LinkedHashMap<>();
        file.experiments().forEach((name, info) -> {
            Map<String, Direction> d = directions.get(name);
            experiments.put(name, d == null ? info : new ExperimentInfo(info.title(), info.mode(), info.rounds(),
                    info.budgetSeconds(), info.elapsedSeconds(), info.table().withDirections(d), info.charts()));
        });
        return new ResultsFile.Contents(file.schemaVersion(), file.machine(), file.mode(), file.started(),
                experiments, records, file.runs());
    }

    /**
     * @param unit a secondary result's unit
     * @return which way it is better
     * @throws IllegalArgumentException if the unit does not say
     */
    public static Direction direction(String unit) {
        String u = unit.strip().toLowerCase(Locale.ROOT);
        if (u.endsWith("/op") || Set.of("ns", "us", "ms", "s").contains(u)) {
            return Direction.LOWER;
        }
        if (u.startsWith("ops/")) {
            return Direction.HIGHER;
        }
        throw new IllegalArgumentException("cannot tell whether more or less is better for a metric in '" + unit
                + "': give a cost per operation (x/op), a time (ns, us, ms, s) or a rate (ops/x)");
    }

    /**
     * Judges each contender on the metric against its baseline's, at the lab's margin and by the stopping rule of
     * its run (so that a comparison {@link Rejudge} cannot judge again is still shown judged on the metric); a
     * contender whose baseline did not keep the metric, or with no round both measured, is left out.
     */
    private static List<ResultRecord> judged(List<ResultRecord> view) {
        List<ResultRecord> out = new ArrayList<>();
        for (ResultRecord r : view) {
            ComparisonResult c = r.comparison();
            if (c == null) {
                out.add(r);
                continue;
            }
            ResultRecord base = Rejudge.baselineOf(r, view);
            if (base == null || base.samples().size() != r.samples().size()) {
                continue;
            }
            try {
                out.add(r.withComparison(StoppingRule.of(r).judge(c.baseline(), r.samples(), base.samples(),
                        direction(r.unit()), Judge.MARGIN)));
            } catch (IllegalArgumentException noRoundBothMeasured) {
                // left out, as the class says
            }
        }
        return out;
    }

    /** The record scored by the metric; its comparison, still the score's, is judged again by {@link #judged}. */
    private static ResultRecord scoredBy(ResultRecord r, ResultRecord.Secondary s) {
        double[] values = s.rounds().stream().mapToDouble(Double::doubleValue).filter(Double::isFinite).toArray();
        return new ResultRecord(r.experiment(), r.benchmark(), r.params(), r.threads(),
                values.length == 0 ? Double.NaN : ScoreInterval.mean(values),
                values.length < 2 ? null : ScoreInterval.halfWidth(values), s.unit(), Map.of(), r.mode(),
                r.oversubscribed(), r.rounds(), r.comparison(), s.rounds(), r.run(), r.looks(), List.of(), null,
                r.positions(), r.unpaired());
    }
}
