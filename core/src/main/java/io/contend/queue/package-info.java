/**
 * Message-passing queues on VarHandles (no Unsafe): {@link io.contend.queue.SpscArrayQueue},
 * the linked-array SPSC family ({@link io.contend.queue.SpscChunkedArrayQueue},
 * {@link io.contend.queue.SpscGrowableArrayQueue}, {@link io.contend.queue.SpscUnboundedArrayQueue}),
 * {@link io.contend.queue.MpscArrayQueue} and the XADD-based {@link io.contend.queue.MpscUnboundedArrayQueue},
 * all behind {@link io.contend.queue.MessagePassingQueue} and java.util.Queue (seed 004: JCTools' ordered
 * stores and linked-array queues).
 */
package io.contend.queue;
