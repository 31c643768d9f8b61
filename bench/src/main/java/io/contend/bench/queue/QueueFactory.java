package io.contend.bench.queue;

import io.contend.queue.MpscArrayQueue;
import io.contend.queue.MpscUnboundedArrayQueue;
import io.contend.queue.QueueContract;
import io.contend.queue.SpscArrayQueue;
import io.contend.queue.SpscChunkedArrayQueue;
import io.contend.queue.SpscGrowableArrayQueue;
import io.contend.queue.SpscUnboundedArrayQueue;
import org.jctools.queues.varhandle.MpscUnboundedVarHandleArrayQueue;
import org.jctools.queues.varhandle.MpscVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscChunkedVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscGrowableVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscUnboundedVarHandleArrayQueue;
import org.jctools.queues.varhandle.SpscVarHandleArrayQueue;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The queues of the {@code queues} experiment by kind and implementation, behind {@link java.util.Queue}, so
 * that every implementation runs through the same benchmark code (one interface call per operation; each
 * benchmark fork sees one implementation, so the call is monomorphic).
 *
 * <p>Kinds ({@code queue}): {@code SpscArray}, {@code SpscChunked}, {@code SpscGrowable}, {@code SpscUnbounded},
 * {@code MpscArray}, {@code MpscUnbounded}. Implementations ({@code impl}): {@code contend} (io.contend.queue, its
 * default contract), {@code contend-strict} (built STRICT), {@code contend-relaxed} (through its relaxed calls),
 * {@code jctools} (JCTools 4.0.7's Unsafe classes in org.jctools.queues), {@code jctools-varhandle} (their
 * VarHandle twins in org.jctools.queues.varhandle, jctools-core-jdk11) and {@code jdk}: ArrayBlockingQueue for
 * the array kinds, ConcurrentLinkedQueue for the unbounded kinds; the JDK has no chunked or growable queue.
 *
 * <p>How {@code chunk} and {@code capacity} are used: array kinds: capacity; chunked: chunkSize = chunk,
 * maxCapacity = capacity; growable: initialCapacity = chunk, maxCapacity = capacity; unbounded: chunkSize =
 * chunk (capacity unused). The JDK queues ignore {@code chunk}.
 */
public final class QueueFactory {
    /** Kind: SPSC bounded array queue. */
    public static final String SPSC_ARRAY = "SpscArray";
    /** Kind: SPSC chunked linked-array queue. */
    public static final String SPSC_CHUNKED = "SpscChunked";
    /** Kind: SPSC growable linked-array queue. */
    public static final String SPSC_GROWABLE = "SpscGrowable";
    /** Kind: SPSC unbounded linked-array queue. */
    public static final String SPSC_UNBOUNDED = "SpscUnbounded";
    /** Kind: MPSC bounded array queue. */
    public static final String MPSC_ARRAY = "MpscArray";
    /** Kind: MPSC unbounded linked-array queue. */
    public static final String MPSC_UNBOUNDED = "MpscUnbounded";
    /** Every queue kind, in the experiment's order. */
    public static final List<String> QUEUES =
            List.of(SPSC_ARRAY, SPSC_CHUNKED, SPSC_GROWABLE, SPSC_UNBOUNDED, MPSC_ARRAY, MPSC_UNBOUNDED);
    /** Implementation: io.contend.queue with its default contract, {@link QueueContract#BEST_EFFORT} (JCTools'). */
    public static final String CONTEND = "contend";
    /**
     * Implementation: io.contend.queue built {@link QueueContract#STRICT}: poll, size and isEmpty agree, at the price
     * of a full fence before "empty", "full" and counts. Its rows against {@link #CONTEND} are that price.
     */
    public static final String CONTEND_STRICT = "contend-strict";
    /**
     * Implementation: io.contend.queue through its relaxed operations (relaxedOffer, relaxedPoll): the fast path
     * without (MPSC) poll's wait for a producer that has claimed the head.
     */
    public static final String CONTEND_RELAXED = "contend-relaxed";
    /** Implementation: JCTools 4.0.7's Unsafe classes, the baseline. */
    public static final String JCTOOLS = "jctools";
    /** Implementation: JCTools 4.0.7's VarHandle classes. */
    public static final String JCTOOLS_VARHANDLE = "jctools-varhandle";
    /** Implementation: ArrayBlockingQueue or ConcurrentLinkedQueue. */
    public static final String JDK = "jdk";
    /** Every implementation, in the experiment's order. */
    public static final List<String> IMPLS = List.of(CONTEND, CONTEND_STRICT, CONTEND_RELAXED, JCTOOLS, JCTOOLS_VARHANDLE, JDK);

    private QueueFactory() {
    }

    /**
     * @param queue a queue kind
     * @param impl an implementation
     * @return whether {@link #create} builds that combination (false for an unknown name)
     */
    public static boolean supports(String queue, String impl) {
        if (!QUEUES.contains(queue) || !IMPLS.contains(impl)) {
            return false;
        }
        return !impl.equals(JDK) || !queue.equals(SPSC_CHUNKED) && !queue.equals(SPSC_GROWABLE);
    }

