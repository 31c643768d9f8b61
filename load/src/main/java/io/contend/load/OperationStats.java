package io.contend.load;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What one operation tag records: response time (intended start to end), service time (actual start to end)
 * and wait time (intended to actual start), each in an HdrHistogram {@link Recorder} (wait-free, allocation-free
 * recording; the reporter swaps out interval histograms), plus completions, errors and the first error
 * messages. Values are nanoseconds, tracked from 1 ns to {@link #HIGHEST_TRACKABLE_NANOS} at 3 significant
 * digits; a larger value is recorded as that highest value and counted in {@link #clampedValues()}, never
 * dropped.
 */
public final class OperationStats {
    /** One hour: the largest latency the histograms resolve. */
    public static final long HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;
    /** Error messages kept per tag. */
    public static final int KEPT_ERROR_MESSAGES = 5;

    private final String name;
    private final Recorder response = newRecorder();
    private final Recorder service = newRecorder();
    private final Recorder waiting = newRecorder();
    private final LongAdder completed = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final LongAdder clamped = new LongAdder();
    private final AtomicInteger messagesKept = new AtomicInteger();
    private final List<String> firstErrors = Collections.synchronizedList(new ArrayList<>());

    /** @param name the operation's tag */
    public OperationStats(String name) {
        this.name = name;
    }

    private static Recorder newRecorder() {
        return new Recorder(1, HIGHEST_TRACKABLE_NANOS, 3);
    }

    /** @return the tag */
    public String name() {
        return name;
    }

    /**
     * Records a completed operation. Allocation-free.
     *
     * @param intended intended start (equal to start when unpaced)
     * @param start actual start
     * @param end end
     */
    public void recordSuccess(long intended, long start, long end) {
        record(response, end - intended);
        record(service, end - start);
        record(waiting, start - intended);
        completed.increment();
    }

    private void record(Recorder recorder, long nanos) {
        long v = nanos;
        if (v > HIGHEST_TRACKABLE_NANOS) {
            v = HIGHEST_TRACKABLE_NANOS;
            clamped.increment();
        } else if (v < 0) {
            v = 0; // nanoTime is monotonic; a negative difference cannot happen, but must not throw here
        }
        recorder.recordValue(v);
    }

    /** Counts a failed operation and keeps its message if it is among the first few. */
    public void recordError(Throwable error) {
        errors.increment();
        if (messagesKept.get() < KEPT_ERROR_MESSAGES && messagesKept.incrementAndGet() <= KEPT_ERROR_MESSAGES) {
            firstErrors.add(error.getClass().getSimpleName() + ": " + error.getMessage());
        }
    }

    /**
     * Takes the interval histograms recorded since the last call (HdrHistogram's interval recorder protocol).
     *
     * @param metric "rt", "st" or "wt"
     * @param recycle a histogram returned by an earlier call for the same metric, or null
     */
    Histogram interval(String metric, Histogram recycle) {
        switch (metric) {
            case "rt":
                return response.getIntervalHistogram(recycle);
            case "st":
                return service.getIntervalHistogram(recycle);
            case "wt":
                return waiting.getIntervalHistogram(recycle);
            default:
                throw new IllegalArgumentException("metric must be rt, st or wt: " + metric);
        }
    }

    /** @return successful operations so far */
    public long completed() {
        return completed.sum();
    }

    /** @return failed operations so far */
    public long errors() {
        return errors.sum();
    }

    /** @return values above the trackable range, recorded as its highest value */
    public long clampedValues() {
        return clamped.sum();
    }

    /** @return the first error messages (at most {@value #KEPT_ERROR_MESSAGES}) */
    public List<String> firstErrors() {
        synchronized (firstErrors) {
            return List.copyOf(firstErrors);
        }
    }

    @Override
    public String toString() {
        return "OperationStats{" + name + ", completed=" + completed() + ", errors=" + errors() + "}";
    }
}
