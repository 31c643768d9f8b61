package io.contend.cli.lab;

import java.time.Duration;
import java.util.Objects;

/**
 * How many rounds an experiment runs: a fixed number, or as many as fit in a time budget.
 *
 * <p>With a budget, the first round is timed and the number of rounds is then fixed at
 * {@code budget / first round}, within {@code [minRounds, maxRounds]}. The count is decided before any ratio is
 * seen, so stopping cannot favour a verdict (no optional stopping); it depends only on how long a round takes.
 *
 * @param budget the time the experiment may take, or null when {@code fixedRounds} decides
 * @param fixedRounds rounds to run whatever the time, or 0 to use the budget
 * @param minRounds fewest rounds (an interval needs 2; a useful one 3 or more)
 * @param maxRounds most rounds
 */
public record RoundPlan(Duration budget, int fixedRounds, int minRounds, int maxRounds) {

    /** Checks the bounds. */
    public RoundPlan {
        if (fixedRounds < 0 || minRounds < 1 || maxRounds < minRounds) {
            throw new IllegalArgumentException("rounds out of range: fixed " + fixedRounds + ", min " + minRounds
                    + ", max " + maxRounds);
        }
        if (fixedRounds == 0) {
            Objects.requireNonNull(budget, "a plan without a fixed round count needs a budget");
        }
    }

    /**
     * @param rounds rounds to run
     * @return a plan of exactly that many rounds
     */
    public static RoundPlan fixed(int rounds) {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds must be at least 1: " + rounds);
        }
        return new RoundPlan(null, rounds, 1, Math.max(1, rounds));
    }

    /**
     * @param firstRound how long the first round took
     * @return the rounds to run in all, the first included
     */
    public int rounds(Duration firstRound) {
        return rounds(firstRound, Duration.ZERO);
    }

    /**
     * @param firstRound how long the first round took
     * @param warmup how long the warm-up before it took, which the budget pays too
     * @return the rounds to run in all, the first included
     */
    public int rounds(Duration firstRound, Duration warmup) {
        if (fixedRounds > 0) {
            return fixedRounds;
        }
        long perRound = Math.max(1, firstRound.toMillis());
        long fit = Math.max(0, budget.toMillis() - warmup.toMillis()) / perRound;
        return (int) Math.max(minRounds, Math.min(maxRounds, fit));
    }
}
