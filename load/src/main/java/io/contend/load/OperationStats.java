package io.contend.load;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * What one operation tag records: response time (intended start to end), service time (actual start to end)
 * and wait time (intended to actual start), errors and the first error messages. Each recording thread takes
 * its own {@link Writer}, so recording writes no memory another thread writes: it is wait-free, and
 * allocation-free once the writer's histograms have grown to the range of the values seen. The reporting
 * thread takes the records interval by interval, adds the writers' records together and adds them to the
 * tag's totals. An operation's three latencies, or its error, always land in the same interval. Values are nanoseconds, tracked from 1 ns to {@link #HIGHEST_TRACKABLE_NANOS} at 3
 * significant digits; a larger value is recorded as that highest value and counted in
 * {@link #clampedValues()}, never dropped.
 */
public final class OperationStats {
    /** One hour: the largest latency the histograms resolve. */
    public static final long HIGHEST_TRACKABLE_NANOS = 3_600_000_000_000L;
    /** Error messages kept per tag. */
    public static final int KEPT_ERROR_MESSAGES = 5;

    private final String name;
    private final List<IntervalRecorder> recorders = new CopyOnWriteArrayList<>();
    /** The writers' records of the interval being taken; only the reporting thread touches it. */
    private final IntervalRecorder.Sample interval = new IntervalRecorder.Sample(true);
    private final LongAdder clamped = new LongAdder();
    private final AtomicInteger messagesKept = new AtomicInteger();
    private final List<String> firstErrors = Collections.synchronizedList(new ArrayList<>());
    /** Totals of the intervals taken so far; only the reporting thread touches them. */
    private final Map<LatencyKind, Histogram> totals = new EnumMap<>(LatencyKind.class);
    private long totalErrors;

    /** @param name the operation's tag */
    public OperationStats(String name) {
        this.name = name;
        for (LatencyKind kind : LatencyKind.values()) {
            totals.put(kind, new Histogram(1, HIGHEST_TRACKABLE_NANOS, 3));
        }
    }

    /** @return the tag */
    public String name() {
        return name;
    }

    /**
     * A recorder for one thread. Its records are added to this tag's at every interval.
     *
     * @return a new writer, to be used by one thread only
     */
    public Writer newWriter() {
        IntervalRecorder recorder = new IntervalRecorder();
        recorders.add(recorder);
        return new Writer(recorder);
    }

    private long clamp(long nanos) {
        if (nanos > HIGHEST_TRACKABLE_NANOS) {
            clamped.increment();
            return HIGHEST_TRACKABLE_NANOS;
        }
        return Math.max(0, nanos); // nanoTime is monotonic; a negative difference cannot happen, but must not throw here
    }

    private void keepMessage(Throwable error) {
        if (messagesKept.get() < KEPT_ERROR_MESSAGES && messagesKept.incrementAndGet() <= KEPT_ERROR_MESSAGES) {
            firstErrors.add(describe(error));
        }
    }

    /** One thread's recorder of this tag's operations; not thread-safe. */
    public final class Writer {
        private final IntervalRecorder recorder;

        private Writer(IntervalRecorder recorder) {
            this.recorder = recorder;
        }

        /**
         * Records a completed operation. Wait-free; allocation-free once the histograms cover the values.
         *
         * @param intended intended start (equal to start when unpaced)
         * @param start actual start
         * @param end end
         */
        public void recordSuccess(long intended, long start, long end) {
            recorder.recordSuccess(clamp(end - intended), clamp(end - start), clamp(start - intended));
        }

        /**
         * Counts a failed operation and keeps its message if it is among the first few.
         *
         * @param error what the operation threw
         */
        public void recordError(Throwable error) {
            recorder.recordError();
            keepMessage(error);
        }

        @Override
        public String toString() {
            return "OperationStats.Writer{" + name + "}";
        }
    }

    /** The class and the message; for an exception without one, the first message among its causes. */
    static String describe(Throwable error) {
        String message = null;
        for (Throwable t = error; t != null && message == null; t = t.getCause() == t ? null : t.getCause()) {
            message = t.getMessage();
        }
        return error.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /**
     * Takes the records since the last call and adds them to the totals. For one reporting thread at a time.
     *
     * @return the interval's records; valid until the next call
     */
    IntervalRecorder.Sample takeInterval() {
        IntervalRecorder.Sample sample = interval;
        sample.reset();
        for (IntervalRecorder recorder : recorders) {
            sample.add(recorder.take());
        }
        for (LatencyKind kind : LatencyKind.values()) {
            totals.get(kind).add(sample.histogram(kind));
        }
        totalErrors += sample.errors();
        return sample;
    }

    /** @return one latency over every interval taken so far (a copy) */
    Histogram total(LatencyKind kind) {
        return totals.get(kind).copy();
    }

    /** @return successful operations in the intervals taken so far */
    public long completed() {
        return totals.get(LatencyKind.RESPONSE).getTotalCount();
    }

    /** @return failed operations in the intervals taken so far */
    public long errors() {
        return totalErrors;
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
