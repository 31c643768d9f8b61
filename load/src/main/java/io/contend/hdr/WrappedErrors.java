package io.contend.hdr;

/**
 * Finds an Error inside an exception. HdrHistogram's decoder constructs histograms by reflection, so running
 * out of memory in a constructor reaches the reader as an IllegalArgumentException caused by an
 * InvocationTargetException caused by the OutOfMemoryError: without this it would read as a malformed payload.
 */
final class WrappedErrors {
    /** Causes deeper than this are not followed: a chain that long (or a cycle) is not HdrHistogram's wrapping. */
    private static final int MAX_DEPTH = 16;

    private WrappedErrors() {
    }

    /**
     * @param t an exception
     * @throws Error the first Error in its chain of causes, if there is one
     */
    static void rethrow(Throwable t) {
        Throwable cause = t;
        for (int depth = 0; cause != null && depth < MAX_DEPTH; depth++) {
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            cause = cause.getCause();
        }
    }
}
