package io.contend.exec;

import io.contend.idle.IdleStrategy;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;

/*
 * Implementation notes (the protocol as a whole is in StagedExecutor's notes).
 *
 * Algorithm: take a batch, run it, otherwise take one step of the worker's IdleStrategy (by default spin, yield,
 * then park until a producer unparks the worker). Before each task and each idle step the worker clears an interrupt a
 * task left behind, unless the executor is stopping (clearTaskInterrupt). Each
 * task of the batch is claimed with casCursor(i, i + 1) before it runs; shutdownNow steals the unclaimed rest
 * with xchgCursor(STOLEN), so a task is claimed or stolen, never both, without waiting for the worker. A result
 * is offered to the next stage inside the forwarding window (svForwarding(true), check STOP, offer,
 * svForwarding(false)); after STOP the worker runs the task's remaining stages itself instead.
 *
 * Ordering: before an idle step that may park (IdleStrategy.mayBlock), the worker writes parked = true (volatile)
 * and then reads its queue's producer index (volatile, via isEmpty), the worker's half of the Dekker handshake with
 * Stage.dispatch. Steps that only spin or yield skip the flag, so producers do not unpark a worker that is awake. The forwarding
 * window is the same handshake with shutdownNow: a volatile store of forwarding, then a volatile read of the
 * state, against shutdownNow's CAS of the state, then volatile read of forwarding; so either the worker sees
 * STOP and does not offer, or shutdownNow waits for its offer to end before draining the queues. batch and
 * batchEnd are plain: written under the queue's consumer flag and read by shutdownNow only after it took that
 * flag (CAS acquire after the worker's volatile clear). cursor changes only by CAS or getAndSet, apart from
 * its reset to 0 under the consumer flag, which no steal can race (steals happen under the flag). thread is
 * volatile so that producers unpark the right thread from the start.
 *
 * Source: as StagedExecutor's (CASSANDRA-1632; Cassandra's SEPExecutor for the spin-then-park worker).
 */

