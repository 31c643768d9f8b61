package io.contend.cli.lab;


import io.contend.cli.analysis.Judge;
import io.contend.cli.results.Direction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A baseline and the configurations compared with it, all alike but for the compared parameters: the lab runs
 * them in the same rounds, one after the other in an order that rotates from round to round, so drift on the
 * machine hits every side alike, and judges each contender by its per-round ratios to the baseline.
 * A comparison without contenders measures its baseline alone (a reference row without a ratio).
 *
 * <p>A comparison may instead measure all its sides together once per round ({@link Joint}), for example interleaved
 * in short blocks in one JVM, where what changes from one run to the next (where the threads run) would otherwise
 * land on the sides unequally. Its sides are then named by their trials, whose own {@link Trial#measure} is not
 * called.
 *
 * @param baseline the configuration the others are compared with
 * @param contenders the configurations compared with it
 * @param direction which way the score is better
 * @param joint measures every side at once in each round, or null to measure each side's trial in turn
 * @param margin the equivalence margin its contenders are judged at: the lab's ({@link Judge#MARGIN}) unless the
 *               comparison's claim states its own tolerance (a goal such as "at most 1.2 times")
 */
public record Comparison(Trial baseline, List<Trial> contenders, Direction direction, Joint joint, double margin) {

    /** Measures every side of a comparison in one go, once per round. */
    @FunctionalInterface
    public interface Joint {
        /**
         * @param round the round, from 0 (its index in the whole run, for {@code --more})
         * @param sides the comparison's sides, baseline first ({@link #sides()})
         * @return one sample per side, in that order
         * @throws Exception if the measurement fails
         */
        List<Sample> measure(int round, List<Trial> sides) throws Exception;
    }

    /** Copies the list and checks the margin. */
    public Comparison {
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(direction, "direction");
        contenders = List.copyOf(contenders);
        if (!(margin > 0 && margin < 1)) {
            throw new IllegalArgumentException("margin must be in (0, 1): " + margin);
        }
    }

    /**
     * A comparison judged at the lab's margin.
     *
     * @param baseline the configuration the others are compared with
     * @param contenders the configurations compared with it
     * @param direction which way the score is better
     * @param joint measures every side at once in each round, or null to measure each side's trial in turn
     */
    public Comparison(Trial baseline, List<Trial> contenders, Direction direction, Joint joint) {
        this(baseline, contenders, direction, joint, Judge.MARGIN);
    }

    /**
     * @param tolerance the margin the comparison's own claim states, in (0, 1)
     * @return the same comparison judged at that margin
     */
    public Comparison withMargin(double tolerance) {
        return new Comparison(baseline, contenders, direction, joint, tolerance);
    }

    /**
     * A comparison whose sides are measured one after the other, each by its own trial.
     *
     * @param baseline the configuration the others are compared with
     * @param contenders the configurations compared with it
     * @param direction which way the score is better
     */
    public Comparison(Trial baseline, List<Trial> contenders, Direction direction) {
        this(baseline, contenders, direction, null);
    }

    /** @return the baseline, then the contenders */
    public List<Trial> sides() {
        List<Trial> sides = new ArrayList<>(contenders.size() + 1);
        sides.add(baseline);
        sides.addAll(contenders);
        return sides;
    }

    /**
     * @param contender one of the contenders
     * @return the baseline's parameters that differ from the contender's (threads included when they differ),
     *         e.g. {@code impl=jctools}: what results.json names as the comparison's baseline
     */
    public Map<String, String> baselineDifference(Trial contender) {
        Map<String, String> differs = new LinkedHashMap<>();
        baseline.params().forEach((k, v) -> {
            if (!v.equals(contender.params().get(k))) {
                differs.put(k, v);
            }
        });
        if (baseline.threads() != contender.threads()) {
            differs.put("threads", Integer.toString(baseline.threads()));
        }
        return differs;
    }
}
