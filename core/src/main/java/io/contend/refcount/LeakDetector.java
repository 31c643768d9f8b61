package io.contend.refcount;

import io.contend.internal.Checks;

import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/*
 * Implementation notes.
 *
 * Algorithm: sampled objects get a LeakTracker, a PhantomReference registered on this detector's queue and
 * held in a concurrent set (a PhantomReference that is itself unreachable is never enqueued). Closing a
 * tracker removes it from the set and clears it, so it is never enqueued. The garbage collector enqueues the
 * trackers of objects that became unreachable while still open: those are the leaks. The queue is drained on
 * every sampled track() and on reportLeaks().
 *
 * Invariants: a tracker is reported at most once (it is removed from the set when reported or closed, and
 * reported only if the removal succeeded).
 *
 * Ordering: the set is a ConcurrentHashMap; close() happens before the object can be collected because its
 * caller holds the object (AbstractRefCounted fences reachability past the call).
 *
 * Source: the design of Netty's ResourceLeakDetector (sampling, creation and touch records); written anew.
 */

/**
 * Sampled leak detection for reference-counted objects: one object in {@code samplingInterval} is tracked
 * from creation; if it is collected before its final release, a {@link LeakReport} with its creation stack
 * and recent touches goes to the {@link LeakListener}.
 *
 * <p>Untracked objects cost nothing: the retain and release paths never look at the detector, and creation
 * pays one random draw. Tracked objects pay a stack capture at creation and at each touch.
 *
 * <p>The {@link #global()} detector samples one object in
 * {@value #DEFAULT_SAMPLING_INTERVAL} and logs leaks through {@link System.Logger} ("io.contend.leak");
 * the system property {@value #SAMPLING_PROPERTY} changes the interval (0 disables detection, 1 tracks every
 * object).
 */
public final class LeakDetector {
    /** System property read by {@link #global()}: the sampling interval, 0 to disable. */
    public static final String SAMPLING_PROPERTY = "io.contend.leakDetection.samplingInterval";
    /** Interval of {@link #global()} when the property is not set. */
    public static final int DEFAULT_SAMPLING_INTERVAL = 128;
    /** Largest sampling interval accepted. */
    public static final int MAX_SAMPLING_INTERVAL = 1 << 30;

    private static final LeakDetector DISABLED = new LeakDetector(0, report -> { });

    private final int samplingInterval;
    private final LeakListener listener;
    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final Set<LeakTracker> live = ConcurrentHashMap.newKeySet();

    /**
     * @param samplingInterval track one object in this many: 0 disables, 1 tracks all, at most
     *        {@value #MAX_SAMPLING_INTERVAL}
     * @param listener receives leak reports
     */
    public LeakDetector(int samplingInterval, LeakListener listener) {
        this.samplingInterval = Checks.inRange("samplingInterval", samplingInterval, 0, MAX_SAMPLING_INTERVAL);
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** @return a detector that tracks nothing */
    public static LeakDetector disabled() {
        return DISABLED;
    }

    /** @return the process-wide detector used by {@link AbstractRefCounted} by default */
    public static LeakDetector global() {
        return Global.INSTANCE;
    }

    /** Lazily created, so that reading the property happens on first use. */
    private static final class Global {
        static final LeakDetector INSTANCE = create();

        private static LeakDetector create() {
            String text = System.getProperty(SAMPLING_PROPERTY);
            int interval = DEFAULT_SAMPLING_INTERVAL;
            if (text != null) {
                try {
                    interval = Integer.parseInt(text.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(SAMPLING_PROPERTY + " must be an integer in [0, "
                            + MAX_SAMPLING_INTERVAL + "]: '" + text + "'", e);
                }
            }
            System.Logger logger = System.getLogger("io.contend.leak");
            return new LeakDetector(interval, report -> logger.log(System.Logger.Level.ERROR, report.toString()));
        }
    }

    /**
     * Decides whether to track a new object, and reports leaks found so far when it does.
     *
     * @param referent the new object
     * @return its tracker, or null when the object is not sampled (always null when disabled)
     */
    public LeakTracker track(Object referent) {
        Objects.requireNonNull(referent, "referent");
        if (samplingInterval == 0) {
            return null;
        }
        if (samplingInterval > 1 && ThreadLocalRandom.current().nextInt(samplingInterval) != 0) {
            return null;
        }
        reportLeaks();
        return new LeakTracker(referent, queue, live);
    }

    /**
     * Reports every tracked object collected without its final release since the last call.
     *
     * @return how many leaks were reported
     */
    public int reportLeaks() {
        int reported = 0;
        for (Reference<?> ref = queue.poll(); ref != null; ref = queue.poll()) {
            LeakTracker tracker = (LeakTracker) ref;
            if (live.remove(tracker)) {
                listener.onLeak(tracker.report());
                reported++;
            }
        }
        return reported;
    }

    /** @return objects tracked and not yet closed or reported */
    public int trackedCount() {
        return live.size();
    }

    /** @return one object in this many is tracked; 0 when disabled */
    public int samplingInterval() {
        return samplingInterval;
    }

    @Override
    public String toString() {
        return "LeakDetector[" + (samplingInterval == 0 ? "disabled" : "1 in " + samplingInterval) + ", tracking "
                + live.size() + "]";
    }
}
