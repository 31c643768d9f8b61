package io.contend.load;

import java.util.Optional;

/**
 * The three latencies recorded for every operation, and the tag suffixes they carry in interval logs and
 * summaries ({@code <op>-rt}, {@code <op>-st}, {@code <op>-wt}).
 */
public enum LatencyKind {
    /** Intended start to end: what a client arriving on schedule sees. */
    RESPONSE("rt", "response time (intended start to end)"),
    /** Actual start to end: what the service took. */
    SERVICE("st", "service time (start to end)"),
    /** Intended start to actual start: how late the generator started the operation. */
    WAIT("wt", "wait time (intended start to start)");

    private final String suffix;
    private final String description;

    LatencyKind(String suffix, String description) {
        this.suffix = suffix;
        this.description = description;
    }

    /** @return the tag suffix without its dash: rt, st or wt */
    public String suffix() {
        return suffix;
    }

    /** @return a short description, e.g. "response time (intended start to end)" */
    public String description() {
        return description;
    }

    /**
     * @param operation an operation's name
     * @return its tag for this latency, e.g. {@code sleep-rt}
     */
    public String tag(String operation) {
        return operation + "-" + suffix;
    }

    /**
     * @param suffix rt, st or wt
     * @return the latency with that suffix
     * @throws IllegalArgumentException naming the text otherwise
     */
    public static LatencyKind ofSuffix(String suffix) {
        for (LatencyKind kind : values()) {
            if (kind.suffix.equals(suffix)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("a latency is rt, st or wt: '" + suffix + "'");
    }

    /**
     * @param tag a tag, e.g. {@code read-rt}
     * @return the latency its suffix names, if it ends in -rt, -st or -wt after a non-empty operation name
     */
    public static Optional<LatencyKind> ofTag(String tag) {
        for (LatencyKind kind : values()) {
            String end = "-" + kind.suffix;
            if (tag.endsWith(end) && tag.length() > end.length()) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /**
     * @param tag a tag, e.g. {@code read-rt}
     * @return the operation it belongs to ({@code read}), or the tag itself if it has no latency suffix
     */
    public static String operationOf(String tag) {
        return ofTag(tag).map(kind -> tag.substring(0, tag.length() - kind.suffix.length() - 1)).orElse(tag);
    }
}
