package io.contend.cli.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Renders an experiment's records as a text table in JMH's layout (benchmark, parameters, threads,
 * score ± error, units) with a ratio column against the experiment's baseline and its secondary columns.
 */
public final class TableRenderer {
    private final int cpus;

    /** @param cpus CPUs of this machine, to mark oversubscribed thread counts */
    public TableRenderer(int cpus) {
        this.cpus = cpus;
    }

    /**
     * @param experiment the experiment
     * @param records its records, in run order
     * @return the table, notes included, ending with a newline
     */
    public String render(Experiment experiment, List<ResultRecord> records) {
        TableSpec spec = experiment.table();
        Table table = table(spec, records);
        List<String> header = table.header();
        List<List<String>> rows = table.rows();
        boolean anyOversubscribed = table.anyOversubscribed();
        StringBuilder out = new StringBuilder();
        out.append(experiment.name()).append(": ").append(experiment.title()).append('\n');
        appendAligned(out, header, rows, 1 + spec.paramColumns().size());
        for (String note : spec.notes()) {
            out.append("  ").append(note).append('\n');
        }
        String note = experiment.ratioNote();
        out.append("  ").append(note != null ? note : ratioNote(spec)).append('\n');
        if (anyOversubscribed) {
            out.append("  * more threads than the ").append(cpus)
                    .append(" CPUs of this machine: oversubscribed, threads take turns on CPUs.\n");
        }
        return out.toString();
    }

    /**
     * A table's cells: benchmark, parameter columns, threads ({@code *} when oversubscribed), score, "±",
     * error, units, the ratio against the baseline, then the secondary columns.
     *
     * @param header column headers
     * @param rows one row of cells per record
     * @param anyOversubscribed whether a row ran more threads than CPUs
     */
    public record Table(List<String> header, List<List<String>> rows, boolean anyOversubscribed) {
    }

    /**
     * @param spec the layout
     * @param records the records, in run order
     * @return the cells of the table
     */
    public static Table table(TableSpec spec, List<ResultRecord> records) {
        List<String> header = new ArrayList<>();
        header.add("Benchmark");
        header.addAll(spec.paramColumns());
        header.add("Threads");
        header.add("Score");
        header.add("");
        header.add("Error");
        header.add("Units");
        header.add("vs " + spec.baselineLabel());
        for (TableSpec.Column column : spec.secondaryColumns()) {
            header.add(column.header());
        }
        List<List<String>> rows = new ArrayList<>();
        boolean anyOversubscribed = false;
        for (ResultRecord r : records) {
            List<String> row = new ArrayList<>();
            row.add(r.benchmark());
            for (String p : spec.paramColumns()) {
                row.add(Objects.toString(r.param(p), "-"));
            }
            row.add(r.threads() + (r.oversubscribed() ? "*" : ""));
            anyOversubscribed |= r.oversubscribed();
            row.add(format("%.3f", r.score()));
            row.add("±");
            row.add(r.error() == null ? "n/a" : format("%.3f", r.error()));
            row.add(r.unit());
            row.add(ratio(spec, r, records));
            for (TableSpec.Column column : spec.secondaryColumns()) {
                ResultRecord.Secondary s = r.secondary().get(column.name());
                row.add(s == null ? "n/a" : format(column.format(), s.score()));
            }
            rows.add(row);
        }
        return new Table(header, rows, anyOversubscribed);
    }

    /**
     * @param spec the layout
     * @return what the ratio column means, one line
     */
    public static String ratioNote(TableSpec spec) {
        return "vs " + spec.baselineLabel() + ": times faster than " + spec.baselineLabel()
                + " with the same benchmark, threads and other parameters, from this run ("
                + (spec.lowerIsBetter() ? "its score / this score" : "this score / its score, or its / this for times (/op)") + ").";
    }

    private static String ratio(TableSpec spec, ResultRecord r, List<ResultRecord> records) {
        ResultRecord baseline = spec.baselineOf(r, records);
        return baseline == null ? "n/a" : format("%.2fx", spec.speedup(r.score(), baseline.score(), r.unit()));
    }

    /** Pads every column to its widest cell: the first {@code leftColumns} left-aligned (names), the rest right. */
    private static void appendAligned(StringBuilder out, List<String> header, List<List<String>> rows, int leftColumns) {
        int[] widths = new int[header.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = header.get(i).length();
            for (List<String> row : rows) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        appendRow(out, header, widths, leftColumns);
        for (List<String> row : rows) {
            appendRow(out, row, widths, leftColumns);
        }
    }

    private static void appendRow(StringBuilder out, List<String> cells, int[] widths, int leftColumns) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            boolean leftAligned = i < leftColumns;
            String padded = leftAligned ? String.format("%-" + widths[i] + "s", cell)
                    : String.format("%" + widths[i] + "s", cell);
            line.append(i == 0 ? "" : "  ").append(padded);
        }
        out.append(line.toString().replaceAll("\\s+$", "")).append('\n');
    }

    private static String format(String pattern, double value) {
        if (Double.isNaN(value)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, pattern, value);
    }
}
