package io.contend.queue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every queue at several capacities (1 to 4, powers of two and not): bounds, FIFO, null rejection, peek/poll
 * agreement, drain/fill, java.util.Queue behaviour, and the invariants under contention with producer,
 * consumer and observer threads.
 */
class QueueSanityTest {

    /** A queue kind at one requested capacity. */
    record Spec(String name, int requested, int expectedCapacity, boolean multiProducer,
                IntFunction<MessagePassingQueue<Integer>> factory) {
        MessagePassingQueue<Integer> create() {
            return factory.apply(requested);
        }

        boolean bounded() {
            return expectedCapacity != MessagePassingQueue.UNBOUNDED_CAPACITY;
        }

        @Override
        public String toString() {
            return name + "(" + requested + ")";
        }
    }

    static int pow2(int requested) {
        return Math.max(2, Integer.highestOneBit(Math.max(1, requested - 1)) << 1);
    }

    static Stream<Spec> specs() {
        List<Spec> specs = new ArrayList<>();
        for (int c : new int[]{1, 2, 3, 4, 7, 16, 1000}) {
            specs.add(new Spec("SpscArray", c, pow2(c), false, SpscArrayQueue::new));
            specs.add(new Spec("MpscArray", c, Integer.highestOneBit(2 * c - 1), true, MpscArrayQueue::new));
            int max = Math.max(2, c);
            specs.add(new Spec("SpscChunked", max, pow2(max), false, n -> new SpscChunkedArrayQueue<>(Math.min(n, 4), n)));
            specs.add(new Spec("SpscGrowable", max, pow2(max), false, n -> new SpscGrowableArrayQueue<>(2, n)));
            specs.add(new Spec("SpscUnbounded", max, MessagePassingQueue.UNBOUNDED_CAPACITY, false,
                    SpscUnboundedArrayQueue::new));
            specs.add(new Spec("MpscUnbounded", max, MessagePassingQueue.UNBOUNDED_CAPACITY, true,
                    MpscUnboundedArrayQueue::new));
        }
        return specs.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void boundsAndFifo(Spec spec) {
        MessagePassingQueue<Integer> q = spec.create();
        assertEquals(spec.expectedCapacity(), q.capacity());
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
        assertNull(q.poll());
        assertNull(q.peek());
        int n = spec.bounded() ? q.capacity() : 3 * spec.requested() + 5;
        for (int i = 0; i < n; i++) {
            assertTrue(q.offer(i), "offer " + i + " of " + n + " into " + q);
            assertEquals(i + 1, q.size());
            assertFalse(q.isEmpty());
        }
        if (spec.bounded()) {
            assertFalse(q.offer(-1), "full at capacity: " + q);
            assertFalse(q.relaxedOffer(-1));
            assertEquals(q.capacity(), q.size());
        }
        for (int i = 0; i < n; i++) {
            assertEquals(i, q.peek());
            assertEquals(i, q.relaxedPeek());
            assertEquals(i, q.poll());
        }
        assertNull(q.poll());
        assertNull(q.relaxedPoll());
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
    }

    /** As JCTools' MpqSanityTest expects: null drain and fill arguments are IllegalArgumentExceptions naming them. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void nullDrainAndFillArgumentsAreIllegalArguments(Spec spec) {
        MessagePassingQueue<Integer> q = spec.create();
        assertTrue(q.offer(7));
        io.contend.idle.IdleStrategy idle = io.contend.idle.IdleStrategy.busySpin();
        MessagePassingQueue.ExitCondition exit = () -> false;
        assertArgument("consumer is null", () -> q.drain(null));
        assertArgument("consumer is null", () -> q.drain(null, 1));
        assertArgument("consumer is null", () -> q.drain(null, idle, exit));
        assertArgument("idle strategy is null", () -> q.drain(e -> { }, null, exit));
        assertArgument("exit condition is null", () -> q.drain(e -> { }, idle, null));
        assertArgument("supplier is null", () -> q.fill(null));
        assertArgument("supplier is null", () -> q.fill(null, 1));
        assertArgument("supplier is null", () -> q.fill(null, idle, exit));
        assertArgument("idle strategy is null", () -> q.fill(() -> 1, null, exit));
        assertArgument("exit condition is null", () -> q.fill(() -> 1, idle, null));
        assertArgument("limit must be at least 0: -1", () -> q.drain(e -> { }, -1));
        assertEquals(1, q.size(), "nothing was taken or added");
        assertEquals(7, q.poll());
    }

    private static void assertArgument(String message, org.junit.jupiter.api.function.Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void wrapsAroundManyTimesInOrder(Spec spec) {
        MessagePassingQueue<Integer> q = spec.create();
        int batch = spec.bounded() ? q.capacity() : spec.requested() + 3;
        int next = 0;
        int expected = 0;
        for (int round = 0; round < 50; round++) {
            int put = 1 + round % batch;
            for (int i = 0; i < put; i++) {
                assertTrue(q.offer(next++));
            }
            for (int i = 0; i < put; i++) {
                assertEquals(expected++, q.poll(), "round " + round);
            }
        }
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void nullsAreRejected(Spec spec) {
        MessagePassingQueue<Integer> q = spec.create();
        assertThrows(NullPointerException.class, () -> q.offer(null));
        assertThrows(NullPointerException.class, () -> q.relaxedOffer(null));
        assertThrows(NullPointerException.class, () -> asQueue(q).add(null));
        assertThrows(NullPointerException.class, () -> q.fill(() -> null, 1));
        if (!(q instanceof MpscArrayQueue)) {
            assertTrue(q.isEmpty(), "nothing was added: " + q);
        } // MpscArrayQueue: the claimed slot is marked skipped and counts until the consumer steps over it
        assertNull(q.poll(), "a failed fill leaves no element behind");
        assertTrue(q.isEmpty(), "after the consumer stepped over it: " + q);
        assertTrue(q.offer(1));
        assertEquals(1, q.poll());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void drainAndFillRespectLimitsAndBounds(Spec spec) {
        MessagePassingQueue<Integer> q = spec.create();
        int[] counter = {0};
        int filled = q.fill(() -> counter[0]++, 5);
        assertEquals(spec.bounded() ? Math.min(5, q.capacity()) : 5, filled);
        assertEquals(filled, counter[0], "the supplier is called only for elements added");
        int all = q.fill(() -> counter[0]++);
        assertEquals(spec.bounded() ? q.capacity() - filled : 4096, all);
        List<Integer> out = new ArrayList<>();
        int first = Math.min(2, filled + all);
        assertEquals(first, q.drain(out::add, 2));
        int rest = q.drain(out::add);
        assertEquals(spec.bounded() ? filled + all - first : 4096, rest, "drain() takes what is there, 4096 at most");
        while (q.drain(out::add) > 0) {
            // the unbounded queues' backlog beyond 4096
        }
        assertEquals(filled + all, out.size());
        for (int i = 0; i < out.size(); i++) {
            assertEquals(i, out.get(i));
        }
        assertEquals(0, q.drain(out::add));
        assertThrows(IllegalArgumentException.class, () -> q.drain(out::add, -1));
        assertThrows(IllegalArgumentException.class, () -> q.fill(() -> 1, -1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void javaUtilQueueContract(Spec spec) {
        MessagePassingQueue<Integer> mpq = spec.create();
        java.util.Queue<Integer> q = asQueue(mpq);
        assertThrows(NoSuchElementException.class, q::remove);
        assertThrows(NoSuchElementException.class, q::element);
        assertTrue(q.add(7));
        assertEquals(7, q.element());
        if (spec.bounded()) {
            while (mpq.offer(8)) {
                // fill up
            }
            assertThrows(IllegalStateException.class, () -> q.add(9));
        }
        assertTrue(q.toString().contains("size="), q.toString());
        if (mpq instanceof SpscLinkedArrayQueue) {
            assertThrows(UnsupportedOperationException.class, q::iterator); // as JCTools' linked SPSC queues
        } else {
            assertEquals(7, q.iterator().next(), "a walk starts at the head");
        }
        q.clear();
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
    }

    @Test
    void badArgumentsNameTheValue() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SpscArrayQueue<>(0));
        assertTrue(e.getMessage().contains("capacity must be in [1, 1073741824]: 0"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new MpscArrayQueue<>(-5));
        assertThrows(IllegalArgumentException.class, () -> new SpscChunkedArrayQueue<>(64, 16));
        assertThrows(IllegalArgumentException.class, () -> new SpscGrowableArrayQueue<>(64, 16));
        assertThrows(IllegalArgumentException.class, () -> new SpscUnboundedArrayQueue<>(1));
        assertThrows(IllegalArgumentException.class, () -> new MpscUnboundedArrayQueue<>(Integer.MAX_VALUE));
        e = assertThrows(IllegalArgumentException.class, () -> new SpscChunkedArrayQueue<>(100, 50));
        assertTrue(e.getMessage().contains("chunkSize (128 after rounding) must not exceed maxCapacity (64"), e.getMessage());
    }

    /**
     * One thread, against a model: random runs of offers and polls, long enough to fill and empty the queue, so that
     * a growable queue's producer reaches its final buffer while the consumer still reads older ones, and then the
     * consumer follows it. Every offer succeeds exactly while the model holds fewer than capacity() elements, and
     * every poll, peek, size() and isEmpty() answers as the model does.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void randomRunsAgreeWithAModel(Spec spec) {
        MessagePassingQueue<Integer> q = spec.create();
        ArrayDeque<Integer> model = new ArrayDeque<>();
        Random random = new Random(spec.toString().hashCode());
        int limit = spec.bounded() ? q.capacity() : 4 * spec.requested() + 8;
        int next = 0;
        for (int run = 0; run < 400; run++) {
            boolean offering = random.nextBoolean();
            int length = 1 + random.nextInt(limit + 2);
            for (int i = 0; i < length; i++) {
                if (offering) {
                    boolean room = model.size() < limit;
                    if (room || spec.bounded()) {
                        assertEquals(room, q.offer(next), "offer of " + next + " with " + model.size() + " in " + q);
                        if (room) {
                            model.add(next++);
                        }
                    }
                } else {
                    assertEquals(model.peek(), q.peek(), "peek in run " + run + ": " + q);
                    assertEquals(model.poll(), q.poll(), "poll in run " + run + ": " + q);
                }
                assertEquals(model.size(), q.size(), "size in run " + run + ": " + q);
                assertEquals(model.isEmpty(), q.isEmpty(), "isEmpty in run " + run + ": " + q);
            }
        }
    }

    @Test
    void growableGrowsToItsBoundThenActsAsARing() {
        SpscGrowableArrayQueue<Integer> q = new SpscGrowableArrayQueue<>(2, 64);
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < 64; i++) {
                assertTrue(q.offer(i), "round " + round + " offer " + i);
            }
            assertFalse(q.offer(64));
            for (int i = 0; i < 64; i++) {
                assertEquals(i, q.poll());
            }
        }
    }

    /** A message whose field is written before offer: the consumer must see it set. */
    static final class Message {
        long producer;
        long sequence;
        Message(long producer, long sequence) {
            this.producer = producer;
            this.sequence = sequence;
        }
    }

    static Stream<Spec> concurrentSpecs() {
        return specs().filter(s -> s.requested() == 1 || s.requested() == 3 || s.requested() == 1000);
    }

    /**
     * Producers (1 for SPSC, 2 for MPSC), one consumer and one observer. The consumer checks FIFO per producer,
     * that fields are seen as written, that peek returns what poll returns, and that !isEmpty() means its next
     * poll succeeds; the observer checks 0 <= size() <= capacity(). Afterwards the queue is empty.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("concurrentSpecs")
    void invariantsUnderContention(Spec spec) throws Exception {
        @SuppressWarnings({"unchecked", "rawtypes"})
        MessagePassingQueue<Message> q = (MessagePassingQueue) spec.create();
        int producers = spec.multiProducer() ? 2 : 1;
        long perProducer = 200_000;
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean done = new AtomicBoolean();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            long id = p;
            threads.add(new Thread(() -> {
                await(start);
                for (long s = 0; s < perProducer && failure.get() == null; s++) {
                    Message m = new Message(id, s);
                    while (!q.offer(m)) {
                        Thread.onSpinWait();
                    }
                }
            }, "producer-" + p));
        }
        long[] consumed = {0};
        Thread consumer = new Thread(() -> {
            await(start);
            long[] next = new long[producers];
            try {
                while (consumed[0] < producers * perProducer) {
                    boolean empty = q.isEmpty();
                    Message peeked = q.peek();
                    Message m = q.poll();
                    if (!empty && m == null) {
                        throw new AssertionError("!isEmpty() but poll() returned null at " + consumed[0]);
                    }
                    if (peeked != null && m != peeked) {
                        throw new AssertionError("peek returned " + peeked + " but poll " + m);
                    }
                    if (m == null) {
                        continue;
                    }
                    if (m.sequence != next[(int) m.producer]) {
                        throw new AssertionError("producer " + m.producer + ": expected " + next[(int) m.producer]
                                + " got " + m.sequence);
                    }
                    next[(int) m.producer]++;
                    consumed[0]++;
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "consumer");
        Thread observer = new Thread(() -> {
            await(start);
            int capacity = q.capacity();
            try {
                while (!done.get()) {
                    int size = q.size();
                    if (size < 0 || (capacity != MessagePassingQueue.UNBOUNDED_CAPACITY && size > capacity)) {
                        throw new AssertionError("size " + size + " outside [0, " + capacity + "]");
                    }
                    q.isEmpty();
                    q.toString();
                }
            } catch (Throwable t) {
                failure.compareAndSet(null, t);
            }
        }, "observer");
        threads.add(consumer);
        threads.add(observer);
        threads.forEach(Thread::start);
        start.countDown();
        consumer.join(TimeUnit.SECONDS.toMillis(120));
        done.set(true);
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(10));
            assertFalse(t.isAlive(), t.getName() + " did not finish; consumed " + consumed[0]);
        }
        if (failure.get() != null) {
            throw new AssertionError(spec + " failed", failure.get());
        }
        assertEquals(producers * perProducer, consumed[0]);
        assertTrue(q.isEmpty());
        assertEquals(0, q.size());
        assertNull(q.poll());
    }

    private static java.util.Queue<Integer> asQueue(MessagePassingQueue<Integer> q) {
        return (AbstractMessagePassingQueue<Integer>) q;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void unboundedChunksAreUnlinkedForTheCollector() throws Exception {
        // The consumer must drop emptied chunks: a million elements, 100 at a time, through 16-slot chunks.
        MpscUnboundedArrayQueue<Integer> mpsc = new MpscUnboundedArrayQueue<>(16);
        SpscUnboundedArrayQueue<Integer> spsc = new SpscUnboundedArrayQueue<>(16);
        java.lang.ref.WeakReference<Object[]> firstChunk = new java.lang.ref.WeakReference<>(
                firstBuffer(spsc));
        Integer boxed = 42;
        for (int round = 0; round < 10_000; round++) {
            for (int i = 0; i < 100; i++) { // more than a chunk: new chunks get linked
                mpsc.offer(boxed);
                spsc.offer(boxed);
            }
            for (int i = 0; i < 100; i++) {
                assertSame(boxed, mpsc.poll());
                assertSame(boxed, spsc.poll());
            }
        }
        for (int i = 0; i < 20 && firstChunk.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(firstChunk.get(), "the first chunk is still reachable");
    }

    @Test
    void aConsumedChunkHeldElsewhereKeepsNoLaterChunkReachable() throws Exception {
        // A chunk that outlived a few young collections sits in the old generation, which a young collection treats
        // as live: whatever it still links to survives and is copied, and so on down the chain ("GC nepotism").
        // Holding the first chunk strongly stands for that; the consumer must cut every link out of the chunks it
        // leaves, so that the chunks after it become garbage as soon as they are consumed.
        MpscUnboundedArrayQueue<Integer> mpsc = new MpscUnboundedArrayQueue<>(2);
        SpscUnboundedArrayQueue<Integer> spsc = new SpscUnboundedArrayQueue<>(2);
        MpscUnboundedArrayQueue.Chunk heldMpsc = mpsc.consumerChunk;
        Object[] heldSpsc = spsc.consumerBuffer;
        Integer boxed = 7;
        java.lang.ref.WeakReference<Object> secondMpsc = null;
        java.lang.ref.WeakReference<Object> secondSpsc = null;
        for (int i = 0; i < 12; i++) {
            mpsc.offer(boxed);
            spsc.offer(boxed);
            if (i == 3) { // the second chunk exists by now
                secondMpsc = new java.lang.ref.WeakReference<>(mpsc.producerChunk);
                secondSpsc = new java.lang.ref.WeakReference<>(spsc.producerBuffer);
            }
        }
        for (int i = 0; i < 12; i++) {
            assertSame(boxed, mpsc.poll());
            assertSame(boxed, spsc.poll());
        }
        assertNotSame(secondMpsc.get(), mpsc.consumerChunk, "the consumer is past the second chunk");
        for (int i = 0; i < 20 && (secondMpsc.get() != null || secondSpsc.get() != null); i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertNull(secondMpsc.get(), "a consumed MpscUnboundedArrayQueue chunk is reachable from an earlier one");
        assertNull(secondSpsc.get(), "a consumed SpscUnboundedArrayQueue buffer is reachable from an earlier one");
        java.lang.ref.Reference.reachabilityFence(heldMpsc);
        java.lang.ref.Reference.reachabilityFence(heldSpsc);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("specs")
    void offersAndPollsInTurnAllocateNothing(Spec spec) {
        // Offer and poll in turn on one thread: once warm, no kind allocates, the linked ones included (they go
        // round their buffer, or MpscUnboundedArrayQueue its emptied chunks). MpscUnboundedArrayQueue without reuse:
        // 2.4 MB at chunk 16, when measured.
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        org.junit.jupiter.api.Assumptions.assumeTrue(threads.isThreadAllocatedMemorySupported()
                && threads.isThreadAllocatedMemoryEnabled(), "this JVM does not count a thread's allocation");
        MessagePassingQueue<Integer> q = spec.create();
        Integer boxed = 42;
        for (int i = 0; i < 1_000; i++) {
            assertTrue(q.offer(boxed));
            assertSame(boxed, q.poll());
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 160_000; i++) {
            q.offer(boxed);
            assertSame(boxed, q.poll());
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertTrue(allocated < 64 * 1024, spec + ": 160,000 offers and polls allocated " + allocated + " bytes");
        // And a backlog still fills the queue (growing the linked kinds), in order.
        int backlog = Math.min(100, spec.expectedCapacity());
        for (int i = 0; i < backlog; i++) {
            assertTrue(q.offer(i), spec + " refused element " + i);
        }
        for (int i = 0; i < backlog; i++) {
            assertEquals(i, q.poll());
        }
        assertNull(q.poll());
    }

    @Test
    void linkedBuffersAndChunksNeverWriteTheirPads() {
        // The front pad keeps the array header's line free of writes, the back pad the next array's; a slot or link
        // offset that forgot either would land in it.
        SpscUnboundedArrayQueue<Integer> unbounded = new SpscUnboundedArrayQueue<>(16);
        SpscGrowableArrayQueue<Integer> growable = new SpscGrowableArrayQueue<>(4, 64);
        MpscUnboundedArrayQueue<Integer> mpsc = new MpscUnboundedArrayQueue<>(16);
        for (int round = 0; round < 200; round++) {
            for (int i = 0; i < round % 61; i++) { // below the growable queue's bound of 64
                unbounded.offer(i);
                growable.offer(i);
                mpsc.offer(i);
            }
            // While the queues hold elements: the buffers the two sides use, JUMPs and links included.
            for (Object[] buffer : List.of(unbounded.producerBuffer, unbounded.consumerBuffer,
                    growable.producerBuffer, growable.consumerBuffer, mpsc.producerChunk.slots,
                    mpsc.consumerChunk.slots)) {
                for (int i = 0; i < Slots.FRONT_PAD; i++) {
                    assertNull(buffer[i], "front pad slot " + i + " of a buffer of " + buffer.length);
                }
                for (int i = buffer.length - Slots.BACK_PAD; i < buffer.length; i++) {
                    assertNull(buffer[i], "back pad slot " + i + " of a buffer of " + buffer.length);
                }
            }
            for (int i = 0; i < round % 61; i++) {
                assertEquals(i, unbounded.poll());
                assertEquals(i, growable.poll());
                assertEquals(i, mpsc.poll());
            }
        }
        assertEquals(Slots.FRONT_PAD + 64 + 1 + Slots.BACK_PAD, growable.producerBuffer.length);
        assertEquals(Slots.FRONT_PAD + 16 + Slots.BACK_PAD, mpsc.producerChunk.slots.length);
    }

    private static Object[] firstBuffer(SpscUnboundedArrayQueue<Integer> q) {
        return q.consumerBuffer;
    }
}
