package io.contend.bench.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.Queue;
import java.util.concurrent.TimeUnit;

/**
 * The {@code queues} experiment's burst cost, after JCTools' QueueBurstCost: the benchmark thread offers
 * {@code burst} messages into queue A; an echo thread polls A and offers each message into queue B; the
 * benchmark thread then polls {@code burst} messages from B. One invocation is one round trip of a burst, so the
 * score is ns per burst: the latency of a hand-off to another thread and back, and how well a queue streams a
 * burst (the echo works on the first message while the later ones are still being offered).
 *
 * <p>Two busy threads per benchmark thread: the JMH thread and its echo thread (daemon, named
 * {@code contend-queue-echo-<queue>-<impl>}), started when the trial begins and stopped and joined when it ends.
 * Both spin, never sleep or park: the benchmark thread on an empty B, the echo thread on an empty A. Each
 * benchmark thread has its own pair of queues and its own echo thread, so every queue keeps one producer and one
 * consumer. Both queues are of the same kind and implementation ({@link QueueFactory}), capacity 128K (131072),
 * chunk {@code chunk}; a burst of at most 100 never fills them, and every invocation takes back what it sent, so
 * the queues are empty between invocations.
 *
 * <p>Should the echo thread fail, the benchmark thread notices while it spins and throws instead of waiting
 * forever; on teardown the echo thread stops within one spin of an empty queue. The forks allow JCTools' Unsafe
 * quietly (JCTools' Unsafe classes warn on JDK 24+). Unsupported combinations, e.g.
 * {@code queue=SpscChunked impl=jdk}, fail in setup: pass {@code -p queue=... -p impl=...} by hand.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(jvmArgsAppend = {"-XX:+IgnoreUnrecognizedVMOptions", "--sun-misc-unsafe-memory-access=allow"})
public class QueueBurstCostBenchmark {
    /** The benchmark's full name, as the lab runs it. */
    public static final String BURST_BENCHMARK = QueueBurstCostBenchmark.class.getName() + ".burst";
    /** Capacity (or maximum capacity) of both queues. */
    static final int CAPACITY = 128 * 1024;
    /** How long teardown waits for the echo thread to end. */
    static final long JOIN_MILLIS = 10_000;

    /** One benchmark thread's queues and echo thread, and the parameters. */
    @State(Scope.Thread)
    public static class Loop extends QueueParams {
        /** Messages per round trip. */
        @Param({"1", "10", "100"})
        public int burst;

        Queue<Integer> a;
        Queue<Integer> b;
        /** For impl=contend-relaxed, a and b called through their relaxed methods ({@link QueueCalls}); else null. */
        MessagePassingQueue<Integer> relaxedA;
        MessagePassingQueue<Integer> relaxedB;
        Echo echo;

        @Setup(Level.Trial)
        public void start() {
            relaxedA = newRelaxedTarget(CAPACITY);
            relaxedB = newRelaxedTarget(CAPACITY);
            a = queueOf(relaxedA, CAPACITY);
            b = queueOf(relaxedB, CAPACITY);
            echo = new Echo("contend-queue-echo-" + queue + "-" + impl, a, relaxedA, b, relaxedB);
            echo.start();
        }

        @TearDown(Level.Trial)
        public void stop() throws InterruptedException {
            echo.halt();
        }

        /** Called while spinning: fails the benchmark if the echo thread died, instead of spinning forever. */
        void checkEcho() {
            Throwable failure = echo.failure;
            if (failure != null) {
                throw new IllegalStateException("echo thread " + echo.getName() + " failed", failure);
            }
        }
    }

    /** Polls A and offers each message to B until halted; spins on an empty A and a full B. */
    static final class Echo extends Thread {
        private final Queue<Integer> in;
        private final MessagePassingQueue<Integer> relaxedIn;
        private final Queue<Integer> out;
        private final MessagePassingQueue<Integer> relaxedOut;
        private volatile boolean running = true;
        volatile Throwable failure;

        Echo(String name, Queue<Integer> in, MessagePassingQueue<Integer> relaxedIn, Queue<Integer> out,
                MessagePassingQueue<Integer> relaxedOut) {
            super(name);
            this.in = in;
            this.relaxedIn = relaxedIn;
            this.out = out;
            this.relaxedOut = relaxedOut;
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                while (running) {
                    Integer m = QueueCalls.poll(in, relaxedIn);
                    if (m == null) {
                        continue;
                    }
                    while (!QueueCalls.offer(out, relaxedOut, m)) {
                        if (!running) {
                            return;
                        }
                    }
                }
            } catch (Throwable t) {
                failure = t;
            }
        }

        /** Stops the loop and waits for the thread to end. */
        void halt() throws InterruptedException {
            running = false;
            join(JOIN_MILLIS);
            if (isAlive()) {
                throw new IllegalStateException(getName() + " did not stop within " + JOIN_MILLIS + " ms");
            }
            if (failure != null) {
                throw new IllegalStateException(getName() + " failed", failure);
            }
        }
    }

    /** One round trip: offer a burst into A, take the burst back from B (spinning while B is empty). */
    @Benchmark
    public int burst(Loop loop) {
        Queue<Integer> a = loop.a;
        Queue<Integer> b = loop.b;
        MessagePassingQueue<Integer> relaxedA = loop.relaxedA;
        MessagePassingQueue<Integer> relaxedB = loop.relaxedB;
        Integer message = loop.message;
        int burst = loop.burst;
        for (int i = 0; i < burst; i++) {
            while (!QueueCalls.offer(a, relaxedA, message)) { // never full (A is empty at the start, burst << capacity): a safety net
                loop.checkEcho();
            }
        }
        int sum = 0;
        for (int i = 0; i < burst; i++) {
            Integer m;
            while ((m = QueueCalls.poll(b, relaxedB)) == null) {
                loop.checkEcho();
            }
            sum += m;
        }
        return sum;
    }
}
