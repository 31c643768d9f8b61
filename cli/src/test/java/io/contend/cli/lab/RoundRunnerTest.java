package io.contend.cli.lab;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RoundRunnerTest {

    @Test
    void sidesAlternateInRotatingOrderRoundAfterRound() throws Exception {
        List<String> log = new ArrayList<>();
        Comparison c = Fixtures.comparison(Fixtures.trial("A", log, 1), Fixtures.trial("B", log, 1),
                Fixtures.trial("C", log, 1));
        Map<Trial, List<Sample>> samples = new RoundRunner().run(List.of(c), RoundPlan.fixed(3),
                (r, n, s, t, trial) -> { });
        assertEquals(List.of("A@0", "B@0", "C@0", "B@1", "C@1", "A@1", "C@2", "A@2", "B@2"), log);
        assertEquals(List.of(0, 2, 1), samples.get(c.baseline()).stream().map(Sample::position).toList(),
                "A ran first, third, then second");
        assertEquals(List.of(1, 0, 2), samples.get(c.contenders().get(0)).stream().map(Sample::position).toList());
    }

    @Test
    void aContinuedRunGoesOnWithTheRotationWhereTheStoredRoundsLeftIt() throws Exception {
        List<String> log = new ArrayList<>();
        Comparison c = Fixtures.comparison(Fixtures.trial("A", log, 1), Fixtures.trial("B", log, 1),
                Fixtures.trial("C", log, 1));
        List<Integer> progressRounds = new ArrayList<>();
        List<Integer> progressTotals = new ArrayList<>();
        new RoundRunner().run(List.of(c), RoundPlan.fixed(2), (r, n, s, t, trial) -> {
            progressRounds.add(r);
            progressTotals.add(n);
        }, 4);
        assertEquals(List.of("B@4", "C@4", "A@4", "C@5", "A@5", "B@5"), log);
        assertEquals(List.of(0, 0, 0, 1, 1, 1), progressRounds, "progress counts the look's own rounds");
        assertEquals(List.of(2, 2, 2, 2, 2, 2), progressTotals, "a fixed count is known from the first round on");
        assertThrows(IllegalArgumentException.class,
                () -> new RoundRunner().run(List.of(c), RoundPlan.fixed(2), (r, n, s, t, trial) -> { }, -1));
    }

    @Test
    void theFirstRoundsDurationFitsTheRoundsIntoTheBudget() throws Exception {
        AtomicLong clock = new AtomicLong();
        List<String> log = new ArrayList<>();
        DirectTrial a = Fixtures.trial("A", log, 1);
        DirectTrial b = new DirectTrial("bench", Map.of("impl", "B"), 1, round -> {
            clock.addAndGet(Duration.ofSeconds(10).toNanos()); // a round takes 10 s
            return new Sample(1, "ops/us", Map.of());
        });
        RoundPlan plan = new RoundPlan(Duration.ofSeconds(65), 0, 3, 12);
        List<Integer> progressTotals = new ArrayList<>();
        Map<Trial, List<Sample>> samples = new RoundRunner(clock::get).run(List.of(Fixtures.comparison(a, b)), plan,
                (r, n, s, t, trial) -> progressTotals.add(n));
        assertEquals(List.of(0, 0, 6, 6), progressTotals.subList(0, 4), "a fitted count is known once round 0 ends");
        assertEquals(6, samples.get(a).size(), "65 s / 10 s a round");
        assertEquals(6, samples.get(b).size());
        assertEquals(3, new RoundPlan(Duration.ofSeconds(5), 0, 3, 12).rounds(Duration.ofSeconds(10)), "at least min");
        assertEquals(12, new RoundPlan(Duration.ofHours(1), 0, 3, 12).rounds(Duration.ofSeconds(1)), "at most max");
    }

    @Test
    void aConfigurationInTwoComparisonsIsRefused() {
        List<String> log = new ArrayList<>();
        DirectTrial shared = Fixtures.trial("A", log, 1);
        List<Comparison> twice = List.of(Fixtures.comparison(shared, Fixtures.trial("B", log, 1)),
                Fixtures.comparison(shared, Fixtures.trial("C", log, 1)));
        assertThrows(IllegalArgumentException.class,
                () -> new RoundRunner().run(twice, RoundPlan.fixed(2), (r, n, s, t, trial) -> { }));
    }

    @Test
    void aFailedMeasurementStopsTheRun() {
        List<String> log = new ArrayList<>();
        DirectTrial failing = new DirectTrial("bench", Map.of("impl", "X"), 1, round -> {
            throw new IllegalStateException("benchmark threw");
        });
        Comparison c = Fixtures.comparison(Fixtures.trial("A", log, 1), failing, Fixtures.trial("C", log, 1));
        assertThrows(IllegalStateException.class,
                () -> new RoundRunner().run(List.of(c), RoundPlan.fixed(2), (r, n, s, t, trial) -> { }));
        assertEquals(List.of("A@0"), log);
    }

    @Test
    void preparationRunsOnceBeforeEverythingAndDoesNotLengthenTheRoundThatPlans() throws Exception {
        AtomicLong clock = new AtomicLong();
        List<String> log = new ArrayList<>();
        Trial prepared = new Trial() {
            @Override
            public String benchmark() {
                return "bench";
            }

            @Override
            public Map<String, String> params() {
                return Map.of("impl", "A");
            }

            @Override
            public int threads() {
                return 1;
            }

            @Override
            public void prepare() {
                log.add("prepare A");
                clock.addAndGet(Duration.ofSeconds(10).toNanos()); // one-off: 10 s
            }

            @Override
            public Sample measure(int round) {
                log.add("A@" + round);
                clock.addAndGet(Duration.ofSeconds(5).toNanos());
                return new Sample(1, "ops/us", Map.of());
            }
        };
        Map<Trial, List<Sample>> samples = new RoundRunner(clock::get).run(
                List.of(Fixtures.comparison(prepared, Fixtures.trial("B", log, 1))),
                new RoundPlan(Duration.ofSeconds(40), 0, 2, 12), (r, n, s, t, trial) -> { });
        assertEquals("prepare A", log.get(0));
        assertEquals(1, log.stream().filter("prepare A"::equals).count(), "prepared once, not once a round");
        assertEquals(6, samples.get(prepared).size(), "(40 s - 10 s of preparation) / 5 s a round; "
                + "in round 0 it would have made a 15 s round and 2 rounds");
    }

    @Test
    void warmupMeasurementsRunFirstAreDiscardedAndPayFromTheBudget() throws Exception {
        AtomicLong clock = new AtomicLong();
        List<String> log = new ArrayList<>();
        DirectTrial a = new DirectTrial("bench", Map.of("impl", "A"), 1, round -> {
            log.add("A@" + round);
            clock.addAndGet(Duration.ofSeconds(round < 0 ? 20 : 5).toNanos()); // cold: 20 s; warm: 5 s
            return new Sample(round < 0 ? 1000 : 1, "ops/us", Map.of());
        }).withWarmup(1);
        DirectTrial b = Fixtures.trial("B", log, 1);
        List<String> progress = new ArrayList<>();
        Map<Trial, List<Sample>> samples = new RoundRunner(clock::get).run(List.of(Fixtures.comparison(a, b)),
                new RoundPlan(Duration.ofSeconds(50), 0, 2, 12), (r, n, s, t, trial) -> progress.add(r + ":" + trial.params()));
        assertEquals(List.of("A@-1", "A@0", "B@0", "B@1", "A@1", "A@2", "B@2", "B@3", "A@3", "A@4", "B@4",
                "B@5", "A@5"), log, "(50 s - 20 s of warm-up) / 5 s a round = 6 rounds");
        assertEquals(6, samples.get(a).size());
        assertTrue(samples.get(a).stream().allMatch(s -> s.score() == 1), "the warm-up's sample is discarded");
        assertEquals("-1:{impl=A}", progress.get(0));
        assertThrows(IllegalArgumentException.class, () -> a.withWarmup(-1));
    }

    @Test
    void aJointComparisonIsMeasuredOncePerRoundForAllItsSidesAndNeverThroughItsTrials() throws Exception {
        List<String> log = new ArrayList<>();
        DirectTrial a = Fixtures.trial("A", log, 1);
        DirectTrial b = Fixtures.trial("B", log, 2);
        List<String> joint = new ArrayList<>();
        Comparison c = new Comparison(a, List.of(b), io.contend.cli.results.Direction.HIGHER, (round, sides) -> {
            joint.add(round + ":" + sides.size());
            return List.of(new Sample(10 + round, "ops/us", Map.of()), new Sample(20 + round, "ops/us", Map.of()));
        });
        List<Integer> steps = new ArrayList<>();
        Map<Trial, List<Sample>> samples = new RoundRunner().run(List.of(c), RoundPlan.fixed(3),
                (r, n, s, t, trial) -> steps.add(s));
        assertEquals(List.of("0:2", "1:2", "2:2"), joint);
        assertEquals(List.of(), log, "the sides' own measurements are not called");
        assertEquals(List.of(10.0, 11.0, 12.0), samples.get(a).stream().map(Sample::score).toList());
        assertEquals(List.of(20.0, 21.0, 22.0), samples.get(b).stream().map(Sample::score).toList());
        assertEquals(List.of(0, 2, 4), steps, "a joint round counts as one step per side");

        Comparison wrong = new Comparison(a, List.of(b), io.contend.cli.results.Direction.HIGHER,
                (round, sides) -> List.of(new Sample(1, "ops/us", Map.of())));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new RoundRunner().run(List.of(wrong), RoundPlan.fixed(2), (r, n, s, t, trial) -> { }));
        assertTrue(e.getMessage().contains("returned 1 samples for 2 sides"), e.getMessage());
    }
}
