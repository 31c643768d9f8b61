package io.contend.histogram;

/**
 * Receives a histogram's bins in point order. It exists to hand over two primitives without boxing; a
 * {@code BiConsumer<Long, Long>} would allocate for every bin.
 */
@FunctionalInterface
public interface PointConsumer {
    /**
     * @param point the bin's point
     * @param count the bin's count, at least 1
     */
    void accept(long point, long count);
}
