package io.contend.cli.shards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.cli.InProcess;
import io.contend.hdr.IntervalFilter;
import io.contend.hdr.LogSummary;
import io.contend.hdr.TaggedHistogram;
import io.contend.load.Rate;
import io.contend.load.Shard;
import io.contend.load.ShardHeader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShardsCommandTest {
    private static final Instant START = Instant.parse("2026-11-27T10:00:00Z");
    private static final int EXIT_OK = 0;
    private static final int EXIT_INCOMPLETE = 1;
    private static final int EXIT_USAGE = 2;

    @TempDir
    Path dir;

    /**
     * Writes a shard's log as contend stress would: its header, and one interval per second of {@code perSecond}
     * operations, of which {@code latePerSecond} started 50 ms late and the rest 10 us late.
     */
    private Path shardLog(String name, ShardHeader header, int seconds, int perSecond, int latePerSecond) throws IOException {
        Path file = dir.resolve(name);
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), true, "UTF-8")) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("contend stress: a test");
            writer.outputComment(header.line());
            writer.outputLogFormatVersion();
            long startMillis = (header.startAt() == null ? START : header.startAt()).toEpochMilli();
            writer.outputStartTime(startMillis);
            writer.setBaseTime(startMillis);
            writer.outputBaseTime(startMillis);
            writer.outputLegend();
            for (int s = 0; s < seconds; s++) {
                for (String kind : List.of("rt", "st", "wt")) {
                    Histogram h = new Histogram(3);
                    long late = kind.equals("st") ? 0 : 50_000_000L;
                    h.recordValueWithCount((kind.equals("wt") ? 0 : 200_000) + 10_000, perSecond - latePerSecond);
                    if (latePerSecond > 0) {
                        h.recordValueWithCount((kind.equals("wt") ? 0 : 200_000) + late, latePerSecond);
                    }
                    h.setTag("sleep-" + kind);
                    h.setStartTimeStamp(startMillis + s * 1000L);
                    h.setEndTimeStamp(startMillis + (s + 1) * 1000L);
                    writer.outputIntervalHistogram(h);
                }
            }
        }
        return file;
    }

    /** Shard index of count at 1,000/s each, for 3 s: 3,000 scheduled operations per shard. */
    private static ShardHeader header(int index, int count) {
        return new ShardHeader(new Shard(index, count), "host-" + index, START, Rate.parse("fixed=" + count + "k/s"),
                Duration.ofSeconds(3), 0, 1);
    }

    private static Map<String, Long> counts(Path log) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        for (TaggedHistogram tag : LogSummary.ofAll(List.of(log), IntervalFilter.ALL).tags()) {
            counts.put(tag.label(), tag.histogram().getTotalCount());
        }
        return counts;
    }

    @Test
    void shardsThatKeptTheirScheduleMergeToTheWholeRun() throws IOException {
        InProcess contend = new InProcess();
        Path union = dir.resolve("union.hlog");
        int code = contend.run("shards", "merge", shardLog("b.hlog", header(1, 3), 3, 1000, 5).toString(),
                shardLog("a.hlog", header(0, 3), 3, 1000, 0).toString(), shardLog("c.hlog", header(2, 3), 3, 1000, 0).toString(),
                "--out", union.toString());
        assertEquals(EXIT_OK, code, contend.out() + contend.err());
        assertEquals(Map.of("sleep-rt", 9000L, "sleep-st", 9000L, "sleep-wt", 9000L), counts(union));
        String out = contend.out();
        assertTrue(out.contains("3 of 3 shard(s) of fixed=3000/s"), out);
        assertTrue(out.matches("(?s).*\\n1/3\\s+host-1\\s+3,000\\s+3,000\\s+15\\s+0\\.50%.*kept.*"), out);
        assertTrue(!out.contains("BEHIND"), out);
    }

    @Test
    void aShardWithManyLateSendsIsBehindAndTheMergeSaysSo() throws IOException {
        InProcess contend = new InProcess();
        int code = contend.run("shards", "merge", shardLog("a.hlog", header(0, 2), 3, 1000, 0).toString(),
                shardLog("b.hlog", header(1, 2), 3, 1000, 400).toString(), "--out", dir.resolve("u.hlog").toString());
        assertEquals(EXIT_INCOMPLETE, code, contend.out() + contend.err());
        String out = contend.out();
        assertTrue(out.matches("(?s).*\\n0/2\\s+host-0 .*kept.*"), out);
        assertTrue(out.matches("(?s).*\\n1/2\\s+host-1\\s+3,000\\s+3,000\\s+1,200\\s+40\\.00%.*BEHIND.*"), out);
        assertTrue(out.contains("Shard 1/2 on host-1 fell behind its schedule"), out);
    }

    @Test
    void aMissingShardIsReported() throws IOException {
        InProcess contend = new InProcess();
        int code = contend.run("shards", "merge", shardLog("a.hlog", header(0, 3), 1, 100, 0).toString(),
                shardLog("b.hlog", header(1, 3), 1, 100, 0).toString(), "--out", dir.resolve("u.hlog").toString());
        assertEquals(EXIT_INCOMPLETE, code);
        assertTrue(contend.out().contains("Missing shard(s) [2/3] of 3"), contend.out());
    }

    @Test
    void logsThatAreNotShardsOfOneRunAreRefused() throws IOException {
        InProcess contend = new InProcess();
        Path a = shardLog("a.hlog", header(0, 2), 1, 100, 0);
        Path other = shardLog("o.hlog", new ShardHeader(new Shard(1, 2), "h", START, Rate.parse("fixed=1k/s"),
                Duration.ofSeconds(3), 0, 1), 1, 100, 0);
        assertEquals(EXIT_USAGE, contend.run("shards", "merge", a.toString(), other.toString(), "--out",
                dir.resolve("u.hlog").toString()));
        assertTrue(contend.err().contains("rate fixed=1000/s vs fixed=2000/s"), contend.err());
        Path twin = shardLog("t.hlog", header(0, 2), 1, 100, 0);
        assertEquals(EXIT_USAGE, contend.run("shards", "merge", a.toString(), twin.toString(), "--out",
                dir.resolve("u.hlog").toString()));
        assertTrue(contend.err().contains("shard 0/2 twice"), contend.err());
        Path plain = dir.resolve("plain.hlog");
        Files.writeString(plain, "#[Histogram log format version 1.3]\n");
        assertEquals(EXIT_USAGE, contend.run("shards", "merge", plain.toString(), "--out", dir.resolve("u.hlog").toString()));
        assertTrue(contend.err().contains("no '#contend-shard' line"), contend.err());
        Path unagreed = shardLog("u.hlog", new ShardHeader(new Shard(1, 2), "h", null, Rate.parse("fixed=2k/s"),
                Duration.ofSeconds(3), 0, 1), 1, 100, 0);
        assertEquals(EXIT_USAGE, contend.run("shards", "merge", unagreed.toString(), "--out", dir.resolve("u.hlog").toString()));
        assertTrue(contend.err().contains("without an agreed start"), contend.err());
    }

    @Test
    void aShardWhoseLogLacksScheduledOperationsIsShort() throws IOException {
        InProcess contend = new InProcess();
        int code = contend.run("shards", "merge", shardLog("a.hlog", header(0, 2), 3, 1000, 0).toString(),
                shardLog("b.hlog", header(1, 2), 2, 1000, 0).toString(), "--out", dir.resolve("u.hlog").toString());
        assertEquals(EXIT_INCOMPLETE, code, contend.out());
        assertTrue(contend.out().matches("(?s).*\\n1/2\\s+host-1\\s+3,000\\s+2,000\\s.*SHORT.*"), contend.out());
        assertTrue(contend.out().contains("Shard 1/2 on host-1 recorded 2,000 of its 3,000 scheduled operations"),
                contend.out());
    }

    @Test
    void aMalformedShardLineIsAMalformedLog() throws IOException {
        Path bad = dir.resolve("bad.hlog");
        Files.writeString(bad, "#contend-shard shard=9/4 host=h\n");
        InProcess contend = new InProcess();
        assertEquals(EXIT_INCOMPLETE, contend.run("shards", "merge", bad.toString(), "--out", dir.resolve("u.hlog").toString()));
        assertTrue(contend.err().contains("malformed log: " + bad), contend.err());
    }

    @Test
    void stressRefusesAShardWithoutAnAgreedStartAndChecksWithoutRunning() {
        InProcess contend = new InProcess();
        assertEquals(EXIT_USAGE, contend.run("stress", "sleep", "--rate", "fixed=1k/s", "--shard", "1/2"));
        assertTrue(contend.err().contains("shard 1/2 needs --start-at"), contend.err());
        String start = Instant.now().plusSeconds(3600).truncatedTo(ChronoUnit.SECONDS).toString();
        assertEquals(EXIT_OK, contend.run("stress", "sleep", "--rate", "fixed=1k/s", "--shard", "1/2", "--start-at", start,
                "--dry-run"), contend.err());
        assertTrue(contend.out().contains("dry run, nothing was run: sleep{service 100us}, fixed=1000/s"), contend.out());
        assertTrue(contend.out().contains("shard 1/2, starting at " + start), contend.out());
        assertEquals(EXIT_USAGE, contend.run("stress", "sleep", "--rate", "fixed=1k/s", "--start-at", "tomorrow", "--dry-run"));
        assertTrue(contend.err().contains("--start-at must be an ISO-8601 instant"), contend.err());
    }

    /**
     * Two shards of 2k/s run side by side; shard 1's service takes 2 ms on one thread, so it can start at most
     * 500 of its 1,000 operations a second and falls behind for the whole run: the merge marks it.
     */
    @Test
    void anOverloadedShardIsReportedBehindInTheMergedSummary() throws Exception {
        String start = Instant.now().plusMillis(2_000).truncatedTo(ChronoUnit.MILLIS).toString(); // room for a loaded CI machine
        Path[] logs = {dir.resolve("s0.hlog"), dir.resolve("s1.hlog")};
        String[] service = {"100us", "2ms"};
        Thread[] threads = new Thread[2];
        int[] codes = new int[2];
        for (int i = 0; i < 2; i++) {
            int index = i;
            threads[i] = new Thread(() -> codes[index] = new InProcess().run("stress", "sleep", "--service-time",
                    service[index], "--rate", "fixed=2k/s", "--ops", "2k", "--shard", index + "/2", "--start-at", start,
                    "--log", logs[index].toString()));
            threads[i].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(EXIT_OK, codes[0]);
        assertEquals(EXIT_OK, codes[1]);
        InProcess contend = new InProcess();
        Path union = dir.resolve("union.hlog");
        int code = contend.run("shards", "merge", logs[0].toString(), logs[1].toString(), "--out", union.toString());
        assertEquals(EXIT_INCOMPLETE, code, contend.out());
        assertTrue(contend.out().matches("(?s).*\\n1/2\\s+\\S+\\s+1,000\\s.*BEHIND.*"), contend.out());
        assertTrue(contend.out().contains("Shard 1/2 on "), contend.out());
        assertEquals(2000L, counts(union).get("sleep-rt"), "both shards' operations, once each");
    }

    @Test
    void localRunsShardProcessesAndMergesTheirLogs() throws IOException {
        InProcess contend = new InProcess();
        Path out = dir.resolve("local");
        contend.run("shards", "local", "--shards", "2", "--out-dir", out.toString(), "--start-in", "5s", "--",
                "sleep", "--service-time", "50us", "--rate", "fixed=1k/s", "--ops", "401");
        assertTrue(contend.out().contains("2 of 2 shard(s) of fixed=1000/s"), contend.out() + contend.err());
        assertEquals(401L, counts(out.resolve("union.hlog")).get("sleep-rt"));
        for (int i = 0; i < 2; i++) {
            assertEquals(new Shard(i, 2), ShardHeader.read(out.resolve("shard-" + i + ".hlog")).orElseThrow().shard());
            assertTrue(Files.readString(out.resolve("shard-" + i + ".json")).contains("\"count\": 2"));
            assertTrue(Files.readString(out.resolve("shard-" + i + ".out")).contains("shard " + i + "/2"));
        }
    }

    @Test
    void localRefusesTheOptionsItSetsForEachShard() {
        InProcess contend = new InProcess();
        assertEquals(EXIT_USAGE, contend.run("shards", "local", "--shards", "2", "--out-dir", dir.toString(), "--",
                "sleep", "--shard", "0/2"));
        assertTrue(contend.err().contains("--shard is set for each shard"), contend.err());
    }

    /** Bad stress arguments are found once, before any shard starts: one line naming them, exit 2. */
    @Test
    void badStressArgumentsAreRefusedBeforeAnyShardStarts() {
        InProcess contend = new InProcess();
        Path out = dir.resolve("local");
        assertEquals(EXIT_USAGE, contend.run("shards", "local", "--shards", "2", "--out-dir", out.toString(), "--",
                "sleep", "--bogus"));
        assertTrue(contend.err().contains("the stress arguments: ") && contend.err().contains("--bogus"),
                contend.err());
        assertTrue(!Files.exists(out.resolve("shard-0.out")), "no shard was started");
        assertEquals(EXIT_USAGE, contend.run("shards", "local", "--shards", "2", "--out-dir", out.toString(), "--",
                "sleep", "--dry-run"));
        assertTrue(contend.err().contains("--dry-run would leave every shard without a log"), contend.err());
        assertEquals(EXIT_USAGE, contend.run("shards", "merge", dir.resolve("gone.hlog").toString(), "--out",
                dir.resolve("u.hlog").toString()));
        assertTrue(contend.err().contains("no such file: " + dir.resolve("gone.hlog")), contend.err());
    }
}
