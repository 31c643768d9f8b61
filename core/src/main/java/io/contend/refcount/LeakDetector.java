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
    /** Where {@link #global()} reports leaks, and where any detector reports a listener that failed in track(). */
    private static final System.Logger LOG = System.getLogger("io.contend.leak");

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

    /**
     * @return the process-wide detector used by {@link AbstractRefCounted} by default
     * @throws IllegalArgumentException naming {@value #SAMPLING_PROPERTY} and its value, at every call, if the
     *         property is set to anything but an integer in [0, {@value #MAX_SAMPLING_INTERVAL}]
     */
    public static LeakDetector global() {
        if (Global.INSTANCE == null) {
            throw new IllegalArgumentException(Global.PROBLEM);
        }
        return Global.INSTANCE;
    }

    /**
     * Lazily created, so that reading the property happens on first use. A bad property leaves INSTANCE null and
     * its problem in PROBLEM, so that every call says what is wrong (a static initializer that threw would leave
     * later calls a NoClassDefFoundError that does not).
     */
    private static final class Global {
        static final String TEXT = System.getProperty(SAMPLING_PROPERTY);
        static final String PROBLEM = samplingPropertyProblem(TEXT);
        static final LeakDetector INSTANCE = PROBLEM == null
                ? new LeakDetector(TEXT == null ? DEFAULT_SAMPLING_INTERVAL : Integer.parseInt(TEXT.trim()),
                        report -> LOG.log(System.Logger.Level.ERROR, report.toString()))
                : null;
    }

    /**
     * @param text the value of {@value #SAMPLING_PROPERTY}, or null when it is unset
     * @return what is wrong with it, naming the property and the text, or null if it is unset or a valid interval
     */
    static String samplingPropertyProblem(String text) {
        if (text == null) {
            return null;
        }
        try {
            int interval = Integer.parseInt(text.trim());
            if (interval >= 0 && interval <= MAX_SAMPLING_INTERVAL) {
                return null;
            }
        } catch (NumberFormatException e) {
            // not an integer: said below, as for one out of range
        }
        return SAMPLING_PROPERTY + " must be an integer in [0, " + MAX_SAMPLING_INTERVAL + "]: '" + text + "'";
    }

    /**
     * Decides whether to track a new object, and reports leaks found so far when it does. A listener that throws
     * while called from here does not fail the caller (which is typically constructing an unrelated object): its
     * exception is logged at ERROR to the {@link System.Logger} "io.contend.leak", and the remaining reports are
     * still delivered.
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
        try {
            reportLeaks();
        } catch (RuntimeException | Error e) {
            LOG.log(System.Logger.Level.ERROR, "leak listener " + listener + " failed", e);
        }
        return new LeakTracker(referent, queue, live);
    }

    /**
     * Reports every tracked object collected without its final release since the last call. Every report is
     * delivered even if the listener throws on one: the first exception is thrown after the last report, with any
     * later ones added to it as suppressed.
     *
     * @return how many leaks were reported
     * @throws RuntimeException or Error, the first the listener threw, once every report has been delivered
     */
    public int reportLeaks() {
        int reported = 0;
        Throwable failure = null;
        for (Reference<?> ref = queue.poll(); ref != null; ref = queue.poll()) {
            LeakTracker tracker = (LeakTracker) ref;
            if (live.remove(tracker)) {
                reported++;
                try {
                    listener.onLeak(tracker.report());
                } catch (RuntimeException | Error e) {
                    if (failure == null) {
                        failure = e;
                    } else {
                        failure.addSuppressed(e);
                    }
                }
            }
        }
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure != null) {
            throw (Error) failure;
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
