package io.contend.refcount;

/**
 * A retain or release that the reference count does not allow: on a released object, past the maximum
 * count, or releasing more than is held. Carries the count seen and the step attempted.
 */
public class IllegalReferenceCountException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The reference count seen. */
    private final int refCnt;
    /** The step attempted: positive for a retain, negative for a release. */
    private final int delta;

    /**
     * @param refCnt the count the operation saw (0 when released)
     * @param delta the step attempted: positive for a retain, negative for a release
     */
    public IllegalReferenceCountException(int refCnt, int delta) {
        super("refCnt: " + refCnt + ", " + (delta > 0 ? "increment: " + delta : "decrement: " + -(long) delta));
        this.refCnt = refCnt;
        this.delta = delta;
    }

    /** @return the count the operation saw; 0 for a released object */
    public int refCnt() {
        return refCnt;
    }

    /** @return the attempted step: positive for a retain, negative for a release */
    public int delta() {
        return delta;
    }
}
