package io.contend.cli.analysis;

import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a {@link ResultTable} for a terminal in JMH's layout: padded columns, the name columns left-aligned,
 * then the notes (paragraphs, wrapped here for the terminal), the ratio's meaning and the verdict summary.
 */
public final class TextTable {
    /** The widest line of a note, indent excluded: a terminal of 120 columns shows it whole. */
    static final int WIDTH = 110;
    private final int cpus;

    /** @param cpus CPUs of this machine, for the oversubscription note */
    public TextTable(int cpus) {
        this.cpus = cpus;
    }

    /**
     * @param name the experiment's name
     * @param info its title and table spec
     * @param records its records, in order
     * @return the table, notes included, ending with a newline
     */
    public String render(String name, ExperimentInfo info, List<ResultRecord> records) {
        TableSpec spec = info.table();
        ResultTable table = ResultTable.of(spec, records);
        StringBuilder out = new StringBuilder();
        out.append(name).append(": ").append(info.title()).append('\n');
        appendAligned(out, table.header(), table.rows(), table.leftColumns());
        for (String note : spec.notes()) {
            for (String line : wrap(note, WIDTH)) {
                out.append("  ").append(line).append('\n');
            }
        }
        out.append("  ").append(ResultTable.ratioNote(spec)).append('\n');
        out.append(String.format(java.util.Locale.ROOT, "  %s mode, %d rounds in %.0f s (budget %.0f s).%n", info.mode(),
                info.rounds(), info.elapsedSeconds(), info.budgetSeconds()));
        if (table.anyOversubscribed()) {
            out.append("  * more threads than the ").append(cpus)
                    .append(" CPUs of this machine: oversubscribed, threads take turns on CPUs.\n");
        }
        String summary = table.verdictSummary();
        if (summary != null) {
            out.append("  ").append(summary).append('\n');
        }
        return out.toString();
    }

    /**
     * Breaks a paragraph into lines of at most {@code width} characters at spaces; a word longer than the width
     * gets a line of its own.
     *
     * @param paragraph the text, one paragraph
     * @param width the widest line
     * @return the lines, none empty; none for a blank paragraph
     */
    public static List<String> wrap(String paragraph, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : paragraph.strip().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() == 0 ? "" : " ").append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
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
            String padded = i < leftColumns ? String.format("%-" + widths[i] + "s", cell)
                    : String.format("%" + widths[i] + "s", cell);
            line.append(i == 0 ? "" : "  ").append(padded);
        }
        out.append(line.toString().replaceAll("\\s+$", "")).append('\n');
    }
}
