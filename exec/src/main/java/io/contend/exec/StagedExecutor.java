package io.contend.exec;

import io.contend.internal.Checks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/*
 * Implementation notes.
 *
 * Algorithm: a pipeline of stages; each stage has N workers and unbounded MPSC queues (contend's
 * MpscUnboundedArrayQueue): SHARED, one queue the workers take batches from one at a time (a CAS-held consumer
 * flag makes the single-consumer queue safe for many workers), or PER_THREAD, a queue per worker chosen by a
 * dispatch policy. A worker takes up to batchLimit tasks per wake-up, runs them, forwards each result to the
 * next stage, and idles spin -> yield -> park. Producers unpark a parked worker after their offer.
 *
 * Wake-up (Dekker): a worker stores parked = true (volatile), then re-reads its queue's producer index
 * (volatile) before parking; a producer stores the task (release store of the index), issues a full fence,
 * then reads parked. One of the two sees the other's write, so a task is never left with every worker asleep.
 *
 * Submit/shutdown: submit increments an in-flight counter, then reads the state; shutdown writes the state,
 * then waits for the counter to reach 0 (both sequentially consistent atomics, so a submit either sees the new
 * state and is rejected, or is counted and shutdown waits for its enqueue). After that no task enters stage 0.
 * Graceful: a stage's upstreamDone is set when no task can reach it any more (stage 0: after the in-flight
 * wait; stage k + 1: when the last worker of stage k exits); a worker exits when upstreamDone is set and its
 * queue is empty, so every accepted task runs through every stage exactly once. Immediate: the state becomes
 * STOP; workers stop before their next task and hand back the rest of their batch; once every worker has
 * exited, the queues are drained, so shutdownNow returns each unrun task exactly once and no task runs after
 * it returns.
 *
 * Source: CASSANDRA-1632 ("Thread workflow and cpu affinity": per-thread queues and batched delivery across
 * stages), Cassandra's SEPExecutor for the
 * spin-then-park worker; written for contend.
 */

/**
 * A staged executor: a pipeline of named stages, each with its own workers and queues, tasks flowing from one
 * stage to the next (CASSANDRA-1632). Workers drain up to a batch limit per wake-up and idle with a
 * spin, yield, park strategy; per-stage metrics count tasks, batches and queue depth.
 *
 * <p>Shutdown follows ExecutorService: {@link #shutdown()} stops accepting and lets every accepted task finish
 * every stage; {@link #shutdownNow()} stops the workers after their current task and returns the tasks not
 * run (each as it was handed to its stage); submissions after either are rejected with
 * {@link RejectedExecutionException}. No task is lost or run twice. Queues are unbounded: there is no
 * back-pressure, so a producer faster than the pipeline grows the queues.
 */
public final class StagedExecutor implements AutoCloseable {
    private static final int RUNNING = SubmitGate.OPEN;
    private static final int SHUTDOWN = 1;
    private static final int STOP = 2;

    private final List<Stage> stages;
    private final Consumer<Object> sink;
    private final IdleStrategy idle;
    private final SubmitGate gate = new SubmitGate();
    private final CountDownLatch terminated;
    private final AtomicInteger aliveWorkers;
    private final List<Object> unrun = Collections.synchronizedList(new ArrayList<>());
    private final List<Thread> threads = new ArrayList<>();

    private StagedExecutor(Builder b) {
        this.sink = b.sink;
        this.idle = b.idle;
        List<Stage> list = new ArrayList<>();
        int total = 0;
        for (Builder.StageSpec spec : b.specs) {
            list.add(new Stage(spec.name, spec.handler, spec.workers, b.queueMode, b.dispatch, b.batchLimit, b.chunk));
            total += spec.workers;
        }
        for (int i = 0; i + 1 < list.size(); i++) {
            list.get(i).next = list.get(i + 1);
        }
        this.stages = List.copyOf(list);
        this.terminated = new CountDownLatch(1);
        this.aliveWorkers = new AtomicInteger(total);
        for (Stage stage : stages) {
            for (int i = 0; i < stage.workers.length; i++) {
                Worker w = new Worker(this, stage, i);
                stage.workers[i] = w;
                Thread t = b.threadFactory.newThread(w);
                if (t == null) {
                    throw new IllegalStateException("the thread factory returned null for stage " + stage.name);
                }
                t.setName("contend-" + stage.name + "-" + i);
                w.thread = t;
                threads.add(t);
            }
        }
        threads.forEach(Thread::start);
    }

