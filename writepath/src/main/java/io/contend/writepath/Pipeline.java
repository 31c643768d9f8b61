package io.contend.writepath;

import io.contend.exec.AffinityStrategy;
import io.contend.exec.QueueMode;

import java.util.concurrent.CompletableFuture;

/**
 * The request pipeline in front of a write path: parse, apply, respond, each a stage with its own threads
 * (CASSANDRA-1632). Requests and responses are {@link RequestCodec} bytes; the future completes with the response,
 * an {@code ERR} response for a request that failed (a failed write is unacknowledged).
 *
 * <p>Thread-safe: any number of threads submit. {@link #close()} lets submitted requests finish, then stops the
 * threads; it does not close the write path.
 */
public interface Pipeline extends AutoCloseable {

    /**
     * @param request request bytes
     * @return the response, once the respond stage has made it
     * @throws java.util.concurrent.RejectedExecutionException after close
     */
    CompletableFuture<byte[]> submit(byte[] request);

    /** Lets submitted requests finish and stops the pipeline's threads. */
    @Override
    void close();

    /** Makes the pipeline of a write path. */
    interface Factory {
        /**
         * @param path the write path the apply stage writes to and reads from
         * @return a started pipeline
         */
        Pipeline create(WritePath path);

        /** @return a short name for reports, e.g. {@code staged-shared-none} or {@code thread-pools} */
        String name();
    }

    /**
     * contend's {@link io.contend.exec.StagedExecutor}: MPSC queues, batched hand-off, and workers that spin, yield,
     * then park when the machine has a CPU to spare for them ({@code 3 x threadsPerStage + 1} below the available
     * processors), and park at once otherwise ({@link io.contend.idle.IdleStrategy#forBusyThreads(int)}).
     *
     * @param queueMode shared or per-thread queues
     * @param affinity how stage threads are placed on CPUs
     * @param threadsPerStage workers per stage, in [1, 4096]
     * @return the factory
     * @throws IllegalArgumentException if threadsPerStage is out of range
     */
    static Factory staged(QueueMode queueMode, AffinityStrategy affinity, int threadsPerStage) {
        return StagedPipeline.factory(queueMode, affinity, threadsPerStage);
    }

    /**
     * The JDK build: three chained {@link java.util.concurrent.ThreadPoolExecutor}s, each on its own
     * {@link java.util.concurrent.LinkedBlockingQueue}.
     *
     * @param threadsPerStage threads per pool, in [1, 4096]
     * @return the factory, named {@code thread-pools}
     * @throws IllegalArgumentException if threadsPerStage is out of range
     */
    static Factory threadPools(int threadsPerStage) {
        return ThreadPoolPipeline.factory(threadsPerStage);
    }
}
