package io.contend.bench.load;

import io.contend.load.Operation;
import io.contend.load.Rate;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.StressRun;
import io.contend.load.Workload;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The load generator's own cost per operation (the {@code co} experiment; goal at most 50 ns at 1 thread, and
 * at 2 threads at most 1.2 times that): a real {@link StressRun} of an empty operation, paced at
 * {@link Rate#MAX_OPS_PER_SECOND} so that every thread is always behind its schedule, as a saturated paced run
 * is: per operation it takes a number and its intended start, reads the clock, runs the operation and records
 * response, service and wait time. Each of the {@code generatorThreads} threads runs {@value #OPS_PER_THREAD}
 * operations, so the score (elapsed time / {@value #OPS_PER_THREAD}) is the cost of one operation on one
 * thread, comparable across thread counts. Starting the threads and summing up the run are included: about
 * 0.1% of an invocation.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@State(Scope.Benchmark)
public class RecordingOverheadBenchmark {
    /** The benchmark's full name, as the lab runs it. */
    public static final String SCHEDULE_AND_RECORD_BENCHMARK =
            RecordingOverheadBenchmark.class.getName() + ".scheduleAndRecord";
    /** Operations per generator thread per invocation. */
    public static final int OPS_PER_THREAD = 2_000_000;

    /** Generator threads of the run (JMH itself runs one thread). */
    @Param({"1", "2"})
    public int generatorThreads;

    private static final Workload EMPTY = () -> List.of(Operation.named("op", () -> { }));

    /** One stress run: every thread's operations, scheduled, timed and recorded. */
    @Benchmark
    @OperationsPerInvocation(OPS_PER_THREAD)
    public long scheduleAndRecord() {
        StressConfig config = StressConfig.builder().rate(new Rate(Rate.Mode.FIXED, Rate.MAX_OPS_PER_SECOND))
                .threads(generatorThreads).ops((long) OPS_PER_THREAD * generatorThreads)
                .interval(Duration.ofSeconds(1)).build();
        StressResult result = new StressRun(EMPTY, config, null).run();
        if (result.completed() != (long) OPS_PER_THREAD * generatorThreads) {
            throw new IllegalStateException("the run did not complete every operation: " + result);
        }
        return result.completed();
    }
}
