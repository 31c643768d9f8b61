package io.contend.load;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The outcome of a stress run. Every scheduled operation is accounted for:
 * {@code completed + errors + unfinished + missed == scheduled}. Missed operations were scheduled (intended
 * start within the run) but never started, because the generator fell behind or the run was stopped;
 * unfinished ones were still running when a stopped run gave up waiting for them.
 *
 * @param rate the pacing it ran with
 * @param operations per operation tag: histograms over the whole run and counts
 * @param scheduled operations scheduled (throughput mode: started)
 * @param completed operations that succeeded
 * @param errors operations that threw
 * @param unfinished operations started but still running when a stopped run ended (0 unless stopped)
 * @param missed scheduled but never started
 * @param elapsedNanos measured time
 * @param end how the run ended
 * @param gcCount garbage collections during the run
 * @param gcMillis time the collectors report for them
 * @param faults what went wrong around the measurement (e.g. the interval log could not be written); empty when
 *               nothing did
 */
public record StressResult(Rate rate, List<Op> operations, long scheduled, long completed, long errors, long unfinished,
                           long missed, long elapsedNanos, End end, long gcCount, long gcMillis, List<Fault> faults) {

    /**
     * Something that went wrong around the measurement, not in an operation (those are counted as errors).
     *
     * @param kind what failed
     * @param message one line that names what failed and why, e.g. "writing the interval log run.hlog failed: no
     *        space left on device; the run stopped at 4.0 s"
     * @param cause the exception behind it, or null
     */
    public record Fault(FaultKind kind, String message, Throwable cause) {
        /**
         * Checks that kind and message are given.
         *
         * @param kind what failed
         * @param message one line
         * @param cause the exception, or null
         */
        public Fault {
            java.util.Objects.requireNonNull(kind, "kind");
            java.util.Objects.requireNonNull(message, "message");
        }

        /** @return the message */
        @Override
        public String toString() {
            return message;
        }
    }

    /** What a {@link Fault} is about. */
    public enum FaultKind {
        /** Writing or closing the interval log failed; a failed write also stops the run. */
        INTERVAL_LOG,
        /** The workload's close threw. */
        WORKLOAD_CLOSE
    }

    /** How a run ended. */
    public enum End {
        /** The duration passed or the operations were done. */
        FINISHED,
        /** {@link StressRun#stop()} (or an interrupt, or a failed log write) ended the measurement early. */
        STOPPED,
        /** Stopped during the warm-up, or while waiting for an agreed start: nothing was measured. */
        STOPPED_IN_WARMUP
    }

    /**
     * Copies the lists.
     *
     * @param rate the run's pacing
     * @param operations per operation tag
     * @param scheduled operations scheduled
     * @param completed operations that succeeded
     * @param errors operations that failed
     * @param unfinished operations still running when a stopped run ended
     * @param missed operations scheduled but never started
     * @param elapsedNanos the measurement's length
     * @param end how the run ended
     * @param gcCount garbage collections during the run
     * @param gcMillis time the collectors report for them
     * @param faults what went wrong around the measurement
     */
    public StressResult {
        operations = List.copyOf(operations);
        faults = List.copyOf(faults);
    }

    /**
     * @param rate the pacing the run had
     * @return a builder of a result with nothing counted, ended {@link End#FINISHED}
     */
    public static Builder builder(Rate rate) {
        return new Builder(rate);
    }

    /** @return a builder holding this result's values */
    public Builder toBuilder() {
        Builder b = new Builder(rate);
        b.operations = operations;
        b.scheduled = scheduled;
        b.completed = completed;
        b.errors = errors;
        b.unfinished = unfinished;
        b.missed = missed;
        b.elapsedNanos = elapsedNanos;
        b.end = end;
        b.gcCount = gcCount;
        b.gcMillis = gcMillis;
        b.faults = faults;
        return b;
    }

    /** Builds a {@link StressResult} by name rather than by position; not thread-safe. */
    public static final class Builder {
        private final Rate rate;
        private List<Op> operations = List.of();
        private long scheduled;
        private long completed;
        private long errors;
        private long unfinished;
        private long missed;
        private long elapsedNanos;
        private End end = End.FINISHED;
        private long gcCount;
        private long gcMillis;
        private List<Fault> faults = List.of();

        private Builder(Rate rate) {
            this.rate = java.util.Objects.requireNonNull(rate, "rate");
        }

        /**
         * @param value per operation tag
         * @return this
         */
        public Builder operations(List<Op> value) {
            this.operations = value;
            return this;
        }

        /**
         * @param value operations scheduled
         * @return this
         */
        public Builder scheduled(long value) {
            this.scheduled = value;
            return this;
        }

        /**
         * @param value operations that succeeded
         * @return this
         */
        public Builder completed(long value) {
            this.completed = value;
            return this;
        }

        /**
         * @param value operations that threw
         * @return this
         */
        public Builder errors(long value) {
            this.errors = value;
            return this;
        }

        /**
         * @param value operations still running when a stopped run ended
         * @return this
         */
        public Builder unfinished(long value) {
            this.unfinished = value;
            return this;
        }

        /**
         * @param value operations scheduled but never started
         * @return this
         */
        public Builder missed(long value) {
            this.missed = value;
            return this;
        }

        /**
         * @param value the measurement's length
         * @return this
         */
        public Builder elapsedNanos(long value) {
            this.elapsedNanos = value;
            return this;
        }

        /**
         * @param value how the run ended
         * @return this
         */
        public Builder end(End value) {
            this.end = value;
            return this;
        }

        /**
         * @param count garbage collections during the run
         * @param millis the time the collectors report for them
         * @return this
         */
        public Builder gc(long count, long millis) {
            this.gcCount = count;
            this.gcMillis = millis;
            return this;
        }

        /**
         * @param value what went wrong around the measurement
         * @return this
         */
        public Builder faults(List<Fault> value) {
            this.faults = value;
            return this;
        }

        /** @return the result */
        public StressResult build() {
            return new StressResult(rate, operations, scheduled, completed, errors, unfinished, missed, elapsedNanos, end,
                    gcCount, gcMillis, faults);
        }
    }

    /**
     * One operation tag's totals.
     *
     * @param name the tag
     * @param response response time over the run (ns)
     * @param service service time (ns)
     * @param waiting wait time (ns)
     * @param completed successes
     * @param errors failures
     * @param firstErrors the first error messages
     * @param clampedValues values above an hour, recorded as an hour
     */
    public record Op(String name, Histogram response, Histogram service, Histogram waiting, long completed, long errors,
                     List<String> firstErrors, long clampedValues) {
        /**
         * @param kind which latency
         * @return the histogram of one latency
         */
        public Histogram metric(LatencyKind kind) {
            switch (kind) {
                case RESPONSE:
                    return response;
                case SERVICE:
                    return service;
                default:
                    return waiting;
            }
        }

        /**
         * @param suffix rt, st or wt
         * @return the histogram of that latency
         * @throws IllegalArgumentException for another suffix
         */
        public Histogram metric(String suffix) {
            return metric(LatencyKind.ofSuffix(suffix));
        }

        /** @return the tag's counts and its response and service time percentiles, not the histograms' counts */
        @Override
        public String toString() {
            return "Op[" + name + ", " + completed + " completed, " + errors + " errors, rt p50/p99/max "
                    + percentiles(response) + " ns, st " + percentiles(service) + " ns"
                    + (clampedValues > 0 ? ", " + clampedValues + " clamped" : "") + "]";
        }

        private static String percentiles(Histogram h) {
            return h.getTotalCount() == 0 ? "-" : h.getValueAtPercentile(50) + "/" + h.getValueAtPercentile(99) + "/"
                    + h.getMaxValue();
        }
    }

    /** @return the counts, the rate achieved and each tag's summary, not the histograms' counts */
    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "StressResult[%s, %s, %d scheduled, %d completed, %d errors, "
                + "%d unfinished, %d missed, %.3f s, %.1f ops/s, %d GCs (%d ms), ops %s%s]", rate, end, scheduled,
                completed, errors, unfinished, missed, elapsedNanos / 1e9, opsPerSecond(), gcCount, gcMillis,
                operations, faults.isEmpty() ? "" : ", faults " + faults);
    }

    /** @return whether the run ended before its duration or operation count */
    public boolean stoppedEarly() {
        return end != End.FINISHED;
    }

    /** @return completed operations per second of measured time */
    public double opsPerSecond() {
        return elapsedNanos > 0 ? completed * 1e9 / elapsedNanos : 0;
    }

    /** @return the reported latency (rt for fixed rate, st otherwise) over every tag */
    public Histogram reported() {
        Histogram all = new Histogram(1, OperationStats.HIGHEST_TRACKABLE_NANOS, 3);
        for (Op op : operations) {
            all.add(op.metric(rate.reportedLatency()));
        }
        return all;
    }

    /**
     * @param threshold lateness that counts as late (e.g. {@link LateSends#DEFAULT_THRESHOLD})
     * @return how far the generator fell behind its schedule, from every tag's wait times
     */
    public LateSends lateSends(java.time.Duration threshold) {
        Histogram waits = new Histogram(1, OperationStats.HIGHEST_TRACKABLE_NANOS, 3);
        for (Op op : operations) {
            waits.add(op.metric(LatencyKind.WAIT));
        }
        return LateSends.of(waits, threshold);
    }
}
