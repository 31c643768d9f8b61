package io.contend.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.idle.IdleStrategy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(60)
class StagedExecutorTest {
    /** A task that counts the stages it went through. */
    static final class Task {
        final int id;
        int stages;

        Task(int id) {
            this.id = id;
        }
    }

    private static final StageHandler<Task, Task> STEP = t -> {
        t.stages++;
        return t;
    };

    private static StagedExecutor<Task, Task> pipeline(QueueMode mode, int workers, int batch, AtomicIntegerArray arrived,
                                                       Supplier<IdleStrategy> idle) {
        return StagedExecutor.<Task>builder().queueMode(mode).batchLimit(batch).idle(idle)
                .dispatch(workers % 2 == 0 ? DispatchPolicy.TWO_CHOICES : DispatchPolicy.ROUND_ROBIN)
                .stage("parse", workers, STEP).stage("apply", workers, STEP).stage("respond", workers, STEP)
                .sink(task -> {
                    assertEquals(3, task.stages, "every stage ran once");
                    arrived.incrementAndGet(task.id);
                }).build();
    }

    @ParameterizedTest
    @CsvSource({"SHARED,1,1", "SHARED,4,8", "PER_THREAD,1,64", "PER_THREAD,3,2"})
    void everyTaskPassesEveryStageExactlyOnce(QueueMode mode, int workers, int batch) throws Exception {
        int n = 50_000;
        AtomicIntegerArray arrived = new AtomicIntegerArray(n);
        StagedExecutor<Task, Task> ex = pipeline(mode, workers, batch, arrived, IdleStrategy::spinThenPark);
        Thread[] producers = new Thread[2];
        for (int p = 0; p < producers.length; p++) {
            int first = p;
            producers[p] = new Thread(() -> {
                for (int i = first; i < n; i += 2) {
                    ex.submit(new Task(i));
                }
            });
            producers[p].start();
        }
        for (Thread p : producers) {
            p.join();
        }
        ex.shutdown();
        assertTrue(ex.awaitTermination(30, TimeUnit.SECONDS), ex::toString);
        for (int i = 0; i < n; i++) {
            assertEquals(1, arrived.get(i), "task " + i);
        }
        for (StageMetrics m : ex.metrics()) {
            assertEquals(n, m.completed(), m.toString());
            assertTrue(m.maxBatch() <= batch, "batch limit respected: " + m);
            assertEquals(0, m.queueDepth());
            assertTrue(m.batches() >= (n + batch - 1) / batch);
        }
        assertThrows(RejectedExecutionException.class, () -> ex.submit(new Task(0)));
    }

    /**
     * No lost wake-ups: with parks bounded by an hour, tasks trickling in one at a time after the workers went to
     * sleep must still be run (the test times out otherwise).
     */
    @ParameterizedTest
    @CsvSource({"SHARED,2", "PER_THREAD,2"})
    void parkedWorkersAreWokenByEachSubmit(QueueMode mode, int workers) throws Exception {
        AtomicIntegerArray arrived = new AtomicIntegerArray(200);
        CountDownLatch all = new CountDownLatch(200);
        long hour = TimeUnit.HOURS.toNanos(1);
        StagedExecutor<Task, Task> ex = StagedExecutor.<Task>builder().queueMode(mode).batchLimit(16)
                .idle(() -> IdleStrategy.backoff(0, 0, hour, hour))
                .stage("parse", workers, STEP).stage("apply", workers, STEP).stage("respond", workers, STEP)
                .sink(t -> {
                    arrived.incrementAndGet(t.id);
                    all.countDown();
                }).build();
        for (int i = 0; i < 200; i++) {
            ex.submit(new Task(i));
            if (i % 20 == 0) {
                Thread.sleep(5); // let every worker park
            }
        }
        // A lost wake-up leaves a task parked for an hour; 20 s is far beyond any honest delay.
        assertTrue(all.await(20, TimeUnit.SECONDS), "tasks never ran: " + all.getCount() + " left, " + ex);
        for (int i = 0; i < 200; i++) {
            assertEquals(1, arrived.get(i), "task " + i);
        }
        ex.close();
    }