    /** @return a builder; at least one stage is required */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Hands a task to the first stage.
     *
     * @throws RejectedExecutionException after shutdown
     * @throws NullPointerException if task is null
     */
    public void submit(Object task) {
        Objects.requireNonNull(task, "task");
        if (!gate.enter()) {
            throw new RejectedExecutionException("executor is shut down: " + this);
        }
        try {
            stages.get(0).dispatch(task);
        } finally {
            gate.exit();
        }
    }

    /** Stops accepting tasks; every accepted task still runs through every stage. Returns at once. */
    public void shutdown() {
        if (gate.close(SHUTDOWN)) {
            Stage first = stages.get(0);
            first.upstreamDone = true;
            first.wakeAll();
        }
    }

    /**
     * Stops the workers after the task each is running, and returns the tasks that did not run, from every
     * stage. Blocks until every worker has stopped.
     *
     * @return the unrun tasks, each once
     * @throws InterruptedException if interrupted while waiting for the workers
     */
    public List<Object> shutdownNow() throws InterruptedException {
        gate.close(STOP);
        stages.forEach(Stage::wakeAll);
        for (Thread t : threads) {
            t.join();
        }
        List<Object> result;
        synchronized (unrun) {
            result = new ArrayList<>(unrun);
            unrun.clear();
        }
        for (Stage stage : stages) {
            stage.drainRemaining(result);
        }
        return result;
    }

