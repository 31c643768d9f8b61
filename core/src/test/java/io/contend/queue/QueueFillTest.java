package io.contend.queue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * fill(): into an empty, a nearly full and a full queue, across chunk links and growth (against a model), with a
 * supplier that fails, and under contention with a consumer (every element once, in order, fully constructed). For
 * the linked kinds, a subclass that records every reading of the consumer's index by the producer checks that fill
 * reads it only where the cached bound says the next element does not fit: once per batch (see "Fill" in
 * SpscLinkedArrayQueue's notes).
 */
class QueueFillTest {

    /** A queue kind with a small bound, so that fills reach it, links and growth. */
    record Kind(String name, boolean spsc, Supplier<MessagePassingQueue<Object>> factory) {
        MessagePassingQueue<Object> create() {
            return factory.get();
        }

        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Kind> kinds() {
        return Stream.of(
                new Kind("SpscArray(16)", true, () -> new SpscArrayQueue<>(16)),
                new Kind("SpscArray(2)", true, () -> new SpscArrayQueue<>(2)),
                new Kind("SpscChunked(4, 16)", true, () -> new SpscChunkedArrayQueue<>(4, 16)),
                new Kind("SpscChunked(2, 4)", true, () -> new SpscChunkedArrayQueue<>(2, 4)),
                new Kind("SpscChunked(16, 16)", true, () -> new SpscChunkedArrayQueue<>(16, 16)),
                new Kind("SpscGrowable(2, 16)", true, () -> new SpscGrowableArrayQueue<>(2, 16)),
                new Kind("SpscUnbounded(4)", true, () -> new SpscUnboundedArrayQueue<>(4)),
                new Kind("MpscArray(16)", false, () -> new MpscArrayQueue<>(16)),
                new Kind("MpscUnbounded(4)", false, () -> new MpscUnboundedArrayQueue<>(4)));
    }

    static Stream<Kind> spscKinds() {
        return kinds().filter(Kind::spsc);
    }

    /** Gives 0, 1, 2, ... as Integers and counts its calls. */
    static final class Counting implements Supplier<Object> {
        int calls;

        @Override
        public Object get() {
            return calls++;
        }
    }

    private static boolean bounded(MessagePassingQueue<?> q) {
        return q.capacity() != MessagePassingQueue.UNBOUNDED_CAPACITY;
    }

    /** Polls everything and checks it is from, from + 1, ..., in order; returns the count. */
    private static int pollInOrder(MessagePassingQueue<Object> q, int from) {
        int n = 0;
        Object e;
        while ((e = q.poll()) != null) {
            assertEquals(from + n, e, "element " + n + " of " + q);
            n++;
        }
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
        return n;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void fillIntoAnEmptyQueueTakesWhatFits(Kind kind) {
        int maxLimit = bounded(kind.create()) ? kind.create().capacity() + 3 : 40;
        for (int limit = 0; limit <= maxLimit; limit++) {
            MessagePassingQueue<Object> q = kind.create();
            Counting supplier = new Counting();
            int expected = bounded(q) ? Math.min(limit, q.capacity()) : limit;
            assertEquals(expected, q.fill(supplier, limit), "fill(" + limit + ") into " + q);
            assertEquals(expected, supplier.calls, "the supplier is asked only for elements added");
            assertEquals(expected, q.size());
            assertEquals(expected, pollInOrder(q, 0));
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void fillIntoANearlyFullQueueStopsAtTheBound(Kind kind) {
        MessagePassingQueue<Object> q = kind.create();
        if (!bounded(q)) {
            return;
        }
        int capacity = q.capacity();
        for (int i = 0; i < capacity - 2; i++) {
            assertTrue(q.offer(i));
        }
        Counting supplier = new Counting();
        supplier.calls = capacity - 2;
        assertEquals(2, q.fill(supplier, 5), "room for two in " + q);
        assertEquals(capacity, supplier.calls, "the supplier is asked only for elements added");
        assertEquals(capacity, q.size());
        assertFalse(q.offer(-1));
        assertEquals(capacity, pollInOrder(q, 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void fillIntoAFullQueueAddsNothingAndAsksNothing(Kind kind) {
        MessagePassingQueue<Object> q = kind.create();
        if (!bounded(q)) {
            return;
        }
        Counting supplier = new Counting();
        assertEquals(q.capacity(), q.fill(supplier));
        for (int round = 0; round < 3; round++) {
            assertEquals(0, q.fill(() -> {
                throw new AssertionError("asked for an element of a full queue");
            }, 3));
            assertEquals(0, q.fill(supplier, 0));
        }
        assertEquals(q.capacity(), supplier.calls);
        // One taken: a fill gets exactly that slot, after the buffer the consumer left.
        assertEquals(0, q.poll());
        assertEquals(1, q.fill(supplier, 4));
        assertEquals(q.capacity(), pollInOrder(q, 1));
    }

    /**
     * One thread, against a model: random fills, offers, polls and drains, long enough to cross many chunk links, to
     * grow the growable queue to its bound while the consumer still reads older buffers and then to wrap its final
     * ring. Every fill adds exactly min(limit, room) elements (one thread: no race), asks the supplier that often,
     * and everything comes out in order.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void fillsAcrossLinksAndGrowthAgreeWithAModel(Kind kind) {
        MessagePassingQueue<Object> q = kind.create();
        boolean bounded = bounded(q);
        int room = bounded ? q.capacity() : Integer.MAX_VALUE;
        ArrayDeque<Object> model = new ArrayDeque<>();
        Random random = new Random(kind.name().hashCode());
        Counting supplier = new Counting();
        for (int step = 0; step < 4000; step++) {
            int action = random.nextInt(4);
            if (action == 0) {
                int limit = random.nextInt(bounded ? q.capacity() + 3 : 40);
                int before = supplier.calls;
                int expected = Math.min(limit, room - model.size());
                assertEquals(expected, q.fill(supplier, limit), "fill(" + limit + ") at step " + step + ": " + q);
                for (int i = before; i < supplier.calls; i++) {
                    model.add(i);
                }
                assertEquals(expected, supplier.calls - before, "supplier calls at step " + step);
            } else if (action == 1) {
                Object e = supplier.get();
                boolean fits = model.size() < room;
                assertEquals(fits, q.offer(e), "offer at step " + step);
                if (fits) {
                    model.add(e);
                } else {
                    supplier.calls--; // not stored: give the number again
                }
            } else if (action == 2) {
                int polls = random.nextInt(bounded ? q.capacity() + 2 : 20);
                for (int i = 0; i < polls; i++) {
                    assertEquals(model.poll(), q.poll(), "poll at step " + step);
                }
            } else {
                List<Object> out = new ArrayList<>();
                int limit = random.nextInt(12);
                int drained = q.drain(out::add, limit);
                assertEquals(Math.min(limit, model.size()), drained);
                for (Object e : out) {
                    assertEquals(model.poll(), e, "drain at step " + step);
                }
            }
            assertEquals(model.size(), q.size(), "size at step " + step + ": " + q);
            assertEquals(model.isEmpty(), q.isEmpty(), "isEmpty at step " + step);
        }
    }

    /**
     * A supplier that throws (or returns null) after k elements, for every k up to the bound and so at every
     * position relative to the chunk links: the exception propagates, the k elements stay in order, and the queue
     * goes on as if the fill had asked for k.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("spscKinds")
    void aFailingSupplierLosesNothingAndBreaksNothing(Kind kind) {
        int most = bounded(kind.create()) ? kind.create().capacity() : 20;
        for (int k = 0; k < most; k++) {
            for (boolean returnsNull : new boolean[]{false, true}) {
                for (int already = 0; already < 3; already++) {
                    MessagePassingQueue<Object> q = kind.create();
                    int start = already;
                    for (int i = 0; i < already; i++) {
                        assertTrue(q.offer(i));
                    }
                    int failAt = k;
                    int[] next = {start};
                    Supplier<Object> supplier = () -> {
                        if (next[0] - start == failAt) {
                            if (returnsNull) {
                                return null;
                            }
                            throw new IllegalStateException("supplier failure");
                        }
                        return next[0]++;
                    };
                    if (bounded(q) && already + k >= q.capacity()) {
                        // The fill ends full before it asks the failing supplier.
                        assertEquals(q.capacity() - already, q.fill(supplier, 1000));
                        assertEquals(q.capacity(), pollInOrder(q, 0));
                        continue;
                    }
                    RuntimeException thrown = assertThrows(RuntimeException.class, () -> q.fill(supplier, 1000));
                    assertTrue(returnsNull ? thrown instanceof NullPointerException
                            : thrown instanceof IllegalStateException, thrown.toString());
                    int total = already + k;
                    assertEquals(total, q.size(), "after a failure at " + k + " with " + already + " in: " + q);
                    assertTrue(q.offer(-7), "an offer after the failure");
                    for (int i = 0; i < total; i++) {
                        assertEquals(i, q.poll(), "element " + i + " after a failure at " + k);
                    }
                    assertEquals(-7, q.poll());
                    assertNull(q.poll());
                    Counting more = new Counting();
                    int filled = q.fill(more, 5);
                    assertEquals(bounded(q) ? Math.min(5, q.capacity()) : 5, filled);
                    assertEquals(filled, pollInOrder(q, 0));
                }
            }
        }
    }

    // ---- the consumer's index, read once per batch ----

    /**
     * A linked queue (the same constructor arguments as a chunked, growable or unbounded queue, whose classes add
     * nothing else) that records every reading of the consumer's index by its producer: the producer's position at
     * the reading and the value read. Producer thread only; read it after the producer has finished.
     */
    static final class ReadRecordingQueue<E> extends SpscLinkedArrayQueue<E> {
        private final String name;
        long[] at = new long[16];
        long[] value = new long[16];
        int reads;

        ReadRecordingQueue(String name, int first, int maxBuffer, long maxCapacity, boolean doubling,
                           QueueContract contract) {
            super(first, maxBuffer, maxCapacity, doubling, contract);
            this.name = name + " " + contract;
        }

        @Override
        long lvConsumerIndexByProducer() {
            long c = super.lvConsumerIndexByProducer();
            if (reads == at.length) {
                at = Arrays.copyOf(at, 2 * reads);
                value = Arrays.copyOf(value, 2 * reads);
            }
            at[reads] = lpProducerIndex();
            value[reads] = c;
            reads++;
            return c;
        }

        /**
         * The rule: each reading comes at a position at or past the previous reading's cIndex + capacity, that is
         * only where the batch that reading allowed has been written and the next element did not fit. A reading
         * that finds a STRICT queue full is read once more after a full fence, at the same position (the second
         * reading also obeys the rule, since the first found the position past its bound); a BEST_EFFORT queue
         * answers "full" from the one reading.
         */
        void assertOneReadingPerBatch() {
            long capacity = capacity();
            for (int i = 1; i < reads; i++) {
                long bound = value[i - 1] + capacity;
                int r = i;
                assertTrue(at[i] - bound >= 0, () -> name + ": reading " + r + " at position " + at[r]
                        + ", inside the batch of the reading before it (cIndex " + value[r - 1] + ", so room up to "
                        + bound + ")");
            }
        }

        @Override
        public String toString() {
            return name + super.toString().substring(getClass().getSimpleName().length());
        }
    }

    static Stream<ReadRecordingQueue<Object>> recordingQueues() {
        return Stream.of(QueueContract.values()).flatMap(c -> Stream.of(
                new ReadRecordingQueue<>("SpscChunked(4, 16)", 4, 4, 16, false, c),
                new ReadRecordingQueue<>("SpscChunked(2, 4)", 2, 2, 4, false, c),
                new ReadRecordingQueue<>("SpscChunked(16, 16)", 16, 16, 16, false, c),
                new ReadRecordingQueue<>("SpscGrowable(2, 16)", 2, 16, 16, true, c),
                new ReadRecordingQueue<>("SpscUnbounded(4)", 4, 4, Long.MAX_VALUE, false, c)));
    }

    @Test
    void theRecordingQueuesAreBuiltAsTheRealKinds() {
        List<SpscLinkedArrayQueue<Object>> real = List.of(new SpscChunkedArrayQueue<>(4, 16),
                new SpscChunkedArrayQueue<>(2, 4), new SpscChunkedArrayQueue<>(16, 16),
                new SpscGrowableArrayQueue<>(2, 16), new SpscUnboundedArrayQueue<>(4));
        List<ReadRecordingQueue<Object>> recording = recordingQueues().toList();
        assertEquals(real.size() * QueueContract.values().length, recording.size());
        for (int i = 0; i < recording.size(); i++) {
            SpscLinkedArrayQueue<Object> a = real.get(i % real.size());
            SpscLinkedArrayQueue<Object> b = recording.get(i);
            String what = recording.get(i).name;
            assertEquals(a.maxCapacity, b.maxCapacity, what);
            assertEquals(a.maxBufferCapacity, b.maxBufferCapacity, what);
            assertEquals(a.doubling, b.doubling, what);
            assertEquals(a.producerMask, b.producerMask, what);
            assertEquals(a.consumerInFinalBuffer, b.consumerInFinalBuffer, what);
            assertEquals(a.capacity(), b.capacity(), what);
        }
    }

    /** The counts in the plain cases, each next to what it would be with a reading per element. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("recordingQueues")
    void fillReadsTheConsumersIndexOnlyWhereTheCachedBoundRunsOut(ReadRecordingQueue<Object> q) {
        Counting supplier = new Counting();
        if (!bounded(q)) {
            for (int i = 0; i < 50; i++) {
                assertEquals(37, q.fill(supplier, 37));
                q.drain(e -> { }, 20);
            }
            assertEquals(0, q.reads, "the unbounded queue never reads the consumer's index");
            return;
        }
        int capacity = q.capacity();
        // Empty: the bound cached at construction (cIndex 0 + capacity) covers the whole batch.
        assertEquals(capacity, q.fill(supplier, capacity));
        assertEquals(0, q.reads, "a fill into the empty queue, whose bound is cached: " + q);
        // Full: one reading finds it full, and one more after the full fence confirms it; nothing asked.
        int before = supplier.calls;
        assertEquals(0, q.fill(supplier, 1));
        assertEquals(before, supplier.calls);
        assertTrue(q.reads >= 1 && q.reads <= 2, q.reads + " readings for a fill into a full queue");
        // k taken: one reading (the cache is stale) allows the batch of k.
        int k = Math.max(1, capacity / 3);
        for (int i = 0; i < k; i++) {
            assertEquals(i, q.poll());
        }
        int reads = q.reads;
        assertEquals(k, q.fill(supplier, k));
        assertTrue(q.reads - reads <= 1, (q.reads - reads) + " readings for one batch of " + k + " (per element: "
                + k + ")");
        // k more taken, k + 3 asked: one reading for the batch of k, then "full", confirmed after the fence.
        for (int i = k; i < 2 * k; i++) {
            assertEquals(i, q.poll());
        }
        reads = q.reads;
        assertEquals(k, q.fill(supplier, k + 3));
        assertTrue(q.reads - reads <= 3, (q.reads - reads) + " readings for a batch of " + k + " and a full answer");
        // All taken: one reading for the whole ring.
        assertEquals(capacity, pollInOrder(q, 2 * k));
        reads = q.reads;
        assertEquals(capacity, q.fill(supplier, capacity));
        assertTrue(q.reads - reads <= 1, (q.reads - reads) + " readings for a batch of " + capacity);
        q.assertOneReadingPerBatch();
        assertEquals(capacity, pollInOrder(q, 2 * k + capacity));
    }

    /** The rule over long random runs of fills, offers, polls and drains on one thread. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("recordingQueues")
    void fillReadsOncePerBatchOverRandomRuns(ReadRecordingQueue<Object> q) {
        Random random = new Random(q.name.hashCode());
        Counting supplier = new Counting();
        int next = 0;
        int limitRange = bounded(q) ? 2 * q.capacity() + 2 : 40;
        long filled = 0;
        for (int step = 0; step < 20_000; step++) {
            switch (random.nextInt(3)) {
                case 0 -> filled += q.fill(supplier, random.nextInt(limitRange));
                case 1 -> {
                    if (q.offer(supplier.get())) {
                        filled++;
                    } else {
                        supplier.calls--;
                    }
                }
                default -> {
                    int polls = random.nextInt(limitRange);
                    for (int i = 0; i < polls; i++) {
                        Object e = q.poll();
                        if (e == null) {
                            break;
                        }
                        assertEquals(next++, e);
                    }
                }
            }
        }
        assertEquals(filled, supplier.calls);
        q.assertOneReadingPerBatch();
        if (!bounded(q)) {
            assertEquals(0, q.reads);
        }
    }

    // ---- under contention ----

    /** A message whose fields are written by the supplier, before fill stores it: the consumer must see them set. */
    static final class Message {
        long sequence;
        long check;

        Message(long sequence) {
            this.sequence = sequence;
            this.check = ~sequence;
        }
    }

    static Stream<Object[]> contended() {
        List<Object[]> cases = new ArrayList<>();
        kinds().filter(Kind::spsc).forEach(k -> cases.add(new Object[]{k.name(), k.create()}));
        cases.add(new Object[]{"SpscChunked(64, 1024)", new SpscChunkedArrayQueue<>(64, 1024)});
        cases.add(new Object[]{"SpscGrowable(8, 1024)", new SpscGrowableArrayQueue<>(8, 1024)});
        recordingQueues().forEach(q -> cases.add(new Object[]{"recording " + q.name, q}));
        cases.add(new Object[]{"recording SpscChunked(64, 1024)",
                new ReadRecordingQueue<>("SpscChunked(64, 1024)", 64, 64, 1024, false, QueueContract.BEST_EFFORT)});
        cases.add(new Object[]{"recording SpscGrowable(8, 1024)",
                new ReadRecordingQueue<>("SpscGrowable(8, 1024)", 8, 1024, 1024, true, QueueContract.STRICT)});
        return cases.stream();
    }

    /**
     * A producer that only fills (random limits, up to twice the bound) against a consumer that polls, peeks and
     * drains: every element arrives once, in order, with its fields as the supplier wrote them; the supplier is asked
     * exactly as many times as elements arrive; !isEmpty() on the consumer means its next poll returns an element.
     * For the recording queues, the producer's readings of the consumer's index obey the once-per-batch rule.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("contended")
    @SuppressWarnings("unchecked")
    void everyFilledElementArrivesOnceInOrderUnderContention(String name, MessagePassingQueue<?> queue)
            throws Exception {
        MessagePassingQueue<Message> q = (MessagePassingQueue<Message>) queue;
        long total = 200_000;
        int maxLimit = bounded(q) ? 2 * q.capacity() + 1 : 64;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        long[] asked = {0};
        long[] fills = {0};
        Thread producer = new Thread(() -> {
            await(start);
            Random random = new Random(name.hashCode());
            Supplier<Message> supplier = () -> new Message(asked[0]++);
            try {
                long stored = 0;
                while (stored < total && failure.get() == null) {
                    int limit = (int) Math.min(1 + random.nextInt(maxLimit), total - stored);
                    int n = q.fill(supplier, limit);
                    fills[0]++;
                    if (n < 0 || n > limit) {
                        throw new AssertionError("fill(" + limit + ") returned " + n);
                    }
                    stored += n;
                    if (stored != asked[0]) {
                        throw new AssertionError("stored " + stored + " but asked the supplier " + asked[0] + " times");
                    }
                    if (n == 0) {
                        Thread.onSpinWait();
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "producer");
        long[] consumed = {0};
        Thread consumer = new Thread(() -> {
            await(start);
            Random random = new Random(~name.hashCode());
            try {
                while (consumed[0] < total && failure.get() == null) {
                    if (random.nextInt(8) == 0) {
                        q.drain(m -> check(m, consumed), 1 + random.nextInt(64));
                        continue;
                    }
                    boolean empty = q.isEmpty();
                    Message peeked = q.peek();
                    Message m = q.poll();
                    if (!empty && m == null) {
                        throw new AssertionError("!isEmpty() but poll() returned null at " + consumed[0]);
                    }
                    if (peeked != null && m != peeked) {
                        throw new AssertionError("peek returned " + peeked.sequence + " but poll another");
                    }
                    if (m != null) {
                        check(m, consumed);
                    }
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "consumer");
        producer.start();
        consumer.start();
        start.countDown();
        producer.join(TimeUnit.SECONDS.toMillis(120));
        consumer.join(TimeUnit.SECONDS.toMillis(120));
        assertFalse(producer.isAlive() || consumer.isAlive(), name + " did not finish; consumed " + consumed[0]);
        if (failure.get() != null) {
            throw new AssertionError(name + " failed", failure.get());
        }
        assertEquals(total, consumed[0]);
        assertEquals(total, asked[0]);
        assertTrue(q.isEmpty());
        assertNull(q.poll());
        if (q instanceof ReadRecordingQueue<?> recording) {
            recording.assertOneReadingPerBatch();
            if (!bounded(q)) {
                assertEquals(0, recording.reads);
            }
            // Not a bound (a consumer that frees one slot at a time can make every batch one element), but the
            // readings are printed for whoever wonders how they compare with one per element.
            System.out.println(name + ": " + total + " elements in " + fills[0] + " fills, "
                    + recording.reads + " readings of the consumer's index");
        }
    }

    private static void check(Message m, long[] consumed) {
        if (m.sequence != consumed[0] || m.check != ~m.sequence) {
            throw new AssertionError("expected element " + consumed[0] + ", got " + m.sequence + " (check "
                    + m.check + ")");
        }
        consumed[0]++;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void theDefaultFillTakesTheBoundOr4096() {
        SpscChunkedArrayQueue<Object> chunked = new SpscChunkedArrayQueue<>(8, 64);
        Counting supplier = new Counting();
        assertEquals(64, chunked.fill(supplier));
        assertEquals(0, chunked.fill(supplier));
        SpscUnboundedArrayQueue<Object> unbounded = new SpscUnboundedArrayQueue<>(16);
        Counting more = new Counting();
        assertEquals(4096, unbounded.fill(more));
        assertEquals(4096, unbounded.size());
        Object first = unbounded.peek();
        assertSame(first, unbounded.poll());
    }
}
