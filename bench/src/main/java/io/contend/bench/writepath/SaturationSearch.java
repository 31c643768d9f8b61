package io.contend.bench.writepath;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongFunction;

/**
 * Finds a service's saturation rate: the highest fixed rate at which its response-time p99 stays within an SLO.
 * From a start rate it multiplies the rate by a step factor while the SLO holds (halving instead while it does not,
 * down to a floor), then bisects between the highest rate that held and the lowest that did not, a fixed number of
 * times. Each probe is one run at a fixed rate; latency is from each request's intended start, so a service that
 * falls behind shows it in its p99 rather than by running slower.
 *
 * <p>The answer is as noisy as a single run's p99 near the knee; the lab repeats the search each round and judges
 * the ratio of two builds' saturation rates over rounds, like any other score.
 */
public final class SaturationSearch {

    /**
     * One probe.
     *
     * @param rate the fixed rate, operations per second
     * @param p99Ms response-time p99 in ms
     * @param held whether the p99 was within the SLO
     */
    public record Probe(long rate, double p99Ms, boolean held) {
    }

    /**
     * A search's outcome.
     *
     * @param saturation the highest rate that held, or 0 if none did down to the floor
     * @param probes every probe, in the order run
     */
    public record Outcome(long saturation, List<Probe> probes) {
        /** Copies the probes. */
        public Outcome {
            probes = List.copyOf(probes);
        }
    }

    private final double sloMs;
    private final double step;
    private final int bisections;
    private final long floor;

    /**
     * @param sloMs the p99 that must hold, in ms
     * @param step the factor between probes while searching upwards, above 1
     * @param bisections probes between the last rate that held and the first that did not
     * @param floor the lowest rate to try, at least 1
     * @throws IllegalArgumentException for a bound out of range, naming it
     */
    public SaturationSearch(double sloMs, double step, int bisections, long floor) {
        if (!(sloMs > 0)) {
            throw new IllegalArgumentException("sloMs must be positive: " + sloMs);
        }
        if (!(step > 1)) {
            throw new IllegalArgumentException("step must be above 1: " + step);
        }
        if (bisections < 0) {
            throw new IllegalArgumentException("bisections must not be negative: " + bisections);
        }
        if (floor < 1) {
            throw new IllegalArgumentException("floor must be at least 1: " + floor);
        }
        this.sloMs = sloMs;
        this.step = step;
        this.bisections = bisections;
        this.floor = floor;
    }

    /** @return the SLO on p99, in ms */
    public double sloMs() {
        return sloMs;
    }

    /**
     * @param start the first rate to try (the previous round's answer is a good one)
     * @param p99AtRate runs the service at a fixed rate and returns its response-time p99 in ms
     * @return the saturation rate and the probes
     */
    public Outcome search(long start, LongFunction<Double> p99AtRate) {
        Objects.requireNonNull(p99AtRate, "p99AtRate");
        List<Probe> probes = new ArrayList<>();
        long rate = Math.max(floor, start);
        long held = 0;
        long failed = 0;
        while (true) {
            Probe p = probe(rate, p99AtRate, probes);
            if (p.held()) {
                held = rate;
                if (failed != 0) {
                    break;
                }
                rate = Math.max(rate + 1, (long) Math.ceil(rate * step));
            } else {
                failed = rate;
                if (held != 0 || rate <= floor) {
                    break;
                }
                rate = Math.max(floor, rate / 2);
            }
        }
        for (int i = 0; i < bisections && held != 0 && failed - held > 1; i++) {
            long mid = held + (failed - held) / 2;
            if (probe(mid, p99AtRate, probes).held()) {
                held = mid;
            } else {
                failed = mid;
            }
        }
        return new Outcome(held, probes);
    }

    private Probe probe(long rate, LongFunction<Double> p99AtRate, List<Probe> probes) {
        double p99 = p99AtRate.apply(rate);
        Probe p = new Probe(rate, p99, p99 <= sloMs);
        probes.add(p);
        return p;
    }

    @Override
    public String toString() {
        return "SaturationSearch[p99 <= " + sloMs + " ms, step x" + step + ", " + bisections + " bisections, floor "
                + floor + "/s]";
    }
}
