package io.contend.alloc;

import io.contend.backoff.ContentionManager;

/** Makes a region's memory; the seam through which tests inject a failure (an OutOfMemoryError, say). */
@FunctionalInterface
interface RegionFactory {
    /** The real thing: {@link Region#Region(int, boolean, AllocationStrategy, ContentionManager)}. */
    RegionFactory DEFAULT = Region::new;

    Region create(int capacity, boolean offHeap, AllocationStrategy strategy, ContentionManager manager);
}
