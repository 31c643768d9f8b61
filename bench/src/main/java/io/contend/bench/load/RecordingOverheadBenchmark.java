package io.contend.bench.load;

import io.contend.load.OperationStats;
import io.contend.load.Schedule;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The load generator's own cost per operation (the {@code co} experiment; goal at most 100 ns): compute the
 * operation's intended start from the shared schedule, read the clock at start and end, and record response,
 * service and wait time into one tag's HdrHistogram recorders, as {@code StressRun} does around every
 * operation (the operation itself is empty, and the generator does not wait for the intended start here).
 * All threads share one schedule counter and one tag's recorders, as generator threads do.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
public class RecordingOverheadBenchmark {
    /** The benchmark's full name, as the lab runs it. */
    public static final String SCHEDULE_AND_RECORD_BENCHMARK =
            RecordingOverheadBenchmark.class.getName() + ".scheduleAndRecord";

    /** The shared schedule and statistics. */
    @State(Scope.Benchmark)
    public static class Generator {
        final Schedule schedule = new Schedule(System.nanoTime(), 1_000_000);
        final OperationStats stats = new OperationStats("op");
        final java.util.concurrent.atomic.AtomicLong next = new java.util.concurrent.atomic.AtomicLong();
    }

    /** Claim, schedule, time and record one operation. */
    @Benchmark
    public long scheduleAndRecord(Generator g) {
        long n = g.next.getAndIncrement();
        long intended = g.schedule.intendedStartNanos(n % 1_000_000_000L);
        long start = System.nanoTime();
        long end = System.nanoTime();
        g.stats.recordSuccess(Math.min(intended, start), start, end);
        return n;
    }
}