    /**
     * @param queue a queue kind
     * @return whether the kind is made of linked arrays whose size {@code chunk} sets (chunked, growable,
     *         unbounded); the array kinds have one array of the whole capacity
     */
    public static boolean usesChunk(String queue) {
        return queue.equals(SPSC_CHUNKED) || queue.equals(SPSC_GROWABLE) || queue.equals(SPSC_UNBOUNDED)
                || queue.equals(MPSC_UNBOUNDED);
    }

    /**
     * @param queue a queue kind
     * @return whether the kind has a bound (every kind but the two unbounded ones)
     */
    public static boolean bounded(String queue) {
        return !queue.equals(SPSC_UNBOUNDED) && !queue.equals(MPSC_UNBOUNDED);
    }

    /**
     * @param queue the kind
     * @param impl the implementation
     * @param chunk chunk size (chunked, unbounded) or initial capacity (growable); ignored by the array kinds
     * @param capacity capacity (array kinds) or maximum capacity (chunked, growable); ignored by the unbounded kinds
     * @return a new, empty queue
     * @throws IllegalArgumentException naming the combination if it is unknown or unsupported
     */
    public static Queue<Integer> create(String queue, String impl, int chunk, int capacity) {
        if (!supports(queue, impl)) {
            throw new IllegalArgumentException("unsupported queue/impl combination '" + queue + "'/'" + impl
                    + "'; queues: " + QUEUES + ", impls: " + IMPLS + " (jdk has no SpscChunked or SpscGrowable)");
        }
        switch (impl) {
            case CONTEND:
                return contend(queue, chunk, capacity, QueueContract.BEST_EFFORT);
            case CONTEND_STRICT:
                return contend(queue, chunk, capacity, QueueContract.STRICT);
            case CONTEND_RELAXED:
                return new RelaxedQueue<>(createContend(queue, chunk, capacity));
            case JCTOOLS:
                return jctools(queue, chunk, capacity);
            case JCTOOLS_VARHANDLE:
                return jctoolsVarHandle(queue, chunk, capacity);
            default:
                return jdk(queue, capacity);
        }
    }

    /**
     * @param queue the kind
     * @param chunk as for {@link #create}
     * @param capacity as for {@link #create}
     * @return a new, empty contend queue of the kind, as a MessagePassingQueue (for its relaxed calls)
     * @throws IllegalArgumentException naming the kind if it is unknown
     */
    public static io.contend.queue.MessagePassingQueue<Integer> createContend(String queue, int chunk, int capacity) {
        if (!supports(queue, CONTEND)) {
            throw new IllegalArgumentException("unknown queue kind '" + queue + "'; queues: " + QUEUES);
        }
        return contend(queue, chunk, capacity, QueueContract.BEST_EFFORT);
    }

    private static io.contend.queue.AbstractMessagePassingQueue<Integer> contend(String queue, int chunk, int capacity,
            QueueContract contract) {
        switch (queue) {
            case "SpscArray":
                return new SpscArrayQueue<>(capacity, contract);
            case "SpscChunked":
                return new SpscChunkedArrayQueue<>(chunk, capacity, contract);
            case "SpscGrowable":
                return new SpscGrowableArrayQueue<>(chunk, capacity, contract);
            case "SpscUnbounded":
                return new SpscUnboundedArrayQueue<>(chunk, contract);
            case "MpscArray":
                return new MpscArrayQueue<>(capacity, contract);
            default:
                return new MpscUnboundedArrayQueue<>(chunk, contract);
        }
    }

    private static Queue<Integer> jctools(String queue, int chunk, int capacity) {
        switch (queue) {
            case "SpscArray":
                return new org.jctools.queues.SpscArrayQueue<>(capacity);
            case "SpscChunked":
                return new org.jctools.queues.SpscChunkedArrayQueue<>(chunk, capacity);
            case "SpscGrowable":
                return new org.jctools.queues.SpscGrowableArrayQueue<>(chunk, capacity);
            case "SpscUnbounded":
                return new org.jctools.queues.SpscUnboundedArrayQueue<>(chunk);
            case "MpscArray":
                return new org.jctools.queues.MpscArrayQueue<>(capacity);
            default:
                return new org.jctools.queues.MpscUnboundedArrayQueue<>(chunk);
        }
    }

    private static Queue<Integer> jctoolsVarHandle(String queue, int chunk, int capacity) {
        switch (queue) {
            case "SpscArray":
                return new SpscVarHandleArrayQueue<>(capacity);
            case "SpscChunked":
                return new SpscChunkedVarHandleArrayQueue<>(chunk, capacity);
            case "SpscGrowable":
                return new SpscGrowableVarHandleArrayQueue<>(chunk, capacity);
            case "SpscUnbounded":
                return new SpscUnboundedVarHandleArrayQueue<>(chunk);
            case "MpscArray":
                return new MpscVarHandleArrayQueue<>(capacity);
            default:
                return new MpscUnboundedVarHandleArrayQueue<>(chunk);
        }
    }

    private static Queue<Integer> jdk(String queue, int capacity) {
        return bounded(queue) ? new ArrayBlockingQueue<>(capacity) : new ConcurrentLinkedQueue<>();
    }
}
