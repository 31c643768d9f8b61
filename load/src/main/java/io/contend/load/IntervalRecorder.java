package io.contend.load;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/*
 * Implementation notes.
 *
 * Algorithm: Gil Tene's WriterReaderPhaser ("WriterReaderPhaser: A story about a new (?) synchronization
 * primitive", 2014, https://stuff-gil-says.blogspot.com/2014/11/writerreaderphaser-story-about-new.html), the
 * protocol of HdrHistogram's SingleWriterRecorder, with HdrHistogram's own phaser. SingleWriterRecorder applies
 * it to one histogram; here one phaser covers the three latency histograms and the error count of one
 * generator thread's records of one operation tag, so that one swap moves every record of an operation into
 * the same interval. With a recorder per latency the three swaps happen one after the other, and an operation
 * finishing between them lands in different intervals for rt, st and wt.
 *
 * One writer: each generator thread has its own recorder per tag (OperationStats.Writer), and the reporter
 * adds the threads' samples together at each interval. So a record writes only memory its thread owns: plain
 * histograms, no atomic add per count, and the phaser's counters are on no other thread's hot path. (A
 * recorder shared by all threads cost a contended line per operation: about 400 ns per operation at 2
 * threads in the co experiment.)
 *
 * Writer: enter the phaser's critical section (one uncontended XADD), read the active sample once, record
 * into it, exit (one uncontended XADD). Wait-free. The histograms resize themselves to the range of values
 * seen (a writer allocates only while its range grows), so a thread's recorder stays small.
 * Reader (the reporting thread, under the phaser's reader lock): resets the spare sample, publishes it as the
 * active one, flips the phase (waits until every writer that entered before the flip has exited), and returns
 * the previous sample, which no writer touches any more.
 *
 * Invariant: each operation's rt, st and wt values (or its error) are in exactly one sample.
 *
 * Ordering: active is volatile (svActive / lvActive). A writer reads it after its enter XADD. If that XADD came
 * before the flip's epoch swap, flipPhase waits for the writer's exit, so it may safely have used the old
 * sample. If it came after, the reader's volatile write of active (before the flip) happens-before the writer's
 * read, which then sees the new sample. The writers' exit XADDs, which flipPhase reads, order their records
 * before the reader's reads of the returned sample.
 */

/**
 * Records one operation tag's response, service and wait time and its errors, and hands them out per interval,
 * all of an operation's records in the same interval. Values are nanoseconds, already clamped by the caller to
 * [0, {@link OperationStats#HIGHEST_TRACKABLE_NANOS}]. Recording is wait-free and for one writing thread;
 * {@link #take()} is for one reporting thread at a time.
 */
final class IntervalRecorder {
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private volatile Sample active = new Sample();
    /** Written and read only under the phaser's reader lock. */
    private Sample spare = new Sample();

    /** Records one successful operation's three latencies. */
    void recordSuccess(long responseNanos, long serviceNanos, long waitNanos) {
        long token = phaser.writerCriticalSectionEnter();
        try {
            Sample sample = lvActive();
            sample.response.recordValue(responseNanos);
            sample.service.recordValue(serviceNanos);
            sample.waiting.recordValue(waitNanos);
        } finally {
            phaser.writerCriticalSectionExit(token);
        }
    }

    /** Counts one failed operation. */
    void recordError() {
        long token = phaser.writerCriticalSectionEnter();
        try {
            Sample sample = lvActive();
            sample.errors++;
        } finally {
            phaser.writerCriticalSectionExit(token);
        }
    }

    /**
     * Takes everything recorded since the last call.
     *
     * @return the interval's sample; valid until the next call, which reuses it
     */
    Sample take() {
        phaser.readerLock();
        try {
            Sample next = spare;
            next.reset();
            Sample taken = lvActive();
            svActive(next);
            phaser.flipPhase();
            spare = taken;
            return taken;
        } finally {
            phaser.readerUnlock();
        }
    }

    private Sample lvActive() {
        return active;
    }

    private void svActive(Sample sample) {
        active = sample;
    }

    /** One interval's records of one tag. */
    static final class Sample {
        /** Indexed by LatencyKind.ordinal(). */
        private final Histogram[] histograms = new Histogram[LatencyKind.values().length];
        private final Histogram response;
        private final Histogram service;
        private final Histogram waiting;
        private long errors;

        /** A sample whose histograms grow with the values recorded: a writer's. */
        Sample() {
            this(false);
        }

        /** @param fullRange true for histograms that cover the whole trackable range from the start */
        Sample(boolean fullRange) {
            for (LatencyKind kind : LatencyKind.values()) {
                histograms[kind.ordinal()] = fullRange ? new Histogram(1, OperationStats.HIGHEST_TRACKABLE_NANOS, 3)
                        : new Histogram(3);
            }
            response = histograms[LatencyKind.RESPONSE.ordinal()];
            service = histograms[LatencyKind.SERVICE.ordinal()];
            waiting = histograms[LatencyKind.WAIT.ordinal()];
        }

        /** @return the histogram of one latency (ns) */
        Histogram histogram(LatencyKind kind) {
            return histograms[kind.ordinal()];
        }

        /** @return operations that succeeded in the interval */
        long completed() {
            return response.getTotalCount();
        }

        /** @return operations that failed in the interval */
        long errors() {
            return errors;
        }

        /** Adds another sample's records to this one. */
        void add(Sample other) {
            for (int i = 0; i < histograms.length; i++) {
                histograms[i].add(other.histograms[i]);
            }
            errors += other.errors;
        }

        void reset() {
            for (Histogram h : histograms) {
                h.reset();
            }
            errors = 0;
        }
    }
}
