package io.contend.cli.shards;

import io.contend.hdr.IntervalFilter;
import io.contend.hdr.LogSummary;
import io.contend.hdr.LogUnion;
import io.contend.hdr.TaggedHistogram;
import io.contend.load.Durations;
import io.contend.load.LateSends;
import io.contend.load.LatencyKind;
import io.contend.load.ShardHeader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * The shards of one sharded stress run, merged: their interval logs joined without loss ({@link LogUnion}), the
 * merged latencies per operation tag, and per shard how far its generator fell behind its schedule. Each shard's
 * late sends are computed from its own log's wait times, so one saturated shard shows even when the merged
 * percentiles look healthy.
 *
 * <p>The logs must be the shards of one schedule: each carries a {@link ShardHeader}, all with the same shard
 * count, rate, agreed start (required with more than one shard), duration and operation limit, and no shard twice.
 * A shard that is missing is reported, not refused: the union then holds only part of the schedule, and says so;
 * so is a shard whose log holds fewer operations than its share of the schedule (failed, missed or unfinished).
 *
 * @param count the shard count of the run
 * @param header the first log's header (rate, start, duration), the same in every log
 * @param shards per shard present, in index order
 * @param missing indexes of the shards with no log
 * @param union what the union wrote
 * @param tags the union's latencies per tag, summed over its intervals
 */
