package io.contend.cli.lab;

import io.contend.cli.results.ResultRecord;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One round's measurement of one configuration: a score, its unit, and secondary results.
 *
 * @param score the round's score, e.g. the mean of one JMH fork's measured iterations
 * @param unit the score's unit, e.g. {@code ops/us}
 * @param secondary secondary results by name, in display order
 * @param iterations the score of each measured iteration of a JMH fork, in order; empty for a direct measurement
 */
public record Sample(double score, String unit, Map<String, ResultRecord.Secondary> secondary,
                     List<Double> iterations) {

    /** Copies the map, keeping its order, and the iterations. */
    public Sample {
        Objects.requireNonNull(unit, "unit");
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
        iterations = List.copyOf(iterations);
    }

    /**
     * A sample without iterations (a direct measurement).
     *
     * @param score the round's score
     * @param unit its unit
     * @param secondary secondary results by name, in display order
     */
    public Sample(double score, String unit, Map<String, ResultRecord.Secondary> secondary) {
        this(score, unit, secondary, List.of());
    }
}
