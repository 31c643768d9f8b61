package io.contend.exec;

/** How a stage queues its tasks (CASSANDRA-1632 tried per-thread queues instead of one per stage). */
public enum QueueMode {
    /**
     * One queue per stage that every worker of the stage takes from: an MPSC queue whose consumer side a
     * worker holds while it takes a batch (so the queue is shared by many consumers, one at a time).
     */
    SHARED,
    /** One MPSC queue per worker; producers pick a worker with the stage's {@link DispatchPolicy}. */
    PER_THREAD;

    /** @return "shared" or "perThread", the lab's names */
    public String label() {
        return this == SHARED ? "shared" : "perThread";
    }

    /**
     * @param text "shared" or "perThread" (case-insensitive)
     * @return the mode
     * @throws IllegalArgumentException naming the text
     */
    public static QueueMode parse(String text) {
        for (QueueMode m : values()) {
            if (m.label().equalsIgnoreCase(text)) {
                return m;
            }
        }
        throw new IllegalArgumentException("queue mode must be shared or perThread: '" + text + "'");
    }
}
