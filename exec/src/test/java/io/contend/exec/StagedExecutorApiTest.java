package io.contend.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.idle.IdleStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The executor's types, its Executor face and its use of a caller's IdleStrategy. */
@Timeout(60)
class StagedExecutorApiTest {

    @Test
    void stagesAreTypedFromSubmitToSink() throws Exception {
        AtomicLong total = new AtomicLong();
        StagedExecutor<String, Integer> lengths = StagedExecutor.<String>builder()
                .stage("trim", 2, String::trim)
                .stage("length", 2, String::length)
                .sink(total::addAndGet)
                .build();
        lengths.submit("  ab ");
        lengths.submit("abcd");
        lengths.close();
        assertEquals(6, total.get());
    }

    @Test
    void executeRunsCommandsOnTheFirstStagesWorkers() throws Exception {
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder().stage("first", 2, t -> t).build();
        Executor asExecutor = ex;
        CountDownLatch ran = new CountDownLatch(1);
        AtomicReference<String> thread = new AtomicReference<>();
        asExecutor.execute(() -> {
            thread.set(Thread.currentThread().getName());
            ran.countDown();
        });
        assertTrue(ran.await(20, TimeUnit.SECONDS), "the command never ran");
        assertTrue(thread.get().startsWith("contend-first-"), thread.get());

        ex.execute(() -> {
            throw new IllegalStateException("command failed");
        });
        ex.close();
        assertEquals(1, ex.metrics().get(0).failed(), "a throwing command counts as the stage's failure");
        assertEquals("command failed", ex.failures("first").get(0).getMessage());
        assertThrows(RejectedExecutionException.class, () -> ex.execute(() -> { }));
        assertThrows(NullPointerException.class, () -> StagedExecutor.<Integer>builder().stage("s", 1, t -> t).build()
                .execute(null));
    }

    @Test
    void shutdownNowReturnsCommandsAsThemselvesAndTasksAsRunnablePendings() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<Integer> sunk = new ArrayList<>();
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder().batchLimit(1)
                .stage("block", 1, t -> {
                    if (t == 0) {
                        started.countDown();
                        while (release.getCount() > 0) {
                            try {
                                release.await();
                            } catch (InterruptedException e) {
                                // shutdownNow's interrupt: keep waiting for the test
                            }
                        }
                    }
                    return t;
                })
                .stage("plus100", 1, t -> t + 100)
                .sink(t -> {
                    synchronized (sunk) {
                        sunk.add(t);
                    }
                }).build();
        ex.submit(0);
        assertTrue(started.await(20, TimeUnit.SECONDS));
        Runnable command = () -> { };
        ex.execute(command);
        ex.submit(7);

        List<Runnable> pending = ex.shutdownNow();
        assertEquals(2, pending.size(), pending.toString());
        assertSame(command, pending.get(0), "a command comes back as itself, as ThreadPoolExecutor returns it");
        StagedExecutor<?, ?>.Pending task = (StagedExecutor<?, ?>.Pending) pending.get(1);
        assertEquals("block", task.stage());
        assertEquals(7, task.task());
        assertTrue(task.toString().contains("block: 7"), task.toString());

