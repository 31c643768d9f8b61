package io.contend.cli.stress;

import java.io.PrintWriter;
import java.time.Duration;
import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Interval lines with a progress bar under them, on a terminal and when the run's duration is known: the bar
 * stays on the last line and each interval line is printed above it. Elsewhere (pipes, CI logs, runs by
 * operation count) lines are printed plainly and there is no bar, because a redrawn bar turns a log into noise.
 */
final class StressProgress implements AutoCloseable {
    private static final String CLEAR_LINE = "\r\033[K";
    private final PrintWriter out;
    private final ProgressBar bar;
    private String lastBar = "";
    private boolean closed;

    private StressProgress(PrintWriter out, Duration duration, boolean interactive) {
        this.out = out;
        if (interactive && duration != null) {
            bar = new ProgressBarBuilder().setTaskName("stress").setInitialMax(Math.max(1, duration.toMillis() / 100))
                    .setUnit("s", 10).setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
                    .setConsumer(new DelegatingProgressBarConsumer(this::draw, 100)).build();
        } else {
            bar = null;
        }
    }

    /** @return a bar when stdout is a terminal and the duration is known; plain lines otherwise */
    static StressProgress start(PrintWriter out, Duration duration) {
        return new StressProgress(out, duration, System.console() != null);
    }

    /** Prints a line above the bar. */
    synchronized void line(String text) {
        if (bar == null) {
            out.println(text);
        } else {
            out.print(CLEAR_LINE);
            out.println(text);
            out.print(lastBar);
        }
        out.flush();
    }

    /** Moves the bar to the run's elapsed time. */
    void elapsed(double seconds) {
        if (bar != null) {
            bar.stepTo(Math.min(bar.getMax(), (long) (seconds * 10)));
        }
    }

    private synchronized void draw(String rendered) {
        lastBar = rendered;
        out.print(CLEAR_LINE + rendered);
        out.flush();
    }

    /** Removes the bar, leaving the lines. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        if (bar != null) {
            bar.close();
            synchronized (this) {
                out.print(CLEAR_LINE);
                out.flush();
            }
        }
    }
}
