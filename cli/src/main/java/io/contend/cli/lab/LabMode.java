package io.contend.cli.lab;

import java.util.Locale;

/**
 * How long the lab measures. Each round of a JMH configuration is one fork with the mode's iterations (an
 * experiment may lengthen its warm-up where the JIT needs it); how many rounds run is decided by each
 * experiment's time budget for the mode ({@link Experiment#budget}).
 * <ul>
 * <li>smoke: two rounds of one short iteration; proves each experiment runs, says nothing of speed;</li>
 * <li>quick (default): the headline comparisons, every experiment in all within about 10 minutes on 2 cores;</li>
 * <li>full: every comparison, longer iterations and at least 5 rounds. Its budgets add up to an hour but only add
 * rounds beyond the fifth: five rounds of every matrix take hours on 2 CPUs (backoff's 18 configurations alone
 * about 130 s a round).</li>
 * </ul>
 */
public enum LabMode {
    /** Proves each experiment runs at all: two rounds of one short iteration. */
    SMOKE(new JmhSettings(1, 1, 100, 1, 100), 2, 2),
    /**
     * The default: headline comparisons, 2 x 0.2 s warm-up and 4 x 0.2 s measurement a round, 3 to 12 rounds. Four
     * iterations, not two longer ones, so that the fork's median can set aside an iteration a neighbour disturbed.
     */
    QUICK(new JmhSettings(1, 2, 200, 4, 200), 3, 12),
    /** For publishing: every comparison, 3 x 1 s warm-up and 3 x 1 s measurement a round, 5 to 30 rounds. */
    FULL(new JmhSettings(1, 3, 1_000, 3, 1_000), 5, 30);

    private final JmhSettings settings;
    private final int minRounds;
    private final int maxRounds;

    LabMode(JmhSettings settings, int minRounds, int maxRounds) {
        this.settings = settings;
        this.minRounds = minRounds;
        this.maxRounds = maxRounds;
    }

    /** @return the default JMH settings of a round in this mode */
    public JmhSettings settings() {
        return settings;
    }

    /** @return fewest rounds, whatever the budget */
    public int minRounds() {
        return minRounds;
    }

    /** @return most rounds, however much budget is left */
    public int maxRounds() {
        return maxRounds;
    }

    /**
     * An experiment's budget in this mode. Smoke runs always make two rounds; its budget, an eighth of quick's,
     * only feeds the progress display's time left.
     *
     * @param quick the budget in quick mode
     * @param full the budget in full mode
     * @return the budget for this mode
     */
    public java.time.Duration budget(java.time.Duration quick, java.time.Duration full) {
        return switch (this) {
            case SMOKE -> quick.dividedBy(8);
            case QUICK -> quick;
            case FULL -> full;
        };
    }

    /** @return the name used on the command line and in results.json */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** @return the mode and its round settings in one line */
    public String describe() {
        return label() + ": " + minRounds + " to " + maxRounds + " rounds, each " + settings.describe();
    }
}
