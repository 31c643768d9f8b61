package io.contend.load;

import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The outcome of a stress run. Every scheduled operation is accounted for:
 * {@code completed + errors + missed == scheduled}, where missed operations were scheduled (intended start
 * within the run) but never started, because the generator fell behind or the run was stopped.
 *
 * @param rate the pacing it ran with
 * @param operations per operation tag: histograms over the whole run and counts
 * @param scheduled operations scheduled (throughput mode: started)
 * @param completed operations that succeeded
 * @param errors operations that threw
 * @param missed scheduled but never started
 * @param elapsedNanos measured time
 * @param stoppedEarly whether stop() ended it before its duration or operation count
 * @param gcCount garbage collections during the run
 * @param gcMillis time the collectors report for them
 */
public record StressResult(Rate rate, List<Op> operations, long scheduled, long completed, long errors, long missed,
                           long elapsedNanos, boolean stoppedEarly, long gcCount, long gcMillis) {

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
        /** @return the histogram of rt, st or wt */
        public Histogram metric(String metric) {
            switch (metric) {
                case "rt":
                    return response;
                case "st":
                    return service;
                case "wt":
                    return waiting;
                default:
                    throw new IllegalArgumentException("metric must be rt, st or wt: " + metric);
            }
        }
    }

    /** @return completed operations per second of measured time */
    public double opsPerSecond() {
        return elapsedNanos > 0 ? completed * 1e9 / elapsedNanos : 0;
    }

    /** @return the reported metric (rt for fixed rate, st otherwise) over every tag */
    public Histogram reported() {
        Histogram all = new Histogram(1, OperationStats.HIGHEST_TRACKABLE_NANOS, 3);
        for (Op op : operations) {
            all.add(op.metric(rate.reportedMetric()));
        }
        return all;
    }
}
