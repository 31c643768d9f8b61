package io.contend.cli.analysis;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.LatencyBlocks;
import io.contend.cli.results.ResultRecord;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A run carried further by {@code contend lab --more}: the records of a new look's rounds appended to the stored
 * records of the same run. Each configuration keeps its samples in round order (the stored rounds, then the new
 * ones, so round i of a contender still pairs with round i of its baseline), its score and error become those of
 * all its rounds, its secondary results the mean over all rounds, its looks gain the new round count, and every
 * comparison is judged again over all the rounds by the rule of its looks ({@link StoppingRule}: the confidence
 * sequence, once there are two looks), at the margin it was judged at. A pure function, so {@link Rejudge}
 * judging the file again gives the same comparisons.
 */
public final class ContinuedRun {
    private ContinuedRun() {
    }

    /** A configuration within an experiment: benchmark, threads and parameters. */
    private record Key(String benchmark, int threads, Map<String, String> params) {
        static Key of(ResultRecord r) {
            return new Key(r.benchmark(), r.threads(), new TreeMap<>(r.params()));
        }

        @Override
        public String toString() {
            return benchmark + " " + params + " threads=" + threads;
        }
    }

    /**
     * @param stored the stored records of one experiment, all of one run, with a sample per round
     * @param added the records of the same configurations measured in the new look's rounds, as the lab's
     *              aggregation makes them (their own comparisons are ignored)
     * @return the stored records in their order, carried through the new rounds and judged again
     * @throws IllegalArgumentException if the records are not of one run, lack samples, have used up
     *                                  {@link StoppingRule#MAX_LOOKS}, or the configurations, their units, their
     *                                  baselines or their round counts do not match; the message names the first
     *                                  that differs
     */
    public static List<ResultRecord> append(List<ResultRecord> stored, List<ResultRecord> added) {
        if (stored.isEmpty()) {
            throw new IllegalArgumentException("no stored records to add rounds to");
        }
        ResultRecord first = stored.get(0);
        int storedRounds = checkedRounds(stored, first.experiment(), first.run(), "stored");
        if (first.run() == null) {
            throw new IllegalArgumentException("the stored records of " + first.experiment() + " name no run");
        }
        int addedRounds = checkedRounds(added, first.experiment(), null, "added");
        Map<Key, ResultRecord> byKey = new LinkedHashMap<>();
        for (ResultRecord r : added) {
            if (byKey.put(Key.of(r), r) != null) {
                throw new IllegalArgumentException("a configuration was measured twice in the new rounds: " + Key.of(r));
            }
        }
        if (added.size() != stored.size()) {
            throw new IllegalArgumentException("the stored run has " + stored.size() + " configurations, the new rounds "
                    + added.size());
        }
        List<ResultRecord> merged = new ArrayList<>();
        for (ResultRecord old : stored) {
            ResultRecord more = byKey.get(Key.of(old));
            if (more == null) {
                throw new IllegalArgumentException("the new rounds did not measure " + Key.of(old));
            }
            if (!old.unit().equals(more.unit())) {
                throw new IllegalArgumentException(Key.of(old) + " was measured in " + old.unit() + ", now in "
                        + more.unit());
            }
            if ((old.comparison() == null) != (more.comparison() == null) || old.comparison() != null
                    && !old.comparison().baseline().equals(more.comparison().baseline())) {
                throw new IllegalArgumentException(Key.of(old) + " is compared with "
                        + (old.comparison() == null ? "nothing" : old.comparison().baselineLabel())
                        + " in the stored run, with "
                        + (more.comparison() == null ? "nothing" : more.comparison().baselineLabel()) + " now");
            }
            List<Integer> looks = new ArrayList<>(old.looks().isEmpty() ? List.of(storedRounds) : old.looks());
            if (looks.size() >= StoppingRule.MAX_LOOKS) {
                throw new IllegalArgumentException("the run of " + old.experiment() + " has had its "
                        + StoppingRule.MAX_LOOKS + " looks (at " + looks + " rounds)");
            }
            List<Double> samples = new ArrayList<>(old.samples());
            samples.addAll(more.samples());
            looks.add(samples.size());
            // Iterations are kept for every round or for none: rounds stored without them make the merged record
            // keep none.
            List<List<Double>> iterations = new ArrayList<>();
            if (!old.iterations().isEmpty() && !more.iterations().isEmpty()) {
                iterations.addAll(old.iterations());
                iterations.addAll(more.iterations());
            }
            // Latency blocks likewise: the merged record keeps them only when both parts have them.
            LatencyBlocks latency = old.latency() != null && more.latency() != null
                    ? old.latency().append(more.latency()) : null;
            double[] scores = samples.stream().mapToDouble(Double::doubleValue).toArray();
            merged.add(new ResultRecord(old.experiment(), old.benchmark(), old.params(), old.threads(),
                    ScoreInterval.mean(scores), ScoreInterval.halfWidth(scores), old.unit(),
                    secondary(old, storedRounds, more, addedRounds), old.mode(),
                    old.oversubscribed(), samples.size(), old.comparison(), samples, old.run(), looks, iterations,
                    latency, positions(old, more), old.unpaired()));
        }
        List<ResultRecord> judged = new ArrayList<>(merged.size());
        for (ResultRecord r : merged) {
            ComparisonResult stale = r.comparison();
            if (stale == null) {
                judged.add(r);
                continue;
            }
            ResultRecord base = Rejudge.baselineOf(r, merged);
            if (base == null) {
                throw new IllegalArgumentException("no baseline " + stale.baselineLabel() + " of " + Key.of(r)
                        + " in the run");
            }
            judged.add(r.withComparison(StoppingRule.of(r).judge(stale.baseline(), r, base, stale.direction(),
                    stale.margin())));
        }
        return judged;
    }