record ShardMerge(int count, ShardHeader header, List<ShardReport> shards, List<Integer> missing, LogUnion.Result union,
                  List<TaggedHistogram> tags) {

    /**
     * One shard's part.
     *
     * @param log its interval log
     * @param header what it says of itself
     * @param late its late sends, from its wait-time tags
     * @param operations operations it recorded with the run's reported latency (an operation that threw records none)
     * @param scheduled operations its share of the schedule holds ({@link ShardHeader#scheduledOperations()}), -1
     *                  when the run has no schedule to count
     */
    record ShardReport(Path log, ShardHeader header, LateSends late, long operations, long scheduled) {
        /** @return whether its log holds fewer operations than it was scheduled: failed, missed or unfinished ones */
        boolean isShort() {
            return scheduled >= 0 && operations < scheduled;
        }
    }

    /** A shard's log whose header line is malformed. */
    static final class MalformedShardLog extends Exception {
        private static final long serialVersionUID = 1L;

        MalformedShardLog(Path log, IllegalArgumentException cause) {
            super(log + ": " + cause.getMessage(), cause);
        }
    }

    /** @return whether a shard fell behind, fell short of its schedule or is missing */
    boolean incomplete() {
        return !missing.isEmpty() || shards.stream().anyMatch(s -> s.late().behind() || s.isShort());
    }

    /**
     * Reads the shards' logs, checks they belong together, and writes their union.
     *
     * @param logs the shards' interval logs, in any order
     * @param out the union to write
     * @param threshold lateness that counts as a late send
     * @return the merge
     * @throws IllegalArgumentException if a log has no shard header, or the logs are not shards of one run
     * @throws MalformedShardLog if a log's shard header is malformed
     * @throws IOException if a log cannot be read or the union written
     */
    static ShardMerge merge(List<Path> logs, Path out, Duration threshold) throws IOException, MalformedShardLog {
        Objects.requireNonNull(threshold, "threshold");
        if (threshold.isNegative()) {
            throw new IllegalArgumentException("the late threshold must not be negative: " + threshold);
        }
        List<ShardReport> shards = new ArrayList<>();
        ShardHeader first = null;
        for (Path log : logs) {
            ShardHeader header;
            try {
                header = ShardHeader.read(log).orElseThrow(() -> new IllegalArgumentException(log
                        + " has no '#" + ShardHeader.PREFIX.strip() + "' line: not an interval log of contend stress"));
            } catch (IllegalArgumentException e) {
                if (e.getMessage().startsWith("malformed")) {
                    throw new MalformedShardLog(log, e);
                }
                throw e;
            }
            if (header.shard().count() > 1 && header.startAt() == null) {
                throw new IllegalArgumentException(log + " is shard " + header.shard() + " of a run without an agreed "
                        + "start (--start-at): its shards' schedules are not one schedule, and their union is not exact");
            }
            if (first == null) {
                first = header;
            } else {
                requireSameRun(first, header, log);
            }
            for (ShardReport other : shards) {
                if (other.header().shard().equals(header.shard())) {
                    throw new IllegalArgumentException("shard " + header.shard() + " twice: " + other.log() + " and " + log);
                }
            }
            shards.add(report(log, header, threshold));
        }
        if (first == null) {
            throw new IllegalArgumentException("merge needs at least one shard log");
        }
        shards.sort(Comparator.comparingInt(s -> s.header().shard().index()));
        TreeSet<Integer> missing = new TreeSet<>();
        for (int i = 0; i < first.shard().count(); i++) {
            missing.add(i);
        }
        shards.forEach(s -> missing.remove(s.header().shard().index()));
        LogUnion.Result union = LogUnion.union(logs, out);
        List<TaggedHistogram> tags = LogSummary.ofAll(List.of(out), IntervalFilter.ALL).tags();
        return new ShardMerge(first.shard().count(), first, List.copyOf(shards), List.copyOf(missing), union, tags);
    }

    private static void requireSameRun(ShardHeader first, ShardHeader header, Path log) {
        List<String> differ = new ArrayList<>();
        if (first.shard().count() != header.shard().count()) {
            differ.add("shard count " + header.shard().count() + " vs " + first.shard().count());
        }
        if (!first.rate().equals(header.rate())) {
            differ.add("rate " + header.rate() + " vs " + first.rate());
        }
        if (!Objects.equals(first.startAt(), header.startAt())) {
            differ.add("start " + header.startAt() + " vs " + first.startAt());
        }
        if (!Objects.equals(first.duration(), header.duration())) {
            differ.add("duration " + header.duration() + " vs " + first.duration());
        }
        if (first.ops() != header.ops()) {
            differ.add("ops " + header.ops() + " vs " + first.ops());
        }
        if (!differ.isEmpty()) {
            throw new IllegalArgumentException(log + " is not a shard of the same run as the first log: "
                    + String.join(", ", differ));
        }
    }

    private static ShardReport report(Path log, ShardHeader header, Duration threshold) throws IOException {
        Histogram waits = new Histogram(3);
        long operations = 0;
        String reported = "-" + header.rate().reportedLatency().suffix();
        for (TaggedHistogram tag : LogSummary.ofAll(List.of(log), IntervalFilter.ALL).tags()) {
            if (tag.tag() != null && tag.tag().endsWith("-" + LatencyKind.WAIT.suffix())) {
                waits.add(tag.histogram());
            } else if (tag.tag() != null && tag.tag().endsWith(reported)) {
                operations += tag.histogram().getTotalCount();
            }
        }
        return new ShardReport(log, header, LateSends.of(waits, threshold), operations, header.scheduledOperations());
    }

    /** Prints the merged latencies and the per-shard table. */
    void print(PrintWriter out, Path unionFile) {
        out.printf(Locale.ROOT, "contend shards merge: %d of %d shard(s) of %s%s%s; union %s: %,d intervals%n",
                shards.size(), count, header.rate(), header.duration() == null ? "" : ", " + Durations.format(header.duration()),
                header.startAt() == null ? "" : ", from " + header.startAt(), unionFile, union.intervals());
        out.println();
        out.printf(Locale.ROOT, "%-22s %10s %10s %10s %10s %10s %12s%n", "op / metric (ms)", "p50", "p90", "p99", "p99.9",
                "max", "count");
        for (TaggedHistogram tag : tags) {
            Histogram h = tag.histogram();
            boolean any = h.getTotalCount() > 0;
            out.printf(Locale.ROOT, "%-22s %10s %10s %10s %10s %10s %,12d%n", tag.label(),
                    any ? ms(h.getValueAtPercentile(50)) : "-", any ? ms(h.getValueAtPercentile(90)) : "-",
                    any ? ms(h.getValueAtPercentile(99)) : "-", any ? ms(h.getValueAtPercentile(99.9)) : "-",
                    any ? ms(h.getMaxValue()) : "-", h.getTotalCount());
        }
        out.println();
        String threshold = shards.isEmpty() ? "" : Durations.format(
                Duration.ofNanos(shards.get(0).late().thresholdNanos()));
        out.printf(Locale.ROOT, "%-9s %-24s %12s %12s %12s %8s %13s %13s  %s%n", "shard", "host", "scheduled", "recorded",
                "late >" + threshold, "late %", "p99 late ms", "max late ms", "schedule");
        for (ShardReport s : shards) {
            LateSends late = s.late();
            out.printf(Locale.ROOT, "%-9s %-24s %12s %,12d %,12d %7.2f%% %13s %13s  %s%n", s.header().shard(),
                    s.header().host(), s.scheduled() < 0 ? "-" : String.format(Locale.ROOT, "%,d", s.scheduled()),
                    s.operations(), late.late(), 100 * late.lateFraction(), ms(late.p99Nanos()), ms(late.maxNanos()),
                    late.behind() ? "BEHIND" : s.isShort() ? "SHORT" : "kept");
        }
        for (int index : missing) {
            out.printf(Locale.ROOT, "%-9s %-24s %12s%n", index + "/" + count, "(no log)", "-");
        }
        for (ShardReport s : shards) {
            if (s.late().behind()) {
                out.printf(Locale.ROOT, "Shard %s on %s fell behind its schedule: %s. Its generator was saturated, so its "
                        + "share of the load arrived late and the merged latencies are not those of the rate asked.%n",
                        s.header().shard(), s.header().host(), s.late());
            }
            if (s.isShort()) {
                out.printf(Locale.ROOT, "Shard %s on %s recorded %,d of its %,d scheduled operations: the others failed, "
                        + "were missed (never started) or did not finish; its own summary (stress --summary-json) says "
                        + "which. The union lacks them.%n", s.header().shard(), s.header().host(), s.operations(),
                        s.scheduled());
            }
        }
        if (!missing.isEmpty()) {
            out.printf(Locale.ROOT, "Missing shard(s) %s of %d: the union holds only part of the schedule.%n",
                    missing.stream().map(i -> i + "/" + count).toList(), count);
        }
        out.flush();
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }
}
