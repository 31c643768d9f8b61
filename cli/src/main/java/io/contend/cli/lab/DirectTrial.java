package io.contend.cli.lab;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A trial measured by code in this JVM rather than by JMH: a load-generator run, a pipeline at a fixed rate.
 *
 * @param benchmark the measurement's short name
 * @param params the configuration's parameters
 * @param threads threads doing the measured work
 * @param measurement measures one round
 * @param warmupMeasurements measurements run and discarded before the first round ({@link Trial#warmupMeasurements})
 */
public record DirectTrial(String benchmark, Map<String, String> params, int threads, Measurement measurement,
                          int warmupMeasurements) implements Trial {

    /** What a direct trial does once per round. */
    @FunctionalInterface
    public interface Measurement {
        /**
         * @param round the round, from 0; negative for a warm-up measurement, whose sample is discarded
         * @return the round's sample
         * @throws Exception if the measurement fails
         */
        Sample measure(int round) throws Exception;
    }

    /** Copies the parameters, keeping their order. */
    public DirectTrial {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(measurement, "measurement");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
        if (warmupMeasurements < 0) {
            throw new IllegalArgumentException("warm-up measurements must be at least 0: " + warmupMeasurements);
        }
    }

    /**
     * A trial without warm-up measurements.
     *
     * @param benchmark the measurement's short name
     * @param params the configuration's parameters
     * @param threads threads doing the measured work
     * @param measurement measures one round
     */
    public DirectTrial(String benchmark, Map<String, String> params, int threads, Measurement measurement) {
        this(benchmark, params, threads, measurement, 0);
    }

    /**
     * @param measurements warm-up measurements to run and discard before the first round
     * @return this trial with them
     */
    public DirectTrial withWarmup(int measurements) {
        return new DirectTrial(benchmark, params, threads, measurement, measurements);
    }

    @Override
    public Sample measure(int round) throws Exception {
        return measurement.measure(round);
    }

    @Override
    public String toString() {
        return describe();
    }
}
