package io.contend.cli.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * What one configuration measured on both sides: each side's forks, in round order (round i's fork of one side
 * pairs with round i's fork of the other), with their iterations.
 */
final class Samples {
    final BenchKey key;
    final String unit;
    final JmhResult first;
    final List<double[]> baseline = new ArrayList<>();
    final List<double[]> candidate = new ArrayList<>();
    /** Whether fork i of one side pairs with fork i of the other (a run of both builds), or not (two files). */
    boolean paired = true;
    /** The other unit, when the two sides report this configuration in different units; null when they agree. */
    String unitMismatch;

    Samples(JmhResult first) {
        this.key = first.key();
        this.unit = first.unit();
        this.first = first;
    }

    List<double[]> side(Side side) {
        return side == Side.BASELINE ? baseline : candidate;
    }

    static double[] scores(List<double[]> forks) {
        return forks.stream().mapToDouble(JmhResult::forkScore).toArray();
    }
}
