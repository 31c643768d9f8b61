package io.contend.exec;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/*
 * Implementation notes.
 *
 * Algorithm: in-flight counting (an XADD on inflight around each admission) against a state that only grows.
 *
 * Ordering: enter() is an XADD on inflight followed by a volatile read of state; close() is a CAS on state
 * followed by volatile reads of inflight. All four are sequentially consistent, so the two orders cannot both
 * miss each other (Dekker): a submitter that reads OPEN is already counted when close reads inflight. exit() is
 * an XADD after the enqueue, so close's read of 0 happens after the enqueue's writes.
 *
 * Source: the usual admission counter of executors that must not lose a task to shutdown; written for contend.
 */

/**
 * The admission protocol between submitters and shutdown: a submitter {@link #enter()}s (counted in flight,
 * then reads the state) and {@link #exit()}s after its enqueue; {@link #close(int)} writes the state and then
 * waits until nobody is in flight. Both sides use sequentially consistent atomics, so either the submitter
 * sees the closed state and is refused, or close sees it in flight and waits for its enqueue to finish: after
 * close returns, every admitted task is in a queue and no more will be admitted. jcstress checks it
 * (io.contend.exec.SubmitGateTest in the jcstress module).
 */
final class SubmitGate {
    static final int OPEN = 0;

    private final AtomicInteger state = new AtomicInteger(OPEN);
    private final AtomicLong inflight = new AtomicLong();

    /** @return true if admitted (then call {@link #exit()} after enqueueing); false once closed */
    boolean enter() {
        inflight.incrementAndGet();
        if (state.get() != OPEN) {
            inflight.decrementAndGet();
            return false;
        }
        return true;
    }

    void exit() {
        inflight.decrementAndGet();
    }

    /**
     * Moves the state up to {@code to} (states only increase) and waits for admitted submitters to exit.
     *
     * @return true if this call changed the state
     */
    boolean close(int to) {
        int s;
        boolean changed = false;
        while ((s = state.get()) < to) {
            if (state.compareAndSet(s, to)) {
                changed = true;
                break;
            }
        }
        for (int spins = 0; inflight.get() != 0; spins++) {
            if (spins < 100) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // a submitter preempted inside its enqueue needs a CPU to finish it
            }
        }
        return changed;
    }

    int state() {
        return state.get();
    }
}
