package io.contend.refcount;

/**
 * A retain or release that the reference count does not allow: on a released object, past the maximum
 * count, or releasing more than is held. Carries the count seen and the step attempted.
 *
 * <p>The constructors are those of Netty's {@code io.netty.util.IllegalReferenceCountException}, with the same
 * messages (but for a delta of {@code Integer.MIN_VALUE}, whose decrement this class writes as 2147483648 where Netty's
 * negation overflows to -2147483648; no updater here produces that step), so that a subclass of {@link AbstractRefCounted} can report an access to a released object as Netty's
 * buffers do ({@code new IllegalReferenceCountException(0)}). A constructor that is not given the count or the
 * step records {@link #UNKNOWN}.
 */
public class IllegalReferenceCountException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** What {@link #refCnt()} returns when no count was given; no count is negative. */
    public static final int UNKNOWN = -1;

    /** The reference count seen, or {@link #UNKNOWN}. */
    private final int refCnt;
    /** The step attempted: positive for a retain, negative for a release, 0 for an access, or {@link #UNKNOWN}. */
    private final int delta;

    /** An illegal count, with no message. */
    public IllegalReferenceCountException() {
        this.refCnt = UNKNOWN;
        this.delta = UNKNOWN;
    }

    /**
     * An access, not a retain or release, that the count does not allow: typically to an object already released.
     *
     * @param refCnt the count the access saw (0 when released)
     */
    public IllegalReferenceCountException(int refCnt) {
        super("refCnt: " + refCnt);
        this.refCnt = refCnt;
        this.delta = 0;
    }

    /**
     * @param refCnt the count the operation saw (0 when released)
     * @param delta the step attempted: positive for a retain, negative for a release
     */
    public IllegalReferenceCountException(int refCnt, int delta) {
        super("refCnt: " + refCnt + ", " + (delta > 0 ? "increment: " + delta : "decrement: " + -(long) delta));
        this.refCnt = refCnt;
        this.delta = delta;
    }

    /** @param message what was illegal; the count and the step are {@link #UNKNOWN} */
    public IllegalReferenceCountException(String message) {
        super(message);
        this.refCnt = UNKNOWN;
        this.delta = UNKNOWN;
    }

    /**
     * @param message what was illegal; the count and the step are {@link #UNKNOWN}
     * @param cause what led to it
     */
    public IllegalReferenceCountException(String message, Throwable cause) {
        super(message, cause);
        this.refCnt = UNKNOWN;
        this.delta = UNKNOWN;
    }

    /** @param cause what led to it; the count and the step are {@link #UNKNOWN} */
    public IllegalReferenceCountException(Throwable cause) {
        super(cause);
        this.refCnt = UNKNOWN;
        this.delta = UNKNOWN;
    }

    /** @return the count the operation saw; 0 for a released object; {@link #UNKNOWN} if none was given */
    public int refCnt() {
        return refCnt;
    }

    /**
     * @return the attempted step: positive for a retain, negative for a release, 0 for an access;
     *         {@link #UNKNOWN} if none was given
     */
    public int delta() {
        return delta;
    }
}
