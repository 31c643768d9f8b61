package io.contend.exec;

/** Which worker's queue a task goes to in {@link QueueMode#PER_THREAD} mode. */
public enum DispatchPolicy {
    /** Workers in turn, from one shared counter. */
    ROUND_ROBIN,
    /**
     * The shorter queue of two workers picked at random: M. Mitzenmacher, "The Power of Two Choices in
     * Randomized Load Balancing", IEEE Transactions on Parallel and Distributed Systems 12(10), 2001.
     */
    TWO_CHOICES
}
