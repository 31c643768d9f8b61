package io.contend.bench.load;

import io.contend.load.Rate;
import io.contend.load.StressConfig;
import io.contend.load.StressResult;
import io.contend.load.StressRun;
import io.contend.load.Workload;
import io.contend.load.WorkloadOptions;
import io.contend.load.Workloads;

import java.time.Duration;
import java.util.List;

/**
 * The {@code co} experiment's harness ("Fixing Coordinated Omission in Cassandra Stress", Nitsan Wakart, 2016):
 * one generator thread drives a service that takes 200 us and freezes for 100 ms every 500 operations, all out
 * (throughput mode: each operation starts when the last ends, so latency is service time) or at a fixed rate
 * (response time from each operation's intended start).
 */
public final class CoordinatedOmissionRun {
    /** The fixed rate, operations per second. */
    public static final long FIXED_RATE = 1000;
    /** The sleep workload's options: the stalling service. */
    public static final List<String> WORKLOAD =
            List.of("--service-time", "200us", "--stall-every", "500", "--stall", "100ms");
    /** Mode: all out. */
    public static final String THROUGHPUT = "throughput";
    /** Mode: a fixed rate of {@link #FIXED_RATE} per second. */
    public static final String FIXED = "fixed";

    private CoordinatedOmissionRun() {
    }

    /**
     * @param mode {@link #THROUGHPUT} or {@link #FIXED}
     * @param length how long to run
     * @return the run's result: one operation tag with response, service and wait histograms
     * @throws Exception if the run fails
     */
    public static StressResult run(String mode, Duration length) throws Exception {
        Rate rate = switch (mode) {
            case THROUGHPUT -> Rate.throughput();
            case FIXED -> new Rate(Rate.Mode.FIXED, FIXED_RATE);
            default -> throw new IllegalArgumentException("mode must be " + THROUGHPUT + " or " + FIXED + ": " + mode);
        };
        Workload workload = Workloads.create("sleep", WorkloadOptions.parse(WORKLOAD));
        return new StressRun(workload, new StressConfig(rate, 1, length, 0, Duration.ofSeconds(1), Duration.ZERO, null),
                null).run();
    }
}
