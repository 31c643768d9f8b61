package io.contend.cli.lab;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * Progress of a lab run, counted in seconds of the run's time budget, with the time left: a progress bar on a
 * terminal; on anything else (CI logs, pipes) one plain line per measurement, because a redrawn bar turns a log
 * into noise. Time left is the current experiment's remaining measurements at its pace so far (its budget until
 * its first round is done), plus the budgets of the experiments still to run.
 */
final class Progress implements AutoCloseable {
    private final ProgressBar bar;
    private final PrintStream log;
    private final long startNanos = System.nanoTime();
    private long budgetLeftAfterCurrent;
    private String experiment = "";
    private long experimentStart;
    private long experimentBudgetMillis;

    private Progress(ProgressBar bar, PrintStream log, long totalBudgetMillis) {
        this.bar = bar;
        this.log = log;
        this.budgetLeftAfterCurrent = totalBudgetMillis;
    }

    /**
     * @param totalBudget the sum of the selected experiments' budgets
     * @param err where progress goes
     * @return a bar on a terminal, plain lines otherwise
     */
    static Progress start(Duration totalBudget, PrintStream err) {
        if (System.console() != null) {
            ProgressBar bar = new ProgressBarBuilder().setTaskName("lab").setInitialMax(totalBudget.toSeconds())
                    .setUnit(" s", 1).setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500)
                    .continuousUpdate().hideEta().build();
            return new Progress(bar, null, totalBudget.toMillis());
        }
        return new Progress(null, err, totalBudget.toMillis());
    }

    /**
     * @param name the experiment starting
     * @param budget its budget
     */
    void experiment(String name, Duration budget) {
        experiment = name;
        experimentStart = System.nanoTime();
        experimentBudgetMillis = budget.toMillis();
        budgetLeftAfterCurrent = Math.max(0, budgetLeftAfterCurrent - experimentBudgetMillis);
    }

    /** @return a listener for the experiment's rounds */
    RoundRunner.Listener listener() {
        return (round, rounds, step, steps, trial) -> {
            long spent = (System.nanoTime() - experimentStart) / 1_000_000;
            long currentLeft = steps > 0 && step > 0 ? spent * (steps - step) / step
                    : Math.max(0, experimentBudgetMillis - spent);
            String left = format(Duration.ofMillis(currentLeft + budgetLeftAfterCurrent));
            String where = round < 0 ? experiment + " warm-up"
                    : String.format(Locale.ROOT, "%s round %d/%s", experiment, round + 1,
                            rounds > 0 ? Integer.toString(rounds) : "?");
            if (bar != null) {
                bar.stepTo(Math.min(bar.getMax(), (System.nanoTime() - startNanos) / 1_000_000_000L));
                bar.setExtraMessage(" " + where + ", ~" + left + " left: " + trial.describe());
            } else {
                log.printf("[%s, ~%s left] %s%n", where, left, trial.describe());
                log.flush();
            }
        };
    }

    static String format(Duration d) {
        long s = Math.max(0, d.toSeconds());
        return s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.setExtraMessage("");
            bar.close();
        }
    }
}
