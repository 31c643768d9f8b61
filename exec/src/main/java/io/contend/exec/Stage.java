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
 * then unparks a parked worker; take drains up to batchLimit tasks, in SHARED mode under a CAS-held consumer
 * flag so that one worker at a time is the single-producer queue's consumer.
 *
 * Ordering: the queue's offer publishes with a release store of its index; the full fence after it orders that
 * store before the volatile read of a worker's parked flag (StoreLoad, which release alone does not give). The
 * consumer flag's CAS (acquire) and volatile clear (release) hand the queue's consumer-side plain fields from one
 * worker to the next. upstreamDone is volatile and written after every upstream offer, so a worker that reads it
 * true and then finds its queue empty has seen every task. Counters are LongAdders and an AtomicLong maximum.
 */

/**
 * One stage of a {@link StagedExecutor}: its queues, its workers and its counters. See StagedExecutor's
 * implementation notes for the protocol.
 */
final class Stage {
    final String name;
    final StageHandler handler;
    final QueueMode mode;
    final DispatchPolicy dispatch;
    final int batchLimit;
    final Worker[] workers;
    /** SHARED: queues.get(0) for every worker; PER_THREAD: queues.get(i) for worker i. */
    final List<MpscUnboundedArrayQueue<Object>> queues;
    /** SHARED: held by the worker taking a batch from the shared queue (the queue has one consumer at a time). */
    final AtomicBoolean consumerLock = new AtomicBoolean();
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

    Stage(String name, StageHandler handler, int workerCount, QueueMode mode, DispatchPolicy dispatch, int batchLimit, int chunk) {
        this.name = name;
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
                if (w.parked) {
                    LockSupport.unpark(w.thread);
                    return;
                }
            }
        } else {
            Worker w = workers[target];
            if (w.parked) {
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

    /** Worker i: moves up to batchLimit tasks into batch; returns how many (0: nothing, or another worker holds the queue). */
    int take(int worker, Object[] batch) {
        if (mode == QueueMode.PER_THREAD) {
            return drain(queues.get(worker), batch);
        }
        if (!consumerLock.compareAndSet(false, true)) {
            return 0;
        }
        try {
            return drain(queues.get(0), batch);
        } finally {
            consumerLock.set(false);
        }
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

    /** Whether worker i's queue (SHARED: the stage's) is empty. */
    boolean emptyFor(int worker) {
        return queues.get(mode == QueueMode.SHARED ? 0 : worker).isEmpty();
    }

    void recordFailure(Throwable t) {
        failed.increment();
        synchronized (firstFailures) {
            if (firstFailures.size() < 5) {
                firstFailures.add(t);
            }
        }
    }

    long queueDepth() {
        long depth = 0;
        for (MpscUnboundedArrayQueue<Object> q : queues) {
            depth += q.size();
        }
        return depth;
    }

    /** After every worker has stopped: the tasks still queued, in queue order. */
    void drainRemaining(List<Object> into) {
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
