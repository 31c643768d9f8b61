package io.contend.cli.compare;

import io.contend.cli.results.Direction;
import java.util.List;

/**
 * One configuration's result in a JMH JSON file: the measurement iterations of each fork.
 *
 * @param key the configuration
 * @param unit the score's unit, e.g. ns/op
 * @param forks per fork, its measurement iterations' scores in order (one value for single-shot or sample mode,
 *        where JMH keeps no per-iteration score here)
 * @param jmhVersion the JMH that measured it
 * @param vm the JVM's name and version
 * @param direction whether a higher or a lower score is better
 */
public record JmhResult(BenchKey key, String unit, List<double[]> forks, String jmhVersion, String vm,
                        Direction direction) {
    /** Copies the forks. */
    public JmhResult {
        forks = List.copyOf(forks);
        java.util.Objects.requireNonNull(direction, "direction");
    }

    /** A primary metric's result: its direction follows the mode ({@link #modeDirection}). */
    public JmhResult(BenchKey key, String unit, List<double[]> forks, String jmhVersion, String vm) {
        this(key, unit, forks, jmhVersion, vm, modeDirection(key.mode()));
    }

    /**
     * @param mode JMH's short mode name
     * @return higher is better for throughput, lower for every time mode
     */
    public static Direction modeDirection(String mode) {
        return mode.equals("thrpt") ? Direction.HIGHER : Direction.LOWER;
    }

    /**
     * A secondary metric's direction, from its unit: a cost per operation ({@code B/op}, {@code ns/op}) is better
     * lower, a rate of operations ({@code ops/us}, as {@code @AuxCounters} report in throughput mode) higher; any
     * other unit follows the mode.
     *
     * @param unit the metric's unit
     * @param mode JMH's short mode name
     * @return whether a higher or a lower value is better
     */
    public static Direction unitDirection(String unit, String mode) {
        if (unit.endsWith("/op")) {
            return Direction.LOWER;
        }
        if (unit.startsWith("ops/")) {
            return Direction.HIGHER;
        }
        return modeDirection(mode);
    }

    /**
     * @param fork a fork's iterations
     * @return its score: the mean of its iterations, as JMH scores a fork
     */
    public static double forkScore(double[] fork) {
        double sum = 0;
        for (double v : fork) {
            sum += v;
        }
        return sum / fork.length;
    }
}
