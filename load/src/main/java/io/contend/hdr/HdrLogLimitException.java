package io.contend.hdr;

import java.io.IOException;

/**
 * A well-formed HDR interval log that a tool cannot add up: counts that together exceed the largest count a
 * histogram holds (Long.MAX_VALUE). The message names the source and the line where the limit was passed, e.g.
 * {@code run.hlog:57: the counts of tag read-rt add up to more than 9223372036854775807}.
 */
public final class HdrLogLimitException extends IOException {
    private static final long serialVersionUID = 1L;

    /** The log being read. */
    private final String source;
    /** The 1-based line number. */
    private final long line;

    HdrLogLimitException(String source, long line, String problem, Throwable cause) {
        super(source + ":" + line + ": " + problem, cause);
        this.source = source;
        this.line = line;
    }

    /** @return the file (or other source) that was being read */
    public String source() {
        return source;
    }

    /** @return the 1-based number of the line at which the limit was passed */
    public long line() {
        return line;
    }
}
