package io.contend.refcount;

import java.lang.ref.PhantomReference;
import java.lang.ref.ReferenceQueue;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Tracks one sampled object for its {@link LeakDetector}: where it was created, its recent touches, and
 * whether it was closed (finally released) before it became unreachable.
 */
public final class LeakTracker extends PhantomReference<Object> {
    /** Touches kept per object; older ones are counted, not kept. */
    public static final int MAX_TOUCHES = 8;

    private final String className;
    private final List<StackTraceElement> created;
    private final Set<LeakTracker> live;
    private final ArrayDeque<LeakReport.Touch> touches = new ArrayDeque<>();
    private int droppedTouches;

    LeakTracker(Object referent, ReferenceQueue<Object> queue, Set<LeakTracker> live) {
        super(referent, queue);
        this.className = referent.getClass().getName();
        this.created = stackOfCaller();
        this.live = live;
        live.add(this);
    }

    /**
     * Records a touch: the hint's {@code toString()}, the thread and the stack. A hint whose {@code toString()} throws
     * is recorded as what it threw, so that a touch never fails, sampled or not.
     *
     * @param hint what is happening, may be null
     */
    public void record(Object hint) {
        LeakReport.Touch touch = new LeakReport.Touch(hint == null ? null : describe(hint),
                Thread.currentThread().getName(), stackOfCaller());
        synchronized (touches) {
            if (touches.size() == MAX_TOUCHES) {
                touches.removeFirst();
                droppedTouches++;
            }
            touches.addLast(touch);
        }
    }

    private static String describe(Object hint) {
        try {
            return String.valueOf(hint);
        } catch (RuntimeException e) {
            return hint.getClass().getName() + " (its toString() threw " + e + ")";
        }
    }

    /** Marks the object properly released: it will not be reported. Call before the object can be collected. */
    public void close() {
        live.remove(this);
        clear();
    }

    /** @return whether it was closed */
    boolean isClosed() {
        return !live.contains(this);
    }

    LeakReport report() {
        synchronized (touches) {
            return new LeakReport(className, created, new ArrayList<>(touches), droppedTouches);
        }
    }

    /**
     * The stack from the user's frame on: leading frames of the detector, of AbstractRefCounted and of
     * constructors (the tracked object's own constructor chain) are dropped.
     */
    private static List<StackTraceElement> stackOfCaller() {
        StackTraceElement[] stack = new Throwable().getStackTrace();
        int first = 0;
        while (first < stack.length && isPlumbing(stack[first])) {
            first++;
        }
        return Arrays.asList(Arrays.copyOfRange(stack, first, stack.length));
    }

    private static boolean isPlumbing(StackTraceElement frame) {
        String className = frame.getClassName();
        return className.equals(LeakTracker.class.getName()) || className.equals(LeakDetector.class.getName())
                || className.equals(AbstractRefCounted.class.getName()) || frame.getMethodName().equals("<init>");
    }
}
