package io.contend.load;

import io.contend.idle.IdleStrategy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The settings of a stress run. Build one with {@link #builder()}, which starts from the defaults that the
 * {@code contend stress} command also uses ({@link #DEFAULT_RATE}, {@link #DEFAULT_THREADS},
 * {@link #DEFAULT_DURATION}, {@link #DEFAULT_INTERVAL}, {@link #DEFAULT_WARMUP}, no log, {@link #DEFAULT_IDLE}):
 * <pre>{@code
 * StressConfig config = StressConfig.builder().rate(Rate.parse("fixed=2k/s")).duration(Duration.ofSeconds(90)).build();
 * }</pre>
 *
 * @param rate pacing
 * @param threads generator threads, at least 1
 * @param duration how long to run, or null to run until {@code ops} operations are done
 * @param ops operations to run, 0 for no limit (then duration is required)
 * @param interval length of a reporting and logging interval, at least 1 ms
 * @param warmup time to run before measuring, not recorded (zero for none)
 * @param log interval log to write, or null
 * @param idle gives each generator thread the strategy it idles with just before an intended start
 * @param shard which operations of the schedule this generator runs ({@link Shard#WHOLE}: all of them); an
 *              {@code ops} limit counts the whole schedule's operations, of which the shard runs its share
 * @param startAt when the measured run starts (its operation 0's intended start, and the log's StartTime), on
 *                the wall clock; null for as soon as the warm-up ends. Shards on several machines share one, so
 *                that their intended starts are one schedule on one time base
 */
public record StressConfig(Rate rate, int threads, Duration duration, long ops, Duration interval, Duration warmup, Path log,
                           Supplier<? extends IdleStrategy> idle, Shard shard, Instant startAt) {
    /** All out. */
    public static final Rate DEFAULT_RATE = Rate.throughput();
    /** One generator thread. */
    public static final int DEFAULT_THREADS = 1;
    /** Ten seconds, unless only a number of operations is given. */
    public static final Duration DEFAULT_DURATION = Duration.ofSeconds(10);
    /** One-second intervals. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);
    /** No warm-up. */
    public static final Duration DEFAULT_WARMUP = Duration.ZERO;
    /**
     * A busy spin for the last 20 us before each intended start (the threads park until then): the start is met
     * within a spin hint, at the price of a CPU while the spin lasts.
     */
    public static final Supplier<IdleStrategy> DEFAULT_IDLE = IdleStrategy.supplier("busySpin");
    /** The most generator threads. */
    public static final int MAX_THREADS = 10_000;

    /**
     * Checks every setting, naming the offending one.
     *
     * @param rate how operations are paced
     * @param threads generator threads, in [1, {@link #MAX_THREADS}]
     * @param duration how long to run, or null to run until {@code ops} are done
     * @param ops operations to run, 0 for no limit
     * @param interval reporting and logging interval
     * @param warmup unrecorded warm-up before the measurement
     * @param log HdrHistogram interval log to write, or null for none
     * @param idle gives each generator thread its idle strategy
     * @param shard which operations of the schedule to run
     * @param startAt wall-clock start of the measured run, or null for as soon as the warm-up ends
     */
    public StressConfig {
        Objects.requireNonNull(rate, "rate");
        Objects.requireNonNull(idle, "idle");
        Objects.requireNonNull(shard, "shard");
        Objects.requireNonNull(interval, "interval");
        Objects.requireNonNull(warmup, "warmup");
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be in [1, " + MAX_THREADS + "]: " + threads);
        }
        if (ops < 0) {
            throw new IllegalArgumentException("ops must not be negative: " + ops);
        }
        if (ops > 0 && shard.localCount(ops) == 0) {
            throw new IllegalArgumentException("ops " + ops + " leaves shard " + shard + " no operation: give at least "
                    + shard.count() + ", one per shard");
        }
        if (duration == null && ops == 0) {
            throw new IllegalArgumentException("give a duration or a number of operations");
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new IllegalArgumentException("duration must be positive: " + Durations.format(duration));
        }
        if (interval.toMillis() < 1) {
            throw new IllegalArgumentException("interval must be at least 1ms: " + Durations.format(interval));
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("warmup must not be negative: " + Durations.format(warmup));
        }
        for (Duration d : new Duration[] {duration, interval, warmup}) {
            if (d != null && d.compareTo(Durations.MAX) > 0) {
                throw new IllegalArgumentException("durations must fit a nanosecond clock (about 292 years): " + d);
            }
        }
    }

    /**
     * The settings with the {@link #DEFAULT_IDLE} strategy.
     *
     * @param rate how operations are paced
     * @param threads generator threads, in [1, {@link #MAX_THREADS}]
     * @param duration how long to run, or null to run until {@code ops} are done
     * @param ops operations to run, 0 for no limit
     * @param interval reporting and logging interval
     * @param warmup unrecorded warm-up before the measurement
     * @param log HdrHistogram interval log to write, or null for none
     */
    public StressConfig(Rate rate, int threads, Duration duration, long ops, Duration interval, Duration warmup, Path log) {
        this(rate, threads, duration, ops, interval, warmup, log, DEFAULT_IDLE);
    }

    /**
     * The settings of an unsharded run that starts as soon as it can.
     *
     * @param rate how operations are paced
     * @param threads generator threads, in [1, {@link #MAX_THREADS}]
     * @param duration how long to run, or null to run until {@code ops} are done
     * @param ops operations to run, 0 for no limit
     * @param interval reporting and logging interval
     * @param warmup unrecorded warm-up before the measurement
     * @param log HdrHistogram interval log to write, or null for none
     * @param idle gives each generator thread its idle strategy
     */
    public StressConfig(Rate rate, int threads, Duration duration, long ops, Duration interval, Duration warmup, Path log,
                        Supplier<? extends IdleStrategy> idle) {
        this(rate, threads, duration, ops, interval, warmup, log, idle, Shard.WHOLE, null);
    }

    /** @return operations this generator runs, 0 for no limit: its shard's share of {@link #ops()} */
    public long shardOps() {
        return ops == 0 ? 0 : shard.localCount(ops);
    }

    /** @return a builder holding the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link StressConfig} from the defaults; not thread-safe. */
    public static final class Builder {
        private Rate rate = DEFAULT_RATE;
        private int threads = DEFAULT_THREADS;
        private Duration duration;
        private long ops;
        private Duration interval = DEFAULT_INTERVAL;
        private Duration warmup = DEFAULT_WARMUP;
        private Path log;
        private Supplier<? extends IdleStrategy> idle = DEFAULT_IDLE;
        private Shard shard = Shard.WHOLE;
        private Instant startAt;

        private Builder() {
        }

        /**
         * @param pacing how operations are paced (default: throughput)
         * @return this
         */
        public Builder rate(Rate pacing) {
            this.rate = Objects.requireNonNull(pacing, "rate");
            return this;
        }

        /**
         * @param count generator threads (default 1)
         * @return this
         */
        public Builder threads(int count) {
            this.threads = count;
            return this;
        }

        /**
         * @param length how long to run (default {@link #DEFAULT_DURATION}, or until {@link #ops} are done)
         * @return this
         */
        public Builder duration(Duration length) {
            this.duration = Objects.requireNonNull(length, "duration");
            return this;
        }

        /**
         * @param count operations to run; without a {@link #duration}, the run ends when they are done, with
         *              one, at whichever comes first
         * @return this
         */
        public Builder ops(long count) {
            this.ops = count;
            return this;
        }

        /**
         * @param length reporting and logging interval (default 1 s)
         * @return this
         */
        public Builder interval(Duration length) {
            this.interval = Objects.requireNonNull(length, "interval");
            return this;
        }

        /**
         * @param length unrecorded warm-up before the measurement (default none)
         * @return this
         */
        public Builder warmup(Duration length) {
            this.warmup = Objects.requireNonNull(length, "warmup");
            return this;
        }

        /**
         * @param file HdrHistogram interval log to write (default none)
         * @return this
         */
        public Builder log(Path file) {
            this.log = Objects.requireNonNull(file, "log");
            return this;
        }

        /**
         * @param strategies gives each generator thread the strategy it idles with in the last 20 us before an
         *        intended start (default {@link #DEFAULT_IDLE}); e.g. {@code IdleStrategy::yielding} where the
         *        generator shares its CPUs with the system under test
         * @return this
         */
        public Builder idle(Supplier<? extends IdleStrategy> strategies) {
            this.idle = Objects.requireNonNull(strategies, "idle");
            return this;
        }

        /**
         * @param part which operations of the schedule this generator runs (default {@link Shard#WHOLE})
         * @return this
         */
        public Builder shard(Shard part) {
            this.shard = Objects.requireNonNull(part, "shard");
            return this;
        }

        /**
         * @param instant wall-clock start of the measured run, shared by every shard (default: as soon as the
         *                warm-up ends)
         * @return this
         */
        public Builder startAt(Instant instant) {
            this.startAt = Objects.requireNonNull(instant, "startAt");
            return this;
        }

        /**
         * @return the settings
         * @throws IllegalArgumentException naming a setting out of range
         */
        public StressConfig build() {
            Duration length = duration != null ? duration : ops > 0 ? null : DEFAULT_DURATION;
            return new StressConfig(rate, threads, length, ops, interval, warmup, log, idle, shard, startAt);
        }
    }
}
