package io.contend.cli.lab;

import java.util.Locale;

/**
 * How long the lab measures. The JMH settings per mode are the lab's contract with its users: a quick run is
 * for a look, a full run for numbers worth publishing, a smoke run only proves every experiment runs. An
 * experiment with many configurations may shorten its iterations in quick mode ({@link Experiment#settings}).
 */
public enum LabMode {
    /** Proves each experiment runs at all: one short iteration, no error estimate. */
    SMOKE(new JmhSettings(1, 1, 100, 1, 200)),
    /** The default: one fork, 2 x 0.5 s warm-up, 3 x 1 s measurement. Each experiment within about 2 minutes. */
    QUICK(new JmhSettings(1, 2, 500, 3, 1_000)),
    /** For publishing: three forks, 5 x 1 s warm-up, 5 x 2 s measurement. */
    FULL(new JmhSettings(3, 5, 1_000, 5, 2_000));

    private final JmhSettings settings;

    LabMode(JmhSettings settings) {
        this.settings = settings;
    }

    /** @return the default JMH settings of this mode */
    public JmhSettings settings() {
        return settings;
    }

    /** @return the name used on the command line and in results.json */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the mode and its default JMH settings in one line */
    public String describe() {
        return label() + ": " + settings.describe();
    }
}
