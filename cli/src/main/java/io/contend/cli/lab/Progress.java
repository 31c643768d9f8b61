package io.contend.cli.lab;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

import java.io.PrintStream;

/**
 * Progress of a lab run: a progress bar on a terminal; on anything else (CI logs, pipes) one plain line per
 * step, because a redrawn bar turns a log into noise.
 */
final class Progress implements AutoCloseable {
    private final ProgressBar bar;
    private final PrintStream log;
    private final String task;
    private final int total;
    private int done;

    private Progress(ProgressBar bar, PrintStream log, String task, int total) {
        this.bar = bar;
        this.log = log;
        this.task = task;
        this.total = total;
    }

    /**
     * @param task what is running, e.g. the experiment name
     * @param total number of steps
     * @param err where progress goes
     * @return a bar on a terminal, plain lines otherwise
     */
    static Progress start(String task, int total, PrintStream err) {
        if (System.console() != null) {
            ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(total)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250).continuousUpdate()
                    .showSpeed().build();
            return new Progress(bar, null, task, total);
        }
        return new Progress(null, err, task, total);
    }

    /** @param what the step about to run */
    void begin(String what) {
        if (bar != null) {
            bar.setExtraMessage(" " + what);
        } else {
            log.printf("[%s %d/%d] %s%n", task, done + 1, total, what);
            log.flush();
        }
    }

    /** Marks the current step done. */
    void step() {
        done++;
        if (bar != null) {
            bar.step();
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.setExtraMessage("");
            bar.close();
        }
    }
}
