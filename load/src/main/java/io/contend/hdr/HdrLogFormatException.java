package io.contend.hdr;

import java.io.IOException;

/**
 * An HDR interval log that cannot be read: a malformed or truncated line, a payload that is not base64 or not
 * a histogram, text that is not UTF-8. The message names the source and the line, e.g.
 * {@code run.hlog:57: ...}.
 */
public final class HdrLogFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    /** The log being read. */
    private final String source;
    /** The 1-based line number. */
    private final long line;

    HdrLogFormatException(String source, long line, String problem, Throwable cause) {
        super(source + ":" + line + ": " + problem, cause);
        this.source = source;
        this.line = line;
    }

    /** @return the file (or other source) that was being read */
    public String source() {
        return source;
    }

    /** @return the 1-based number of the offending line */
    public long line() {
        return line;
    }
}
