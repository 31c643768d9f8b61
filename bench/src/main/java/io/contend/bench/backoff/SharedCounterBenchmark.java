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
    /** Name of the {@link Contention#operations} counter among JMH's secondary results. */
    public static final String COUNTER_OPERATIONS = "operations";
    /** Name of the {@link Contention#casFailures} counter among JMH's secondary results. */
    public static final String COUNTER_CAS_FAILURES = "casFailures";
    /** Name of the {@link Contention#backoffNanos} counter among JMH's secondary results. */
    public static final String COUNTER_BACKOFF_NANOS = "backoffNanos";
    /** The benchmark method's full name, as the lab runs it. */
    public static final String INCREMENT_BENCHMARK = SharedCounterBenchmark.class.getName() + ".increment";
    /** Strategy: a plain CAS loop, the baseline. */
    public static final String CAS = "cas";
    /** Strategy: a CAS loop that parks 1 ns after a failure (CASSANDRA-15922's proposal). */
    public static final String CAS_CONSTANT = "cas-constant";
    /** Strategy: a CAS loop with exponential backoff and jitter. */
    public static final String CAS_EXPONENTIAL = "cas-exponential";
    /** Strategy: a CAS loop that spins, yields, then parks. */
    public static final String CAS_SPIN_YIELD_PARK = "cas-spinYieldPark";
    /** Strategy: one getAndAdd. */
    public static final String XADD = "xadd";
    /** Strategy: java.util.concurrent.atomic.LongAdder. */
    public static final String LONG_ADDER = "longAdder";
    /** Every strategy, in the lab's order. */
    public static final java.util.List<String> STRATEGIES =
            java.util.List.of(CAS, CAS_CONSTANT, CAS_EXPONENTIAL, CAS_SPIN_YIELD_PARK, XADD, LONG_ADDER);


    /** The strategies measured; names are the lab's {@code strategy} parameter. */
    @Param({CAS, CAS_CONSTANT, CAS_EXPONENTIAL, CAS_SPIN_YIELD_PARK, XADD, LONG_ADDER})
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
            case CAS:
                return casLoop(BackoffStrategy.none(), telemetry);
            case CAS_CONSTANT:
                return casLoop(BackoffStrategy.constant(1), telemetry);
            case CAS_EXPONENTIAL:
                return casLoop(BackoffStrategy.exponential(100, 10_000), telemetry);
            case CAS_SPIN_YIELD_PARK:
                return casLoop(BackoffStrategy.spinYieldPark(), telemetry);
            case XADD: {
                ContendedLong counter = new ContendedLong(0, new ContentionManager(BackoffStrategy.none(), telemetry));
                return () -> counter.getAndAdd(1);
            }
            case LONG_ADDER: {
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
