package io.contend.hdr;

/**
 * An HDR interval log that cannot be read: a malformed or truncated line, a payload that is not base64 or not
 * a histogram, text that is not UTF-8, an empty input (at its line 1). The message names the source and the line,
 * e.g. {@code run.hlog:57: ...}.
 */
public final class HdrLogFormatException extends HdrLogLineException {
    private static final long serialVersionUID = 1L;

    HdrLogFormatException(String source, long line, String problem, Throwable cause) {
        super(source, line, problem, cause);
    }
}
