package io.contend.exec;

import io.contend.queue.MpscUnboundedArrayQueue;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/*
 * Implementation notes (the protocol as a whole is in StagedExecutor's notes).
 *
 * Algorithm: dispatch offers to an MPSC queue (the stage's, or a worker's by round robin / two random choices),
 * then unparks a parked worker; take moves up to batchLimit tasks into the worker's batch while holding the
 * queue's consumer flag, so that one thread at a time is the queue's single consumer (in SHARED mode the
 * workers take turns; in PER_THREAD mode the flag is uncontended until shutdownNow takes it for good).
 *
 * Ordering: the queue's offer publishes with a release store of its index; the full fence after it orders that
 * store before the volatile read of a worker's parked flag (StoreLoad, which release alone does not give). The
 * consumer flag's CAS (acquire) and volatile clear (release) hand the queue's consumer-side plain fields and the
 * batch written under it from one holder to the next. upstreamDone is volatile and written after every
 * upstream offer, so a worker that reads it true and then finds its queue empty has seen every task. Counters
 * are LongAdders and an AtomicLong maximum.
 *
 * Source: as StagedExecutor's (CASSANDRA-1632; Cassandra's SEPExecutor for the spin-then-park worker).
 */

/**
 * One stage of a {@link StagedExecutor}: its queues, its workers and its counters. See StagedExecutor's
 * implementation notes for the protocol.
 */
final class Stage {
    final String name;
    final StageHandler<Object, Object> handler;
    final QueueMode mode;
    final DispatchPolicy dispatch;
    final int batchLimit;
    final Worker[] workers;
    /** SHARED: queues.get(0) for every worker; PER_THREAD: queues.get(i) for worker i. */
    final List<MpscUnboundedArrayQueue<Object>> queues;
    /** Per queue: held by whoever is its consumer for the moment (a worker filling a batch, or shutdownNow). */
    private final AtomicBoolean[] consumers;
    final AtomicLong roundRobin = new AtomicLong();
    final LongAdder completed = new LongAdder();
    final LongAdder failed = new LongAdder();
    final LongAdder batches = new LongAdder();
    final AtomicLong maxBatch = new AtomicLong();
    final AtomicInteger alive;
    /** Set once no task can arrive any more: the executor is shut down and every upstream worker has exited. */
    volatile boolean upstreamDone;
    final List<Throwable> firstFailures = new ArrayList<>();
    Stage next;

    /** Hears every failure of this stage's handler (the executor's failure listener). */
    private final FailureListener onFailure;

    Stage(String name, StageHandler<Object, Object> handler, int workerCount, QueueMode mode, DispatchPolicy dispatch,
          int batchLimit, int chunk, FailureListener onFailure) {
        this.name = name;
        this.onFailure = onFailure;
        this.handler = handler;
        this.mode = mode;
        this.dispatch = dispatch;
        this.batchLimit = batchLimit;
        this.workers = new Worker[workerCount];
        List<MpscUnboundedArrayQueue<Object>> list = new ArrayList<>();
        for (int i = 0, n = mode == QueueMode.SHARED ? 1 : workerCount; i < n; i++) {
            list.add(new MpscUnboundedArrayQueue<>(chunk));
        }
        this.queues = List.copyOf(list);
        this.consumers = new AtomicBoolean[queues.size()];
        for (int i = 0; i < consumers.length; i++) {
            consumers[i] = new AtomicBoolean();
        }
        this.alive = new AtomicInteger(workerCount);
    }

    /** Any thread: enqueues a task and wakes a worker that may be parked. */
    void dispatch(Object task) {
        int target = mode == QueueMode.SHARED ? 0 : pickWorker();
        queues.get(target).offer(task);
        // The offer's index store is a release store; the parked flag read below must not move above it, or a
        // worker that has just set the flag and found the queue empty could sleep through this task (Dekker).
        VarHandle.fullFence();
        if (mode == QueueMode.SHARED) {
            for (Worker w : workers) {
                if (w.lvParked()) {
                    LockSupport.unpark(w.thread);
                    return;
                }
            }
        } else {
            Worker w = workers[target];
            if (w.lvParked()) {
                LockSupport.unpark(w.thread);
            }
        }
    }

    private int pickWorker() {
        int n = workers.length;
        if (n == 1) {
            return 0;
        }
        if (dispatch == DispatchPolicy.ROUND_ROBIN) {
            return (int) Long.remainderUnsigned(roundRobin.getAndIncrement(), n);
        }
        ThreadLocalRandom random = ThreadLocalRandom.current();
        int a = random.nextInt(n);
        int b = random.nextInt(n - 1);
        b = b >= a ? b + 1 : b;
        return queues.get(a).size() <= queues.get(b).size() ? a : b;
    }

