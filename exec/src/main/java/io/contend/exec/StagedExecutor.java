package io.contend.exec;

import io.contend.idle.IdleStrategy;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;

/*
 * Implementation notes.
 *
 * Algorithm: a pipeline of stages; each stage has N workers and unbounded MPSC queues (contend's
 * MpscUnboundedArrayQueue): SHARED, one queue the workers take batches from one at a time, or PER_THREAD, a
 * queue per worker chosen by a dispatch policy. Every queue has a consumer flag (an AtomicBoolean taken with a
 * CAS) that makes its holder the queue's single consumer: a worker holds it while it moves up to batchLimit
 * tasks into its private batch, and shutdownNow takes it for good. A worker runs its batch, forwards each
 * result to the next stage, and idles with its own IdleStrategy (by default IdleStrategy.forBusyThreads of the
 * workers and one submitter: spin, yield, then park while CPUs are to spare, else park at once). Producers
 * unpark a parked worker after their offer.
 *
 * Wake-up (Dekker): before an idle step that may park (IdleStrategy.mayBlock), a worker stores parked = true
 * (volatile), then re-reads its queue's producer index (volatile) before idling; a producer stores the task (release store of the index), issues a full fence,
 * then reads parked. One of the two sees the other's write, so a task is never left with every worker asleep.
 *
 * Submit/shutdown: submit passes the SubmitGate (an in-flight count around the enqueue); closing the gate
 * writes the state and waits for the count to reach 0, so after it no submitted task can enter stage 0.
 * Graceful: a stage's upstreamDone is set when no task can reach it any more (stage 0: after the gate closed;
 * stage k + 1: when the last worker of stage k exits); a worker exits when upstreamDone is set and its queue is
 * empty, so every accepted task runs through every stage exactly once.
 *
 * Immediate (shutdownNow), without waiting for any handler: (1) close the gate with STOP; (2) wait until no
 * worker is between its STOP check and the end of an offer to the next stage (Worker.forwarding, Dekker with
 * the STOP write: a worker that saw the old state is seen forwarding, one that sees STOP does not offer);
 * after that no task enters any queue; (3) per stage, take every queue's consumer flag (held by a worker only
 * while it fills a batch, so this waits for at most batchLimit polls), steal the unstarted rest of each
 * worker's batch, then drain the queues. A worker claims each task of its batch with a CAS on its cursor and
 * shutdownNow steals with one getAndSet, so each task is either claimed (run) or stolen (returned), never
 * both; a batch is published under the consumer flag, so once shutdownNow holds the flag it sees every batch.
 * (4) Interrupt every worker. A worker that finishes a task after STOP runs the task's remaining stages itself
 * and hands the result to the sink, so every accepted task ends exactly once: at the end of the pipeline (or
 * failed, or filtered by a null), or in the list shutdownNow returns.
 *
 * Failures: handlers, commands and the sink are called inside catch-all blocks that count and report (the
 * FailureListener), so no task's failure ends a worker. What escapes a worker's loop is the loop's own (its
 * IdleStrategy, an Error in a queue); the dying worker then runs shutdownNow itself (workerFailed), so its stage's
 * queued tasks are stolen as shutdownNow steals them and kept in `abandoned` for the next caller of shutdownNow:
 * the exactly-once argument above holds unchanged, with `abandoned` as one more place a task can be returned from.
 *
 * Types: stages and queues hold Object; the builder's type parameters make each handler's input the previous
 * handler's output, so the casts in Stage.runOne cannot fail for tasks that came through submit. Runnables given
 * to execute travel as Command objects through the first stage's queues and are run, not handled.
 *
 * Start: threads are made by the factory and started after the executor is constructed; if a start fails, the
 * started workers are stopped and joined before the exception propagates, so no worker outlives a failed build.
 *
 * Source: CASSANDRA-1632 ("Thread workflow and cpu affinity": per-thread queues and batched delivery across
 * stages), Cassandra's SEPExecutor for the spin-then-park worker, java.util.concurrent.ExecutorService for the
 * shutdown contract; written for contend.
 */

