/**
 * Message-passing queues on VarHandles (no Unsafe): {@link io.contend.queue.SpscArrayQueue},
 * the linked-array SPSC family ({@link io.contend.queue.SpscChunkedArrayQueue},
 * {@link io.contend.queue.SpscGrowableArrayQueue}, {@link io.contend.queue.SpscUnboundedArrayQueue}),
 * {@link io.contend.queue.MpscArrayQueue} and the linked-chunk {@link io.contend.queue.MpscUnboundedArrayQueue},
 * all behind {@link io.contend.queue.MessagePassingQueue} and java.util.Queue. Sources: JCTools; on ordered
 * (release) stores, Nitsan Wakart,
 * "What do Atomic*::lazySet/Atomic*FieldUpdater::lazySet/Unsafe::putOrdered* actually mean?",
 * psy-lob-saw.blogspot.com/2016/12/what-is-lazyset-putordered.html; on the linked-array family, Nitsan Wakart,
 * "Linked Array Queues, part 1: SPSC",
 * psy-lob-saw.blogspot.com/2016/10/linked-array-queues-part-1-spsc.html.
 */
package io.contend.queue;
