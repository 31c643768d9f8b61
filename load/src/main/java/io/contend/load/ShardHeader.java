package io.contend.load;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Which generator wrote a stress run's interval log: a comment line near its top, e.g.
 * <pre>#contend-shard shard=2/4 host=stress-2-x7k2p start-at=2026-11-27T10:00:00Z rate=fixed=4000/s duration=10s ops=- threads=1</pre>
 * HdrHistogram's readers skip it as a comment; {@code contend shards merge} reads it to check that the logs it
 * merges are the shards of one schedule and to name each shard in its summary.
 *
 * @param shard which operations of the schedule the run ran
 * @param host where it ran (the HOSTNAME variable, a pod's name on Kubernetes, else the local host name)
 * @param startAt the agreed start of the measured run, or null if the run started when it was ready
 * @param rate the whole schedule's pacing
 * @param duration the measured run's length, or null if it ran to an operation count
 * @param ops the whole run's operation limit, 0 for none
 * @param threads generator threads
 */
public record ShardHeader(Shard shard, String host, Instant startAt, Rate rate, Duration duration, long ops, int threads) {
    /** How the comment starts (after HdrHistogram's {@code #}). */
    public static final String PREFIX = "contend-shard ";
    private static final int MAX_HEADER_LINES = 32;
    /** Longest comment line read while looking for the header; a header line is far shorter. */
    private static final int MAX_HEADER_LINE_CHARS = 64 * 1024;
    private static final String NONE = "-";

    /**
     * Checks the values; a host name's whitespace is replaced, so that the line stays one word per field.
     *
     * @param shard which operations
     * @param host where, not blank
     * @param startAt the agreed start, or null
     * @param rate pacing
     * @param duration length, positive and at most {@link Durations#MAX} (as a run's), or null
     * @param ops operation limit, 0 for none
     * @param threads generator threads, at least 1
     * @throws IllegalArgumentException naming the value if one is out of range
     */
    public ShardHeader {
        Objects.requireNonNull(shard, "shard");
        Objects.requireNonNull(rate, "rate");
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host must not be blank: '" + host + "'");
        }
        host = host.strip().replaceAll("\\s+", "_");
        // As StressConfig's: a longer one has no nanosecond count, so no line parse reads and no scheduled count.
        if (duration != null && (duration.isNegative() || duration.isZero() || duration.compareTo(Durations.MAX) > 0)) {
            throw new IllegalArgumentException("duration must be positive and fit a nanosecond clock (about 292 "
                    + "years): " + Durations.format(duration));
        }
        if (ops < 0) {
            throw new IllegalArgumentException("ops must not be negative: " + ops);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1: " + threads);
        }
    }

    /**
     * @param config the run's settings
     * @param host where it runs
     * @return the run's header
     */
    public static ShardHeader of(StressConfig config, String host) {
        return new ShardHeader(config.shard(), host, config.startAt(), config.rate(), config.duration(), config.ops(),
                config.threads());
    }

    /** @return the comment line, without the {@code #} */
    public String line() {
        return PREFIX + "shard=" + shard + " host=" + host + " start-at=" + (startAt == null ? NONE : startAt)
                + " rate=" + rate + " duration=" + (duration == null ? NONE : Durations.format(duration))
                + " ops=" + (ops == 0 ? NONE : Long.toString(ops)) + " threads=" + threads;
    }

    /**
     * @param comment a comment line, with or without its {@code #}
     * @return the header it holds, or empty if it is another comment
     * @throws IllegalArgumentException if it is a header with a missing or malformed field (naming it)
     */
    public static Optional<ShardHeader> parse(String comment) {
        String text = comment.startsWith("#") ? comment.substring(1) : comment;
        if (!text.startsWith(PREFIX)) {
            return Optional.empty();
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String word : text.substring(PREFIX.length()).trim().split("\\s+")) {
            int eq = word.indexOf('=');
            if (eq > 0) {
                fields.put(word.substring(0, eq), word.substring(eq + 1));
            }
        }
        try {
            String start = field(fields, "start-at");
            String length = field(fields, "duration");
            String limit = field(fields, "ops");
            return Optional.of(new ShardHeader(Shard.parse(field(fields, "shard")), field(fields, "host"),
                    start.equals(NONE) ? null : Instant.parse(start), Rate.parse(field(fields, "rate")),
                    length.equals(NONE) ? null : Durations.parse("duration", length),
                    limit.equals(NONE) ? 0 : Long.parseLong(limit), Integer.parseInt(field(fields, "threads"))));
        } catch (DateTimeParseException | IllegalArgumentException e) {
            throw new IllegalArgumentException("malformed shard header '" + comment.strip() + "': " + e.getMessage(), e);
        }
    }

    private static String field(Map<String, String> fields, String name) {
        String value = fields.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no " + name + "=");
        }
        return value;
    }

    /**
     * Reads the header from the comment lines at the top of an interval log.
     *
     * @param log an interval log written by {@code contend stress}
     * @return its header, or empty if its first comment lines hold none (a log of another tool)
     * @throws IOException if the file cannot be read
     * @throws IllegalArgumentException if the header is malformed
     */
    public static Optional<ShardHeader> read(Path log) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            for (int i = 0; i < MAX_HEADER_LINES; i++) {
                String line = boundedLine(in);
                if (line == null || !line.startsWith("#")) {
                    return Optional.empty(); // also a line longer than any header: not a contend log's top
                }
                Optional<ShardHeader> header = parse(line);
                if (header.isPresent()) {
                    return header;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * @return the next line without its terminator, or null at the end or when the line is longer than
     *         {@link #MAX_HEADER_LINE_CHARS} (so a hostile file's one huge line is not read into memory)
     */
    private static String boundedLine(BufferedReader in) throws IOException {
        int c = in.read();
        if (c < 0) {
            return null;
        }
        StringBuilder line = new StringBuilder();
        for (; c >= 0 && c != '\n'; c = in.read()) {
            if (line.length() == MAX_HEADER_LINE_CHARS) {
                return null;
            }
            line.append((char) c);
        }
        int end = line.length();
        return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
    }

    /**
     * How many of this shard's operations the whole schedule holds: its share of the operations whose intended
     * start lies within the duration, and of the operation limit. It fits a long: at most one operation per
     * nanosecond of a duration that is at most Long.MAX_VALUE ns.
     *
     * @return the shard's scheduled operations, or -1 when the run has no schedule (throughput) or no end
     */
    public long scheduledOperations() {
        long byLimit = ops == 0 ? Long.MAX_VALUE : shard.localCount(ops);
        if (!rate.paced()) {
            return ops == 0 ? -1 : byLimit;
        }
        if (duration == null) {
            return ops == 0 ? -1 : byLimit;
        }
        long byTime = new Schedule(0, rate.opsPerSecond(), shard).operationsWithin(duration.toNanos());
        return Math.min(byTime, byLimit);
    }

    /** @return this machine's name: HOSTNAME (a pod's name on Kubernetes), else the local host's name, else "unknown" */
    public static String localHost() {
        String name = System.getenv("HOSTNAME");
        if (name != null && !name.isBlank()) {
            return name.strip();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException | SecurityException e) {
            return "unknown";
        }
    }
}
