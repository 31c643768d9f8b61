package io.contend.load;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Takes one interval of every operation tag: tags its histograms ({@code <op>-rt}, {@code <op>-st},
 * {@code <op>-wt}) with the interval's times, writes them to the log, and passes the interval's numbers to the
 * listener. The interval's counts come from the same records as its histograms, so the ops/s printed and the
 * counts logged agree. Used by the reporting thread only.
 */
final class IntervalReporter {
    private final OperationStats[] stats;
    private final LatencyKind reportedKind;
    private final long startMillis;
    private final long startNanos;
    private final StressLog log;
    private final StressRun.Listener listener;
    private final Histogram reported = new Histogram(1, OperationStats.HIGHEST_TRACKABLE_NANOS, 3);

    /**
     * @param stats the tags
     * @param reportedKind the latency the listener sees
     * @param startMillis the phase's start, epoch milliseconds (the log's StartTime)
     * @param startNanos the phase's start, nanoTime
     * @param log where intervals go, or null
     * @param listener live output
     */
    IntervalReporter(OperationStats[] stats, LatencyKind reportedKind, long startMillis, long startNanos, StressLog log,
                     StressRun.Listener listener) {
        this.stats = stats;
        this.reportedKind = reportedKind;
        this.startMillis = startMillis;
        this.startNanos = startNanos;
        this.log = log;
        this.listener = listener;
    }

    /**
     * @param fromNanos the interval's start, nanoTime
     * @param toNanos its end
     * @return false if the log could not be written (see {@link StressLog#failure()})
     */
    boolean report(long fromNanos, long toNanos) {
        long startStamp = startMillis + (fromNanos - startNanos) / 1_000_000;
        long endStamp = startMillis + (toNanos - startNanos) / 1_000_000;
        List<Histogram> lines = new ArrayList<>(stats.length * LatencyKind.values().length);
        reported.reset();
        long completed = 0;
        long errors = 0;
        for (OperationStats s : stats) {
            IntervalRecorder.Sample sample = s.takeInterval();
            for (LatencyKind kind : LatencyKind.values()) {
                Histogram h = sample.histogram(kind);
                h.setTag(kind.tag(s.name()));
                h.setStartTimeStamp(startStamp);
                h.setEndTimeStamp(endStamp);
                lines.add(h);
            }
            reported.add(sample.histogram(reportedKind));
            completed += sample.completed();
            errors += sample.errors();
        }
        boolean logged = log == null || log.write(lines);
        listener.interval(new IntervalReport((toNanos - startNanos) / 1e9, (toNanos - fromNanos) / 1e9, completed, errors,
                reported.getValueAtPercentile(50), reported.getValueAtPercentile(99), reported.getMaxValue(), reported));
        return logged;
    }
}
