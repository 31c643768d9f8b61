package io.contend.cli.lab;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How an experiment's table looks: which parameters are columns, which record is the baseline of the ratio
 * column, and which secondary results are columns.
 *
 * @param paramColumns parameter names shown as columns, in order
 * @param baseline parameter values that identify the baseline records, e.g. {@code strategy=cas}; a record is
 *                 compared with the baseline record of the same benchmark, threads and other parameters
 * @param lowerIsBetter true when the score is a time (ns/op): the ratio is then baseline / score, so that in
 *                      every table a ratio above 1 means faster than the baseline
 * @param secondaryColumns secondary results shown as columns, in order
 * @param notes lines printed under the table (sources, what the baseline is, caveats)
 */
public record TableSpec(List<String> paramColumns, Map<String, String> baseline, boolean lowerIsBetter,
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

    /** Copies the lists. */
    public TableSpec {
        paramColumns = List.copyOf(paramColumns);
        baseline = Map.copyOf(baseline);
        secondaryColumns = List.copyOf(secondaryColumns);
        notes = List.copyOf(notes);
    }

    /**
     * @param record a result
     * @return whether it is a baseline record
     */
    public boolean isBaseline(ResultRecord record) {
        return baseline.entrySet().stream().allMatch(e -> Objects.equals(record.param(e.getKey()), e.getValue()));
    }

    /**
     * @param score a record's score
     * @param baselineScore its baseline's score
     * @return how many times faster than the baseline (above 1 is faster), or NaN if undefined
     */
    public double speedup(double score, double baselineScore) {
        double ratio = lowerIsBetter ? baselineScore / score : score / baselineScore;
        return Double.isFinite(ratio) ? ratio : Double.NaN;
    }

    /** @return the baseline written as {@code name=value}, for the ratio column's header */
    public String baselineLabel() {
        return baseline.values().stream().sorted().reduce((a, b) -> a + "," + b).orElse("baseline");
    }
}
