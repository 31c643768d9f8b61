package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.idle.IdleStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The generator waits for each intended start with the caller's idle strategy, one instance per thread. */
class StressIdleStrategyTest {

    /** Counts its calls; spins like the default so the schedule is kept. */
    private static final class CountingIdle implements IdleStrategy {
        final AtomicLong idles = new AtomicLong();
        final AtomicLong resets = new AtomicLong();
        final List<Thread> callers = new ArrayList<>();

        @Override
        public void idle() {
            record();
            idles.incrementAndGet();
            Thread.onSpinWait();
        }

        @Override
        public void reset() {
            record();
            resets.incrementAndGet();
        }

        @Override
        public boolean mayBlock() {
            return false;
        }

        private void record() {
            Thread t = Thread.currentThread();
            synchronized (callers) {
                if (!callers.contains(t)) {
                    callers.add(t);
                }
            }
        }

        @Override
        public String spec() {
            return "counting";
        }
    }

    @Test
    void eachGeneratorThreadIdlesWithItsOwnStrategyBeforeIntendedStarts() throws Exception {
        List<CountingIdle> made = new ArrayList<>();
        // 50k/s: starts 20 us apart per thread pair, inside the spin window, so most waits end in idle() calls.
        StressConfig config = StressConfig.builder().rate(Rate.parse("fixed=50k/s")).threads(2).ops(20_000)
                .interval(Duration.ofMillis(100)).idle(() -> {
                    CountingIdle s = new CountingIdle();
                    synchronized (made) {
                        made.add(s);
                    }
                    return s;
                }).build();
        Workload noop = () -> List.of(Operation.named("noop", () -> { }));
        StressResult r = new StressRun(noop, config, null).run();

        assertEquals(2, made.size(), "one strategy per generator thread");
        long idles = 0;
        long resets = 0;
        for (CountingIdle s : made) {
            idles += s.idles.get();
            resets += s.resets.get();
            assertEquals(1, s.callers.size(), "a strategy is used by its own thread only: " + s.callers);
            assertTrue(s.callers.get(0).getName().startsWith("contend-stress-"), s.callers.get(0).getName());
        }
        assertTrue(resets > 0, "each wait starts with a reset");
        assertTrue(idles > 0, "waits near an intended start idle with the strategy");
        long done = r.completed() + r.errors() + r.unfinished() + r.missed();
        assertEquals(r.scheduled(), done, r.toString());
    }

    @Test
    void aSupplierThatGivesNullIsRefused() {
        StressConfig config = StressConfig.builder().rate(Rate.parse("fixed=1k/s")).ops(10).idle(() -> null).build();
        Workload noop = () -> List.of(Operation.named("noop", () -> { }));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> new StressRun(noop, config, null).run());
        assertEquals("the idle strategy supplier returned null for generator thread 0", e.getMessage());
        assertThrows(NullPointerException.class, () -> StressConfig.builder().idle(null));
    }
}
