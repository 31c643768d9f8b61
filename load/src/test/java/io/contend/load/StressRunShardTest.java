package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.hdr.HdrInterval;
import io.contend.hdr.HdrLogReader;
import io.contend.hdr.IntervalFilter;
import io.contend.hdr.LogUnion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Shards of one schedule run side by side: together they run the single schedule's operations, mix and count. */
class StressRunShardTest {
    private static final int SHARDS = 4;
    private static final long OPS = 3_000;

    @TempDir
    Path dir;

    @Test
    void shardsTogetherRunTheWholeScheduleAndTheirLogsUnionToIt() throws Exception {
        Map<String, AtomicLong> calls = new ConcurrentHashMap<>();
        for (String name : List.of("a", "b", "c")) {
            calls.put(name, new AtomicLong());
        }
        Workload mix = () -> List.of(
                Operation.named("a", () -> calls.get("a").incrementAndGet()),
                Operation.named("b", () -> calls.get("b").incrementAndGet()),
                Operation.named("c", () -> calls.get("c").incrementAndGet()));
        Instant start = Instant.now().plusMillis(1_000).truncatedTo(ChronoUnit.MILLIS); // room for a loaded machine
        List<Path> logs = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        StressResult[] results = new StressResult[SHARDS];
        for (int i = 0; i < SHARDS; i++) {
            int index = i;
            Path log = dir.resolve("shard-" + i + ".hlog");
            logs.add(log);
            StressConfig config = StressConfig.builder().rate(Rate.parse("fixed=20k/s")).ops(OPS)
                    .interval(Duration.ofMillis(50)).log(log).shard(new Shard(i, SHARDS)).startAt(start).build();
            Thread t = new Thread(() -> results[index] = new StressRun(mix, config, null).run());
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        long completed = 0;
        for (int i = 0; i < SHARDS; i++) {
            assertEquals(new Shard(i, SHARDS).localCount(OPS), results[i].completed(), "shard " + i + "'s share");
            completed += results[i].completed();
        }
        assertEquals(OPS, completed);
        // operation g runs mix[g % 3] wherever it runs: the shards keep the single run's mix
        for (String name : List.of("a", "b", "c")) {
            assertEquals(OPS / 3, calls.get(name).get(), name);
        }
        for (int i = 0; i < SHARDS; i++) {
            Optional<ShardHeader> header = ShardHeader.read(logs.get(i));
            assertTrue(header.isPresent(), "log " + i + " names its shard");
            assertEquals(new Shard(i, SHARDS), header.get().shard());
            assertEquals(start, header.get().startAt());
            try (HdrLogReader reader = HdrLogReader.open(logs.get(i), IntervalFilter.ALL)) {
                reader.next();
                assertEquals(start.toEpochMilli() / 1000.0, reader.startTimeSeconds(), 1e-9,
                        "every shard's log starts at the agreed instant");
            }
        }
        Path union = dir.resolve("union.hlog");
        LogUnion.union(logs, union);
        Map<String, Long> counts = new TreeMap<>();
        for (HdrInterval interval : HdrLogReader.readAll(union, IntervalFilter.ALL)) {
            counts.merge(interval.tag(), interval.histogram().getTotalCount(), Long::sum);
        }
        for (String name : List.of("a", "b", "c")) {
            assertEquals(OPS / 3, counts.get(name + "-rt"), name + "-rt in the union");
            assertEquals(OPS / 3, counts.get(name + "-wt"), name + "-wt in the union");
        }
    }

    @Test
    void theHeaderLineRoundTrips() {
        ShardHeader header = new ShardHeader(new Shard(2, 4), "stress 2", Instant.parse("2026-11-27T10:00:00Z"),
                Rate.parse("fixed=4k/s"), Duration.ofSeconds(10), 0, 1);
        assertEquals("stress_2", header.host());
        assertEquals(Optional.of(header), ShardHeader.parse("#" + header.line()));
        ShardHeader whole = new ShardHeader(Shard.WHOLE, "h", null, Rate.throughput(), null, 500, 2);
        assertEquals(Optional.of(whole), ShardHeader.parse(whole.line()));
        assertEquals(10_000, header.scheduledOperations(), "a quarter of 4k/s for 10 s");
        assertEquals(-1, new ShardHeader(Shard.WHOLE, "h", null, Rate.throughput(), Duration.ofSeconds(1), 0, 1)
                .scheduledOperations(), "all out for a time: no schedule to count");
        assertEquals(125, new ShardHeader(new Shard(0, 4), "h", null, Rate.throughput(), null, 500, 1)
                .scheduledOperations(), "a quarter of the ops limit");
        assertEquals(1, new ShardHeader(new Shard(3, 4), "h", null, Rate.parse("fixed=4k/s"), Duration.ofSeconds(10), 5, 1)
                .scheduledOperations(), "of ops 0-4, shard 3 has operation 3 only");
        assertEquals(Optional.empty(), ShardHeader.parse("#contend stress: sleep"));
        String message = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ShardHeader.parse("#contend-shard shard=2/4 host=h")).getMessage();
        assertTrue(message.contains("start-at"), message);
    }