    /**
     * shutdownNow racing producers: every accepted task is either finished (at the sink) or returned, exactly
     * once; every refused one is neither.
     */
    @ParameterizedTest
    @CsvSource({"SHARED,2", "PER_THREAD,2", "SHARED,1"})
    void shutdownNowLosesNothingAndRunsNothingTwice(QueueMode mode, int workers) throws Exception {
        for (int round = 0; round < 20; round++) {
            int n = 20_000;
            AtomicIntegerArray arrived = new AtomicIntegerArray(n);
            AtomicIntegerArray accepted = new AtomicIntegerArray(n);
            StagedExecutor<Task, Task> ex = pipeline(mode, workers, 32, arrived, IdleStrategy::spinThenPark);
            CountDownLatch go = new CountDownLatch(1);
            Thread producer = new Thread(() -> {
                go.countDown();
                for (int i = 0; i < n; i++) {
                    try {
                        ex.submit(new Task(i));
                        accepted.set(i, 1);
                    } catch (RejectedExecutionException e) {
                        // refused: must be neither run nor returned
                    }
                }
            });
            producer.start();
            go.await();
            Thread.sleep(round % 3);
            List<Runnable> unrun = ex.shutdownNow();
            producer.join();
            assertTrue(ex.awaitTermination(10, TimeUnit.SECONDS));
            int[] returned = new int[n];
            for (Runnable r : unrun) {
                returned[((Task) ((StagedExecutor<?, ?>.Pending) r).task()).id]++;
            }
            for (int i = 0; i < n; i++) {
                int outcomes = arrived.get(i) + returned[i];
                assertEquals(accepted.get(i), outcomes, "round " + round + " task " + i + ": accepted " + accepted.get(i)
                        + ", arrived " + arrived.get(i) + ", returned " + returned[i]);
            }
        }
    }

    /**
     * ExecutorService's contract: shutdownNow returns the tasks not started without waiting for a running one
     * (here a handler that ignores interrupts and waits for the test), interrupts the workers, and
     * awaitTermination waits for the running task, which then finishes its remaining stages.
     */
    @ParameterizedTest
    @CsvSource({"SHARED,1", "SHARED,64", "PER_THREAD,1", "PER_THREAD,64"})
    void shutdownNowReturnsPendingTasksWithoutWaitingAndInterruptsTheWorkers(QueueMode mode, int batch) throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        List<Integer> sunk = new ArrayList<>();
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder().queueMode(mode).batchLimit(batch)
                .stage("blocking", 1, t -> {
                    if (t == 0) {
                        started.countDown();
                        awaitIgnoringInterrupts(release, interrupted);
                    }
                    return t;
                })
                .stage("then", 1, t -> t + 100)
                .sink(t -> {
                    synchronized (sunk) {
                        sunk.add(t);
                    }
                }).build();
        for (int i = 0; i < 10; i++) {
            ex.submit(i);
        }
        assertTrue(started.await(20, TimeUnit.SECONDS), "the first task never started");

        List<Runnable> pending = assertTimeoutPreemptively(Duration.ofSeconds(20), ex::shutdownNow,
                "shutdownNow waited for the blocked handler");

