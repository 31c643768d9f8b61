package io.contend.bench.interleave;

/**
 * How a side of an {@link Interleaved} measurement waits for its own threads at close, once it has told them to stop
 * (written its stop flag and unparked them).
 */
public final class SideThreads {
    /** How long close waits for each thread. */
    public static final long JOIN_MILLIS = 10_000;

    private SideThreads() {
    }

    /**
     * Waits up to {@value #JOIN_MILLIS} ms for each thread to end. Interrupted, it stops waiting and keeps the
     * interrupt: a side's threads are daemons that leave at their next read of the stop flag, already written, so
     * close need not throw.
     *
     * @param threads the side's threads, already told to stop
     */
    public static void awaitEnd(Thread... threads) {
        try {
            for (Thread t : threads) {
                t.join(JOIN_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