    /**
     * @return true if every worker has exited within the timeout
     * @throws InterruptedException if interrupted
     */
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return terminated.await(timeout, unit);
    }

    /** @return whether shutdown or shutdownNow has been called */
    public boolean isShutdown() {
        return gate.state() != RUNNING;
    }

    /** @return whether every worker has exited */
    public boolean isTerminated() {
        return terminated.getCount() == 0;
    }

    /**
     * Graceful shutdown, then waits for termination, like ExecutorService.close on JDK 19+: if the waiting
     * thread is interrupted, the workers are told to stop after their current task (the unrun tasks are
     * dropped, as the caller asked to stop waiting), and the interrupt is restored once they have.
     */
    @Override
    public void close() {
        shutdown();
        boolean interrupted = false;
        while (!isTerminated()) {
            try {
                terminated.await();
            } catch (InterruptedException e) {
                interrupted = true;
                gate.close(STOP);
                stages.forEach(Stage::wakeAll);
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** @return each stage's counters, in pipeline order */
    public List<StageMetrics> metrics() {
        List<StageMetrics> m = new ArrayList<>();
        for (Stage s : stages) {
            m.add(s.metrics());
        }
        return m;
    }

    /** @return the first failures of a stage's handler (at most 5) */
    public List<Throwable> failures(String stage) {
        for (Stage s : stages) {
            if (s.name.equals(stage)) {
                synchronized (s.firstFailures) {
                    return List.copyOf(s.firstFailures);
                }
            }
        }
        throw new IllegalArgumentException("no stage named '" + stage + "'");
    }

    /** @return every worker thread, in stage order */
    public List<Thread> threads() {
        return List.copyOf(threads);
    }

    boolean stopping() {
        return gate.state() == STOP;
    }

    IdleStrategy idleStrategy() {
        return idle;
    }

    void keepUnrun(List<Object> tasks) {
        unrun.addAll(tasks);
    }

    void forward(Stage from, Object result) {
        if (from.next != null) {
            from.next.dispatch(result);
        } else if (sink != null) {
            sink.accept(result);
        }
    }

    void workerExited(Stage stage) {
        if (stage.alive.decrementAndGet() == 0 && stage.next != null) {
            stage.next.upstreamDone = true;
            stage.next.wakeAll();
        }
        if (aliveWorkers.decrementAndGet() == 0) {
            terminated.countDown();
        }
    }

    @Override
    public String toString() {
        String[] names = {"running", "shutdown", "stop"};
        StringBuilder s = new StringBuilder("StagedExecutor{").append(names[gate.state()]);
        for (Stage stage : stages) {
            s.append(", ").append(stage.name).append('x').append(stage.workers.length).append(' ').append(stage.mode.label())
                    .append(" depth=").append(stage.queueDepth());
        }
        return s.append('}').toString();
    }

    /** Settings of a {@link StagedExecutor}; every setter validates its argument. */
    public static final class Builder {
        private final List<StageSpec> specs = new ArrayList<>();
        private QueueMode queueMode = QueueMode.SHARED;
        private DispatchPolicy dispatch = DispatchPolicy.ROUND_ROBIN;
        private int batchLimit = 64;
        private int chunk = 1024;
        private IdleStrategy idle = IdleStrategy.DEFAULT;
        private ThreadFactory threadFactory = Executors.defaultThreadFactory();
        private Consumer<Object> sink;

        private record StageSpec(String name, int workers, StageHandler handler) {
        }

        private Builder() {
        }

        /**
         * Adds a stage after the ones already added.
         *
         * @param name unique, non-empty
         * @param workers threads, in [1, 4096]
         * @param handler what the stage does
         * @return this
         */
        public Builder stage(String name, int workers, StageHandler handler) {
            Objects.requireNonNull(handler, "handler");
            if (name == null || name.isEmpty() || specs.stream().anyMatch(s -> s.name.equals(name))) {
                throw new IllegalArgumentException("stage names must be non-empty and unique: '" + name + "'");
            }
            Checks.inRange("workers", workers, 1, 4096);
            specs.add(new StageSpec(name, workers, handler));
            return this;
        }

        /** @param mode shared (default) or per-thread queues, for every stage @return this */
        public Builder queueMode(QueueMode mode) {
            this.queueMode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** @param policy how per-thread queues are chosen (default round robin) @return this */
        public Builder dispatch(DispatchPolicy policy) {
            this.dispatch = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /** @param limit most tasks a worker takes per wake-up, in [1, 65536] (default 64) @return this */
        public Builder batchLimit(int limit) {
            this.batchLimit = Checks.inRange("batchLimit", limit, 1, 65536);
            return this;
        }

        /** @param chunkSize the queues' chunk size, a power of two in [2, 2^20] (default 1024) @return this */
        public Builder queueChunk(int chunkSize) {
            Checks.inRange("queueChunk", chunkSize, 2, 1 << 20);
            if (Integer.bitCount(chunkSize) != 1) {
                throw new IllegalArgumentException("queueChunk must be a power of two: " + chunkSize);
            }
            this.chunk = chunkSize;
            return this;
        }

        /** @param strategy how idle workers wait @return this */
        public Builder idle(IdleStrategy strategy) {
            this.idle = Objects.requireNonNull(strategy, "strategy");
            return this;
        }

        /** @param factory makes the worker threads, e.g. an affinity strategy's decorator @return this */
        public Builder threadFactory(ThreadFactory factory) {
            this.threadFactory = Objects.requireNonNull(factory, "factory");
            return this;
        }

        /** @param sink receives the last stage's non-null results, on its worker threads @return this */
        public Builder sink(Consumer<Object> sink) {
            this.sink = Objects.requireNonNull(sink, "sink");
            return this;
        }

        /** @return a started executor */
        public StagedExecutor build() {
            if (specs.isEmpty()) {
                throw new IllegalStateException("a staged executor needs at least one stage");
            }
            return new StagedExecutor(this);
        }
    }
}