    /** @return the rounds every record has, checking they are of one experiment and run and have every sample */
    private static int checkedRounds(List<ResultRecord> records, String experiment, String run, String which) {
        int rounds = -1;
        for (ResultRecord r : records) {
            if (!r.experiment().equals(experiment)) {
                throw new IllegalArgumentException("the " + which + " records mix experiments: " + experiment + " and "
                        + r.experiment());
            }
            if (run != null && !run.equals(r.run())) {
                throw new IllegalArgumentException("the " + which + " records of " + experiment + " mix runs: " + run
                        + " and " + r.run());
            }
            if (r.samples().isEmpty() || r.samples().size() != r.rounds()) {
                throw new IllegalArgumentException(Key.of(r) + " has " + r.samples().size() + " per-round samples for "
                        + r.rounds() + " rounds (a file written before samples were kept cannot be continued)");
            }
            if (rounds >= 0 && r.rounds() != rounds) {
                throw new IllegalArgumentException("the " + which + " records of " + experiment + " ran different "
                        + "rounds: " + rounds + " and " + r.rounds());
            }
            rounds = r.rounds();
        }
        return rounds;
    }

    /** Both parts' positions in round order, when both kept them; else none. */
    private static List<Integer> positions(ResultRecord old, ResultRecord more) {
        if (old.positions().isEmpty() || more.positions().isEmpty()) {
            return List.of();
        }
        List<Integer> positions = new ArrayList<>(old.positions());
        positions.addAll(more.positions());
        return positions;
    }

    /**
     * Each secondary result's mean over all rounds, from the two means weighted by their rounds, and its value in
     * every round when the stored part kept them (NaN for the rounds of a part that lacks the result).
     */
    private static Map<String, ResultRecord.Secondary> secondary(ResultRecord old, int oldRounds, ResultRecord more,
                                                                 int moreRounds) {
        Map<String, ResultRecord.Secondary> out = new LinkedHashMap<>();
        for (Map.Entry<String, ResultRecord.Secondary> e : old.secondary().entrySet()) {
            ResultRecord.Secondary now = more.secondary().get(e.getKey());
            double a = e.getValue().score();
            double b = now == null ? Double.NaN : now.score();
            double mean = Double.isNaN(a) ? b : Double.isNaN(b) ? a
                    : (a * oldRounds + b * moreRounds) / (oldRounds + moreRounds);
            out.put(e.getKey(), new ResultRecord.Secondary(mean, e.getValue().unit(),
                    joinedRounds(e.getValue(), oldRounds, now, moreRounds)));
        }
        more.secondary().forEach((name, now) -> out.computeIfAbsent(name, n -> new ResultRecord.Secondary(
                now.score(), now.unit(), joinedRounds(null, oldRounds, now, moreRounds))));
        return out;
    }

    /** @return the two parts' rounds in order, NaN for a part without the result; none if neither kept rounds */
    private static List<Double> joinedRounds(ResultRecord.Secondary old, int oldRounds, ResultRecord.Secondary more,
                                             int moreRounds) {
        boolean oldKept = old != null && !old.rounds().isEmpty();
        boolean moreKept = more != null && !more.rounds().isEmpty();
        if (!oldKept && !moreKept || old != null && !oldKept || more != null && !moreKept) {
            return List.of(); // a part that has the result but not its rounds: the rounds cannot be lined up
        }
        List<Double> rounds = new ArrayList<>(oldRounds + moreRounds);
        rounds.addAll(oldKept ? old.rounds() : java.util.Collections.nCopies(oldRounds, Double.NaN));
        rounds.addAll(moreKept ? more.rounds() : java.util.Collections.nCopies(moreRounds, Double.NaN));
        return rounds;
    }
}
