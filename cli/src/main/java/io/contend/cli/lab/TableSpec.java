package io.contend.cli.lab;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How an experiment's table looks: which parameters are columns, which record is the baseline of the ratio
 * column, and which secondary results are columns.
 *
 * @param paramColumns parameter names shown as columns, in order
 * @param baselines parameter values that identify baseline records, e.g. {@code strategy=cas}; a record is
 *                  compared with the record that matches the first of these it can be compared with: same
 *                  benchmark, threads and parameters other than the baseline's own (an experiment with two
 *                  comparisons, e.g. strategies and batch against singles, gives one baseline per comparison)
 * @param lowerIsBetter true when the score is a time (ns/op): the ratio is then baseline / score, so that in
 *                      every table a ratio above 1 means faster than the baseline
 * @param secondaryColumns secondary results shown as columns, in order
 * @param notes lines printed under the table (sources, what the baseline is, caveats)
 */
public record TableSpec(List<String> paramColumns, List<Map<String, String>> baselines, boolean lowerIsBetter,
                        List<Column> secondaryColumns, List<String> notes) {

    /**
     * A secondary-result column.
     *
     * @param name the secondary result's name in records
     * @param header the column header
     * @param format a {@link String#format} pattern for the score, e.g. {@code %.3f}
     */
    public record Column(String name, String header, String format) {
    }

    /** Copies the lists; no baseline (no ratios) is allowed, an empty baseline is not. */
    public TableSpec {
        paramColumns = List.copyOf(paramColumns);
        baselines = baselines.stream().map(Map::copyOf).toList();
        if (baselines.stream().anyMatch(Map::isEmpty)) {
            throw new IllegalArgumentException("a baseline names at least one parameter: " + baselines);
        }
        secondaryColumns = List.copyOf(secondaryColumns);
        notes = List.copyOf(notes);
    }

    /** A table with one baseline. */
    public TableSpec(List<String> paramColumns, Map<String, String> baseline, boolean lowerIsBetter,
                     List<Column> secondaryColumns, List<String> notes) {
        this(paramColumns, List.of(baseline), lowerIsBetter, secondaryColumns, notes);
    }

    /**
     * @param record a result
     * @param candidates the results of the same run
     * @return the record {@code record} is compared with, or null when the run has none
     */
    public ResultRecord baselineOf(ResultRecord record, List<ResultRecord> candidates) {
        for (Map<String, String> baseline : baselines) {
            for (ResultRecord candidate : candidates) {
                if (matches(baseline, candidate) && comparable(baseline, record, candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    private static boolean matches(Map<String, String> baseline, ResultRecord record) {
        return baseline.entrySet().stream().allMatch(e -> Objects.equals(record.param(e.getKey()), e.getValue()));
    }

    /** Same benchmark, threads and parameters, except for the parameters that define the baseline. */
    private static boolean comparable(Map<String, String> baseline, ResultRecord a, ResultRecord b) {
        if (a.threads() != b.threads() || !a.benchmark().equals(b.benchmark())) {
            return false;
        }
        for (Map.Entry<String, String> e : a.params().entrySet()) {
            if (!baseline.containsKey(e.getKey()) && !Objects.equals(e.getValue(), b.param(e.getKey()))) {
                return false;
            }
        }
        for (String key : baseline.keySet()) {
            if (a.param(key) == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * @param score a record's score
     * @param baselineScore its baseline's score
     * @return how many times faster than the baseline (above 1 is faster), or NaN if undefined
     */
    public double speedup(double score, double baselineScore) {
        return speedup(score, baselineScore, null);
    }

    /**
     * @param score a record's score
     * @param baselineScore its baseline's score
     * @param unit the record's unit: a time per operation (ending in {@code /op}, e.g. ns/op) is lower-is-better
     *             whatever {@link #lowerIsBetter}, so a table may mix rates and times (as the report's charts do)
     * @return how many times faster than the baseline (above 1 is faster), or NaN if undefined
     */
    public double speedup(double score, double baselineScore, String unit) {
        boolean lower = lowerIsBetter || unit != null && unit.endsWith("/op");
        double ratio = lower ? baselineScore / score : score / baselineScore;
        return Double.isFinite(ratio) ? ratio : Double.NaN;
    }

    /** @return the baselines' values, e.g. {@code CAS_LOOP/16 singles}, for the ratio column's header */
    public String baselineLabel() {
        return baselines.stream()
                .map(b -> b.values().stream().sorted().reduce((x, y) -> x + "," + y).orElseThrow())
                .reduce((x, y) -> x + "/" + y).orElse("baseline");
    }
}
