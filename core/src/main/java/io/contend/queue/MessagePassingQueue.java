package io.contend.queue;

import io.contend.idle.IdleStrategy;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A queue for passing messages between threads, in the spirit of JCTools' MessagePassingQueue: no nulls, no
 * blocking, and relaxed variants of offer/poll/peek that may fail spuriously in exchange for speed.
 *
 * <p>Threading is part of each implementation's contract: an SPSC queue allows one producer thread
 * (offer, relaxedOffer, fill) and one consumer thread (poll, peek, relaxed variants, drain, clear) at a time;
 * an MPSC queue allows any number of producers and one consumer. {@link #size()}, {@link #isEmpty()},
 * {@link #capacity()} and {@code toString()} may be called from any thread.
 *
 * <p>Guarantees of every implementation: FIFO (per producer, for MPSC); an element polled is seen fully
 * constructed (the offer happens-before the poll that returns it); if the consumer sees {@code !isEmpty()}
 * then its next {@code poll()} returns an element; {@code peek()} returns what the next {@code poll()} returns;
 * {@code 0 <= size() <= capacity()} from any thread (for bounded queues); null elements are rejected with a
 * NullPointerException.
 *
 * <p>Contracts ({@link QueueContract}). By default a queue keeps JCTools' contract, {@link QueueContract#BEST_EFFORT}:
 * the guarantees above, with size() and isEmpty() as best-effort snapshots. Built {@link QueueContract#STRICT}, offer,
 * poll, peek, size and isEmpty also agree with one order of the operations when the threads learn of each other only
 * through the queue. That costs a full fence (a locked instruction on x86) wherever an answer says "nothing there" or
 * counts: a poll or peek that finds the queue empty, an offer that finds it full, and every size and isEmpty. Without
 * it, a producer's size() after its offer and a consumer's poll after its poll can each miss the other's stores still
 * waiting in the other core's store buffer (x86 and ARM allow it): the producer counts an element the consumer has
 * taken, and the consumer finds the queue empty while the producer's element is in. The hot paths (an offer with
 * room, a poll that finds an element) take no fence under either contract. The relaxed variants never fence.
 *
 * @param <E> element type
 */
public interface MessagePassingQueue<E> {
    /** {@link #capacity()} of a queue without a bound. */
    int UNBOUNDED_CAPACITY = -1;

    /** When a drain or fill loop with an idle strategy stops. */
    @FunctionalInterface
    interface ExitCondition {
        /** @return true to keep going; checked between batches */
        boolean keepRunning();
    }

    /**
     * Adds an element if there is room; never blocks.
     *
     * @param e the element, not null
     * @return true if added, false if the queue is full
     * @throws NullPointerException if e is null
     */
    boolean offer(E e);

    /**
     * Removes the head element. Consumer thread only. Returns null only if the queue is empty at its look: when a
     * producer has claimed a slot but not yet written it, this waits (briefly) for the write. Under
     * {@link QueueContract#STRICT} "empty" is judged after a full fence (see the class notes).
     *
     * @return the head, or null if empty
     */
    E poll();

    /**
     * Returns the head element without removing it. Consumer thread only; same waiting rule as {@link #poll()}.
     *
     * @return the head, or null if empty
     */
    E peek();

    /**
     * Like {@link #offer(Object)}, but may return false while there is room (e.g. a multi-producer race);
     * never returns true without adding. The queues here answer as offer does.
     *
     * @param e the element, not null
     * @return true if added
     */
    default boolean relaxedOffer(E e) {
        return offer(e);
    }

    /**
     * Like {@link #poll()}, but may return null while a producer's write is in flight instead of waiting, and
     * answers "empty" without a fence under either contract: it may return null while an element the caller could
     * know of (say, by its own size() that counted it) is in the queue. Never loses or reorders elements. For an
     * SPSC queue of the default contract it is {@code poll()}: no producer claims a slot before writing it.
     *
     * @return the head, or null
     */
    default E relaxedPoll() {
        return poll();
    }

    /**
     * Like {@link #peek()}, but may return null while a producer's write is in flight, and without a fence
     * before "empty" (see {@link #relaxedPoll()}).
     *
     * @return the head, or null
     */
    default E relaxedPeek() {
        return peek();
    }

    /**
     * The number of elements, from any thread: a snapshot that may be stale by the time it returns, but
     * always between 0 and {@link #capacity()} (Integer.MAX_VALUE at most for unbounded queues). Under
     * {@link QueueContract#STRICT} it is linearizable with the other operations, the caller's own included; by
     * default it may miss another thread's offer or poll still in that thread's store buffer.
     *
     * @return the number of elements
     */
    int size();

    /**
     * From any thread: whether the queue looked empty. Seen by the consumer, {@code false} means its next poll
     * returns an element.
     *
     * @return true if empty
     */
    boolean isEmpty();

    /** @return the most elements the queue holds, or {@link #UNBOUNDED_CAPACITY} */
    int capacity();

    /** Removes every element. Consumer thread only. */
    void clear();

    /**
     * Removes up to {@code limit} elements and passes each to {@code consumer}, stopping early when the queue
     * is empty, judged as {@link #relaxedPoll()} judges it (as JCTools' drain does). Consumer thread only. An
     * exception from the consumer propagates; the element it was given is already removed.
     *
     * @param consumer receives the elements in order
     * @param limit at most this many, at least 0
     * @return how many were removed
     * @throws IllegalArgumentException if consumer is null or limit negative (as JCTools')
     */
    int drain(Consumer<E> consumer, int limit);

    /**
     * Removes the elements present (at most {@link #capacity()}, or 4096 for an unbounded queue) and passes
     * each to {@code consumer}.
     *
     * @param consumer receives the elements in order
     * @return how many were removed
     * @throws IllegalArgumentException if consumer is null
     */
    default int drain(Consumer<E> consumer) {
        return drain(consumer, capacity() == UNBOUNDED_CAPACITY ? 4096 : capacity());
    }

    /**
     * Adds up to {@code limit} elements from {@code supplier}, stopping early when the queue is full. Producer
     * thread only (for MPSC queues, any producer). The supplier is called only when there is room, so every element
     * it returns is added; it must not add to this queue itself. An exception from the supplier propagates, and the
     * elements added before it stay. The SPSC queues write the elements in runs against the producer's cached view of
     * the room, reading the consumer's index only when that view is used up (see their implementation notes).
     *
     * @param supplier gives the elements; must not return null
     * @param limit at most this many, at least 0
     * @return how many were added
     * @throws IllegalArgumentException if supplier is null or limit negative (as JCTools')
     * @throws NullPointerException if the supplier returns null (the elements added before stay)
     */
    int fill(Supplier<E> supplier, int limit);

    /**
     * Adds elements from {@code supplier} until full (for an unbounded queue, 4096 of them).
     *
     * @param supplier gives the elements
     * @return how many were added
     * @throws IllegalArgumentException if supplier is null
     */
    default int fill(Supplier<E> supplier) {
        return fill(supplier, capacity() == UNBOUNDED_CAPACITY ? 4096 : capacity());
    }

    /**
     * Drains in batches until {@code exit} says stop, passing each batch's count to {@code idle.idle(int)}: the
     * strategy idles after an empty batch and resets after one that found elements. JCTools' drain takes its own
     * WaitStrategy here; contend has one idle strategy for every waiting loop ({@link IdleStrategy}).
     *
     * @param consumer receives the elements
     * @param idle this thread's idle strategy
     * @param exit checked before every batch
     * @throws IllegalArgumentException if an argument is null (as JCTools')
     */
    default void drain(Consumer<E> consumer, IdleStrategy idle, ExitCondition exit) {
        QueueSupport.requireArguments(consumer, "consumer", idle, exit);
        idle.reset();
        while (exit.keepRunning()) {
            idle.idle(drain(consumer, 4096));
        }
    }

    /**
     * Fills in batches until {@code exit} says stop, passing each batch's count to {@code idle.idle(int)}: the
     * strategy idles while the queue is full and resets after a batch that added elements.
     *
     * @param supplier gives the elements
     * @param idle this thread's idle strategy
     * @param exit checked before every batch
     * @throws IllegalArgumentException if an argument is null (as JCTools')
     */
    default void fill(Supplier<E> supplier, IdleStrategy idle, ExitCondition exit) {
        QueueSupport.requireArguments(supplier, "supplier", idle, exit);
        idle.reset();
        while (exit.keepRunning()) {
            idle.idle(fill(supplier, 4096));
        }
    }
}
