package io.contend.writepath;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The JDK build of the pipeline: three chained fixed {@link ThreadPoolExecutor}s on {@link LinkedBlockingQueue}s;
 * each stage's task submits the next stage's. A failure completes the future with an {@code ERR} response, an
 * {@link Error} (OutOfMemoryError) exceptionally with the error itself, so that the caller can treat it as fatal.
 */
final class ThreadPoolPipeline implements Pipeline {
    private static final String[] STAGES = {"parse", "apply", "respond"};
    private final ThreadPoolExecutor[] pools = new ThreadPoolExecutor[3];
    private final WritePath path;

    private ThreadPoolPipeline(WritePath path, int threads) {
        this.path = path;
        for (int i = 0; i < pools.length; i++) {
            String stage = STAGES[i];
            AtomicInteger n = new AtomicInteger();
            pools[i] = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                    r -> {
                        Thread t = new Thread(r, "jdk-" + stage + "-" + n.getAndIncrement());
                        t.setDaemon(true);
                        return t;
                    });
            pools[i].prestartAllCoreThreads();
        }
    }

    static Factory factory(int threads) {
        if (threads < 1 || threads > 4096) {
            throw new IllegalArgumentException("threadsPerStage must be in [1, 4096]: " + threads);
        }
        String name = "thread-pools-" + threads;
        return new NamedPipelineFactory(name, path -> new ThreadPoolPipeline(path, threads));
    }

    @Override
    public CompletableFuture<byte[]> submit(byte[] request) {
        Objects.requireNonNull(request, "request");
        CompletableFuture<byte[]> done = new CompletableFuture<>();
        pools[0].execute(() -> {
            RequestCodec.Op op;
            try {
                op = RequestCodec.parse(request);
            } catch (RuntimeException e) {
                done.complete(RequestCodec.error(e));
                return;
            } catch (Error e) {
                done.completeExceptionally(e); // an OutOfMemoryError reaches the caller as itself
                return;
            }
            pools[1].execute(() -> {
                Object result;
                try {
                    result = RequestCodec.apply(op, path);
                } catch (RuntimeException e) {
                    done.complete(RequestCodec.error(e));
                    return;
                } catch (Error e) {
                    done.completeExceptionally(e);
                    return;
                }
                pools[2].execute(() -> {
                    try {
                        done.complete(RequestCodec.respond(result));
                    } catch (RuntimeException e) {
                        done.complete(RequestCodec.error(e));
                    } catch (Error e) {
                        done.completeExceptionally(e);
                    }
                });
            });
        });
        return done;
    }

    /** Shuts the pools down in stage order, each after the previous one drained, so no hand-off is rejected. */
    @Override
    public void close() {
        try {
            for (ThreadPoolExecutor pool : pools) {
                pool.shutdown();
                if (!pool.awaitTermination(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("a pipeline stage did not drain within 30 s: " + pool);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while closing " + this, e);
        }
    }

    @Override
    public String toString() {
        return "ThreadPoolPipeline[" + pools[0].getPoolSize() + " threads per stage]";
    }
}
