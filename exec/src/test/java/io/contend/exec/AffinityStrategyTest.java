package io.contend.exec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class AffinityStrategyTest {
    private final ThreadFactory base = Thread::new;

    @ParameterizedTest
    @CsvSource({"none, NONE", "equalSpread, EQUAL_SPREAD", "firstAssignment, FIRST_ASSIGNMENT",
            "EQUALSPREAD, EQUAL_SPREAD", "' firstassignment ', FIRST_ASSIGNMENT", "equal_spread, EQUAL_SPREAD"})
    void parsesTheTicketsNamesCaseInsensitively(String text, AffinityStrategy expected) {
        assertEquals(expected, AffinityStrategy.parse(text));
    }

    @Test
    void labelsAreTheTicketsNamesAndParseBack() {
        assertEquals("none", AffinityStrategy.NONE.label());
        assertEquals("equalSpread", AffinityStrategy.EQUAL_SPREAD.label());
        assertEquals("firstAssignment", AffinityStrategy.FIRST_ASSIGNMENT.label());
        for (AffinityStrategy strategy : AffinityStrategy.values()) {
            assertEquals(strategy, AffinityStrategy.parse(strategy.label()));
        }
    }

    @Test
    void anUnknownNameIsRefusedNamingItAndTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AffinityStrategy.parse("roundRobin"));
        assertEquals("unknown affinity strategy 'roundRobin': expected none, equalSpread or firstAssignment",
                e.getMessage());
    }

    @Test
    void decorateChecksItsArguments() {
        assertThrows(NullPointerException.class, () -> AffinityStrategy.EQUAL_SPREAD.decorate(null, Set.of()));
        assertThrows(NullPointerException.class, () -> AffinityStrategy.EQUAL_SPREAD.decorate(base, null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AffinityStrategy.FIRST_ASSIGNMENT.decorate(base, Set.of(-1)));
        assertTrue(e.getMessage().contains("CPU -1"), e.getMessage());
    }

    @Test
    void noneWithNothingToAvoidIsTheBaseFactory() {
        assertSame(base, AffinityStrategy.NONE.decorate(base, Set.of()));
    }

    @Test
    void usableCpusLeaveTheAvoidedOnesOrFallBackToAll() {
        assertEquals(List.of(0, 2), AffinityStrategy.usableCpus(List.of(0, 1, 2, 3), Set.of(1, 3, 9)));
        assertEquals(List.of(0, 1), AffinityStrategy.usableCpus(List.of(0, 1), Set.of(0, 1)));
        assertThrows(IllegalStateException.class, () -> AffinityStrategy.usableCpus(List.of(), Set.of()));
    }

    @Test
    void irqCpusToAvoidAreOnlineCpus() {
        assertTrue(CpuLayout.current().onlineCpus().containsAll(AffinityStrategy.irqCpusToAvoid()));
    }

    private static List<Integer> allowedOrSkip() {
        assumeTrue(Affinity.supported(), () -> "CPU pinning is not supported here: " + Affinity.unsupportedReason());
        return Affinity.processAllowedCpus();
    }

    private static List<ThreadObservation> observe(ThreadFactory factory, int threads) throws InterruptedException {
        List<ThreadObservation> seen = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            seen.add(ThreadObservation.onNewThread(factory, () -> { }));
        }
        return seen;
    }

    @Test
    void equalSpreadPinsEachNewThreadToTheNextCpuRoundRobin() throws InterruptedException {
        List<Integer> allowed = allowedOrSkip();
        int n = allowed.size();
        List<ThreadObservation> seen = observe(AffinityStrategy.equalSpread(base, allowed, 1), 2 * n + 1);
        for (int i = 0; i < seen.size(); i++) {
            int expected = allowed.get((1 + i) % n);
            assertEquals(List.of(expected), seen.get(i).statusAllowed(), "thread " + i);
            assertEquals(expected, seen.get(i).cpu(), "thread " + i);
        }
    }

    @Test
    void equalSpreadStartsAnywhereAndThenGoesRoundRobin() throws InterruptedException {
        List<Integer> allowed = allowedOrSkip();
        int n = allowed.size();
        List<ThreadObservation> seen = observe(AffinityStrategy.EQUAL_SPREAD.decorate(base, Set.of()), 2 * n);
        int start = allowed.indexOf(seen.get(0).statusAllowed().get(0));
        assertTrue(start >= 0, seen.toString());
        for (int i = 0; i < seen.size(); i++) {
            assertEquals(List.of(allowed.get((start + i) % n)), seen.get(i).statusAllowed(), "thread " + i);
        }
    }

    @Test
    void equalSpreadLeavesTheAvoidedCpus() throws InterruptedException {
        List<Integer> allowed = allowedOrSkip();
        assumeTrue(allowed.size() >= 2, "needs two allowed CPUs");
        int avoided = allowed.get(0);
        for (ThreadObservation seen : observe(AffinityStrategy.EQUAL_SPREAD.decorate(base, Set.of(avoided)),
                2 * allowed.size())) {
            assertEquals(1, seen.statusAllowed().size(), seen.toString());
            assertFalse(seen.statusAllowed().contains(avoided), seen.toString());
        }
    }

    @Test
    void firstAssignmentPinsEachThreadToTheSingleCpuItStartedOn() throws InterruptedException {
        List<Integer> allowed = allowedOrSkip();
        Set<Integer> used = new HashSet<>();
        for (ThreadObservation seen : observe(AffinityStrategy.FIRST_ASSIGNMENT.decorate(base, Set.of()), 8)) {
            assertEquals(1, seen.statusAllowed().size(), seen.toString());
            assertEquals(List.of(seen.cpu()), seen.statusAllowed(), seen.toString());
            assertTrue(allowed.contains(seen.cpu()), seen.toString());
            used.add(seen.cpu());
        }
        assertFalse(used.isEmpty());
    }

    @Test
    void firstAssignmentLeavesTheAvoidedCpusEvenWhenItsCreatorIsPinnedToOne() throws Exception {
        List<Integer> allowed = allowedOrSkip();
        assumeTrue(allowed.size() >= 2, "needs two allowed CPUs");
        int avoided = allowed.get(0);
        ThreadFactory factory = AffinityStrategy.FIRST_ASSIGNMENT.decorate(base, Set.of(avoided));
        AtomicReference<ThreadObservation> child = new AtomicReference<>();
        // The creator is pinned to the avoided CPU, so the new thread inherits a mask of that CPU alone.
        ThreadObservation.onNewThread(Thread::new, () -> {
            Affinity.pinCurrentThread(List.of(avoided));
            try {
                child.set(ThreadObservation.onNewThread(factory, () -> { }));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        ThreadObservation seen = child.get();
        assertEquals(1, seen.statusAllowed().size(), seen.toString());
        assertEquals(List.of(seen.cpu()), seen.statusAllowed(), seen.toString());
        assertFalse(seen.statusAllowed().contains(avoided), seen.toString());
    }

    @Test
    void noneWithCpusToAvoidConfinesThreadsWithoutPinningThemToOne() throws InterruptedException {
        List<Integer> allowed = allowedOrSkip();
        assumeTrue(allowed.size() >= 2, "needs two allowed CPUs");
        List<Integer> rest = allowed.subList(1, allowed.size());
        for (ThreadObservation seen : observe(AffinityStrategy.NONE.decorate(base, Set.of(allowed.get(0))), 3)) {
            assertEquals(rest, seen.statusAllowed(), seen.toString());
        }
    }
}
