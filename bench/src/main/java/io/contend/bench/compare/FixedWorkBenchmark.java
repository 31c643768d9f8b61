package io.contend.bench.compare;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A benchmark whose work is set by the jar it runs from: {@code work.properties} beside this class gives the
 * number of {@link Blackhole#consumeCPU(long)} tokens per operation. Two copies of a jar that differ only in that
 * file are two builds whose work differs by a known amount, which is how {@code contend compare} is tested: a
 * candidate with 12500 tokens against a baseline with 10000 comes out slower, near 0.8x (large enough that the
 * call's own cost is small beside the work).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FixedWorkBenchmark {
    /** The resource that sets the work, beside this class. */
    public static final String WORK_RESOURCE = "work.properties";

    private long tokens;

    /** Reads the tokens per operation from {@link #WORK_RESOURCE}. */
    @Setup
    public void readWork() {
        Properties p = new Properties();
        try (InputStream in = FixedWorkBenchmark.class.getResourceAsStream(WORK_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(WORK_RESOURCE + " is missing beside " + FixedWorkBenchmark.class);
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        tokens = Long.parseLong(p.getProperty("tokens", "10000").trim());
    }

    /** Burns the configured tokens. */
    @Benchmark
    public void work() {
        Blackhole.consumeCPU(tokens);
    }
}
