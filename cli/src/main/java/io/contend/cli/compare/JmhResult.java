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
 */
public record JmhResult(BenchKey key, String unit, List<double[]> forks, String jmhVersion, String vm) {
    /** Copies the forks. */
    public JmhResult {
        forks = List.copyOf(forks);
    }

    /** @return higher is better for throughput, lower for every time mode */
    public Direction direction() {
        return key.mode().equals("thrpt") ? Direction.HIGHER : Direction.LOWER;
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
