package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The documented contract of the builder and the histogram where doubles, ties and saturation meet it. */
class StreamingHistogramEdgeTest {

    private static final long TWO_TO_51 = 1L << 51;
    private static final long TWO_TO_52 = 1L << 52;

    /** Near 2^59 a double resolves 128: points[i] + z * width must not round above the next point. */
    @Test
    void quantileStaysNonDecreasingWhereDoublesAreCoarserThanTheGap() {
        long c = (1L << 59) + 128_000;
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(2, 0, 1);
        b.update(c - 60);
        b.update(c + 60);
        StreamingHistogram h = b.build();
        assertTrue(h.quantile(0.6) <= h.quantile(1), () -> h.quantile(0.6) + " > " + h.quantile(1));
        double previous = h.quantile(0);
        for (int j = 1; j <= 1000; j++) {
            double q = j / 1000.0;
            double x = h.quantile(q);
            assertTrue(x >= previous, "quantile decreased at " + q + ": " + x + " < " + previous);
            assertTrue(x >= (double) (c - 60) && x <= (double) (c + 60), "quantile(" + q + ") = " + x + " left the bins");
            previous = x;
        }
    }

    /** 60 and 120 merge at their mean 90, a tie between 60 (1 x 60) and 120 (2 x 60): the even multiple wins. */
    @Test
    void aMergeTieGoesToTheEvenMultipleOfTheStep() {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(2, 1, 60);
        b.update(60);
        b.update(120);
        b.update(6000);
        assertEquals(List.of(120L, 2L, 6000L, 1L), bins(b.build()));
    }

    /**
     * total = 2^52 + 2^51 + 1 and maxBins 3: 2 * total / 3 = 2^52 + 2/3, so the limit is 2^52, and a double
     * quotient rounds it to 2^52 + 1, which let 0:1 and 1:2^52 merge.
     */
    @Test
    void noMergedBinHoldsMoreThanTheLimitWhereDoublesRoundTheQuotientUp() {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(3, 1, 1);
        addLimitCase(b);
        StreamingHistogram h = b.build();
        assertEquals(List.of(0L, 1L, 1L, TWO_TO_52, 100L, TWO_TO_51), bins(h));

        StreamingHistogramBuilder four = new StreamingHistogramBuilder(4, 1, 1);
        addLimitCase(four);
        StreamingHistogram merged = four.build().merge(StreamingHistogram.empty(3), 3);
        assertEquals(List.of(0L, 1L, 1L, TWO_TO_52, 100L, TWO_TO_51), bins(merged));
    }

    private static void addLimitCase(StreamingHistogramBuilder b) {
        b.update(0, 1);
        b.update(1, TWO_TO_52);
        b.update(10, 1);
        b.update(100, TWO_TO_51 - 1);
    }

    @Test
    void sumStaysWithinTheTotalCountWhenCountsSaturate() {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(100, 0, 1);
        b.update(1, Long.MAX_VALUE);
        b.update(2, Long.MAX_VALUE);
        StreamingHistogram h = b.build();
        assertEquals(Long.MAX_VALUE, h.totalCount());
        for (double x : new double[] {1, 1.5, 1.99, 2, 3, Double.MAX_VALUE, Double.POSITIVE_INFINITY}) {
            double s = h.sum(x);
            assertTrue(s >= 0 && s <= h.totalCount(), "sum(" + x + ") = " + s + " outside [0, " + h.totalCount() + "]");
        }
        assertEquals((double) h.totalCount(), h.sum(2));
        assertTrue(h.sum(1.5) <= h.sum(2));
    }

    /** With as many bins as distinct points: half a point's count at an interior point, the total at the highest. */
    @Test
    void sumIsBelowPlusHalfAtAnInteriorPointAndTheTotalAtTheHighest() {
        StreamingHistogramBuilder b = new StreamingHistogramBuilder(100, 0, 1);
        b.update(10, 2);
        b.update(20, 4);
        b.update(30, 6);
        StreamingHistogram h = b.build();
        assertEquals(1, h.sum(10));
        assertEquals(2 + 4 / 2.0, h.sum(20));
        assertEquals(12, h.sum(30), "the highest point: the total, not 6 + 6 / 2");

        StreamingHistogramBuilder one = new StreamingHistogramBuilder(100, 0, 1);
        one.update(5, 8);
        assertEquals(8, one.build().sum(5), "a single point is the highest");
    }

    private static List<Long> bins(StreamingHistogram h) {
        List<Long> out = new ArrayList<>();
        h.forEach((point, count) -> {
            out.add(point);
            out.add(count);
        });
        return out;
    }
}