    /** Long runs count exactly; a duration no run can have is refused where a header is made, or read. */
    @Test
    void scheduledOperationsFitALongAndLongerDurationsAreRefused() {
        assertEquals(864_000_000L, new ShardHeader(Shard.WHOLE, "h", null, Rate.parse("fixed=10/s"),
                Duration.ofDays(1_000), 0, 1).scheduledOperations(), "1,000 days at 10/s");
        assertEquals(Long.MAX_VALUE, new ShardHeader(Shard.WHOLE, "h", null, Rate.parse("fixed=1G/s"), Durations.MAX,
                0, 1).scheduledOperations(), "the longest duration at the highest rate, one per nanosecond");
        assertEquals(Long.MAX_VALUE / 4, new ShardHeader(new Shard(3, 4), "h", null, Rate.parse("fixed=1G/s"),
                Durations.MAX, 0, 1).scheduledOperations());
        for (Duration bad : new Duration[] {Durations.MAX.plusNanos(1), Duration.ofDays(1_000_000), Duration.ZERO,
                Duration.ofSeconds(-1)}) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> new ShardHeader(Shard.WHOLE, "h", null, Rate.parse("fixed=10/s"), bad, 0, 1), bad::toString);
            String message = e.getMessage();
            String value = Durations.format(bad);
            assertTrue(message.endsWith(": " + value), "names the value refused: " + message);
            assertTrue(message.contains("must be positive and fit"), "says what the value must be: " + message);
        }
        String message = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> ShardHeader.parse("#contend-shard shard=0/1 host=h start-at=- rate=fixed=10/s duration=0s ops=- "
                        + "threads=1")).getMessage();
        assertTrue(message.startsWith("malformed shard header") && message.endsWith("292 years): 0s"), message);
    }

    @Test
    void theHeaderIsReadFromTheTopOfAFileWithoutReadingAHugeLineWhole() throws Exception {
        ShardHeader header = new ShardHeader(new Shard(1, 2), "h", Instant.parse("2026-11-27T10:00:00Z"),
                Rate.parse("fixed=1k/s"), Duration.ofSeconds(5), 0, 1);
        Path log = dir.resolve("crlf.hlog");
        Files.writeString(log, "#[other comment]\r\n#" + header.line() + "\r\n\r\nTag=x,0.0,1.0,1.0,AAAA\r\n");
        assertEquals(Optional.of(header), ShardHeader.read(log));
        Path huge = dir.resolve("huge.hlog");
        Files.writeString(huge, "#" + "x".repeat(1 << 20) + "\n#" + header.line() + "\n");
        assertEquals(Optional.empty(), ShardHeader.read(huge), "a comment line longer than any header ends the search");
        Path empty = dir.resolve("empty.hlog");
        Files.writeString(empty, "");
        assertEquals(Optional.empty(), ShardHeader.read(empty));
    }
}