        List<Object> pendingTasks = new ArrayList<>();
        for (Runnable r : pending) {
            StagedExecutor<?, ?>.Pending p = (StagedExecutor<?, ?>.Pending) r;
            assertEquals("blocking", p.stage());
            pendingTasks.add(p.task());
        }
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9), pendingTasks, "the tasks not started, in order");
        assertTrue(interrupted.await(20, TimeUnit.SECONDS), "the blocked worker was not interrupted");
        assertTrue(ex.isShutdown());
        assertFalse(ex.isTerminated(), "the blocked task is still running");
        assertThrows(RejectedExecutionException.class, () -> ex.submit(10));
        assertEquals(List.of(), ex.shutdownNow(), "a second shutdownNow has nothing left to return");

        release.countDown();
        assertTrue(ex.awaitTermination(20, TimeUnit.SECONDS), ex::toString);
        assertEquals(List.of(100), sunk, "the running task finished its remaining stages");
        assertEquals(1, ex.metrics().get(0).completed());
        assertEquals(1, ex.metrics().get(1).completed());
    }

    private static void awaitIgnoringInterrupts(CountDownLatch release, CountDownLatch interrupted) {
        while (true) {
            try {
                release.await();
                return;
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
        }
    }

    /** A factory that counts its threads and fails in one of two ways on the n-th. */
    private static final class FailingFactory implements ThreadFactory {
        final List<Thread> made = new ArrayList<>();
        private final int failAt;
        private final boolean failInStart;
        private final AtomicInteger count = new AtomicInteger();

        FailingFactory(int failAt, boolean failInStart) {
            this.failAt = failAt;
            this.failInStart = failInStart;
        }

        @Override
        public Thread newThread(Runnable r) {
            int n = count.incrementAndGet();
            if (n == failAt && !failInStart) {
                throw new IllegalStateException("no thread " + n);
            }
            Thread t = n == failAt ? new Thread(r) {
                @Override
                public synchronized void start() {
                    throw new OutOfMemoryError("unable to create native thread: possibly out of memory (test)");
                }
            } : new Thread(r);
            made.add(t);
            return t;
        }
    }

    @ParameterizedTest
    @CsvSource({"1,false", "4,false", "7,false", "1,true", "4,true", "7,true"})
    void aFailingThreadStartLeavesNoLiveWorker(int failAt, boolean failInStart) throws Exception {
        FailingFactory factory = new FailingFactory(failAt, failInStart);
        Throwable thrown = assertThrows(Throwable.class, () -> StagedExecutor.builder().threadFactory(factory)
                .stage("a", 3, t -> t).stage("b", 4, t -> t).build());
        assertSame(failInStart ? OutOfMemoryError.class : IllegalStateException.class, thrown.getClass(), thrown.toString());
        // Threads are all made before any starts: a factory failure starts none; a start failure at the n-th
        // has started the n - 1 before it, which must have been stopped and joined.
        assertEquals(failInStart ? 7 : failAt - 1, factory.made.size());
        for (int i = 0; i < factory.made.size(); i++) {
            Thread.State expected = failInStart && i + 1 < failAt ? Thread.State.TERMINATED : Thread.State.NEW;
            assertEquals(expected, factory.made.get(i).getState(), "thread " + (i + 1) + " of a build failing at " + failAt);
        }
    }

    @Test
    void failuresAreCountedAndTheWorkerGoesOn() throws Exception {
        AtomicLong sunk = new AtomicLong();
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder()
                .stage("check", 2, t -> {
                    if (t % 10 == 0) {
                        throw new IllegalStateException("bad " + t);
                    }
                    return t;
                })
                .stage("drop-odd", 1, t -> t % 2 == 0 ? t : null)
                .sink(t -> sunk.incrementAndGet()).build();
        for (int i = 0; i < 1000; i++) {
            ex.submit(i);
        }
        ex.close();
        StageMetrics check = ex.metrics().get(0);
        assertEquals(100, check.failed());
        assertEquals(900, check.completed());
        assertEquals(400, sunk.get(), "even, not multiples of 10");
        assertTrue(ex.failures("check").get(0).getMessage().startsWith("bad "));
        assertTrue(ex.isTerminated());
    }

    @Test
    void rejectsBadSettingsClearly() {
        assertEquals("a staged executor needs at least one stage",
                assertThrows(IllegalStateException.class, () -> StagedExecutor.builder().build()).getMessage());
        assertThrows(IllegalArgumentException.class, () -> StagedExecutor.builder().stage("a", 0, t -> t));
        assertThrows(IllegalArgumentException.class, () -> StagedExecutor.builder().stage("a", 1, t -> t).stage("a", 1, t -> t));
        assertEquals("batchLimit must be in [1, 65536]: 0",
                assertThrows(IllegalArgumentException.class, () -> StagedExecutor.builder().batchLimit(0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> QueueMode.parse("bogus"));
        assertEquals(QueueMode.PER_THREAD, QueueMode.parse("perthread"));
    }

    @Test
    void toStringShowsStagesAndState() throws Exception {
        StagedExecutor<Object, Object> ex = StagedExecutor.builder().stage("only", 1, t -> t).build();
        assertTrue(ex.toString().startsWith("StagedExecutor{running, onlyx1 shared"), ex::toString);
        assertEquals(1, ex.threads().size());
        List<Runnable> none = ex.shutdownNow();
        assertEquals(new ArrayList<>(), none);
        assertTrue(ex.toString().startsWith("StagedExecutor{stop"), ex::toString);
        assertTrue(ex.awaitTermination(20, TimeUnit.SECONDS));
    }
}
