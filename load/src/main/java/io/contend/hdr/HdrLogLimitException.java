package io.contend.hdr;

/**
 * A well-formed HDR interval log that a tool cannot add up: counts that together exceed the largest count a
 * histogram holds (Long.MAX_VALUE). The message names the source and the line where the limit was passed, e.g.
 * {@code run.hlog:57: the counts of tag read-rt add up to more than 9223372036854775807}.
 */
public final class HdrLogLimitException extends HdrLogLineException {
    private static final long serialVersionUID = 1L;

    HdrLogLimitException(String source, long line, String problem, Throwable cause) {
        super(source, line, problem, cause);
    }
}
