package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ScheduleTest {
    private static final BigInteger BILLION = BigInteger.valueOf(1_000_000_000L);

    /** floor(n * 1e9 / R) in exact integer arithmetic, the reference. */
    private static long exact(long n, long rate) {
        return BigInteger.valueOf(n).multiply(BILLION).divide(BigInteger.valueOf(rate)).longValueExact();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 3, 7, 999_999_937, 7_777_777, 1_000_000_000, 2000, 333_333_333})
    void offsetsAreExactOverABillionOperations(long rate) {
        long[] probes = {0, 1, 2, rate - 1, rate, rate + 1, 999_999_999, 1_000_000_000, 1_000_000_001, 123_456_789_012L,
                Long.MAX_VALUE / 1_000_000_000L};
        for (long n : probes) {
            BigInteger reference = BigInteger.valueOf(n).multiply(BILLION).divide(BigInteger.valueOf(rate));
            if (reference.bitLength() < 64) {
                assertEquals(reference.longValueExact(), Schedule.offsetNanos(n, rate), "n=" + n + " rate=" + rate);
            } else {
                assertThrows(ArithmeticException.class, () -> Schedule.offsetNanos(n, rate), "overflow is an error, n=" + n);
            }
        }
        // Every operation of the first 10^9 at a stride through the range, and no drift at the end:
        for (long n = 0; n <= 1_000_000_000L; n += 9_999_991L) {
            assertEquals(exact(n, rate), Schedule.offsetNanos(n, rate), "n=" + n + " rate=" + rate);
        }
    }

    @Test
    void awkwardRatesDoNotDrift() {
        // cassandra-stress's integer interval 1e9/R: at 7,777,777/s it is 128 ns instead of 128.57 ns.
        long n = 1_000_000_000L;
        assertEquals(128_571_441_428L, Schedule.offsetNanos(n, 7_777_777)); // exact: 1e18 / 7,777,777, floored
        assertEquals(333_333_333_333_333_333L, Schedule.offsetNanos(n, 3));
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 3, 7, 2000, 7_777_777, 1_000_000_000})
    void operationsWithinCountsTheIntendedStartsBeforeTheBound(long rate) {
        Schedule s = new Schedule(0, rate);
        for (long bound : new long[] {0, 1, 999, 1_000_000_000L, 3_000_000_001L, 86_400_000_000_000L}) {
            long count = s.operationsWithin(bound);
            if (count > 0) {
                assertTrue(s.intendedStartNanos(count - 1) < bound, "last counted starts before the bound");
            }
            assertTrue(s.intendedStartNanos(count) >= bound, "the next one does not");
        }
    }

    @Test
    void rejectsBadArguments() {
        assertEquals("opsPerSecond must be in [1, 1000000000]: 0",
                assertThrows(IllegalArgumentException.class, () -> new Schedule(0, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Schedule.offsetNanos(-1, 5));
    }

    @Test
    void ratesParse() {
        assertEquals(new Rate(Rate.Mode.FIXED, 2000), Rate.parse("fixed=2000/s"));
        assertEquals(new Rate(Rate.Mode.THROTTLE, 1_000_000), Rate.parse("throttle=1_000_000"));
        assertEquals(Rate.throughput(), Rate.parse("throughput"));
        assertEquals("fixed=2000/s", Rate.parse("FIXED=2000/s").toString());
        assertEquals(new Rate(Rate.Mode.FIXED, 2000), Rate.parse("fixed=2k/s"));
        assertEquals(new Rate(Rate.Mode.THROTTLE, 1_500_000), Rate.parse("throttle=1.5M"));
        for (String bad : new String[] {"fixed", "fixed=0/s", "fixed=-3/s", "slow=5/s", "fixed=1.5/s", "fixed=2x/s", "",
            "fixed=1.0001k/s", "fixed=2G/s"}) {
            assertThrows(IllegalArgumentException.class, () -> Rate.parse(bad), bad);
        }
    }

    @Test
    void countsTakeSiSuffixes() {
        assertEquals(1_000_000, Counts.parse("--ops", "1M"));
        assertEquals(1_500_000, Counts.parse("--ops", "1.5M"));
        assertEquals(2_000, Counts.parse("--ops", "2k"));
        assertEquals(2_000, Counts.parse("--ops", "2K"));
        assertEquals(3_000_000_000L, Counts.parse("--ops", "3G"));
        assertEquals(1_000, Counts.parse("--ops", "1_000"));
        assertEquals(0, Counts.parse("--ops", "0"));
        assertEquals("--ops must be a whole number: '1.2345k'",
                assertThrows(IllegalArgumentException.class, () -> Counts.parse("--ops", "1.2345k")).getMessage());
        assertEquals("--ops must be a whole number at most 9223372036854775807: '10000000000G'",
                assertThrows(IllegalArgumentException.class, () -> Counts.parse("--ops", "10000000000G")).getMessage());
        for (String bad : new String[] {"", "k", "-1", "1T", "1.5", "1e6", "2 k"}) {
            assertThrows(IllegalArgumentException.class, () -> Counts.parse("--ops", bad), bad);
        }
    }

    @Test
    void durationsParse() {
        assertEquals(java.time.Duration.ofMillis(500), Durations.parse("d", "500ms"));
        assertEquals(java.time.Duration.ofNanos(250_000), Durations.parse("d", "250us"));
        assertEquals("2m", Durations.format(Durations.parse("d", "120s")));
        assertEquals("--warmup must be whole numbers with units (ns, us, ms, s, m, h), e.g. 10s or 1m30s: '10'",
                assertThrows(IllegalArgumentException.class, () -> Durations.parse("--warmup", "10")).getMessage());
    }

    @Test
    void compoundDurationsParseLargestUnitFirst() {
        assertEquals(java.time.Duration.ofSeconds(90), Durations.parse("d", "1m30s"));
        assertEquals(java.time.Duration.ofSeconds(3723), Durations.parse("d", "1h2m3s"));
        assertEquals(java.time.Duration.ofMillis(2500), Durations.parse("d", "2s500ms"));
        assertEquals(java.time.Duration.ofNanos(1_000_001_001L), Durations.parse("d", "1s1us1ns"));
        assertEquals(java.time.Duration.ZERO, Durations.parse("d", "0"));
        assertEquals("1m30s", Durations.format(java.time.Duration.ofSeconds(90)));
        assertEquals("1s500ms", Durations.format(java.time.Duration.ofMillis(1500)));
        assertEquals("0s", Durations.format(java.time.Duration.ZERO));
        for (String text : new String[] {"1h2m3s", "250us", "1m30s", "2s500ms", "17ns"}) {
            assertEquals(text, Durations.format(Durations.parse("d", text)), "round trip");
        }
        assertEquals("d gives its units largest first, each once (e.g. 1m30s): '30s1m'",
                assertThrows(IllegalArgumentException.class, () -> Durations.parse("d", "30s1m")).getMessage());
        for (String bad : new String[] {"1m1m", "1m 30s", "1m30", "m30s", "1.5s", "-1s", "1d"}) {
            assertThrows(IllegalArgumentException.class, () -> Durations.parse("d", bad), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("d", "2562047h47m16s854ms775us808ns"));
        assertEquals(Durations.MAX, Durations.parse("d", "2562047h47m16s854ms775us807ns"));
    }

    @Test
    void theConfigBuilderStartsFromTheDefaults() {
        StressConfig defaults = StressConfig.builder().build();
        assertEquals(new StressConfig(StressConfig.DEFAULT_RATE, 1, java.time.Duration.ofSeconds(10), 0,
                java.time.Duration.ofSeconds(1), java.time.Duration.ZERO, null), defaults);
        StressConfig byOps = StressConfig.builder().ops(1_000_000).build();
        StressConfig countOnly = new StressConfig(StressConfig.DEFAULT_RATE, 1, null, 1_000_000,
                StressConfig.DEFAULT_INTERVAL, java.time.Duration.ZERO, null);
        assertEquals(countOnly, byOps, "only a count given: no run length, the run ends when it is done");
        StressConfig both = StressConfig.builder().rate(Rate.parse("fixed=2k/s")).duration(Durations.parse("d", "1m30s"))
                .ops(Counts.parse("ops", "1M")).threads(4).interval(java.time.Duration.ofMillis(500))
                .warmup(java.time.Duration.ofSeconds(5)).log(java.nio.file.Path.of("run.hlog")).build();
        assertEquals(new StressConfig(new Rate(Rate.Mode.FIXED, 2000), 4, java.time.Duration.ofSeconds(90), 1_000_000,
                java.time.Duration.ofMillis(500), java.time.Duration.ofSeconds(5), java.nio.file.Path.of("run.hlog")), both);
        assertEquals("threads must be in [1, 10000]: 0",
                assertThrows(IllegalArgumentException.class, () -> StressConfig.builder().threads(0).build()).getMessage());
    }

    /** The cursor's division-free steps land on exactly the intended starts computed directly. */
    @ParameterizedTest
    @ValueSource(longs = {1, 3, 7, 1000, 65_537, 999_999, 7_777_777, 123_456_789, 999_999_999, 1_000_000_000})
    void cursorStepsAgreeWithTheDirectComputation(long rate) {
        Schedule schedule = new Schedule(-5_000, rate);
        long[] firsts = {0, 1, rate - 1, rate, 3 * rate - 2, 1L << 33}; // 2^33 s at 1/s still fits in a long
        for (long first : firsts) {
            Schedule.Cursor cursor = schedule.cursor().seek(first);
            for (long n = first; n < first + 3 * Math.min(rate, 20_000) + 5; n++) {
                assertEquals(n, cursor.operation());
                assertEquals(schedule.intendedStartNanos(n), cursor.intendedStartNanos(), "rate " + rate + ", n " + n);
                cursor.advance();
            }
        }
    }

    @Test
    void aNewCursorIsAtOperationZero() {
        Schedule schedule = new Schedule(42, 3);
        Schedule.Cursor cursor = schedule.cursor();
        assertEquals(0, cursor.operation());
        assertEquals(42, cursor.intendedStartNanos());
        cursor.advance();
        assertEquals(42 + 333_333_333, cursor.intendedStartNanos());
        assertThrows(IllegalArgumentException.class, () -> schedule.cursor().seek(-1));
    }
}
