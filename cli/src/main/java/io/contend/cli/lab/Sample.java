package io.contend.cli.lab;

import io.contend.cli.results.ResultRecord;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One round's measurement of one configuration: a score, its unit, and secondary results.
 *
 * @param score the round's score, e.g. the mean of one JMH fork's measured iterations
 * @param unit the score's unit, e.g. {@code ops/us}
 * @param secondary secondary results by name, in display order
 */
public record Sample(double score, String unit, Map<String, ResultRecord.Secondary> secondary) {

    /** Copies the map, keeping its order. */
    public Sample {
        Objects.requireNonNull(unit, "unit");
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
    }
}
