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
 * @param faults what went wrong around the measurement, one line each (e.g. the interval log could not be
 *               written); empty when nothing did
 */
public record StressResult(Rate rate, List<Op> operations, long scheduled, long completed, long errors, long unfinished,
                           long missed, long elapsedNanos, End end, long gcCount, long gcMillis, List<String> faults) {

    /** How a run ended. */
    public enum End {
        /** The duration passed or the operations were done. */
        FINISHED,
        /** {@link StressRun#stop()} (or an interrupt, or a failed log write) ended the measurement early. */
        STOPPED,
        /** Stopped during the warm-up: nothing was measured. */
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
     * @param faults what went wrong around the measurement, one line each
     */
    public StressResult {
        operations = List.copyOf(operations);
        faults = List.copyOf(faults);
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
}
