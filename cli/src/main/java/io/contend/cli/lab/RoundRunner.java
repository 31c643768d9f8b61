package io.contend.cli.lab;

import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Runs an experiment's comparisons in paired, interleaved rounds: in each round every configuration of every
 * comparison is measured once, the sides of a comparison back to back, in an order that rotates by one from
 * round to round (A B C, B C A, C A B, ...), so that neither drift on the machine nor a side's position in the
 * round lands on one side only. A comparison with a {@linkplain Comparison#joint() joint measurement} is measured
 * by it once per round instead, all its sides at once. How many rounds: {@link RoundPlan}. Before the first round, each
 * trial is {@linkplain Trial#prepare() prepared}, then its {@linkplain Trial#warmupMeasurements() warm-up measurements}
 * run in the same order and are discarded; neither is part of the first round's time, which plans the rounds.
 */
public final class RoundRunner {

    /** What the runner is about to do, for progress displays. */
    public interface Listener {
        /**
         * @param round the round, from 0; -1 for a warm-up measurement
         * @param rounds rounds in all, or 0 while the first round decides it
         * @param step the measurement within the whole run, from 0
         * @param steps measurements in all, or 0 while unknown
         * @param trial the configuration about to be measured
         */
        void measuring(int round, int rounds, int step, int steps, Trial trial);
    }

    private final LongSupplier nanoClock;

    /** A runner on the system's monotonic clock. */
    public RoundRunner() {
        this(System::nanoTime);
    }

    /** @param nanoClock a monotonic clock in nanoseconds (tests give a fake one) */
    RoundRunner(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    /**
     * @param comparisons what to measure
     * @param plan how many rounds
     * @param listener told before each measurement
     * @return every trial's samples, one per round in round order, keyed by identity
     * @throws Exception the first measurement's failure; nothing after it runs
     */
    public Map<Trial, List<Sample>> run(List<Comparison> comparisons, RoundPlan plan, Listener listener)
            throws Exception {
        return run(comparisons, plan, listener, 0);
    }

    /**
     * Runs rounds that continue a stored run ({@code contend lab --more}): the rotation goes on from where the
     * stored rounds left it, and each trial is told its round's index in the whole run, so a look does not start
     * again with the order of the run's first round.
     *
     * @param comparisons what to measure
     * @param plan how many rounds
     * @param listener told before each measurement (its round counts from 0 within this look)
     * @param firstRound the index in the run of this look's first round: the rounds already stored, 0 for a new run
     * @return every trial's samples, one per round in round order, keyed by identity
     * @throws Exception the first measurement's failure; nothing after it runs
     * @throws IllegalArgumentException if {@code firstRound} is negative
     */
    public Map<Trial, List<Sample>> run(List<Comparison> comparisons, RoundPlan plan, Listener listener, int firstRound)
            throws Exception {
        if (firstRound < 0) {
            throw new IllegalArgumentException("the first round's index must be at least 0: " + firstRound);
        }
        Map<Trial, List<Sample>> samples = new IdentityHashMap<>();
        int perRound = 0;
        for (Comparison c : comparisons) {
            for (Trial t : c.sides()) {
                if (samples.put(t, new ArrayList<>()) != null) {
                    throw new IllegalArgumentException("a configuration is in two comparisons: " + t.describe());
                }
                perRound++;
            }
        }
        long warmupStart = nanoClock.getAsLong();
        for (Comparison c : comparisons) {
            for (Trial t : c.sides()) {
                t.prepare();
            }
        }
        for (Comparison c : comparisons) {
            for (Trial t : c.joint() != null ? List.<Trial>of() : c.sides()) {
                for (int w = 0; w < t.warmupMeasurements(); w++) {
                    listener.measuring(-1, 0, 0, 0, t);
                    t.measure(-1 - w);
                }
            }
        }
        long start = nanoClock.getAsLong();
        Duration warmup = Duration.ofNanos(start - warmupStart);
        int rounds = plan.fixedRounds(); // known before the first round only when fixed; else 0 until it ends
        int step = 0;
        for (int round = 0; round == 0 || round < rounds; round++) {
            for (Comparison c : comparisons) {
                List<Trial> sides = c.sides();
                if (c.joint() != null) {
                    listener.measuring(round, rounds, step, rounds * perRound, c.baseline());
                    List<Sample> joint = c.joint().measure(firstRound + round, sides);
                    if (joint.size() != sides.size()) {
                        throw new IllegalStateException("a joint measurement returned " + joint.size()
                                + " samples for " + sides.size() + " sides: " + c.baseline().describe());
                    }
                    for (int j = 0; j < sides.size(); j++) {
                        samples.get(sides.get(j)).add(joint.get(j));
                    }
                    step += sides.size();
                    continue;
                }
                for (int j = 0; j < sides.size(); j++) {
                    Trial trial = sides.get((int) ((j + (long) firstRound + round) % sides.size()));
                    listener.measuring(round, rounds, step, rounds * perRound, trial);
                    samples.get(trial).add(trial.measure(firstRound + round).atPosition(j));
                    step++;
                }
            }
            if (round == 0) {
                rounds = plan.rounds(Duration.ofNanos(nanoClock.getAsLong() - start), warmup);
            }
        }
        return samples;
    }
}
