package io.contend.cli.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One measured configuration as written to results.json, aggregated over the rounds it ran in.
 *
 * @param experiment the lab experiment, e.g. {@code backoff}
 * @param benchmark the benchmark's short name, e.g. {@code increment}
 * @param params the configuration's parameters (strings, as JMH takes them)
 * @param threads threads doing the measured work
 * @param score the mean of the per-round scores (per-fork, for an {@code unpaired} record)
 * @param error half-width of the 95% confidence interval of that mean over rounds (Student's t), or null with
 *              fewer than two rounds
 * @param unit the score's unit, e.g. {@code ops/us}
 * @param secondary secondary results by name, each the mean over rounds
 * @param mode lab mode of the run
 * @param oversubscribed whether threads exceeded the machine's CPUs
 * @param rounds rounds measured
 * @param comparison how it compares with its baseline, or null for a baseline or a reference row
 * @param samples the score of each round, in round order (round i of a contender ran in the same round as round i
 *                of its baseline, so the two pair); for an {@code unpaired} record, each of this side's forks in
 *                its file's order, which pair with nothing; empty in files written before samples were kept
 * @param run the id of the run that measured it ({@link RunInfo#id()}), or null in files without runs
 * @param looks the rounds at which each look at the run ended, in order: one look at {@code rounds} for a run of a
 *              fixed plan, one more for each time {@code contend lab --more} added rounds to it; a comparison of
 *              more than one look is judged by a confidence sequence (see the analysis' {@code StoppingRule}).
 *              Strictly increasing, the last one {@code rounds}; empty only for a record of no rounds
 * @param iterations per round (per fork, for an {@code unpaired} record), in order, the score of each measured
 *                   iteration of its JMH fork (the round's score is their mean); an empty list for a round
 *                   measured otherwise, and no rounds at all in files written before iterations were kept
 * @param latency for a percentile score, the latencies of each round in blocks, from which a comparison is judged
 *                (see the analysis' {@code PercentileBootstrap}); null for other scores and in files written before
 *                schema version 5
 * @param positions per round, in round order, where this configuration ran among its comparison's sides that round
 *                  (0 first); empty where the sides were measured together, in one joint measurement, and in files
 *                  written before schema version 6
 * @param unpaired whether the samples are independent forks rather than rounds: a {@code contend compare} of two
 *                 JMH result files, whose forks of the two sides ran in different runs and pair with nothing (then
 *                 {@code rounds} is this side's forks, and each side may have its own number); false for every lab
 *                 record and in files written before schema version 7
 */
public record ResultRecord(String experiment, String benchmark, Map<String, String> params, int threads, double score,
                           Double error, String unit, Map<String, Secondary> secondary, String mode,
                           boolean oversubscribed, int rounds, ComparisonResult comparison, List<Double> samples,
                           String run, List<Integer> looks, List<List<Double>> iterations, LatencyBlocks latency,
                           List<Integer> positions, boolean unpaired) {

    /**
     * A secondary result: a score, its unit and, where kept, its value in each round.
     *
     * @param score the value: in a record, the mean over the rounds that measured it
     * @param unit its unit
     * @param rounds its value in each round of the record, in round order, NaN for a round that could not measure
     *               it; empty for one round's own value, and in files before schema version 6
     */
    public record Secondary(double score, String unit, List<Double> rounds) {
        /** Copies the rounds. */
        public Secondary {
            Objects.requireNonNull(unit, "unit");
            rounds = List.copyOf(rounds);
        }

        /**
         * A value without rounds: one round's, or one that files before schema version 6 kept.
         *
         * @param score the value
         * @param unit its unit
         */
        public Secondary(double score, String unit) {
            this(score, unit, List.of());
        }
    }

    /**
     * A record without samples or run, as files before schema version 3 hold them.
     *
     * @param experiment the lab experiment
     * @param benchmark the benchmark's short name
     * @param params the configuration's parameters
     * @param threads threads doing the measured work
     * @param score the mean of the per-round scores
     * @param error half-width of the 95% interval, or null
     * @param unit the score's unit
     * @param secondary secondary results by name
     * @param mode lab mode of the run
     * @param oversubscribed whether threads exceeded the machine's CPUs
     * @param rounds rounds measured
     * @param comparison how it compares with its baseline, or null
     */
    public ResultRecord(String experiment, String benchmark, Map<String, String> params, int threads, double score,
                        Double error, String unit, Map<String, Secondary> secondary, String mode,
                        boolean oversubscribed, int rounds, ComparisonResult comparison) {
        this(experiment, benchmark, params, threads, score, error, unit, secondary, mode, oversubscribed, rounds,
                comparison, List.of(), null);
    }

    /**
     * A record of a run of one look, all its rounds planned before the first ratio was seen, as the lab writes
     * them after a run and files without looks hold them.
     *
     * @param experiment the lab experiment
     * @param benchmark the benchmark's short name
     * @param params the configuration's parameters
     * @param threads threads doing the measured work
     * @param score the mean of the per-round scores
     * @param error half-width of the 95% interval, or null
     * @param unit the score's unit
     * @param secondary secondary results by name
     * @param mode lab mode of the run
     * @param oversubscribed whether threads exceeded the machine's CPUs
     * @param rounds rounds measured
     * @param comparison how it compares with its baseline, or null
     * @param samples the score of each round, in round order
     * @param run the id of the run that measured it, or null
     */
    public ResultRecord(String experiment, String benchmark, Map<String, String> params, int threads, double score,
                        Double error, String unit, Map<String, Secondary> secondary, String mode,
                        boolean oversubscribed, int rounds, ComparisonResult comparison, List<Double> samples,
                        String run) {
        this(experiment, benchmark, params, threads, score, error, unit, secondary, mode, oversubscribed, rounds,
                comparison, samples, run, oneLook(rounds));
    }

    /**
     * A record without iterations, as files before schema version 4 hold them.
     *
     * @param experiment the lab experiment
     * @param benchmark the benchmark's short name
     * @param params the configuration's parameters
     * @param threads threads doing the measured work
     * @param score the mean of the per-round scores
     * @param error half-width of the 95% interval, or null
     * @param unit the score's unit
     * @param secondary secondary results by name
     * @param mode lab mode of the run
     * @param oversubscribed whether threads exceeded the machine's CPUs
     * @param rounds rounds measured
     * @param comparison how it compares with its baseline, or null
     * @param samples the score of each round, in round order
     * @param run the id of the run that measured it, or null
     * @param looks the rounds at which each look ended
     */
    public ResultRecord(String experiment, String benchmark, Map<String, String> params, int threads, double score,
                        Double error, String unit, Map<String, Secondary> secondary, String mode,
                        boolean oversubscribed, int rounds, ComparisonResult comparison, List<Double> samples,
                        String run, List<Integer> looks) {
        this(experiment, benchmark, params, threads, score, error, unit, secondary, mode, oversubscribed, rounds,
                comparison, samples, run, looks, List.of());
    }

    /**
     * A record without latency blocks, as files before schema version 5 hold them and as every score but a
     * percentile is kept.
     *
     * @param experiment the lab experiment
     * @param benchmark the benchmark's short name
     * @param params the configuration's parameters
     * @param threads threads doing the measured work
     * @param score the mean of the per-round scores
     * @param error half-width of the 95% interval, or null
     * @param unit the score's unit
     * @param secondary secondary results by name
     * @param mode lab mode of the run
     * @param oversubscribed whether threads exceeded the machine's CPUs
     * @param rounds rounds measured
     * @param comparison how it compares with its baseline, or null
     * @param samples the score of each round, in round order
     * @param run the id of the run that measured it, or null
     * @param looks the rounds at which each look ended
     * @param iterations per round, each measured iteration's score
     */
    public ResultRecord(String experiment, String benchmark, Map<String, String> params, int threads, double score,
                        Double error, String unit, Map<String, Secondary> secondary, String mode,
                        boolean oversubscribed, int rounds, ComparisonResult comparison, List<Double> samples,
                        String run, List<Integer> looks, List<List<Double>> iterations) {
        this(experiment, benchmark, params, threads, score, error, unit, secondary, mode, oversubscribed, rounds,
                comparison, samples, run, looks, iterations, null);
    }

    /**
     * A record without positions, as files before schema version 6 hold them and as joint measurements are kept.
     *
     * @param experiment the lab experiment
     * @param benchmark the benchmark's short name
     * @param params the configuration's parameters
     * @param threads threads doing the measured work
     * @param score the mean of the per-round scores
     * @param error half-width of the 95% interval, or null
     * @param unit the score's unit
     * @param secondary secondary results by name
     * @param mode lab mode of the run
     * @param oversubscribed whether threads exceeded the machine's CPUs
     * @param rounds rounds measured
     * @param comparison how it compares with its baseline, or null
     * @param samples the score of each round, in round order
     * @param run the id of the run that measured it, or null
     * @param looks the rounds at which each look ended
     * @param iterations per round, each measured iteration's score
     * @param latency per round, the latencies in blocks, or null
     */
    public ResultRecord(String experiment, String benchmark, Map<String, String> params, int threads, double score,
                        Double error, String unit, Map<String, Secondary> secondary, String mode,
                        boolean oversubscribed, int rounds, ComparisonResult comparison, List<Double> samples,
                        String run, List<Integer> looks, List<List<Double>> iterations, LatencyBlocks latency) {
        this(experiment, benchmark, params, threads, score, error, unit, secondary, mode, oversubscribed, rounds,
                comparison, samples, run, looks, iterations, latency, List.of());
    }

    /**
     * A record of paired rounds, as the lab keeps them and files before schema version 7 hold every record.
     *
     * @param experiment the lab experiment
     * @param benchmark the benchmark's short name
     * @param params the configuration's parameters
     * @param threads threads doing the measured work
     * @param score the mean of the per-round scores
     * @param error half-width of the 95% interval, or null
     * @param unit the score's unit
     * @param secondary secondary results by name
     * @param mode lab mode of the run
     * @param oversubscribed whether threads exceeded the machine's CPUs
     * @param rounds rounds measured
     * @param comparison how it compares with its baseline, or null
     * @param samples the score of each round, in round order
     * @param run the id of the run that measured it, or null
     * @param looks the rounds at which each look ended
     * @param iterations per round, each measured iteration's score
     * @param latency per round, the latencies in blocks, or null
     * @param positions per round, where this configuration ran among its comparison's sides
     */
    public ResultRecord(String experiment, String benchmark, Map<String, String> params, int threads, double score,
                        Double error, String unit, Map<String, Secondary> secondary, String mode,
                        boolean oversubscribed, int rounds, ComparisonResult comparison, List<Double> samples,
                        String run, List<Integer> looks, List<List<Double>> iterations, LatencyBlocks latency,
                        List<Integer> positions) {
        this(experiment, benchmark, params, threads, score, error, unit, secondary, mode, oversubscribed, rounds,
                comparison, samples, run, looks, iterations, latency, positions, false);
    }

    /**
     * Copies the maps, the samples, the looks, the iterations and the positions, keeping their order.
     *
     * @throws IllegalArgumentException if the looks are not strictly increasing from 1 or do not end at
     *                                  {@code rounds}, iterations, secondary rounds, positions or latency blocks
     *                                  are kept for some rounds but not for every sample, or an unpaired record
     *                                  has positions or latency blocks
     */
    public ResultRecord {
        Objects.requireNonNull(experiment, "experiment");
        Objects.requireNonNull(benchmark, "benchmark");
        params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
        secondary = Collections.unmodifiableMap(new LinkedHashMap<>(secondary));
        samples = List.copyOf(samples);
        looks = List.copyOf(looks);
        iterations = iterations.stream().map(List::copyOf).toList();
        positions = List.copyOf(positions);
        if (!iterations.isEmpty() && iterations.size() != samples.size()) {
            throw new IllegalArgumentException("iterations of " + iterations.size() + " rounds for "
                    + samples.size() + " samples");
        }
        for (Map.Entry<String, Secondary> e : secondary.entrySet()) {
            int kept = e.getValue().rounds().size();
            if (kept != 0 && kept != samples.size()) {
                throw new IllegalArgumentException("secondary " + e.getKey() + " has " + kept + " rounds for "
                        + samples.size() + " samples");
            }
        }
        if (unpaired && (!positions.isEmpty() || latency != null)) {
            throw new IllegalArgumentException("independent forks have no positions or latency blocks");
        }
        if (!positions.isEmpty() && positions.size() != samples.size()) {
            throw new IllegalArgumentException("positions of " + positions.size() + " rounds for " + samples.size()
                    + " samples");
        }
        if (latency != null && latency.rounds().size() != samples.size()) {
            throw new IllegalArgumentException("latency blocks of " + latency.rounds().size() + " rounds for "
                    + samples.size() + " samples");
        }
        int previous = 0;
        for (int look : looks) {
            if (look <= previous) {
                throw new IllegalArgumentException("looks must increase strictly from 1: " + looks);
            }
            previous = look;
        }
        if (!looks.isEmpty() && previous != rounds) {
            throw new IllegalArgumentException("the last look must end at the record's " + rounds + " rounds: "
                    + looks);
        }
    }

    /** @return the looks of a run of one look at {@code rounds}; none for a record of no rounds */
    private static List<Integer> oneLook(int rounds) {
        return rounds >= 1 ? List.of(rounds) : List.of();
    }

    /** @return this record with another judgement of its comparison (for example at another margin) */
    public ResultRecord withComparison(ComparisonResult judged) {
        return new ResultRecord(experiment, benchmark, params, threads, score, error, unit, secondary, mode,
                oversubscribed, rounds, judged, samples, run, looks, iterations, latency, positions, unpaired);
    }

    /**
     * This record as several runs' pooled rounds (or, unpaired, forks): their samples in run order, the mean of the
     * finite ones as the score, no error, iterations, positions, secondary rounds or latency blocks (those stay per
     * run).
     *
     * @param pooled every pooled run's samples, in order
     * @param pooledLooks the looks over the pooled rounds, ending at their count
     * @return the pooled record
     */
    public ResultRecord withPooledSamples(List<Double> pooled, List<Integer> pooledLooks) {
        double mean = pooled.stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).average()
                .orElse(Double.NaN);
        Map<String, Secondary> means = new LinkedHashMap<>();
        secondary.forEach((name, s) -> means.put(name, new Secondary(s.score(), s.unit())));
        return new ResultRecord(experiment, benchmark, params, threads, mean, null, unit, means, mode,
                oversubscribed, pooled.size(), comparison, pooled, run, pooledLooks, List.of(), null, List.of(),
                unpaired);
    }

    /** @return this record without its latency blocks, e.g. where its comparison was judged from its samples */
    public ResultRecord withoutLatency() {
        return new ResultRecord(experiment, benchmark, params, threads, score, error, unit, secondary, mode,
                oversubscribed, rounds, comparison, samples, run, looks, iterations, null, positions, unpaired);
    }

    /**
     * @param name a parameter name
     * @return its value, or null
     */
    public String param(String name) {
        return params.get(name);
    }
}
