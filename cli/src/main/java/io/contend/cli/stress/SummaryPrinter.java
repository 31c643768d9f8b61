package io.contend.cli.stress;

import io.contend.load.Durations;
import io.contend.load.IntervalReport;
import io.contend.load.LateSends;
import io.contend.load.LatencyKind;
import io.contend.load.Rate;
import io.contend.load.ShardHeader;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.StressRun;
import io.contend.load.Workload;
import java.io.PrintWriter;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The stress command's output: a header, one line per interval (like cassandra-stress), and the final summary
 * with the reported latency, the per-operation response / service / wait percentiles and the accounting of
 * every scheduled operation. Latencies print in milliseconds; where no operation succeeded there is no latency
 * to show, and "-" stands in its place.
 */
final class SummaryPrinter implements StressRun.Listener {
    private static final String NONE = "-";
    private final PrintWriter out;
    private final StressConfig config;
    private final Workload workload;
    private final String metricName;
    private StressProgress progress;

    SummaryPrinter(PrintWriter out, StressConfig config, Workload workload) {
        this.out = out;
        this.config = config;
        this.workload = workload;
        this.progress = StressProgress.start(out, null);
        this.metricName = config.rate().mode() == Rate.Mode.FIXED ? "response time (from each operation's intended start)"
                : "service time (from each operation's actual start)";
    }

    /** The header, once the log is open. */
    @Override
    public void started() {
        out.printf(Locale.ROOT, "contend stress: %s, %s, %d thread(s), %s%s%s%s%s%n", workload, config.rate(), config.threads(),
                config.duration() != null ? Durations.format(config.duration()) : config.ops() + " ops",
                config.shard().isWhole() ? "" : ", shard " + config.shard() + " on " + ShardHeader.localHost(),
                config.startAt() == null ? "" : ", starting at " + config.startAt(),
                config.warmup().isZero() ? "" : ", warm-up " + Durations.format(config.warmup()),
                config.log() != null ? ", log " + config.log() : "");
        String m = config.rate().reportedLatency().suffix();
        out.printf(Locale.ROOT, "%8s %12s %11s %11s %11s %8s%n", "time s", "ops/s", m + " p50 ms", m + " p99 ms",
                m + " max ms", "errors");
        out.flush();
        progress = StressProgress.start(out, config.duration());
    }

    @Override
    public void interval(IntervalReport r) {
        boolean any = r.completed() > 0;
        progress.line(String.format(Locale.ROOT, "%8.1f %12.1f %11s %11s %11s %8d", r.endSeconds(), r.opsPerSecond(),
                any ? ms3(r.p50Nanos()) : NONE, any ? ms3(r.p99Nanos()) : NONE, any ? ms3(r.maxNanos()) : NONE, r.errors()));
        progress.elapsed(r.endSeconds());
    }

    void summary(StressResult result) {
        progress.close();
        out.println();
        if (result.end() == StressResult.End.STOPPED_IN_WARMUP) {
            out.println("Stopped during the warm-up: nothing was measured.");
            out.flush();
            return;
        }
        Histogram h = result.reported();
        out.println("Results" + (result.stoppedEarly() ? " (stopped early)" : "") + ", latency = " + metricName + ":");
        row("Op rate", String.format(Locale.ROOT, "%,.0f op/s", result.opsPerSecond()));
        if (h.getTotalCount() == 0) {
            row("Latency", "none: no operation succeeded");
        } else {
            row("Latency mean", String.format(Locale.ROOT, "%.3f ms", h.getMean() / 1e6));
            row("Latency median", ms3(h.getValueAtPercentile(50)) + " ms");
            row("Latency 95th percentile", ms3(h.getValueAtPercentile(95)) + " ms");
            row("Latency 99th percentile", ms3(h.getValueAtPercentile(99)) + " ms");
            row("Latency 99.9th percentile", ms3(h.getValueAtPercentile(99.9)) + " ms");
            row("Latency max", ms3(h.getMaxValue()) + " ms");
        }
        row("Errors", String.valueOf(result.errors()));
        row("Operations", String.format(Locale.ROOT, "scheduled %,d, completed %,d, errors %,d, unfinished %,d, missed %,d",
                result.scheduled(), result.completed(), result.errors(), result.unfinished(), result.missed()));
        if (config.rate().paced()) {
            LateSends late = result.lateSends(LateSends.DEFAULT_THRESHOLD);
            row("Late sends", late.toString());
            if (late.behind()) {
                out.println("The generator fell behind its schedule" + (config.shard().isWhole() ? "" : " (shard "
                        + config.shard() + ")") + ": it could not start its operations on time, so the load arrived "
                        + "later than asked. Add --threads or shards, or lower the rate.");
            }
        }
        row("GC", String.format(Locale.ROOT, "%d collection(s), %d ms", result.gcCount(), result.gcMillis()));
        row("Total time", String.format(Locale.ROOT, "%.1f s", result.elapsedNanos() / 1e9));
        out.println();
        out.printf(Locale.ROOT, "%-22s %10s %10s %10s %10s %10s %12s%n", "op / metric (ms)", "p50", "p90", "p99", "p99.9", "max", "count");
        for (StressResult.Op op : result.operations()) {
            for (LatencyKind kind : LatencyKind.values()) {
                Histogram m = op.metric(kind);
                boolean any = m.getTotalCount() > 0;
                out.printf(Locale.ROOT, "%-22s %10s %10s %10s %10s %10s %,12d%n", kind.tag(op.name()),
                        any ? ms3(m.getValueAtPercentile(50)) : NONE, any ? ms3(m.getValueAtPercentile(90)) : NONE,
                        any ? ms3(m.getValueAtPercentile(99)) : NONE, any ? ms3(m.getValueAtPercentile(99.9)) : NONE,
                        any ? ms3(m.getMaxValue()) : NONE, m.getTotalCount());
            }
            if (op.errors() > 0) {
                out.printf(Locale.ROOT, "%s: %,d error(s); first: %s%n", op.name(), op.errors(), String.join(" | ", op.firstErrors()));
            }
            if (op.clampedValues() > 0) {
                out.printf(Locale.ROOT, "%s: %,d value(s) above 1 hour recorded as 1 hour%n", op.name(), op.clampedValues());
            }
        }
        StringBuilder legend = new StringBuilder();
        for (LatencyKind kind : LatencyKind.values()) {
            legend.append(legend.length() == 0 ? "" : ", ").append(kind.suffix()).append(": ").append(kind.description());
        }
        out.println(legend);
        out.flush();
    }

    /** Removes the progress bar if the run ended without a summary. */
    void close() {
        progress.close();
    }

    private void row(String name, String value) {
        out.printf(Locale.ROOT, "%-26s: %s%n", name, value);
    }

    private static String ms3(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }
}
