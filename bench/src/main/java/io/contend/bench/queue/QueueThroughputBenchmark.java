package io.contend.bench.queue;

import io.contend.queue.MessagePassingQueue;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The {@code queues} experiment's throughput, after JCTools' QueueThroughputBackoffNone: one producer thread
 * offers as fast as it can, one consumer thread polls as fast as it can, on one queue of capacity 128K
 * (131072), with no backoff on either side: a failed offer (full) or poll (empty) is counted and retried at
 * once. Each queue kind and implementation of {@link QueueFactory}; {@code chunk} is the chunk size (initial
 * capacity for growable) of the linked-array kinds.
 *
 * <p>What is measured: the {@code @AuxCounters} {@code offersMade}, {@code offersFailed}, {@code pollsMade},
 * {@code pollsFailed}, per microsecond. {@code pollsMade} is the queue's throughput, messages handed from one
 * thread to the other per microsecond; the failed counts show which side waited. JMH's primary result for the
 * group counts calls of both methods, failed ones included, and means little on its own. The counters also count
 * the calls JMH makes while it synchronises the threads at the start and end of an iteration, outside the timed
 * window (a small excess, the same for every queue).
 *
 * <p>The producer offers one preallocated Integer: no allocation on either side, except the queue's own
 * (chunks, or ConcurrentLinkedQueue's nodes). Nothing blocks, so a full queue cannot keep an iteration from
 * ending; the consumer drains the queue when an iteration ends (after JMH has stopped both threads), so every
 * iteration starts empty. The unbounded kinds get a bound of the same 128K: the producer holds back (counted as
 * a failed offer) while it is 128K or more messages ahead of the consumer, so that a consumer that falls behind,
 * or is descheduled on a busy machine, cannot fill the heap. The consumer publishes its count every 1024
 * messages and the producer checks every 1024 calls, so the bound is approximate and costs the same for every
 * implementation of a kind; the bounded kinds do not pay it.
 *
 * <p>Run exactly one group (2 threads: JMH's {@code -t 2} or the default); unsupported combinations, e.g.
 * {@code queue=SpscChunked impl=jdk}, fail in setup, so pass {@code -p queue=... -p impl=...} by hand. The forks
 * allow JCTools' use of Unsafe quietly (JCTools' Unsafe classes warn on JDK 24+).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(jvmArgsAppend = {"-XX:+IgnoreUnrecognizedVMOptions", "--sun-misc-unsafe-memory-access=allow"})
public class QueueThroughputBenchmark {
    /** The benchmark's full name (its {@code @Group}), as the lab runs it. */
    public static final String THROUGHPUT_BENCHMARK = QueueThroughputBenchmark.class.getName() + ".throughput";
    /** Name of the messages-passed counter, the experiment's score, among JMH's secondary results. */
    public static final String POLLS_MADE = "pollsMade";
    /** The four counters' names among JMH's secondary results. */
    public static final java.util.List<String> COUNTERS =
            java.util.List.of("offersMade", "offersFailed", POLLS_MADE, "pollsFailed");
    /** Capacity of the bounded queues, and the producer's lead limit for the unbounded ones. */
    static final int CAPACITY = 128 * 1024;
    /** The consumer publishes its count every this many messages. */
    static final int PUBLISH_EVERY = 1024;
    /** The producer of an unbounded queue checks its lead every this many calls. */
    static final int CHECK_EVERY = 1024;

    /** The queue the group's two threads share, and the parameters. */
    @State(Scope.Group)
    public static class Channel extends QueueParams {
        Queue<Integer> q;
        /** For impl=contend-relaxed, the same queue as q, called through its relaxed methods; else null. */
        MessagePassingQueue<Integer> relaxed;
        /** Whether the producer holds back when too far ahead (the unbounded kinds). */
        boolean limitLead;
        /** Messages the consumer has taken since the trial began, published every {@link #PUBLISH_EVERY}. */
        final AtomicLong consumed = new AtomicLong();

        @Setup(Level.Trial)
        public void setUp() {
            relaxed = newRelaxedTarget(CAPACITY);
            q = queueOf(relaxed, CAPACITY);
            limitLead = !QueueFactory.bounded(queue);
        }
    }

    /** The producer's counters (per microsecond) and its count of messages offered. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class OfferCounters {
        /** Offers that added the message. */
        public long offersMade;
        /** Offers refused because the queue was full (bounded kinds) or the producer was 128K ahead (unbounded). */
        public long offersFailed;

        long offered;
        int untilCheck = CHECK_EVERY;

        /** @return true while the producer of an unbounded queue is 128K or more messages ahead of the consumer */
        boolean tooFarAhead(Channel channel) {
            if (--untilCheck > 0) {
                return false;
            }
            if (offered - channel.consumed.get() >= CAPACITY) {
                untilCheck = 1; // check again at the next call, until the consumer has caught up
                return true;
            }
            untilCheck = CHECK_EVERY;
            return false;
        }
    }

    /** The consumer's counters (per microsecond) and its count of messages taken. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class PollCounters {
        /** Polls that returned a message. */
        public long pollsMade;
        /** Polls that found the queue empty. */
        public long pollsFailed;

        long taken;
        int untilPublish = PUBLISH_EVERY;

        void took(Channel channel) {
            pollsMade++;
            if (--untilPublish == 0) {
                untilPublish = PUBLISH_EVERY;
                taken += PUBLISH_EVERY;
                channel.consumed.lazySet(taken);
            }
        }

        /**
         * Empties the queue once JMH has stopped both threads (thread-state teardown runs after JMH's
         * end-of-iteration barrier), on the consumer thread, so the next iteration starts empty. Not counted.
         */
        @TearDown(Level.Iteration)
        public void drain(Channel channel) {
            long n = PUBLISH_EVERY - untilPublish;
            while (channel.q.poll() != null) {
                n++;
            }
            untilPublish = PUBLISH_EVERY;
            taken += n;
            channel.consumed.set(taken);
        }
    }

    /** The producer: offers the message once; never blocks, never backs off. */
    @Benchmark
    @Group("throughput")
    @GroupThreads(1)
    public void throughput_offer(Channel channel, OfferCounters counters) {
        if (channel.limitLead && counters.tooFarAhead(channel)) {
            counters.offersFailed++;
        } else if (QueueCalls.offer(channel.q, channel.relaxed, channel.message)) {
            counters.offersMade++;
            counters.offered++;
        } else {
            counters.offersFailed++;
        }
    }

    /** The consumer: polls once; never blocks, never backs off. */
    @Benchmark
    @Group("throughput")
    @GroupThreads(1)
    public void throughput_poll(Channel channel, PollCounters counters) {
        if (QueueCalls.poll(channel.q, channel.relaxed) == null) {
            counters.pollsFailed++;
        } else {
            counters.took(channel);
        }
    }
}
