package io.contend.writepath;

import io.contend.alloc.AllocationStrategy;
import io.contend.alloc.MemoryPool;
import io.contend.exec.AffinityStrategy;
import io.contend.exec.QueueMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Requests through parse, apply and respond on each pipeline: every OK write reads back, failures answer ERR. */
class PipelineTest {
    private static final int CLIENTS = 2;
    /** One clock for every client: a write submitted after another was acknowledged wins. */
    private static final WriteClock CLOCK = WriteClock.monotonicMicros();
    private static final int REQUESTS_PER_CLIENT = 10_000;

    static List<Pipeline.Factory> pipelines() {
        return List.of(Pipeline.staged(QueueMode.SHARED, AffinityStrategy.NONE, 1),
                Pipeline.staged(QueueMode.PER_THREAD, AffinityStrategy.NONE, 2),
                Pipeline.threadPools(2));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pipelines")
    void requestsThroughTheStagesLoseNothing(Pipeline.Factory factory) throws Exception {
        WritePath path = WritePath.builder().components(Components.contend().withPipeline(factory))
                .poolBytes(1 << 20).flushThresholdBytes(64 * 1024).poisonFreedMemory(true).build();
        ReadBack readBack = new ReadBack();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        try (Pipeline pipeline = path.components().pipeline().create(path)) {
            List<Thread> clients = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                int client = c;
                clients.add(new Thread(() -> {
                    try {
                        drive(pipeline, client, readBack);
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                }, "client-" + c));
            }
            clients.forEach(Thread::start);
            for (Thread t : clients) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("a client failed", failure.get());
            }
            byte[] malformed = pipeline.submit("X nonsense".getBytes(StandardCharsets.US_ASCII)).get(10, TimeUnit.SECONDS);
            String text = new String(malformed, StandardCharsets.US_ASCII);
            assertTrue(text.startsWith("ERR IllegalArgumentException: request must be"), text);
        }
        assertEquals(CLIENTS * REQUESTS_PER_CLIENT / 2, readBack.acknowledgedCount());
        readBack.verify(path);
        path.close();
        readBack.verifyClosed(path);
    }

    /**
     * An {@link Error} in a stage (here an OutOfMemoryError from the cell allocator, in apply) completes the request's
     * future exceptionally with the error itself, at once, so that the caller can treat it as fatal; the stage's
     * threads go on serving the next requests.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("pipelines")
    void anErrorInAStageReachesTheCallerAsItself(Pipeline.Factory factory) throws Exception {
        OutOfMemoryError error = new OutOfMemoryError("thrown by the test's allocator");
        AtomicReference<OutOfMemoryError> toThrow = new AtomicReference<>();
        Allocator.Factory regions = Allocator.regions(AllocationStrategy.XADD);
        Allocator.Factory failing = new Allocator.Factory() {
            @Override
            public Allocator create(MemoryPool pool) {
                return new FailingAllocator(regions.create(pool), toThrow);
            }

            @Override
            public String name() {
                return "failing";
            }
        };
        WritePath path = WritePath.builder().components(Components.contend().withAllocator(failing)
                .withPipeline(factory)).poolBytes(1 << 20).flushThresholdBytes(64 * 1024).build();
        try (Pipeline pipeline = path.components().pipeline().create(path)) {
            toThrow.set(error);
            CompletableFuture<byte[]> failed = pipeline.submit(RequestCodec.encodeWrite(TestRows.write(1, 1,
                    CLOCK.next())));
            ExecutionException e = assertThrows(ExecutionException.class, () -> failed.get(10, TimeUnit.SECONDS));
            assertSame(error, e.getCause());
            toThrow.set(null);
            byte[] ack = pipeline.submit(RequestCodec.encodeWrite(TestRows.write(2, 2, CLOCK.next())))
                    .get(10, TimeUnit.SECONDS);
            assertTrue(RequestCodec.isOk(ack), new String(ack, StandardCharsets.US_ASCII));
        }
        path.close();
    }

    /** Delegates to a real allocator, but throws the given error from allocate while one is set. */
    private static final class FailingAllocator implements Allocator {
        private final Allocator delegate;
        private final AtomicReference<OutOfMemoryError> toThrow;

        FailingAllocator(Allocator delegate, AtomicReference<OutOfMemoryError> toThrow) {
            this.delegate = delegate;
            this.toThrow = toThrow;
        }

        @Override
        public long allocate(int[] sizes) {
            OutOfMemoryError e = toThrow.get();
            if (e != null) {
                throw e;
            }
            return delegate.allocate(sizes);
        }

        @Override
        public ByteBuffer memory(long handle) {
            return delegate.memory(handle);
        }

        @Override
        public int offset(long handle) {
            return delegate.offset(handle);
        }

        @Override
        public long reservedBytes() {
            return delegate.reservedBytes();
        }

        @Override
        public void poison(byte value) {
            delegate.poison(value);
        }

        @Override
        public void close() {
            delegate.close();
        }
    }

    private static void drive(Pipeline pipeline, int client, ReadBack readBack) throws Exception {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        List<CompletableFuture<byte[]>> pending = new ArrayList<>();
        List<Write> writes = new ArrayList<>();
        List<Long> invoked = new ArrayList<>();
        List<Key[]> reads = new ArrayList<>();
        for (int i = 0; i < REQUESTS_PER_CLIENT; i += 2) {
            invoked.add(readBack.invoked());
            Write w = TestRows.write(random.nextInt(100), random.nextInt(20), CLOCK.next());
            writes.add(w);
            pending.add(pipeline.submit(RequestCodec.encodeWrite(w)));
            Key[] key = {TestRows.partition(random.nextInt(100)), TestRows.clustering(random.nextInt(20))};
            reads.add(key);
            pending.add(pipeline.submit(RequestCodec.encodeRead(key[0], key[1])));
            if (pending.size() >= 64) {
                settle(pending, writes, invoked, reads, readBack);
            }
        }
        settle(pending, writes, invoked, reads, readBack);
    }

    private static void settle(List<CompletableFuture<byte[]>> pending, List<Write> writes, List<Long> invoked,
                               List<Key[]> reads, ReadBack readBack) throws Exception {
        for (int i = 0; i < pending.size(); i += 2) {
            Write w = writes.get(i / 2);
            byte[] ack = pending.get(i).get(10, TimeUnit.SECONDS);
            if (RequestCodec.isOk(ack)) {
                readBack.acknowledged(w, invoked.get(i / 2));
            } else {
                throw new AssertionError("write refused: " + new String(ack, StandardCharsets.US_ASCII));
            }
            Key[] key = reads.get(i / 2);
            Row row = RequestCodec.decodeRow(key[0], key[1], pending.get(i + 1).get(10, TimeUnit.SECONDS));
            if (row != null && !TestRows.selfConsistent(row)) {
                throw new AssertionError("read a row no write stored: " + row);
            }
        }
        pending.clear();
        writes.clear();
        invoked.clear();
        reads.clear();
    }
}
