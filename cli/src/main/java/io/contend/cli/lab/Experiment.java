package io.contend.cli.lab;

import io.contend.cli.results.ChartData;
import io.contend.cli.results.ResultRecord;

import io.contend.cli.results.TableSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A lab experiment: the comparisons it runs and how its table reads. Two kinds implement it: JMH experiments,
 * whose trials are benchmark forks ({@link JmhTrial}), and direct ones, whose trials run a harness of the bench
 * module in this JVM ({@link DirectTrial}). Experiments register in
 * {@code META-INF/services/io.contend.cli.lab.Experiment}; the lab finds them there.
 *
 * <p>Each experiment names its headline comparisons, which quick mode runs within the experiment's time budget;
 * the rest of its matrix runs with {@code --full} or {@code --every-comparison}.
 */
public interface Experiment {

    /** @return the name used on the command line and in results.json, e.g. {@code backoff} */
    String name();

    /** @return one line: what is measured and where it comes from */
    String title();

    /** @return how the table reads; written to results.json */
    TableSpec table();

    /**
     * @param plan the mode, thread counts and whether to plan every comparison or the headline ones
     * @return the comparisons, in the table's order; no configuration may appear in two of them
     */
    List<Comparison> comparisons(LabPlan plan);

    /**
     * @param mode the lab mode
     * @return how long the experiment may take in that mode; the lab fits its rounds into it
     */
    Duration budget(LabMode mode);

    /**
     * @param mode the lab mode
     * @return what one round runs when it differs from the mode's own settings (for the run's header), else null
     */
    default String roundSettingsIfOwn(LabMode mode) {
        return null;
    }

    /**
     * @param mode the lab mode
     * @return whether {@code contend lab} without experiment names runs it in that mode; one that only runs when
     *         named (or, as {@code calibrate}, with {@code --full}) says false
     */
    default boolean runsByDefault(LabMode mode) {
        return true;
    }

    /**
     * Called by {@code contend lab --more} after {@link #comparisons} and before the new rounds, with the stored
     * records of the run it continues, so that an experiment whose plan rests on a calibration step (a rate found
     * before the rounds) runs the new rounds on the stored calibration rather than a new one. By default nothing.
     *
     * @param stored the stored records of the run, as read from results.json
     */
    default void continueFrom(List<ResultRecord> stored) {
    }

    /**
     * @return the charts its rounds measured, for results.json (the report draws them from there); by default none
     */
    default List<ChartData> charts() {
        return List.of();
    }

    /**
     * Writes files that belong next to results.json (plots, each a chart of {@link #charts()} on its own), after the
     * rounds. By default none.
     *
     * @param outDir the output directory
     * @throws IOException if a file cannot be written
     */
    default void writeFiles(Path outDir) throws IOException {
    }
}