        release.countDown();
        assertTrue(ex.awaitTermination(20, TimeUnit.SECONDS));
        task.run(); // the caller finishes it: both stages, then the sink
        assertThrows(IllegalStateException.class, task::run, "a task finishes once");
        synchronized (sunk) {
            assertEquals(List.of(100, 107), sunk);
        }
    }

    /** Counts what a worker asks of its strategy; parks briefly when it may block, so the test stays quick. */
    private static final class CountingIdle implements IdleStrategy {
        final AtomicInteger idles = new AtomicInteger();
        final AtomicInteger resets = new AtomicInteger();
        final AtomicInteger blockingIdles = new AtomicInteger();
        private int rounds;

        @Override
        public void idle() {
            idles.incrementAndGet();
            if (mayBlock()) {
                blockingIdles.incrementAndGet();
                LockSupport.parkNanos(TimeUnit.SECONDS.toNanos(10)); // only a producer's unpark ends it early
            } else {
                Thread.onSpinWait();
            }
            rounds++;
        }

        @Override
        public void reset() {
            resets.incrementAndGet();
            rounds = 0;
        }

        @Override
        public boolean mayBlock() {
            return rounds >= 3;
        }

        @Override
        public String spec() {
            return "counting";
        }
    }

    @Test
    void eachWorkerIdlesWithItsOwnStrategyAndIsWokenFromABlockingIdle() throws Exception {
        List<CountingIdle> made = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(20);
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder()
                .idle(() -> {
                    CountingIdle s = new CountingIdle();
                    synchronized (made) {
                        made.add(s);
                    }
                    return s;
                })
                .stage("a", 2, t -> t).stage("b", 1, t -> t)
                .sink(t -> done.countDown()).build();
        assertEquals(3, made.size(), "one strategy per worker");
        for (int i = 0; i < 20; i++) {
            Thread.sleep(20); // long enough for every worker to reach a blocking idle
            ex.submit(i);
        }
        // Each park lasts 10 s unless the submit unparks the worker: 20 tasks in well under that means it did.
        assertTrue(done.await(8, TimeUnit.SECONDS), "tasks waited out the parks: " + ex);
        ex.close();
        int blocking = 0;
        int resets = 0;
        for (CountingIdle s : made) {
            assertTrue(s.idles.get() > 0, "every worker idled");
            blocking += s.blockingIdles.get();
            resets += s.resets.get();
        }
        assertTrue(blocking > 0, "workers reached the blocking step");
        assertTrue(resets >= 20, "a strategy is reset after each batch of work: " + resets);
    }

    @Test
    void theBuilderRefusesAStageAfterTheSinkAndOneStrategyForTwoWorkers() {
        assertThrows(IllegalStateException.class, () -> StagedExecutor.<String>builder().stage("trim", 1, String::trim)
                .sink(x -> { }).stage("length", 1, String::length));
        IdleStrategy shared = IdleStrategy.spinThenPark();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> StagedExecutor.<Integer>builder().idle(() -> shared).stage("s", 2, t -> t).build());
        assertTrue(e.getMessage().contains("returned the same"), e.getMessage());
        StagedExecutor<Integer, Integer> ok = StagedExecutor.<Integer>builder().idle(IdleStrategy::busySpin)
                .stage("s", 2, t -> t).build(); // a stateless strategy may be shared
        ok.close();
    }

    @Test
    void theDefaultIdleStrategyParksAtOnceWhenTheWorkersAndASubmitterFillTheCpus() throws Exception {
        int cpus = Runtime.getRuntime().availableProcessors();
        StagedExecutor<Integer, Integer> full = StagedExecutor.<Integer>builder().stage("a", cpus, t -> t).build();
        try {
            assertTrue(full.toString().endsWith("idle=" + IdleStrategy.parkAtOnce().spec() + "}"), full.toString());
        } finally {
            full.close();
        }
        if (cpus >= 3) {
            StagedExecutor<Integer, Integer> spare = StagedExecutor.<Integer>builder().stage("a", cpus - 2, t -> t)
                    .build();
            try {
                assertTrue(spare.toString().endsWith("idle=" + IdleStrategy.spinThenPark().spec() + "}"),
                        spare.toString());
            } finally {
                spare.close();
            }
        }
        StagedExecutor<Integer, Integer> given = StagedExecutor.<Integer>builder().idle(IdleStrategy::busySpin)
                .stage("a", cpus, t -> t).build();
        try {
            assertTrue(given.toString().endsWith("idle=" + IdleStrategy.busySpin().spec() + "}"), given.toString());
        } finally {
            given.close();
        }
    }

    @Test
    void aSupplierThatGivesNullIsRefusedAtBuild() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> StagedExecutor.<Integer>builder().idle(() -> null).stage("s", 1, t -> t).build());
        assertEquals("the idle strategy supplier returned null for worker 0 of stage s", e.getMessage());
        assertThrows(NullPointerException.class, () -> StagedExecutor.<Integer>builder().idle(null));
    }
    /** As ThreadPoolExecutor's workers: an interrupt a task leaves on its thread does not reach the next task. */
    @Test
    void anInterruptATaskLeavesDoesNotReachTheNextTask() throws Exception {
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder().stage("s", 1, t -> t).build();
        CountDownLatch ran = new CountDownLatch(1);
        AtomicReference<Boolean> interruptedInNext = new AtomicReference<>();
        ex.execute(() -> Thread.currentThread().interrupt()); // as a task that restores a caught interrupt
        ex.execute(() -> {
            interruptedInNext.set(Thread.currentThread().isInterrupted());
            ran.countDown();
        });
        assertTrue(ran.await(20, TimeUnit.SECONDS), "the second command never ran");
        assertEquals(false, interruptedInNext.get());
        ex.close();
    }

    /**
     * An idle worker whose last task left an interrupt idles without it: a park returns at once while the flag is set,
     * so the worker would spin on a whole CPU. The strategy records the flag at each idle step.
     */
    @Test
    void anIdleWorkerWhoseLastTaskLeftAnInterruptIdlesWithoutIt() throws Exception {
        List<Boolean> flags = java.util.Collections.synchronizedList(new ArrayList<>());
        CountDownLatch idledAfter = new CountDownLatch(3);
        AtomicReference<Boolean> ran = new AtomicReference<>(false);
        IdleStrategy recording = new IdleStrategy() {
            @Override
            public void idle() {
                if (ran.get()) {
                    flags.add(Thread.currentThread().isInterrupted());
                    idledAfter.countDown();
                }
                LockSupport.parkNanos(1_000_000);
            }

            @Override
            public void reset() {
            }

            @Override
            public String spec() {
                return "recording";
            }
        };
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder().idle(() -> recording)
                .stage("s", 1, t -> t).build();
        ex.execute(() -> {
            ran.set(true);
            Thread.currentThread().interrupt(); // as a task that restores a caught interrupt
        });
        assertTrue(idledAfter.await(20, TimeUnit.SECONDS), "the worker never idled after the command");
        ex.close();
        synchronized (flags) {
            long interrupted = flags.stream().filter(f -> f).count();
            assertEquals(0, interrupted, "idle steps taken with the interrupt set, of " + flags.size());
        }
    }

    @Test
    void aGivenThreadFactoryKeepsItsNames() throws Exception {
        AtomicInteger made = new AtomicInteger();
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder()
                .threadFactory(r -> new Thread(r, "mine-" + made.getAndIncrement())).stage("s", 1, t -> t).build();
        AtomicReference<String> name = new AtomicReference<>();
        CountDownLatch ran = new CountDownLatch(1);
        ex.execute(() -> {
            name.set(Thread.currentThread().getName());
            ran.countDown();
        });
        assertTrue(ran.await(20, TimeUnit.SECONDS), "the command never ran");
        assertEquals("mine-0", name.get());
        ex.close();
    }
}