    /**
     * Worker w: moves up to batchLimit tasks from its queue into its batch and publishes the batch, both under
     * the queue's consumer flag.
     *
     * @return whether a batch was taken (false: nothing queued, or another thread is the consumer)
     */
    boolean take(Worker w) {
        int q = queueOf(w.index);
        AtomicBoolean consumer = consumers[q];
        if (!consumer.compareAndSet(false, true)) {
            return false;
        }
        try {
            int n = drain(queues.get(q), w.batch());
            if (n == 0) {
                return false;
            }
            w.publishBatch(n);
            return true;
        } finally {
            consumer.set(false);
        }
    }

    private int queueOf(int worker) {
        return mode == QueueMode.SHARED ? 0 : worker;
    }

    private int drain(MpscUnboundedArrayQueue<Object> q, Object[] batch) {
        int n = 0;
        Object task;
        while (n < batchLimit && (task = q.poll()) != null) {
            batch[n++] = task;
        }
        if (n > 0) {
            batches.increment();
            long max;
            while (n > (max = maxBatch.get()) && !maxBatch.compareAndSet(max, n)) {
                Thread.onSpinWait();
            }
        }
        return n;
    }

    /** Runs the handler on one task, counting it; returns the next stage's task, or null (filtered or failed). */
    Object runOne(Object task) {
        try {
            return runOneOrThrow(task);
        } catch (RuntimeException | Error counted) { // counted and reported by runOneOrThrow
            return null;
        }
    }

    /**
     * Runs the handler on one task, counting it; returns the next stage's task, or null (filtered). A failure is
     * counted and reported, then thrown: unchecked as it was, a checked exception wrapped.
     */
    Object runOneOrThrow(Object task) {
        Object out;
        try {
            out = handler.handle(task);
        } catch (Throwable t) {
            recordFailure(t);
            if (t instanceof RuntimeException) {
                throw (RuntimeException) t;
            }
            if (t instanceof Error) {
                throw (Error) t;
            }
            throw new RuntimeException("stage '" + name + "' failed: " + t, t);
        }
        completed.increment();
        return out;
    }

    /** Runs a command given to the executor's execute; a throw counts as this stage's failure. */
    void runCommand(Runnable command) {
        try {
            command.run();
        } catch (Throwable t) {
            recordFailure(t);
            return;
        }
        completed.increment();
    }

    /** Whether worker i's queue (SHARED: the stage's) is empty. */
    boolean emptyFor(int worker) {
        return queues.get(queueOf(worker)).isEmpty();
    }

    /** Counts a task whose handler threw, keeps it if among the first five, and tells the failure listener. */
    void recordFailure(Throwable t) {
        failed.increment();
        synchronized (firstFailures) {
            if (firstFailures.size() < 5) {
                firstFailures.add(t);
            }
        }
        onFailure.report(name, t);
    }

    long queueDepth() {
        long depth = 0;
        for (MpscUnboundedArrayQueue<Object> q : queues) {
            depth += q.size();
        }
        return depth;
    }

    /** shutdownNow, after STOP: waits until none of this stage's workers is offering to the next stage. */
    void awaitForwards() {
        for (Worker w : workers) {
            w.awaitNotForwarding();
        }
    }

    /**
     * shutdownNow, after every forward has ended: becomes the consumer of every queue for good (waiting for a
     * worker that is filling a batch), then adds the unstarted rest of each worker's batch and the queued tasks.
     */
    void stopConsumers(List<Object> into) {
        for (AtomicBoolean consumer : consumers) {
            for (int spins = 0; !consumer.compareAndSet(false, true); spins++) {
                if (spins < 100) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
            }
        }
        for (Worker w : workers) {
            w.stealBatch(into);
        }
        for (MpscUnboundedArrayQueue<Object> q : queues) {
            for (Object t = q.poll(); t != null; t = q.poll()) {
                into.add(t);
            }
        }
    }

    void wakeAll() {
        for (Worker w : workers) {
            if (w != null && w.thread != null) {
                LockSupport.unpark(w.thread);
            }
        }
    }

    StageMetrics metrics() {
        return new StageMetrics(name, workers.length, completed.sum(), failed.sum(), batches.sum(), maxBatch.get(), queueDepth());
    }
}
