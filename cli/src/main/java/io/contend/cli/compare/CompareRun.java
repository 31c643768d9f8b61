package io.contend.cli.compare;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the rounds of a paired comparison: in each round one fork of every common benchmark on each side, the order
 * alternating (baseline first in odd rounds, candidate first in even ones: AB BA AB ...), so that a drift in the
 * machine weighs on both sides alike.
 */
final class CompareRun {
    private CompareRun() {
    }

    /**
     * @param round a round, from 1
     * @return the side that runs first in it: the baseline in odd rounds, the candidate in even ones
     */
    static Side firstIn(int round) {
        return round % 2 == 1 ? Side.BASELINE : Side.CANDIDATE;
    }

    /**
     * @param runner runs the forks
     * @param benchmarks the benchmarks both builds hold
     * @param rounds rounds to run
     * @param progress where each fork is announced
     * @param unmatched collects the configurations that only one side reported
     * @return per configuration both sides measured in every round, its samples
     * @throws IOException if a fork fails
     */
    static List<Samples> run(ForkRunner runner, List<String> benchmarks, int rounds, PrintWriter progress,
                             List<String> unmatched) throws IOException {
        Map<BenchKey, Samples> byKey = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            Side[] order = firstIn(round) == Side.BASELINE ? new Side[] {Side.BASELINE, Side.CANDIDATE}
                    : new Side[] {Side.CANDIDATE, Side.BASELINE};
            for (Side side : order) {
                progress.printf("[compare round %d/%d] %s: %d benchmark(s), one fork each%n", round, rounds,
                        side.label(), benchmarks.size());
                progress.flush();
                for (JmhResult r : runner.runFork(side, round, benchmarks)) {
                    Samples s = byKey.computeIfAbsent(r.key(), k -> new Samples(r));
                    if (!s.unit.equals(r.unit())) {
                        s.unitMismatch = r.unit();
                    }
                    s.side(side).add(r.forks().get(0));
                }
            }
        }
        List<Samples> complete = new ArrayList<>();
        for (Samples s : byKey.values()) {
            if (s.unitMismatch != null) {
                unmatched.add(s.key.label() + ": the builds report it in different units (" + s.unit + " and "
                        + s.unitMismatch + ")");
            } else if (!CompareAnalysis.usable(s)) {
                unmatched.add(s.key.label() + ": no round where both scores are positive and finite");
            } else if (s.baseline.size() == rounds && s.candidate.size() == rounds) {
                complete.add(s);
            } else {
                unmatched.add(s.key.label() + ": " + s.baseline.size() + " baseline and " + s.candidate.size()
                        + " candidate forks of " + rounds + " rounds (a parameter set only one build has?)");
            }
        }
        return complete;
    }
}