/** A worker thread of a stage: takes batches, runs them, idles with its own IdleStrategy. */
final class Worker implements Runnable {
    /** The cursor of a batch that shutdownNow has taken: no claim can succeed any more. */
    private static final int STOLEN = Integer.MAX_VALUE;
    private static final VarHandle CURSOR;
    private static final VarHandle FORWARDING;
    private static final VarHandle PARKED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            CURSOR = lookup.findVarHandle(Worker.class, "cursor", int.class);
            FORWARDING = lookup.findVarHandle(Worker.class, "forwarding", boolean.class);
            PARKED = lookup.findVarHandle(Worker.class, "parked", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final StagedExecutor<?, ?> executor;
    private final Stage stage;
    private final IdleStrategy idle;
    final int index;
    private final Object[] batch;
    /** Tasks in the batch; written under the queue's consumer flag. */
    private int batchEnd;
    /** Next task of the batch to claim, or STOLEN. */
    @SuppressWarnings("unused") // accessed through CURSOR
    private volatile int cursor;
    /** Set while the worker may be offering to the next stage; shutdownNow waits for it to clear. */
    @SuppressWarnings("unused") // accessed through FORWARDING
    private volatile boolean forwarding;
    /** Set while parked or about to park; producers read it after their offer to decide whether to unpark. */
    @SuppressWarnings("unused") // accessed through PARKED
    private volatile boolean parked;
    volatile Thread thread;

    /** @return the worker's idle strategy, for the executor's toString */
    IdleStrategy idleStrategy() {
        return idle;
    }

    Worker(StagedExecutor<?, ?> executor, Stage stage, int index, IdleStrategy idle) {
        this.executor = executor;
        this.stage = stage;
        this.idle = idle;
        this.index = index;
        this.batch = new Object[stage.batchLimit];
    }

    @Override
    public void run() {
        try {
            loop();
        } catch (Throwable t) { // not a task's (those are caught where they run): the executor stops, see workerFailed
            executor.workerFailed(stage, t);
        } finally {
            executor.workerExited(stage);
        }
    }

    private void loop() {
        idle.reset();
        while (!executor.stopping()) {
            if (stage.take(this)) {
                idle.reset();
                if (!runBatch()) {
                    return;
                }
                continue;
            }
            if (stage.upstreamDone && stage.emptyFor(index)) {
                // Nothing can arrive any more; in SHARED mode another worker may still hold a batch, but it runs it.
                return;
            }
            clearTaskInterrupt();
            idleOnce();
        }
    }

    /** Runs the batch; false if it stopped because of shutdownNow (which takes the unclaimed rest). */
    private boolean runBatch() {
        for (int i = 0; i < batchEnd; i++) {
            clearTaskInterrupt();
            if (executor.stopping() || !casCursor(i, i + 1)) {
                return false;
            }
            Object task = batch[i];
            batch[i] = null;
            if (task instanceof StagedExecutor.Command) {
                stage.runCommand(((StagedExecutor.Command) task).command);
                continue;
            }
            Object out = stage.runOne(task);
            if (out != null) {
                forward(out);
            }
        }
        return true;
    }

    private void forward(Object out) {
        try {
            Stage next = stage.next;
            if (next == null) {
                clearTaskInterrupt(); // the sink runs as a task would: without an interrupt the handler left
                executor.sink(out);
                return;
            }
            svForwarding(true);
            boolean offered = false;
            try {
                if (!executor.stopping()) {
                    next.dispatch(out);
                    offered = true;
                }
            } finally {
                svForwarding(false);
            }
            if (!offered) {
                executor.finishInline(next, out);
            }
        } catch (Throwable t) { // an offer to the next stage threw (an Error: queues are unbounded)
            stage.recordFailure(t);
        }
    }

    /**
     * Clears an interrupt that a task left on this thread (a task that caught InterruptedException and restored the
     * flag, say), as ThreadPoolExecutor's workers do between tasks: otherwise it would reach the next task, and an
     * idle strategy's park would return at once, so the idle worker would spin on a whole CPU. An interrupt from
     * shutdownNow stays: shutdownNow sets STOP before it interrupts, so a worker that finds STOP after clearing puts
     * the flag back.
     */
    private void clearTaskInterrupt() {
        if (Thread.interrupted() && executor.stopping()) {
            Thread.currentThread().interrupt();
        }
    }

    /** One idle step; a step that may park is bracketed by the parked flag, so producers unpark this worker. */
    private void idleOnce() {
        if (!idle.mayBlock()) {
            idle.idle();
            return;
        }
        svParked(true);
        // Re-check after publishing the flag: a task offered before the flag was visible is seen here.
        if (stage.emptyFor(index) && !executor.stopping() && !stage.upstreamDone) {
            idle.idle();
        }
        svParked(false);
    }

    /** The batch array, filled by Stage.take under the queue's consumer flag. */
    Object[] batch() {
        return batch;
    }

    /** Under the queue's consumer flag: the first n slots of the batch are the new batch. */
    void publishBatch(int n) {
        batchEnd = n;
        CURSOR.set(this, 0);
    }

    /** shutdownNow, holding this worker's queue's consumer flag: adds the tasks the worker has not claimed. */
    void stealBatch(List<Object> into) {
        int from = xchgCursor(STOLEN);
        for (int i = from; i < batchEnd; i++) {
            into.add(batch[i]);
            batch[i] = null;
        }
    }

    /** shutdownNow, after STOP: returns once the worker is not (or no longer) offering to the next stage. */
    void awaitNotForwarding() {
        for (int spins = 0; lvForwarding(); spins++) {
            if (spins < 100) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    boolean lvParked() {
        return (boolean) PARKED.getVolatile(this);
    }

    private void svParked(boolean value) {
        PARKED.setVolatile(this, value);
    }

    private boolean lvForwarding() {
        return (boolean) FORWARDING.getVolatile(this);
    }

    private void svForwarding(boolean value) {
        FORWARDING.setVolatile(this, value);
    }

    private boolean casCursor(int expect, int update) {
        return CURSOR.compareAndSet(this, expect, update);
    }

    private int xchgCursor(int value) {
        return (int) CURSOR.getAndSet(this, value);
    }
}
