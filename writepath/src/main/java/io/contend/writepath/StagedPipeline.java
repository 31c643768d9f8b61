package io.contend.writepath;

import io.contend.exec.AffinityStrategy;
import io.contend.exec.QueueMode;
import io.contend.exec.StagedExecutor;
import io.contend.idle.IdleStrategy;

import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;

/**
 * contend's pipeline: a {@link StagedExecutor} with the stages parse, apply and respond. Each stage catches its
 * task's failure and completes the future with an {@code ERR} response, or an {@link Error} exceptionally with
 * itself (and ends the task), so every request
 * completes exactly once; the executor's own guarantees (see its notes) do the rest.
 */
final class StagedPipeline implements Pipeline {
    private final StagedExecutor<Task, Object> executor;

    /** One request on its way through the stages. */
    private static final class Task {
        final CompletableFuture<byte[]> done = new CompletableFuture<>();
        byte[] request;
        RequestCodec.Op op;
        Object result;

        Task(byte[] request) {
            this.request = request;
        }

        /**
         * @return null, ending the task, after completing it with an error response, or for an {@link Error}
         *         (OutOfMemoryError) exceptionally with the error itself, so that the caller can treat it as fatal
         */
        Task fail(Throwable t) {
            if (t instanceof Error) {
                done.completeExceptionally(t);
            } else {
                done.complete(RequestCodec.error(t));
            }
            return null;
        }
    }

    private StagedPipeline(WritePath path, QueueMode mode, AffinityStrategy affinity, int threads) {
        // Its stages and at least one thread feeding them: spin only where a CPU is to spare.
        this.executor = StagedExecutor.<Task>builder().queueMode(mode)
                .idle(() -> IdleStrategy.forBusyThreads(3 * threads + 1))
                .threadFactory(affinity.decorate(StagedPipeline::daemon, Set.of()))
                .<Task>stage("parse", threads, task -> {
                    try {
                        task.op = RequestCodec.parse(task.request);
                        task.request = null;
                        return task;
                    } catch (RuntimeException | Error e) {
                        return task.fail(e);
                    }
                })
                .<Task>stage("apply", threads, task -> {
                    try {
                        task.result = RequestCodec.apply(task.op, path);
                        return task;
                    } catch (RuntimeException | Error e) {
                        return task.fail(e);
                    }
                })
                .<Object>stage("respond", threads, task -> {
                    try {
                        task.done.complete(RequestCodec.respond(task.result));
                    } catch (RuntimeException | Error e) {
                        task.fail(e);
                    }
                    return null;
                })
                .build();
    }

    /**
     * Daemon threads, like the flush thread's: a pipeline that is never closed (a workload whose options were
     * refused after it was built) must not keep the JVM alive.
     */
    private static Thread daemon(Runnable r) {
        Thread t = Executors.defaultThreadFactory().newThread(r);
        t.setDaemon(true);
        return t;
    }

    static Factory factory(QueueMode mode, AffinityStrategy affinity, int threads) {
        Objects.requireNonNull(mode, "queueMode");
        Objects.requireNonNull(affinity, "affinity");
        if (threads < 1 || threads > 4096) {
            throw new IllegalArgumentException("threadsPerStage must be in [1, 4096]: " + threads);
        }
        String name = "staged-" + mode.label() + "-" + affinity.label() + "-" + threads;
        return new NamedPipelineFactory(name, path -> new StagedPipeline(path, mode, affinity, threads));
    }

    @Override
    public CompletableFuture<byte[]> submit(byte[] request) {
        Task task = new Task(Objects.requireNonNull(request, "request"));
        executor.submit(task);
        return task.done;
    }

    @Override
    public void close() {
        executor.close();
    }

    @Override
    public String toString() {
        return "StagedPipeline[" + executor + "]";
    }
}
