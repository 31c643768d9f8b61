package io.contend.exec;

/** Which worker's queue a task goes to in {@link QueueMode#PER_THREAD} mode. */
public enum DispatchPolicy {
    /** Workers in turn, from one shared counter. */
    ROUND_ROBIN,
    /** The shorter queue of two workers picked at random ("the power of two choices"). */
    TWO_CHOICES
}
