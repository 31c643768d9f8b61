package io.contend.cli.results;

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
 */
public record ExperimentInfo(String title, String mode, int rounds, double budgetSeconds, double elapsedSeconds,
                             TableSpec table) {

    /** Checks the required parts. */
    public ExperimentInfo {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(table, "table");
    }
}
