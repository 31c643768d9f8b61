package io.contend.idle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.queue.MessagePassingQueue;
import io.contend.queue.SpscArrayQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class IdleStrategyTest {

    @Test
    void backoffSpinsThenYieldsThenParksWithADoublingPeriod() {
        BackoffIdleStrategy s = new BackoffIdleStrategy(2, 1, 1_000, 3_000);
        assertFalse(s.mayBlock());
        s.idle(); // spin
        s.idle(); // spin
        assertFalse(s.mayBlock(), "the yield is next");
        s.idle(); // yield
        assertTrue(s.mayBlock(), "parks from here on");
        assertEquals(1_000, s.nextParkNanos());
        s.idle();
        assertEquals(2_000, s.nextParkNanos());
        s.idle();
        assertEquals(3_000, s.nextParkNanos(), "capped at maxPark");
        s.idle(0);
        assertEquals(3_000, s.nextParkNanos());
        s.idle(5); // work done: back to the start
        assertFalse(s.mayBlock());
        assertEquals(1_000, s.nextParkNanos());
    }

    @Test
    void theDoublingNeverOverflows() {
        BackoffIdleStrategy s = new BackoffIdleStrategy(0, 0, 1, Long.MAX_VALUE);
        for (int i = 0; i < 70; i++) {
            long before = s.nextParkNanos();
            // Step the period without sleeping for it: only the first few parks are short enough to take.
            if (before < 1_000) {
                s.idle();
            } else {
                break;
            }
            assertTrue(s.nextParkNanos() >= before);
        }
        BackoffIdleStrategy big = new BackoffIdleStrategy(0, 0, Long.MAX_VALUE / 2 + 1, Long.MAX_VALUE);
        assertEquals(Long.MAX_VALUE / 2 + 1, big.nextParkNanos());
    }

    @Test
    void builtInsSayWhetherTheyBlock() {
        assertFalse(IdleStrategy.busySpin().mayBlock());
        assertFalse(IdleStrategy.yielding().mayBlock());
        assertFalse(IdleStrategy.noOp().mayBlock());
        assertTrue(IdleStrategy.parkAtOnce().mayBlock(), "parks on its first idle");
        assertFalse(IdleStrategy.spinThenPark().mayBlock(), "spins first");
        IdleStrategy custom = new IdleStrategy() {
            @Override
            public void idle() {
            }

            @Override
            public void reset() {
            }

            @Override
            public String spec() {
                return "custom";
            }
        };
        assertTrue(custom.mayBlock(), "a strategy that does not say is assumed to block");
    }

    @Test
    void forBusyThreadsParksAtOnceWhenTheCpusAreTaken() {
        int cpus = Runtime.getRuntime().availableProcessors();
        assertEquals("backoff:0:0:10000000:10000000", IdleStrategy.forBusyThreads(cpus).spec());
        if (cpus > 1) {
            assertEquals("backoff:100:10:10000000:10000000", IdleStrategy.forBusyThreads(cpus - 1).spec());
        }
        assertEquals("busyThreads must be at least 1: 0",
                assertThrows(IllegalArgumentException.class, () -> IdleStrategy.forBusyThreads(0)).getMessage());
    }

    @Test
    void parseReadsWhatSpecWrites() {
        for (IdleStrategy s : List.of(IdleStrategy.busySpin(), IdleStrategy.yielding(), IdleStrategy.noOp(),
                IdleStrategy.spinThenPark(), IdleStrategy.parkAtOnce(), IdleStrategy.backoff(3, 4, 5, 6))) {
            assertEquals(s.spec(), IdleStrategy.parse(s.spec()).spec());
            assertTrue(s.toString().startsWith("IdleStrategy["), s.toString());
        }
        assertEquals("busySpin", IdleStrategy.parse(" BUSYSPIN ").spec());
        assertEquals(IdleStrategy.supplier("busySpin"), IdleStrategy.supplier("BusySpin"), "suppliers compare by spec");
        assertEquals("backoff:1:2:3:4", IdleStrategy.supplier("backoff:1:2:3:4").get().spec());
        assertTrue(IdleStrategy.supplier("spinThenPark").get() != IdleStrategy.supplier("spinThenPark").get(),
                "a stateful strategy is new each time");
        assertThrows(IllegalArgumentException.class, () -> IdleStrategy.supplier("nope"));
        assertEquals("backoff:100:10:10000000:10000000", IdleStrategy.parse("spinThenPark").spec());
    }

    @Test
    void badTextAndRangesAreRefusedWithTheValue() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IdleStrategy.parse("sleepy")).getMessage()
                .startsWith("unknown idle strategy 'sleepy'; expected busySpin"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IdleStrategy.parse("backoff:1:x:1:1"))
                .getMessage().startsWith("not a number in idle strategy 'backoff:1:x:1:1'"));
        assertThrows(IllegalArgumentException.class, () -> IdleStrategy.parse("backoff:1:1"));
        assertEquals("idle strategy 'backoff:-1:0:1:1': maxSpins must be at least 0: -1",
                assertThrows(IllegalArgumentException.class, () -> IdleStrategy.parse("backoff:-1:0:1:1")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> IdleStrategy.supplier("backoff:0:0:2:1"))
                .getMessage().startsWith("idle strategy 'backoff:0:0:2:1': maxParkNanos"));
        assertThrows(NullPointerException.class, () -> IdleStrategy.parse(null));
        assertEquals("maxSpins must be at least 0: -1",
                assertThrows(IllegalArgumentException.class, () -> IdleStrategy.backoff(-1, 0, 1, 1)).getMessage());
        assertEquals("maxYields must be at least 0: -2",
                assertThrows(IllegalArgumentException.class, () -> IdleStrategy.backoff(0, -2, 1, 1)).getMessage());
        assertEquals("minParkNanos must be at least 1: 0",
                assertThrows(IllegalArgumentException.class, () -> IdleStrategy.backoff(0, 0, 0, 1)).getMessage());
        assertEquals("maxParkNanos must be at least minParkNanos (10): 9",
                assertThrows(IllegalArgumentException.class, () -> IdleStrategy.backoff(0, 0, 10, 9)).getMessage());
    }

    /** Records the calls a drain loop makes, and stops it after a few idle rounds. */
    private static final class RecordingIdle implements IdleStrategy {
        final List<String> calls = new ArrayList<>();
        int idlesLeft;

        RecordingIdle(int idles) {
            this.idlesLeft = idles;
        }

        @Override
        public void idle(int workCount) {
            calls.add("idle(" + workCount + ")");
            IdleStrategy.super.idle(workCount);
        }

        @Override
        public void idle() {
            calls.add("idle");
            idlesLeft--;
        }

        @Override
        public void reset() {
            calls.add("reset");
        }

        @Override
        public String spec() {
            return "recording";
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aDrainLoopIdlesOnEmptyBatchesAndResetsAfterWork() {
        SpscArrayQueue<Integer> q = new SpscArrayQueue<>(16);
        q.offer(1);
        q.offer(2);
        RecordingIdle idle = new RecordingIdle(2);
        List<Integer> seen = new ArrayList<>();
        q.drain(seen::add, idle, () -> idle.idlesLeft > 0);
        assertEquals(List.of(1, 2), seen);
        assertEquals(List.of("reset", "idle(2)", "reset", "idle(0)", "idle", "idle(0)", "idle"), idle.calls);
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aFillLoopIdlesWhileFull() {
        MessagePassingQueue<Integer> q = new SpscArrayQueue<>(4);
        RecordingIdle idle = new RecordingIdle(1);
        q.fill(() -> 7, idle, () -> idle.idlesLeft > 0);
        assertEquals(q.capacity(), q.size());
        assertEquals(List.of("reset", "idle(" + q.capacity() + ")", "reset", "idle(0)", "idle"), idle.calls);
        assertThrows(IllegalArgumentException.class, () -> q.drain(x -> { }, null, () -> false));
    }
}
