package io.contend.cli.lab;

import java.util.Locale;

/**
 * How long the lab measures. The JMH settings per mode are the lab's contract with its users: a quick run is
 * for a look, a full run for numbers worth publishing, a smoke run only proves every experiment runs.
 */
public enum LabMode {
    /** Proves each experiment runs at all: one short iteration, no error estimate. */
    SMOKE(1, 1, 100, 1, 200),
    /** The default: one fork, 2 x 0.5 s warm-up, 3 x 1 s measurement. Each experiment within about 2 minutes. */
    QUICK(1, 2, 500, 3, 1_000),
    /** For publishing: three forks, 5 x 1 s warm-up, 5 x 2 s measurement. */
    FULL(3, 5, 1_000, 5, 2_000);

    private final int forks;
    private final int warmupIterations;
    private final int warmupMillis;
    private final int measurementIterations;
    private final int measurementMillis;

    LabMode(int forks, int warmupIterations, int warmupMillis, int measurementIterations, int measurementMillis) {
        this.forks = forks;
        this.warmupIterations = warmupIterations;
        this.warmupMillis = warmupMillis;
        this.measurementIterations = measurementIterations;
        this.measurementMillis = measurementMillis;
    }

    /** @return JMH forks per benchmark configuration */
    public int forks() {
        return forks;
    }

    /** @return warm-up iterations per fork */
    public int warmupIterations() {
        return warmupIterations;
    }

    /** @return length of one warm-up iteration in milliseconds */
    public int warmupMillis() {
        return warmupMillis;
    }

    /** @return measured iterations per fork */
    public int measurementIterations() {
        return measurementIterations;
    }

    /** @return length of one measured iteration in milliseconds */
    public int measurementMillis() {
        return measurementMillis;
    }

    /** @return the name used on the command line and in results.json */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the JMH settings in one line */
    public String describe() {
        return String.format(Locale.ROOT, "%s: %d fork(s), warm-up %d x %d ms, measurement %d x %d ms", label(), forks,
                warmupIterations, warmupMillis, measurementIterations, measurementMillis);
    }
}
