package io.contend.cli.stress;

import io.contend.load.Durations;
import io.contend.load.IntervalReport;
import io.contend.load.Rate;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.Workload;
import java.io.PrintWriter;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The stress command's output: a header, one line per interval (like cassandra-stress), and the final summary
 * with the reported latency, the per-operation response / service / wait percentiles and the accounting of
 * every scheduled operation. Latencies print in milliseconds.
 */
final class SummaryPrinter {
    private final PrintWriter out;
    private final StressConfig config;
    private final String metricName;
    private StressProgress progress;

    SummaryPrinter(PrintWriter out, StressConfig config) {
        this.out = out;
        this.config = config;
        this.progress = StressProgress.start(out, null);
        this.metricName = config.rate().mode() == Rate.Mode.FIXED ? "response time (from each operation's intended start)"
                : "service time (from each operation's actual start)";
    }

    void header(Workload workload) {
        out.printf(Locale.ROOT, "contend stress: %s, %s, %d thread(s), %s%s%s%n", workload, config.rate(), config.threads(),
                config.duration() != null ? Durations.format(config.duration()) : config.ops() + " ops",
                config.warmup().isZero() ? "" : ", warm-up " + Durations.format(config.warmup()),
                config.log() != null ? ", log " + config.log() : "");
        String m = config.rate().reportedMetric();
        out.printf(Locale.ROOT, "%8s %12s %11s %11s %11s %8s%n", "time s", "ops/s", m + " p50 ms", m + " p99 ms",
                m + " max ms", "errors");
        out.flush();
        progress = StressProgress.start(out, config.duration());
    }

    void interval(IntervalReport r) {
        progress.line(String.format(Locale.ROOT, "%8.1f %12.1f %11.3f %11.3f %11.3f %8d", r.endSeconds(), r.opsPerSecond(),
                ms(r.p50Nanos()), ms(r.p99Nanos()), ms(r.maxNanos()), r.errors()));
        progress.elapsed(r.endSeconds());
    }

    void summary(StressResult result) {
        progress.close();
        Histogram h = result.reported();
        out.println();
        out.println("Results" + (result.stoppedEarly() ? " (stopped early)" : "") + ", latency = " + metricName + ":");
        row("Op rate", String.format(Locale.ROOT, "%,.0f op/s", result.opsPerSecond()));
        row("Latency mean", String.format(Locale.ROOT, "%.3f ms", h.getTotalCount() == 0 ? 0 : h.getMean() / 1e6));
        row("Latency median", msText(h, 50));
        row("Latency 95th percentile", msText(h, 95));
        row("Latency 99th percentile", msText(h, 99));
        row("Latency 99.9th percentile", msText(h, 99.9));
        row("Latency max", String.format(Locale.ROOT, "%.3f ms", ms(h.getMaxValue())));
        row("Errors", String.valueOf(result.errors()));
        row("Operations", String.format(Locale.ROOT, "scheduled %,d, completed %,d, errors %,d, missed %,d", result.scheduled(),
                result.completed(), result.errors(), result.missed()));
        row("GC", String.format(Locale.ROOT, "%d collection(s), %d ms", result.gcCount(), result.gcMillis()));
        row("Total time", String.format(Locale.ROOT, "%.1f s", result.elapsedNanos() / 1e9));
        out.println();
        out.printf(Locale.ROOT, "%-22s %10s %10s %10s %10s %10s %12s%n", "op / metric (ms)", "p50", "p90", "p99", "p99.9", "max", "count");
        for (StressResult.Op op : result.operations()) {
            for (String metric : new String[] {"rt", "st", "wt"}) {
                Histogram m = op.metric(metric);
                out.printf(Locale.ROOT, "%-22s %10.3f %10.3f %10.3f %10.3f %10.3f %,12d%n", op.name() + "-" + metric,
                        ms(m.getValueAtPercentile(50)), ms(m.getValueAtPercentile(90)), ms(m.getValueAtPercentile(99)),
                        ms(m.getValueAtPercentile(99.9)), ms(m.getMaxValue()), m.getTotalCount());
            }
            if (op.errors() > 0) {
                out.printf(Locale.ROOT, "%s: %,d error(s); first: %s%n", op.name(), op.errors(), String.join(" | ", op.firstErrors()));
            }
            if (op.clampedValues() > 0) {
                out.printf(Locale.ROOT, "%s: %,d value(s) above 1 hour recorded as 1 hour%n", op.name(), op.clampedValues());
            }
        }
        out.println("rt: response time (intended start to end), st: service time (start to end), wt: wait (intended start to start)");
        out.flush();
    }

    /** Removes the progress bar if the run ended without a summary. */
    void close() {
        progress.close();
    }

    private void row(String name, String value) {
        out.printf(Locale.ROOT, "%-26s: %s%n", name, value);
    }

    private static String msText(Histogram h, double percentile) {
        return String.format(Locale.ROOT, "%.3f ms", ms(h.getValueAtPercentile(percentile)));
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}
