package io.contend.cli.lab;

import io.contend.cli.results.LatencyBlocks;
import io.contend.cli.results.ResultRecord;
import org.HdrHistogram.Histogram;
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
 * @param blocks when the score is a latency percentile, the latencies it was taken from, in blocks; else null
 * @param position where the configuration ran among its comparison's sides in this round (0 first), as the
 *                 {@link RoundRunner} sets it; -1 where the sides were measured together or it is not known
 */
public record Sample(double score, String unit, Map<String, ResultRecord.Secondary> secondary,
                     List<Double> iterations, Blocks blocks, int position) {

    /**
     * The latencies behind a percentile score, as consecutive stretches of the measurement, encoded as results.json
     * keeps them ({@link LatencyBlocks#encode}): a few hundred bytes a block where the histogram takes tens of
     * kilobytes, and an experiment holds every round's blocks until it ends.
     *
     * @param percentile the percentile the score is, in (0, 100)
     * @param encoded one per stretch, values in ns
     */
    public record Blocks(double percentile, List<String> encoded) {
        /** Copies the list. */
        public Blocks {
            if (!(percentile > 0 && percentile < 100)) {
                throw new IllegalArgumentException("percentile must be in (0, 100): " + percentile);
            }
            encoded = List.copyOf(encoded);
        }

        /**
         * @param percentile the percentile the score is
         * @param histograms one per stretch
         * @return them, encoded
         */
        public static Blocks of(double percentile, List<Histogram> histograms) {
            return new Blocks(percentile, histograms.stream().map(LatencyBlocks::encode).toList());
        }
    }

    /** Copies the map, keeping its order, and the iterations. */
    public Sample {
        Objects.requireNonNull(unit, "unit");
        if (position < -1) {
            throw new IllegalArgumentException("position must be -1 (unknown) or more: " + position);
        }
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
        iterations = List.copyOf(iterations);
    }

    /**
     * A sample whose position in its round is not known yet.
     *
     * @param score the round's score
     * @param unit its unit
     * @param secondary secondary results by name, in display order
     * @param iterations the score of each measured iteration, or empty
     * @param blocks the latencies behind a percentile score, or null
     */
    public Sample(double score, String unit, Map<String, ResultRecord.Secondary> secondary, List<Double> iterations,
                  Blocks blocks) {
        this(score, unit, secondary, iterations, blocks, -1);
    }

    /**
     * @param index where the configuration ran among its comparison's sides this round, 0 first
     * @return this sample at that position
     */
    Sample atPosition(int index) {
        return new Sample(score, unit, secondary, iterations, blocks, index);
    }

    /**
     * A JMH fork's sample: the score and its iterations.
     *
     * @param score the round's score
     * @param unit its unit
     * @param secondary secondary results by name, in display order
     * @param iterations the score of each measured iteration
     */
    public Sample(double score, String unit, Map<String, ResultRecord.Secondary> secondary, List<Double> iterations) {
        this(score, unit, secondary, iterations, null);
    }

    /**
     * A direct measurement of a latency percentile, with the latencies it was taken from.
     *
     * @param score the round's percentile
     * @param unit its unit
     * @param secondary secondary results by name, in display order
     * @param blocks the latencies, in blocks
     */
    public Sample(double score, String unit, Map<String, ResultRecord.Secondary> secondary, Blocks blocks) {
        this(score, unit, secondary, List.of(), Objects.requireNonNull(blocks, "blocks"));
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
