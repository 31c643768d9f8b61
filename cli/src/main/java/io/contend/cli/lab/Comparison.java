package io.contend.cli.lab;


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
 * @param baseline the configuration the others are compared with
 * @param contenders the configurations compared with it
 * @param direction which way the score is better
 */
public record Comparison(Trial baseline, List<Trial> contenders, Direction direction) {

    /** Copies the list and checks every side runs the same benchmark. */
    public Comparison {
        Objects.requireNonNull(baseline, "baseline");
        Objects.requireNonNull(direction, "direction");
        contenders = List.copyOf(contenders);
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
