package io.contend.hdr;

/**
 * The JVM ran out of memory while an HDR interval log was being read: decoding a histogram or adding it up. An
 * {@link OutOfMemoryError} that names the log and the line, so that a tool can say where, and never mistakes
 * it for a malformed log. Its cause is the original error.
 */
public final class HdrLogOutOfMemoryError extends OutOfMemoryError {
    private static final long serialVersionUID = 1L;

    /** The log being read. */
    private final String source;
    /** The 1-based line number. */
    private final long line;

    HdrLogOutOfMemoryError(String source, long line, OutOfMemoryError cause) {
        super("out of memory reading " + source + " at line " + line);
        initCause(cause);
        this.source = source;
        this.line = line;
    }

    /** @return the file (or other source) that was being read */
    public String source() {
        return source;
    }

    /** @return the 1-based number of the line being read or handled */
    public long line() {
        return line;
    }
}
