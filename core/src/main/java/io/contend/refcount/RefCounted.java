package io.contend.refcount;

/**
 * An object with an explicit reference count: it starts at 1, {@link #retain()} adds, {@link #release()}
 * subtracts, and the release that brings it to 0 frees the object. After that every retain and release throws
 * {@link IllegalReferenceCountException}.
 */
public interface RefCounted {

    /** @return the current count; 0 once released */
    int refCnt();

    /**
     * Adds one reference.
     *
     * @return this
     * @throws IllegalReferenceCountException if the object is released or the count would overflow
     */
    RefCounted retain();

    /**
     * Adds references.
     *
     * @param increment references to add, at least 1
     * @return this
     * @throws IllegalReferenceCountException if the object is released or the count would overflow (as
     *         {@code retain(Integer.MAX_VALUE)} does)
     * @throws IllegalArgumentException if the increment is below 1
     */
    RefCounted retain(int increment);

    /**
     * Drops one reference.
     *
     * @return true if this call brought the count to 0 and freed the object
     * @throws IllegalReferenceCountException if the object is released
     */
    boolean release();

    /**
     * Drops references.
     *
     * @param decrement references to drop, at least 1
     * @return true if this call brought the count to 0 and freed the object
     * @throws IllegalReferenceCountException if fewer than {@code decrement} references are held (as
     *         {@code release(Integer.MAX_VALUE)} on a count of 1)
     * @throws IllegalArgumentException if the decrement is below 1
     */
    boolean release(int decrement);

    /**
     * Records where the object is now, for leak reports. No cost unless leak detection sampled this object.
     *
     * @return this
     */
    RefCounted touch();

    /**
     * @param hint what is happening to the object, shown in leak reports
     * @return this
     */
    RefCounted touch(Object hint);
}
