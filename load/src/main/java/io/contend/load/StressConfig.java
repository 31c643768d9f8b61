package io.contend.load;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings of a stress run.
 *
 * @param rate pacing
 * @param threads generator threads, at least 1
 * @param duration how long to run, or null to run until {@code ops} operations are done
 * @param ops operations to run, 0 for no limit (then duration is required)
 * @param interval length of a reporting and logging interval, at least 1 ms
 * @param warmup time to run before measuring, not recorded (zero for none)
 * @param log interval log to write, or null
 */
public record StressConfig(Rate rate, int threads, Duration duration, long ops, Duration interval, Duration warmup, Path log) {
    /** Checks every setting, naming the offending one. */
    public StressConfig {
        Objects.requireNonNull(rate, "rate");
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(warmup, "warmup");
        if (threads < 1 || threads > 10_000) {
            throw new IllegalArgumentException("threads must be in [1, 10000]: " + threads);
        }
        if (ops < 0) {
            throw new IllegalArgumentException("ops must not be negative: " + ops);
        }
        if (duration == null && ops == 0) {
            throw new IllegalArgumentException("give a duration or a number of operations");
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new IllegalArgumentException("duration must be positive: " + duration);
        }
        if (interval.toMillis() < 1) {
            throw new IllegalArgumentException("interval must be at least 1ms: " + interval);
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("warmup must not be negative: " + warmup);
        }
        for (Duration d : new Duration[] {duration, interval, warmup}) {
            if (d != null && d.compareTo(Durations.MAX) > 0) {
                throw new IllegalArgumentException("durations must fit a nanosecond clock (about 292 years): " + d);
            }
        }
    }
}
