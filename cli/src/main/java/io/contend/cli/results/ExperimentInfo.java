package io.contend.cli.results;

import java.util.List;
import java.util.Objects;

/**
 * What results.json says of one experiment beside its records, so that a report can be rendered from the file
 * alone, on another machine or by another version.
 *
 * @param title one line: what is measured and where it comes from
 * @param mode the lab mode it ran in
 * @param rounds the rounds it ran
 * @param budgetSeconds the time budget it was given
 * @param elapsedSeconds the time it took
 * @param table how its table reads
 * @param charts the charts it measured (empty in files before schema version 3)
 */
public record ExperimentInfo(String title, String mode, int rounds, double budgetSeconds, double elapsedSeconds,
                             TableSpec table, List<ChartData> charts) {

    /**
     * An experiment without charts.
     *
     * @param title one line: what is measured and where it comes from
     * @param mode the lab mode it ran in
     * @param rounds the rounds it ran
     * @param budgetSeconds the time budget it was given
     * @param elapsedSeconds the time it took
     * @param table how its table reads
     */
    public ExperimentInfo(String title, String mode, int rounds, double budgetSeconds, double elapsedSeconds,
                          TableSpec table) {
        this(title, mode, rounds, budgetSeconds, elapsedSeconds, table, List.of());
    }

    /** Checks the required parts and copies the charts. */
    public ExperimentInfo {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(table, "table");
        charts = List.copyOf(charts);
    }
}
