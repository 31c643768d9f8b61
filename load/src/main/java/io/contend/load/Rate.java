package io.contend.load;

import java.util.Locale;
import java.util.Objects;

/**
 * How a run paces its operations, the three modes of cassandra-stress after CASSANDRA-11853 (Nitsan Wakart,
 * "Fixing Coordinated Omission in Cassandra Stress", psy-lob-saw.blogspot.com/2016/07/fixing-co-in-cstress.html):
 * <ul>
 *   <li>{@code throughput}: all out, each thread starts its next operation when the last ends; there is no
 *       schedule, so the only honest latency is service time, and the summary reports it;</li>
 *   <li>{@code throttle=R/s}: operations are paced by a schedule of R per second, and the summary reports
 *       service time, as cassandra-stress's throttle did (response and wait time are still recorded and
 *       logged);</li>
 *   <li>{@code fixed=R/s}: paced the same way, and the summary reports response time, measured from each
 *       operation's intended start: the latency a client arriving on schedule would see.</li>
 * </ul>
 *
 * @param mode the pacing
 * @param opsPerSecond the schedule's rate, 0 for throughput
 */
public record Rate(Mode mode, long opsPerSecond) {
    /** Largest rate: one operation per nanosecond. */
    public static final long MAX_OPS_PER_SECOND = 1_000_000_000L;

    /** The pacing modes. */
    public enum Mode {
        /** All out; latency = service time. */
        THROUGHPUT,
        /** Paced; summary shows service time. */
        THROTTLE,
        /** Paced; summary shows response time. */
        FIXED
    }

    /**
     * Checks the rate against the mode.
     *
     * @param mode how operations are paced
     * @param opsPerSecond the rate, in [1, {@link #MAX_OPS_PER_SECOND}]; 0 for throughput
     */
    public Rate {
        Objects.requireNonNull(mode, "mode");
        if (mode == Mode.THROUGHPUT ? opsPerSecond != 0 : opsPerSecond < 1 || opsPerSecond > MAX_OPS_PER_SECOND) {
            throw new IllegalArgumentException(mode == Mode.THROUGHPUT ? "throughput takes no rate: " + opsPerSecond
                    : "rate must be in [1, " + MAX_OPS_PER_SECOND + "] per second: " + opsPerSecond);
        }
    }

    /** @return the all-out mode */
    public static Rate throughput() {
        return new Rate(Mode.THROUGHPUT, 0);
    }

    /**
     * Parses {@code throughput}, {@code throttle=R/s} or {@code fixed=R/s} (the {@code /s} may be left out;
     * R is a whole number, underscores and an SI suffix allowed: {@code fixed=2k/s}, see {@link Counts}).
     *
     * @param text the rate as the command line gives it
     * @return the rate
     * @throws IllegalArgumentException naming the text and the accepted forms
     */
    public static Rate parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("throughput")) {
            return throughput();
        }
        int eq = t.indexOf('=');
        if (eq > 0) {
            String kind = t.substring(0, eq);
            String value = t.substring(eq + 1);
            if (value.endsWith("/s")) {
                value = value.substring(0, value.length() - 2);
            }
            Mode mode = kind.equals("fixed") ? Mode.FIXED : kind.equals("throttle") ? Mode.THROTTLE : null;
            if (mode != null) {
                long perSecond;
                try {
                    perSecond = Counts.parse("rate", value);
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("rate must be throughput, throttle=R/s or fixed=R/s with R a "
                            + "whole number (SI suffixes allowed: 2k, 1.5M): '" + text + "'", e);
                }
                return new Rate(mode, perSecond);
            }
        }
        throw new IllegalArgumentException("rate must be throughput, throttle=R/s or fixed=R/s: '" + text + "'");
    }

    /** @return whether operations follow a schedule */
    public boolean paced() {
        return mode != Mode.THROUGHPUT;
    }

    /** @return the latency the summary reports: response time for fixed, service time otherwise */
    public LatencyKind reportedLatency() {
        return mode == Mode.FIXED ? LatencyKind.RESPONSE : LatencyKind.SERVICE;
    }

    @Override
    public String toString() {
        return mode == Mode.THROUGHPUT ? "throughput" : mode.name().toLowerCase(Locale.ROOT) + "=" + opsPerSecond + "/s";
    }
}
