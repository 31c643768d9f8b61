package io.contend.exec;

import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/*
 * Implementation notes.
 *
 * Algorithm: take a batch, run it (stopping before the next task on shutdownNow and handing back the rest),
 * otherwise spin, yield, then park until a producer unparks the worker.
 *
 * Ordering: before parking, the worker writes parked = true (volatile) and then reads its queue's producer
 * index (volatile, via isEmpty), the worker's half of the Dekker handshake with Stage.dispatch; both are
 * sequentially consistent volatile accesses, so either the worker sees the task or the producer sees the flag.
 * A spurious or early return from park only costs a loop. thread is volatile so that producers unpark the right
 * thread from the start.
 */

/** A worker thread of a stage: takes batches, runs them, idles spin -> yield -> park. */
final class Worker implements Runnable {
    private final StagedExecutor executor;
    private final Stage stage;
    private final int index;
    private final Object[] batch;
    /** Set while parked or about to park; producers read it after their offer to decide whether to unpark. */
    volatile boolean parked;
    volatile Thread thread;

    Worker(StagedExecutor executor, Stage stage, int index) {
        this.executor = executor;
        this.stage = stage;
        this.index = index;
        this.batch = new Object[stage.batchLimit];
    }

    @Override
    public void run() {
        thread = Thread.currentThread();
        try {
            loop();
        } finally {
            executor.workerExited(stage);
        }
    }

    private void loop() {
        int idle = 0;
        while (true) {
            int n = stage.take(index, batch);
            if (n > 0) {
                idle = 0;
                for (int i = 0; i < n; i++) {
                    if (executor.stopping()) {
                        executor.keepUnrun(Arrays.asList(batch).subList(i, n));
                        Arrays.fill(batch, 0, n, null);
                        return;
                    }
                    Object task = batch[i];
                    batch[i] = null;
                    run(task);
                }
                continue;
            }
            if (executor.stopping()) {
                return;
            }
            if (stage.upstreamDone && stage.emptyFor(index)) {
                // Nothing can arrive any more; in SHARED mode another worker may still hold a batch, but it runs it.
                return;
            }
            idle = idle(idle);
        }
    }

    private void run(Object task) {
        Object out;
        try {
            out = stage.handler.handle(task);
        } catch (Throwable t) {
            stage.recordFailure(t);
            return;
        }
        stage.completed.increment();
        if (out != null) {
            try {
                executor.forward(stage, out);
            } catch (Throwable t) { // the sink threw: count it here rather than lose the worker
                stage.recordFailure(t);
            }
        }
    }

    /** Spin, then yield, then park until a producer unparks this worker (or shutdown wakes everyone). */
    private int idle(int step) {
        IdleStrategy s = executor.idleStrategy();
        if (step < s.spins()) {
            Thread.onSpinWait();
        } else if (step < s.spins() + s.yields()) {
            Thread.yield();
        } else {
            parked = true;
            // Re-check after publishing the flag: a task offered before the flag was visible is seen here.
            if (stage.emptyFor(index) && !executor.stopping() && !stage.upstreamDone) {
                LockSupport.parkNanos(this, s.maxParkNanos());
            }
            parked = false;
        }
        return step + 1;
    }
}
