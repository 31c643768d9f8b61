package io.contend.hdr;

import java.io.IOException;

/**
 * A problem of an HDR interval log at one of its lines, named in the message as {@code source:line: problem}:
 * the log is malformed ({@link HdrLogFormatException}) or passes a limit of the tools
 * ({@link HdrLogLimitException}).
 */
public abstract class HdrLogLineException extends IOException {
    private static final long serialVersionUID = 1L;

    /** The log being read. */
    private final String source;
    /** The 1-based line number. */
    private final long line;

    HdrLogLineException(String source, long line, String problem, Throwable cause) {
        super(source + ":" + line + ": " + problem, cause);
        this.source = source;
        this.line = line;
    }

    /** @return the file (or other source) that was being read */
    public String source() {
        return source;
    }

    /** @return the 1-based number of the line the problem is at */
    public long line() {
        return line;
    }
}
