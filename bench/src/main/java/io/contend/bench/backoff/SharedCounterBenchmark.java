package io.contend.bench.backoff;

import io.contend.backoff.BackoffStrategy;
import io.contend.backoff.ContendedLong;
import io.contend.backoff.ContentionManager;
import io.contend.telemetry.ContentionCounter;
import io.contend.telemetry.ContentionSnapshot;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongUnaryOperator;

/**
 * The {@code backoff} experiment: T threads increment one shared counter (CASSANDRA-15922's region offset,
 * reduced to its essence). Compares a CAS loop with each backoff strategy, one XADD, and LongAdder.
 *
 * <p>The thread count comes from JMH ({@code -t}); the counter is shared by all of them. Secondary results
 * are totals over the measured iterations ({@code operations}, {@code casFailures}, {@code backoffNanos}),
 * read from contend's telemetry, so per-operation figures are ratios of two counts from the same run.
 * LongAdder has no telemetry: its counters stay 0 and the lab reports them as not available. Every contend
 * variant pays the same telemetry cost (a thread-local lookup and plain stores per operation).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SharedCounterBenchmark {

    /** The strategies measured; names are the lab's {@code strategy} parameter. */
    @Param({"cas", "cas-constant", "cas-exponential", "cas-spinYieldPark", "xadd", "longAdder"})
    public String strategy;

    private static final LongUnaryOperator INCREMENT = x -> x + 1;

    private Incrementer incrementer;
    private ContentionCounter telemetry;

    /** One way of incrementing the shared counter. */
    interface Incrementer {
        long increment();
    }

    @Setup(Level.Trial)
    public void setUp() {
        telemetry = new ContentionCounter("backoff/" + strategy);
        incrementer = create(strategy, telemetry);
    }

    /**
     * Builds the incrementer for a strategy name.
     *
     * @param strategy one of the {@link #strategy} parameter values
     * @param telemetry where contend variants count their attempts
     * @return the incrementer
     */
    static Incrementer create(String strategy, ContentionCounter telemetry) {
        switch (strategy) {
            case "cas":
                return casLoop(BackoffStrategy.none(), telemetry);
            case "cas-constant":
                return casLoop(BackoffStrategy.constant(1), telemetry);
            case "cas-exponential":
                return casLoop(BackoffStrategy.exponential(100, 10_000), telemetry);
            case "cas-spinYieldPark":
                return casLoop(BackoffStrategy.spinYieldPark(), telemetry);
            case "xadd": {
                ContendedLong counter = new ContendedLong(0, new ContentionManager(BackoffStrategy.none(), telemetry));
                return () -> counter.getAndAdd(1);
            }
            case "longAdder": {
                LongAdder adder = new LongAdder();
                return () -> {
                    adder.increment();
                    return 1;
                };
            }
            default:
                throw new IllegalArgumentException("unknown strategy '" + strategy
                        + "'; expected cas, cas-constant, cas-exponential, cas-spinYieldPark, xadd or longAdder");
        }
    }

    private static Incrementer casLoop(BackoffStrategy backoff, ContentionCounter telemetry) {
        ContendedLong counter = new ContendedLong(0, new ContentionManager(backoff, telemetry));
        return () -> counter.getAndUpdate(INCREMENT);
    }

    @Benchmark
    public long increment(Contention contention) {
        return incrementer.increment();
    }

    /**
     * Per-thread contention counts for the iteration, read from the thread's own telemetry cell at the end
     * of the iteration. JMH sums them over threads and iterations.
     */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Contention {
        /** Operations this thread completed on a contend counter. */
        public long operations;
        /** CAS attempts that failed. */
        public long casFailures;
        /** Nanoseconds spent backing off. */
        public long backoffNanos;

        private ContentionSnapshot atStart;

        @Setup(Level.Iteration)
        public void begin(SharedCounterBenchmark benchmark) {
            atStart = benchmark.telemetry.snapshotOfCurrentThread();
        }

        @TearDown(Level.Iteration)
        public void end(SharedCounterBenchmark benchmark) {
            ContentionSnapshot delta = benchmark.telemetry.snapshotOfCurrentThread().minus(atStart);
            operations = delta.operations();
            casFailures = delta.failures();
            backoffNanos = delta.backoffNanos();
        }
    }
}
