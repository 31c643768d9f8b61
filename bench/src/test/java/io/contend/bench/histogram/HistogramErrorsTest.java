package io.contend.bench.histogram;

import org.junit.jupiter.api.Test;

import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistogramErrorsTest {

    /** Few distinct rounded points: every builder holds them exactly, and the mid-rank reference scores that 0. */
    @Test
    void anExactHistogramScoresZero() {
        HistogramErrors.QuartileErrors e = HistogramErrors.quartileErrors(HistogramImpl.contend, HistogramPayload.secondInMin,
                1000, 60);
        assertEquals(0, e.worst(), 1e-9, e.toString());
        long[] tenValues = LongStream.range(0, 100_000).map(i -> 1_000 + 7 * (i % 10)).toArray();
        assertEquals(0, HistogramErrors.quartileErrors(HistogramImpl.contend, tenValues, 0, 1).worst(), 1e-9);
        assertEquals(0, HistogramErrors.quartileErrors(HistogramImpl.cassandra, tenValues, 0, 1).worst(), 1e-9);
    }

    /** The metric tells a good summary from a bad one: Cassandra's builder on ascending points (the case). */
    @Test
    void anAscendingStreamSeparatesContendFromCassandra() {
        long[] ascending = LongStream.range(0, 1_000_000).toArray();
        double contend = HistogramErrors.quartileErrors(HistogramImpl.contend, ascending, 0, 1).worst();
        double cassandra = HistogramErrors.quartileErrors(HistogramImpl.cassandra, ascending, 0, 1).worst();
        assertTrue(contend < 0.01, "contend: " + contend);
        assertTrue(cassandra > 0.2, "cassandra: " + cassandra);
    }

    /** Rounding to 60 s: the error of a day of random seconds at spool 1000, against the rounded points. */
    @Test
    void roundedStreamsAreJudgedOnWhatTheHistogramWasGiven() {
        double contend = HistogramErrors.quartileErrors(HistogramImpl.contend, HistogramPayload.secondInDay, 1000, 60).worst();
        assertTrue(contend < 0.03, "contend: " + contend);
    }
}
