package io.contend.cli.lab;

import io.contend.cli.results.ComparisonResult;
import io.contend.cli.results.Direction;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.Verdict;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoundAggregatorTest {

    @Test
    void contendersGetPairedRatiosBaselinesNone() throws Exception {
        List<String> log = new ArrayList<>();
        // Both sides drift together (100, 60, 140); the contender is 1.5x in every round.
        DirectTrial base = Fixtures.trial("jctools", log, 100, 60, 140, 80);
        DirectTrial fast = Fixtures.trial("contend", log, 150, 90, 210, 120);
        DirectTrial same = Fixtures.trial("jdk", log, 100, 61, 139, 80);
        Comparison c = Fixtures.comparison(base, fast, same);
        Map<Trial, List<Sample>> samples = new RoundRunner().run(List.of(c), RoundPlan.fixed(4), (r, n, s, t, x) -> { });
        List<ResultRecord> records = new RoundAggregator("queues", "quick", 1, "run-1").records(List.of(c), samples);

        assertEquals(3, records.size());
        ResultRecord baseline = records.get(0);
        assertNull(baseline.comparison());
        assertEquals(95.0, baseline.score(), 1e-9, "mean over rounds");
        assertTrue(baseline.error() > 0, "rounds drift: the mean has an interval");
        assertEquals(4, baseline.rounds());
        assertTrue(baseline.oversubscribed(), "2 threads on 1 CPU");
        assertEquals(1.5, baseline.secondary().get("extra").score(), 1e-9, "secondary results are averaged");

        ComparisonResult faster = records.get(1).comparison();
        assertEquals(Map.of("impl", "jctools"), faster.baseline());
        assertEquals(1.5, faster.ratio(), 1e-9, "drift cancels in the pairs");
        assertEquals(Verdict.FASTER, faster.verdict());
        assertEquals(4, faster.rounds());
        assertEquals(Direction.HIGHER, faster.direction());

        assertEquals(Verdict.SAME, records.get(2).comparison().verdict(), records.get(2).comparison().toString());
    }

    /** A comparison that states its own tolerance is judged, and stored, at it; the others at the lab's 5%. */
    @Test
    void aComparisonsOwnMarginJudgesItsContenders() throws Exception {
        List<String> log = new ArrayList<>();
        // The contender scores 0.9x in every round, give or take 1%: beyond 5%, within 20%.
        DirectTrial base = Fixtures.trial("jctools", log, 100, 60, 140, 80);
        DirectTrial tenPercentLess = Fixtures.trial("contend", log, 90, 54.5, 125, 72.3);
        Comparison lab = Fixtures.comparison(base, tenPercentLess);
        Comparison goal = lab.withMargin(0.2);
        Map<Trial, List<Sample>> samples = new RoundRunner().run(List.of(lab), RoundPlan.fixed(4),
                (r, n, s, t, x) -> { });
        RoundAggregator aggregator = new RoundAggregator("queues", "quick", 1, "run-1");

        ComparisonResult atLab = aggregator.records(List.of(lab), samples).get(1).comparison();
        assertEquals(Verdict.SLOWER, atLab.verdict(), atLab.toString());
        assertEquals(0.05, atLab.margin());
        ComparisonResult atGoal = aggregator.records(List.of(goal), samples).get(1).comparison();
        assertEquals(Verdict.SAME, atGoal.verdict(), atGoal.toString());
        assertEquals(0.2, atGoal.margin());
        assertEquals(atLab.ratio(), atGoal.ratio(), "the margin changes the verdict, not the estimate");
        assertThrows(IllegalArgumentException.class, () -> lab.withMargin(1.0));
    }
}
