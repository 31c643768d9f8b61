package io.contend.exec;

/** A C library call that failed, with its errno; keeps JNA's exception type out of classes that run without JNA. */
final class ErrnoException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int errno;

    /**
     * @param call    the function that failed
     * @param errno   its errno
     * @param message the C library's text for it
     */
    ErrnoException(String call, int errno, String message) {
        super(call + " failed: " + message);
        this.errno = errno;
    }

    /** @return the errno */
    int errno() {
        return errno;
    }
}
