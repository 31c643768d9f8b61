package io.contend.queue;

/**
 * How far a queue's producers and consumer have come, for monitoring: JCTools' interface of the same name. Each
 * index counts the positions claimed (producer) or taken (consumer) since the queue was built, so their difference
 * is about the queue's size and their changes over time are its rates. Every queue of this package implements it.
 *
 * <p>Both methods may be called from any thread. Each reads its index with one volatile load and no fence, so the
 * two values come from two moments: read the consumer's index first if the difference must not be negative.
 */
public interface QueueProgressIndicators {

    /**
     * @return the producer index: positions claimed by offers and fills so far (a position an MPSC producer has
     *         claimed counts before its element is written)
     */
    long currentProducerIndex();

    /** @return the consumer index: positions taken by polls and drains so far */
    long currentConsumerIndex();
}
