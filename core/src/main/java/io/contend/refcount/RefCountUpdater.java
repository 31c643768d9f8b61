package io.contend.refcount;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Objects;

/**
 * Reference counting on a {@code volatile int} field of the caller's own class, so counted objects pay for
 * no extra object (unlike a separate counter per instance). Create one updater per class, in a static field:
 *
 * <pre>{@code
 * final class Chunk {
 *     private static final RefCountUpdater<Chunk> REF_CNT =
 *             RefCountUpdater.forField(MethodHandles.lookup(), Chunk.class, "refCnt");
 *     private volatile int refCnt;
 *     Chunk() { REF_CNT.setInitialValue(this); }
 *     void retain() { REF_CNT.retain(this); }
 *     void release() { if (REF_CNT.release(this)) { free(); } }
 * }
 * }</pre>
 *
 * <p>The field holds the algorithm's raw value, not the count: read the count with {@link #refCnt(Object)}
 * and never write the field directly. The release that returns true is the only one; the caller frees then.
 *
 * <p>Keep the updater in a {@code static final} field: the implementations are records, whose final fields
 * HotSpot trusts, so a constant updater makes its VarHandle a constant and every access compiles to the bare
 * atomic instruction. An updater reached through a non-constant reference still works, only slower.
 *
 * @param <T> the class holding the field
 */
public sealed interface RefCountUpdater<T>
        permits EvenOddRefCountUpdater, CasRefCountUpdater, NaiveXaddRefCountUpdater {

    /**
     * The default ({@link RefCountAlgorithm#EVEN_ODD}) updater of a field.
     *
     * @param lookup a lookup with access to the field, normally {@code MethodHandles.lookup()} in its class
     * @param holder the class declaring the field
     * @param fieldName the name of a {@code volatile int} field
     * @param <T> the holder type
     * @return the updater
     * @throws IllegalArgumentException if there is no such field, or it is not a volatile int
     */
    static <T> RefCountUpdater<T> forField(MethodHandles.Lookup lookup, Class<T> holder, String fieldName) {
        return forField(lookup, holder, fieldName, RefCountAlgorithm.EVEN_ODD);
    }

    /**
     * An updater of a field with a chosen algorithm.
     *
     * @param lookup a lookup with access to the field, normally {@code MethodHandles.lookup()} in its class
     * @param holder the class declaring the field
     * @param fieldName the name of a {@code volatile int} field
     * @param algorithm the algorithm; only {@link RefCountAlgorithm#EVEN_ODD} is safe against all races
     * @param <T> the holder type
     * @return the updater
     * @throws IllegalArgumentException if there is no such field, or it is not a volatile int
     */
    static <T> RefCountUpdater<T> forField(MethodHandles.Lookup lookup, Class<T> holder, String fieldName,
                                           RefCountAlgorithm algorithm) {
        Objects.requireNonNull(lookup, "lookup");
        Objects.requireNonNull(holder, "holder");
        Objects.requireNonNull(fieldName, "fieldName");
        Objects.requireNonNull(algorithm, "algorithm");
        VarHandle handle;
        try {
            Field field = holder.getDeclaredField(fieldName);
            if (field.getType() != int.class || !Modifier.isVolatile(field.getModifiers())
                    || Modifier.isStatic(field.getModifiers())) {
                throw new IllegalArgumentException("reference count field " + holder.getName() + "." + fieldName
                        + " must be a non-static volatile int, but is " + field);
            }
            handle = lookup.findVarHandle(holder, fieldName, int.class);
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException("no field '" + fieldName + "' declared in " + holder.getName(), e);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException("the lookup of " + lookup.lookupClass().getName()
                    + " cannot access " + holder.getName() + "." + fieldName + ": pass MethodHandles.lookup() from "
                    + holder.getSimpleName(), e);
        }
        switch (algorithm) {
            case CAS:
                return new CasRefCountUpdater<>(handle);
            case XADD_NAIVE:
                return new NaiveXaddRefCountUpdater<>(handle);
            default:
                return new EvenOddRefCountUpdater<>(handle);
        }
    }

    /** @return the algorithm this updater uses */
    RefCountAlgorithm algorithm();

    /** @return the raw field value that means "count 1"; {@link #setInitialValue(Object)} stores it */
    int initialRawValue();

    /**
     * Sets the count of a new object to 1. Call it in the constructor, before the object is shared.
     *
     * @param instance the new object
     */
    void setInitialValue(T instance);

    /**
     * @param instance the object
     * @return its current count; 0 once released
     */
    int refCnt(T instance);

    /**
     * Sets the count outright, as Netty's {@code ReferenceCountUpdater.setRefCnt}: for an object its owner
     * reuses (a pooled buffer handed out again) while no other thread can reach it. It is a volatile store, not
     * a step: it would overwrite a concurrent retain or release, so call it only while the object is not shared.
     * A count of 0 marks the object released (later retains and releases throw).
     *
     * @param instance the object
     * @param refCnt the count, in [0, Integer.MAX_VALUE], as Netty's (for {@link RefCountAlgorithm#EVEN_ODD} a count
     *        above {@link #maxIncrement()} is held, and retains from it may go on up to Integer.MAX_VALUE)
     * @throws IllegalArgumentException if refCnt is out of range (nothing is stored)
     */
    void setRefCnt(T instance, int refCnt);

    /**
     * Sets the count back to 1, as Netty's {@code ReferenceCountUpdater.resetRefCnt}: for a pooled object taken
     * out of its pool, before it is shared again. A release store, as {@link #setInitialValue(Object)}: whatever
     * hands the object to another thread publishes it.
     *
     * @param instance the object, not shared
     */
    default void resetRefCnt(T instance) {
        setInitialValue(instance);
    }

    /**
     * @param instance the object
     * @return the instance, with one more reference
     * @throws IllegalReferenceCountException if it is released or the count would overflow
     */
    default T retain(T instance) {
        return retain(instance, 1);
    }

    /**
     * @param instance the object
     * @param increment references to add, at least 1
     * @return the instance
     * @throws IllegalReferenceCountException if it is released or the count would overflow, which any increment
     *         above {@link #maxIncrement()} does (nothing is added)
     * @throws IllegalArgumentException if the increment is below 1
     */
    T retain(T instance, int increment);

    /**
     * @param instance the object
     * @return true if this call brought the count to 0: the caller must now free the object
     * @throws IllegalReferenceCountException if it is already released
     */
    default boolean release(T instance) {
        return release(instance, 1);
    }

    /**
     * @param instance the object
     * @param decrement references to drop, at least 1
     * @return true if this call brought the count to 0: the caller must now free the object
     * @throws IllegalReferenceCountException if fewer than {@code decrement} references are held (nothing is
     *         dropped)
     * @throws IllegalArgumentException if the decrement is below 1
     */
    boolean release(T instance, int decrement);

    /**
     * @return the largest single step of a retain or release, and the largest count retains can build from a smaller
     *         count (for {@link RefCountAlgorithm#EVEN_ODD}, Integer.MAX_VALUE / 2: its raw value is twice the
     *         count; {@link #setRefCnt} may still set a larger one, as Netty's can)
     */
    int maxIncrement();
}
