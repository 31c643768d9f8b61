package io.contend.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.idle.IdleStrategy;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Failures are counted, reported and never lose a task: handlers, the sink, and a worker whose loop throws. */
@Timeout(60)
class StagedExecutorFailureTest {

    /** Every failure the listener heard, as "stage: message". */
    private final List<String> heard = new CopyOnWriteArrayList<>();
    private final FailureListener listener = (stage, t) -> heard.add(stage + ": " + t.getMessage());

    @Test
    void everyHandlerFailureIsCountedAndReportedNotOnlyTheFirstFive() throws Exception {
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder().onFailure(listener)
                .stage("check", 2, t -> {
                    if (t % 2 == 0) {
                        throw new IllegalStateException("bad " + t);
                    }
                    return t;
                }).build();
        for (int i = 0; i < 40; i++) {
            ex.submit(i);
        }
        ex.close();
        assertEquals(20, ex.metrics().get(0).failed());
        assertEquals(20, ex.metrics().get(0).completed());
        assertEquals(5, ex.failures("check").size(), "the first five are kept");
        assertEquals(20, heard.size(), "every failure reaches the listener: " + heard);
        assertTrue(heard.stream().allMatch(h -> h.startsWith("check: bad ")), heard.toString());
    }

    @Test
    void aSinkThatThrowsIsCountedOnceAndApartFromTheStage() throws Exception {
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder().onFailure(listener)
                .stage("last", 1, t -> t)
                .sink(t -> {
                    if (t < 3) {
                        throw new IllegalArgumentException("sink refused " + t);
                    }
                }).build();
        for (int i = 0; i < 10; i++) {
            ex.submit(i);
        }
        ex.close();
        StageMetrics last = ex.metrics().get(0);
        assertEquals(10, last.completed(), "the handler did not throw");
        assertEquals(0, last.failed());
        assertEquals(3, ex.sinkFailures());
        assertEquals(3, heard.size(), heard.toString());
        assertTrue(heard.stream().allMatch(h -> h.startsWith(FailureListener.SINK + ": sink refused ")), heard.toString());
    }

    @Test
    void aPendingTaskRunByTheCallerThrowsWhatItsHandlerThrew() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        StagedExecutor<Integer, Object> ex = StagedExecutor.<Integer>builder().onFailure(listener).batchLimit(1)
                .stage("block", 1, t -> {
                    if (t == 0) {
                        started.countDown();
                        release.await();
                    }
                    return t;
                })
                .stage("fail", 1, t -> {
                    throw new java.io.IOException("disk gone " + t);
                }).build();
        ex.submit(0);
        assertTrue(started.await(20, TimeUnit.SECONDS));
        ex.submit(1);
        List<Runnable> pending = ex.shutdownNow();
        release.countDown();
        assertEquals(1, pending.size(), pending.toString());
        RuntimeException e = assertThrows(RuntimeException.class, () -> pending.get(0).run());
        assertTrue(e.getCause() instanceof java.io.IOException, String.valueOf(e.getCause()));
        assertTrue(ex.awaitTermination(20, TimeUnit.SECONDS));
        assertTrue(heard.contains("fail: disk gone 1"), heard.toString());
    }

    @Test
    void aWorkerWhoseIdleStrategyThrowsStopsTheExecutorWithoutLosingATask() throws Exception {
        IllegalStateException broken = new IllegalStateException("idle strategy broken");
        AtomicInteger armed = new AtomicInteger();
        AtomicInteger ran = new AtomicInteger();
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder().onFailure(listener)
                .idle(() -> new IdleStrategy() {
                    @Override
                    public void idle() {
                        if (armed.get() != 0) {
                            throw broken;
                        }
                        Thread.onSpinWait();
                    }

                    @Override
                    public void reset() {
                    }

                    @Override
                    public String spec() {
                        return "breaks-when-armed";
                    }
                })
                .stage("work", 1, t -> {
                    ran.incrementAndGet();
                    return t;
                }).build();
        int accepted = 0;
        int rejected = 0;
        for (int i = 0; i < 20_000; i++) {
            if (i == 2_000) {
                armed.set(1);
            }
            try {
                ex.submit(i);
                accepted++;
            } catch (RejectedExecutionException e) {
                assertSame(broken, e.getCause(), "a rejection names the failure");
                rejected++;
            }
        }
        assertTrue(ex.awaitTermination(20, TimeUnit.SECONDS), "the worker is gone and the executor stopped");
        assertSame(broken, ex.failure());
        RejectedExecutionException after = assertThrows(RejectedExecutionException.class, () -> ex.submit(-1));
        assertSame(broken, after.getCause());
        List<Runnable> pending = ex.shutdownNow();
        for (Runnable r : pending) {
            r.run();
        }
        assertEquals(20_000, accepted + rejected);
        assertEquals(accepted, ran.get(), "every accepted task ran, on the worker or from shutdownNow's list ("
                + pending.size() + " returned, " + rejected + " rejected)");
        assertTrue(heard.contains("work: idle strategy broken"), heard.toString());
        assertEquals(List.of(), ex.shutdownNow(), "returned once");
    }

    @Test
    void closeFromOneOfItsOwnTasksIsRefusedInsteadOfWaitingForever() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        StagedExecutor<Integer, Integer> ex = StagedExecutor.<Integer>builder().onFailure(listener)
                .stage("s", 1, t -> t).build();
        ex.execute(() -> {
            try {
                ex.close();
            } catch (Throwable t) {
                thrown.set(t);
            } finally {
                done.countDown();
            }
        });
        assertTrue(done.await(20, TimeUnit.SECONDS));
        assertTrue(thrown.get() instanceof IllegalStateException, String.valueOf(thrown.get()));
        assertTrue(!ex.isShutdown(), "nothing was shut down");
        ex.close();
        assertTrue(ex.isTerminated());
    }

    @Test
    void aStageMayNotTakeTheSinksName() {
        assertThrows(IllegalArgumentException.class,
                () -> StagedExecutor.<Integer>builder().stage(FailureListener.SINK, 1, t -> t));
        assertThrows(NullPointerException.class, () -> StagedExecutor.<Integer>builder().onFailure(null));
    }
}
