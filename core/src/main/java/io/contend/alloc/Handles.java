package io.contend.alloc;

/**
 * The one place a handle is packed and unpacked: a region's index in its allocator's table in the high 32 bits,
 * the offset in that region in the low 32 bits (offsets are below {@link Region#MAX_CAPACITY}, so the sign bit
 * of a handle is never set). A handle is a long so that allocating creates no object.
 */
final class Handles {
    private Handles() {
    }

    static long of(int regionIndex, long offset) {
        return ((long) regionIndex << 32) | offset;
    }

    static int regionIndex(long handle) {
        return (int) (handle >>> 32);
    }

    static int offset(long handle) {
        return (int) handle;
    }
}
