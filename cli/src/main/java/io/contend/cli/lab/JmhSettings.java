package io.contend.cli.lab;

import java.util.Locale;

/**
 * How long JMH measures one round of a configuration (one fork).
 *
 * @param forks forked JVMs; the lab runs one per round and ignores this in rounds (kept for by-hand runs)
 * @param warmupIterations warm-up iterations per fork
 * @param warmupMillis length of one warm-up iteration
 * @param measurementIterations measured iterations per fork
 * @param measurementMillis length of one measured iteration
 */
public record JmhSettings(int forks, int warmupIterations, int warmupMillis, int measurementIterations,
                          int measurementMillis) {

    /** Checks every setting is positive (warm-up may be 0 iterations). */
    public JmhSettings {
        if (forks < 1 || warmupIterations < 0 || warmupMillis < 1 || measurementIterations < 1 || measurementMillis < 1) {
            throw new IllegalArgumentException("JMH settings out of range: " + forks + " forks, " + warmupIterations
                    + " x " + warmupMillis + " ms warm-up, " + measurementIterations + " x " + measurementMillis
                    + " ms measurement");
        }
    }

    /**
     * @param iterations warm-up iterations
     * @param millis length of each
     * @return these settings with that warm-up
     */
    public JmhSettings withWarmup(int iterations, int millis) {
        return new JmhSettings(forks, iterations, millis, measurementIterations, measurementMillis);
    }

    /**
     * @param iterations measured iterations
     * @param millis length of each
     * @return these settings with that measurement
     */
    public JmhSettings withMeasurement(int iterations, int millis) {
        return new JmhSettings(forks, warmupIterations, warmupMillis, iterations, millis);
    }

    /** @return the settings in one line */
    public String describe() {
        return String.format(Locale.ROOT, "warm-up %d x %d ms, measurement %d x %d ms", warmupIterations,
                warmupMillis, measurementIterations, measurementMillis);
    }
}