/**
 * A staged executor: a pipeline of named stages, each with its own workers and queues, tasks flowing from one
 * stage to the next (CASSANDRA-1632). Workers drain up to a batch limit per wake-up and idle with an
 * {@link IdleStrategy} of their own (by default spin, yield, park where the machine has more CPUs than the workers
 * and one submitter, else park at once: see {@link Builder#idle}); per-stage metrics count tasks, batches and queue
 * depth. Typed end to end: {@code StagedExecutor<I, O>} takes tasks of type I through {@link #submit(Object)} and
 * hands results of type O to its sink, and the builder checks that each stage takes what the one before returns:
 * <pre>{@code
 * StagedExecutor<String, Integer> lengths = StagedExecutor.<String>builder()
 *         .stage("trim", 2, String::trim)
 *         .stage("length", 2, String::length)
 *         .sink(n -> total.addAndGet(n))
 *         .build();
 * }</pre>
 *
 * <p>It is also an {@link Executor}: {@link #execute(Runnable)} runs a command on a worker of the first stage, in
 * turn with the submitted tasks, without passing it through any handler. It is not an {@link java.util.concurrent.ExecutorService}:
 * that interface's {@code submit(Runnable)} and {@code submit(Callable)} would make {@link #submit(Object)} ambiguous
 * for every lambda, and its futures do not fit tasks that change type at every stage.
 *
 * <p>Shutdown follows {@link java.util.concurrent.ExecutorService}'s contract: {@link #shutdown()} stops
 * accepting and lets every accepted task finish every stage, without waiting; {@link #shutdownNow()} stops
 * accepting, interrupts the workers and returns, without waiting for any running task, the tasks that have not
 * started their current stage (each as it was handed to that stage); {@link #awaitTermination} waits for the
 * workers to exit. A task that is running when shutdownNow is called finishes its remaining stages on its
 * worker's thread (an interrupted handler may throw, which counts as a failure), so no task is lost or run
 * twice: each accepted task reaches the end of the pipeline or is returned, exactly once. Submissions after
 * either shutdown are rejected with {@link RejectedExecutionException}. As in ThreadPoolExecutor, an interrupt a
 * task leaves on its worker's thread is cleared before the next task and before the worker idles; only shutdownNow's
 * stays. Queues are unbounded: there is no back-pressure, so a producer faster than the pipeline grows the queues.
 *
 * <p>Failures are never silent: a handler, a command or the sink that throws is counted ({@link #metrics()},
 * {@link #failures(String)}, {@link #sinkFailures()}) and reported to the {@link FailureListener} (by default a
 * WARNING log each), and the worker goes on. A worker whose own loop throws outside a task (a broken
 * {@link IdleStrategy}, an Error in a queue) cannot go on, and a stage short of a worker could strand tasks; the
 * executor then stops as {@link #shutdownNow()} would, keeps the tasks not started for the next shutdownNow call,
 * rejects submissions with that failure as the cause, and reports it ({@link #failure()}).
 *
 * @param <I> what {@link #submit(Object)} takes: the first stage's input
 * @param <O> what the last stage returns, and the sink receives
 */
public final class StagedExecutor<I, O> implements Executor, AutoCloseable {
    private static final int RUNNING = SubmitGate.OPEN;
    private static final int SHUTDOWN = 1;
    private static final int STOP = 2;
    /** The builder's factory when none is given: its threads are renamed after their stage. */
    private static final ThreadFactory DEFAULT_THREAD_FACTORY = Executors.defaultThreadFactory();

    private final List<Stage> stages;
    private final Consumer<Object> sink;
    private final Supplier<? extends IdleStrategy> idle;
    private final SubmitGate gate = new SubmitGate();
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final AtomicInteger aliveWorkers;
    private final AtomicBoolean drained = new AtomicBoolean();
    private final FailureListener onFailure;
    private final java.util.concurrent.atomic.LongAdder sinkFailures = new java.util.concurrent.atomic.LongAdder();
    /** The first throwable that stopped a worker outside a task; the executor stopped then (see workerFailed). */
    private final java.util.concurrent.atomic.AtomicReference<Throwable> failure =
            new java.util.concurrent.atomic.AtomicReference<>();
    /** Tasks a worker failure took out of the queues, for the next shutdownNow to return; guarded by itself. */
    private final List<Runnable> abandoned = new ArrayList<>();
    /** Set once by start, before the executor is handed out; volatile so that any thread sees it. */
    private volatile List<Thread> threads = List.of();

