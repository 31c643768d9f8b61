package io.contend.bench.histogram;

import io.contend.histogram.StreamingHistogramBuilder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The {@code histogram} experiment, after Cassandra's StreamingTombstoneHistogramBuilderBench (CASSANDRA-13444):
 * build a histogram of {@value #POINTS} deletion times (payload) with maxBins 100, the given spool size and
 * rounding (roundTo 60 is Cassandra's), then build() it. The score is time per point, build included
 * ({@code @OperationsPerInvocation}); run with {@code -prof gc} for allocation per point. The accuracy of each
 * configuration is {@link HistogramErrors}'s, computed outside JMH.
 *
 * <p>contend's builder is created once per trial and cleared per build, which its API allows; Cassandra's and
 * t-digest's cannot be cleared, so each build constructs a new one (Cassandra's spool arrays are allocated in
 * its constructor: that shows in its allocation per point, about spool x 16 bytes / {@value #POINTS}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@State(Scope.Thread)
public class StreamingHistogramBenchmark {
    /** Points per build. */
    public static final int POINTS = 1_000_000;

    /** Payload: a {@link HistogramPayload} name. */
    @Param({"secondInMonth", "secondInDay", "secondIn3Hour", "secondInMin", "ascending", "descending", "severalWriters",
            "lognormal", "bimodal"})
    public String payload;

    /** Spool size (distinct points buffered before a merge into the bins); ignored by t-digest. */
    @Param({"0", "1000", "100000"})
    public int spool;

    /** Rounding step in seconds (1: none); t-digest gets the points rounded up the same way. */
    @Param({"1", "60"})
    public long roundTo;

    /** contend, cassandra or tdigest. */
    @Param({"contend", "cassandra", "tdigest"})
    public String impl;

    private long[] points;
    private HistogramImpl which;
    private StreamingHistogramBuilder contendBuilder;

    @Setup
    public void setUp() {
        points = HistogramPayload.valueOf(payload).points(POINTS);
        which = HistogramImpl.valueOf(impl);
        contendBuilder = new StreamingHistogramBuilder(HistogramImpl.MAX_BINS, spool, roundTo);
    }

    /** Adds every point and builds; returns the result so that nothing is dead code. */
    @Benchmark
    @OperationsPerInvocation(POINTS)
    public Object build() {
        switch (which) {
            case contend: {
                StreamingHistogramBuilder builder = contendBuilder;
                builder.clear();
                for (long p : points) {
                    builder.update(p);
                }
                return builder.build();
            }
            default:
                return which.build(points, spool, roundTo); // Cassandra's and t-digest's cannot be cleared: a new one per build
        }
    }
}