    private StagedExecutor(Builder<I, O> b) {
        this.sink = b.sink;
        this.onFailure = b.onFailure;
        List<Stage> list = new ArrayList<>();
        int total = 0;
        for (StageSpec spec : b.specs) {
            list.add(new Stage(spec.name, spec.handler, spec.workers, b.queueMode, b.dispatch, b.batchLimit, b.chunk,
                    b.onFailure));
            total += spec.workers;
        }
        int busy = total + 1; // the workers and at least one thread that submits to them
        this.idle = b.idle != null ? b.idle : () -> IdleStrategy.forBusyThreads(busy);
        for (int i = 0; i + 1 < list.size(); i++) {
            list.get(i).next = list.get(i + 1);
        }
        this.stages = List.copyOf(list);
        this.aliveWorkers = new AtomicInteger(total);
    }

    /**
     * Makes every worker's thread, then starts them. Called once, by build, before the executor is handed out.
     * If the factory or a start throws, the workers already started are stopped and joined first.
     */
    private void start(ThreadFactory factory) {
        List<Thread> made = new ArrayList<>();
        java.util.Set<IdleStrategy> given = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Stage stage : stages) {
            for (int i = 0; i < stage.workers.length; i++) {
                Worker w = new Worker(this, stage, i, newIdleStrategy(stage, i, given));
                Thread t = factory.newThread(w);
                if (t == null) {
                    throw new IllegalStateException("the thread factory returned null for stage " + stage.name);
                }
                if (factory == DEFAULT_THREAD_FACTORY) {
                    t.setName("contend-" + stage.name + "-" + i);
                }
                w.thread = t;
                stage.workers[i] = w;
                made.add(t);
            }
        }
        threads = List.copyOf(made);
        int started = 0;
        try {
            for (Thread t : made) {
                t.start();
                started++;
            }
        } catch (RuntimeException | Error e) {
            stopStarted(made.subList(0, started));
            throw e;
        }
    }

    /** After a failed start: stops the workers that did start and waits until they have exited. */
    private void stopStarted(List<Thread> started) {
        gate.close(STOP);
        boolean interrupted = false;
        for (Thread t : started) {
            t.interrupt();
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private IdleStrategy newIdleStrategy(Stage stage, int worker, java.util.Set<IdleStrategy> given) {
        IdleStrategy s = idle.get();
        if (s == null) {
            throw new IllegalStateException("the idle strategy supplier returned null for worker " + worker
                    + " of stage " + stage.name);
        }
        // a strategy keeps per-thread state: one instance for two workers would let one park unannounced
        if (!(s instanceof Enum) && !given.add(s)) {
            throw new IllegalStateException("the idle strategy supplier returned the same " + s + " twice: give each "
                    + "worker its own (a stateful strategy belongs to one thread)");
        }
        return s;
    }

    /**
     * A builder whose first stage takes tasks of type {@code I}; at least one stage is required. Write the type
     * where Java cannot infer it: {@code StagedExecutor.<Request>builder()}.
     *
     * @param <I> what the executor's submit will take
     * @return a builder with the defaults
     */
    public static <I> Builder<I, I> builder() {
        return new Builder<>();
    }

    /**
     * Hands a task to the first stage.
     *
     * @param task the task, not null
     * @throws RejectedExecutionException after shutdown
     * @throws NullPointerException if task is null
     */
    public void submit(I task) {
        enqueue(Objects.requireNonNull(task, "task"));
    }

    /**
     * Runs {@code command} on a worker of the first stage, in turn with the submitted tasks (the same queues), without
     * passing it through a handler or to the sink. A command that throws counts as a failure of the first stage. If
     * {@link #shutdownNow()} is called before it starts, shutdownNow returns it.
     *
     * @param command what to run, not null
     * @throws RejectedExecutionException after shutdown
     * @throws NullPointerException if command is null
     */
    @Override
    public void execute(Runnable command) {
        enqueue(new Command(Objects.requireNonNull(command, "command")));
    }

    private void enqueue(Object task) {
        if (!gate.enter()) {
            Throwable cause = failure.get();
            throw cause == null ? new RejectedExecutionException("executor is shut down: " + this)
                    : new RejectedExecutionException("executor stopped after a worker failed: " + this, cause);
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
     * Stops accepting tasks, interrupts every worker and returns the tasks that have not started their current
     * stage, from every stage, in stage order. Does not wait for running tasks: each finishes its remaining
     * stages on its worker's thread (use {@link #awaitTermination} to wait for that). Returns at once, apart
     * from waiting for enqueues already under way, which never run user code.
     *
     * <p>As {@link java.util.concurrent.ExecutorService#shutdownNow()} does, it returns Runnables: a command given to
     * {@link #execute(Runnable)} comes back as itself; a task comes back as a {@link Pending}, which names the stage
     * and the task as that stage received it, and whose {@code run()} takes it through its remaining stages on the
     * calling thread, the sink included.
     *
     * <p>After a worker failure ({@link #failure()}) the executor has already stopped this way and kept the tasks not
     * started: the next call returns them.
     *
     * @return the tasks not started, each once, in stage order; empty if an earlier shutdownNow already returned them
     */
    public List<Runnable> shutdownNow() {
        gate.close(STOP);
        for (Thread t : threads) {
            t.interrupt();
        }
        stages.forEach(Stage::wakeAll);
        List<Runnable> pending = new ArrayList<>();
        synchronized (abandoned) {
            pending.addAll(abandoned);
            abandoned.clear();
        }
        if (!drained.compareAndSet(false, true)) {
            return pending;
        }
        for (Stage stage : stages) {
            stage.awaitForwards();
        }
        List<Object> stolen = new ArrayList<>();
        for (Stage stage : stages) {
            stolen.clear();
            stage.stopConsumers(stolen);
            for (Object task : stolen) {
                pending.add(task instanceof Command ? ((Command) task).command : new Pending(stage, task));
            }
        }
        return pending;
    }

    /**
     * Waits until every worker has exited after a shutdown, or the timeout.
     *
     * @param timeout how long to wait at most
     * @param unit the timeout's unit
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
     * thread is interrupted, it calls {@link #shutdownNow()} (the tasks not started are discarded, as the
     * caller asked to stop waiting) and keeps waiting for the running ones; the interrupt is restored at the end.
     *
     * @throws IllegalStateException if called by one of this executor's own workers, which would wait for itself
     *         forever (call {@link #shutdown()} there); nothing is shut down then
     */
    @Override
    public void close() {
        if (threads.contains(Thread.currentThread())) {
            throw new IllegalStateException("close() on a worker of this executor (" + Thread.currentThread().getName()
                    + ") would wait for that worker to end; call shutdown() from a task");
        }
        shutdown();
        boolean interrupted = false;
        while (!isTerminated()) {
            try {
                terminated.await();
            } catch (InterruptedException e) {
                if (!interrupted) {
                    interrupted = true;
                    shutdownNow();
                }
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

    /**
     * @param stage a stage's name
     * @return the first failures of the stage's handler (at most 5)
     */
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
        return threads;
    }

    boolean stopping() {
        return gate.state() == STOP;
    }

    /**
     * The last stage's result: to the sink, if any. A sink that throws is counted ({@link #sinkFailures()}) and
     * reported to the failure listener; the task still counts as completed by its stage, whose handler did not throw.
     */
    void sink(Object result) {
        if (sink != null) {
            try {
                sink.accept(result);
            } catch (Throwable t) {
                sinkFailures.increment();
                onFailure.report(FailureListener.SINK, t);
            }
        }
    }

    /** After STOP: runs a task's remaining stages, from {@code stage} on, on the calling worker's thread. */
    void finishInline(Stage stage, Object task) {
        Object t = task;
        for (Stage s = stage; s != null && t != null; s = s.next) {
            t = s.runOne(t);
        }
        if (t != null) {
            sink(t);
        }
    }

    /** For {@link Pending#run()}: as finishInline, but a failure of a handler or of the sink reaches the caller. */
    private void finishOrThrow(Stage stage, Object task) {
        Object t = task;
        for (Stage s = stage; s != null && t != null; s = s.next) {
            t = s.runOneOrThrow(t);
        }
        if (t != null && sink != null) {
            try {
                sink.accept(t);
            } catch (RuntimeException | Error e) {
                sinkFailures.increment();
                onFailure.report(FailureListener.SINK, e);
                throw e;
            }
        }
    }

    /**
     * A worker's loop threw outside a task (its idle strategy, or an Error in the queues): the worker is gone, and a
     * stage short of a worker could leave tasks in a queue nobody reads. So the executor stops as shutdownNow does,
     * keeping the tasks not started for the next shutdownNow, rejects submissions with this failure as the cause,
     * and reports it.
     */
    void workerFailed(Stage stage, Throwable t) {
        failure.compareAndSet(null, t);
        onFailure.report(stage.name, t);
        List<Runnable> taken = shutdownNow();
        synchronized (abandoned) {
            abandoned.addAll(taken);
        }
    }

    /** @return the failure that stopped a worker outside a task, and with it the executor; null if none did */
    public Throwable failure() {
        return failure.get();
    }

    /** @return results the sink threw on (each also went to the failure listener) */
    public long sinkFailures() {
        return sinkFailures.sum();
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
        Worker first = stages.get(0).workers[0];
        if (first != null) {
            String spec;
            try {
                spec = first.idleStrategy().spec();
            } catch (RuntimeException e) { // a caller's strategy: its failure must not replace, say, a rejection
                spec = first.idleStrategy().getClass().getName() + " (spec() threw " + e + ")";
            }
            s.append(", idle=").append(spec);
        }
        return s.append('}').toString();
    }

    /** A command given to {@link #execute(Runnable)}, on its way through the first stage's queues. */
    static final class Command {
        final Runnable command;

        Command(Runnable command) {
            this.command = command;
        }
    }

    /**
     * A task that {@link #shutdownNow()} took before its stage started it. {@link #run()} runs that stage and the
     * ones after it on the calling thread and hands the result to the sink, as a worker would have; it is meant to
     * be called at most once.
     */
    public final class Pending implements Runnable {
        private final Stage stage;
        private final Object task;
        private final AtomicBoolean ran = new AtomicBoolean();

        Pending(Stage stage, Object task) {
            this.stage = stage;
            this.task = task;
        }

        /** @return the name of the stage that had not started the task */
        public String stage() {
            return stage.name;
        }

        /** @return the task as that stage received it: the submitted task for the first stage */
        public Object task() {
            return task;
        }

        /**
         * @throws IllegalStateException if it ran before: a task finishes once
         * @throws RuntimeException or Error that a stage's handler or the sink threw (counted and reported as a
         *         worker's would be); a checked exception of a handler comes wrapped in a RuntimeException
         */
        @Override
        public void run() {
            if (!ran.compareAndSet(false, true)) {
                throw new IllegalStateException("already run: " + this);
            }
            finishOrThrow(stage, task);
        }

        @Override
        public String toString() {
            return "Pending{" + stage.name + ": " + task + "}";
        }
    }

    private record StageSpec(String name, int workers, StageHandler<Object, Object> handler) {
    }

    /**
     * Settings of a {@link StagedExecutor}; every setter validates its argument. Not thread-safe.
     *
     * @param <I> what the executor takes
     * @param <T> what the last stage added so far returns (I before the first stage)
     */
    public static final class Builder<I, T> {
        private final List<StageSpec> specs = new ArrayList<>();
        private QueueMode queueMode = QueueMode.SHARED;
        private DispatchPolicy dispatch = DispatchPolicy.ROUND_ROBIN;
        private int batchLimit = 64;
        private int chunk = 1024;
        /** Null for the default, {@link IdleStrategy#forBusyThreads} of the workers and one submitter. */
        private Supplier<? extends IdleStrategy> idle;
        private ThreadFactory threadFactory = DEFAULT_THREAD_FACTORY;
        private Consumer<Object> sink;
        private FailureListener onFailure = FailureListener.logging();

        private Builder() {
        }

        /**
         * @param listener hears every failure: a handler, the sink or a command that threw, or a worker stopped
         *        outside a task (default: {@link FailureListener#logging()}, a WARNING each)
         * @return this
         */
        public Builder<I, T> onFailure(FailureListener listener) {
            this.onFailure = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * Adds a stage after the ones already added.
         *
         * @param name unique, non-empty
         * @param workers threads, in [1, 4096]
         * @param handler what the stage does with what the previous stage returned
         * @param <R> what this stage returns
         * @return this builder, now typed by the new last stage
         */
        @SuppressWarnings("unchecked") // the chain of types is checked here, at compile time; stages hold Object
        public <R> Builder<I, R> stage(String name, int workers, StageHandler<? super T, ? extends R> handler) {
            Objects.requireNonNull(handler, "handler");
            if (sink != null) {
                throw new IllegalStateException("add every stage before the sink: the sink takes the last stage's "
                        + "results (stage '" + name + "' came after it)");
            }
            if (name == null || name.isEmpty() || specs.stream().anyMatch(s -> s.name.equals(name))
                    || name.equals(FailureListener.SINK)) {
                throw new IllegalArgumentException("stage names must be non-empty, unique and not "
                        + FailureListener.SINK + ": '" + name + "'");
            }
            inRange("workers", workers, 1, 4096);
            specs.add(new StageSpec(name, workers, (StageHandler<Object, Object>) handler));
            return (Builder<I, R>) this;
        }

        /**
         * @param mode shared (default) or per-thread queues, for every stage
         * @return this
         */
        public Builder<I, T> queueMode(QueueMode mode) {
            this.queueMode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /**
         * @param policy how per-thread queues are chosen (default round robin)
         * @return this
         */
        public Builder<I, T> dispatch(DispatchPolicy policy) {
            this.dispatch = Objects.requireNonNull(policy, "policy");
            return this;
        }

        /**
         * @param limit most tasks a worker takes per wake-up, in [1, 65536] (default 64)
         * @return this
         */
        public Builder<I, T> batchLimit(int limit) {
            this.batchLimit = inRange("batchLimit", limit, 1, 65536);
            return this;
        }

        /**
         * @param chunkSize the queues' chunk size, a power of two in [2, 2^20] (default 1024)
         * @return this
         */
        public Builder<I, T> queueChunk(int chunkSize) {
            inRange("queueChunk", chunkSize, 2, 1 << 20);
            if (Integer.bitCount(chunkSize) != 1) {
                throw new IllegalArgumentException("queueChunk must be a power of two: " + chunkSize);
            }
            this.chunk = chunkSize;
            return this;
        }

        /**
         * How idle workers wait. Each worker asks the supplier once, at build, for an instance of its own (idle
         * strategies keep per-thread state). A worker publishes that it may be parked before each idle step for which
         * {@link IdleStrategy#mayBlock()} is true, and producers unpark it then; a strategy that parks without saying
         * so is woken only by its own timeout.
         *
         * <p>Default: {@link IdleStrategy#forBusyThreads} of the executor's workers and one thread that submits,
         * that is {@link IdleStrategy#spinThenPark()} when the machine has more CPUs than those, else
         * {@link IdleStrategy#parkAtOnce()}. Where more threads compete for the CPUs (several submitters, other
         * pools), pass {@code () -> IdleStrategy.forBusyThreads(n)} with their number. Why: with more busy threads than
         * CPUs every yield of spinThenPark is a context switch; the lab's {@code affinity} experiment counts them per
         * request ({@code contextSwitches} rows; docs/results/2026-11-27-quick-6 has the unpinned rows with
         * spinThenPark on 2 CPUs, about six times the JDK pool's).
         *
         * @param strategies gives each worker its strategy, not null
         * @return this
         */
        public Builder<I, T> idle(Supplier<? extends IdleStrategy> strategies) {
            this.idle = Objects.requireNonNull(strategies, "strategies");
            return this;
        }

        /**
         * @param factory makes the worker threads, e.g. an affinity strategy's decorator; they keep the names it gives
         *        them (without a factory, the workers are named {@code contend-<stage>-<index>})
         * @return this
         */
        public Builder<I, T> threadFactory(ThreadFactory factory) {
            this.threadFactory = Objects.requireNonNull(factory, "factory");
            return this;
        }

        /**
         * @param sink receives the last stage's non-null results, on its worker threads
         * @return this
         */
        @SuppressWarnings("unchecked") // only the last stage's results reach the sink, and they are Ts
        public Builder<I, T> sink(Consumer<? super T> sink) {
            this.sink = (Consumer<Object>) Objects.requireNonNull(sink, "sink");
            return this;
        }

        /**
         * @return a started executor
         * @throws IllegalStateException if no stage was added, or the thread factory or the idle strategy supplier
         *         returned null, or the supplier returned one instance for two workers (idle strategies keep
         *         per-thread state)
         * @throws RuntimeException or Error as the thread factory or {@link Thread#start()} threw it; the workers
         *         already started have then exited
         */
        public StagedExecutor<I, T> build() {
            if (specs.isEmpty()) {
                throw new IllegalStateException("a staged executor needs at least one stage");
            }
            StagedExecutor<I, T> executor = new StagedExecutor<>(this);
            executor.start(threadFactory);
            return executor;
        }

        /** core's argument checks are internal to core, so the builder has its own. */
        private static int inRange(String name, int value, int min, int max) {
            if (value < min || value > max) {
                throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "]: " + value);
            }
            return value;
        }
    }
}
