package io.contend.hdr;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds intervals up per tag as HistogramLogProcessor adds them up for one tag: the tag's first histogram,
 * emptied and auto-resizing, plus every interval of the tag. Unlike HistogramLogProcessor it refuses counts
 * that add up to more than a long holds, where HdrHistogram's sum would wrap around to a negative count. Not
 * thread-safe.
 */
public final class TagAccumulator {
    private final Map<String, Histogram> byTag = new LinkedHashMap<>(); // a null key holds the untagged intervals

    /**
     * @param interval an interval to add to its tag's sum
     * @throws ArithmeticException if the tag's total count would exceed Long.MAX_VALUE (nothing is added)
     */
    public void add(HdrInterval interval) {
        Histogram sum = byTag.get(interval.tag());
        long sumCount = sum == null ? 0 : sum.getTotalCount();
        if (interval.histogram().getTotalCount() > Long.MAX_VALUE - sumCount) {
            throw new ArithmeticException("the counts of " + (interval.tag() == null ? "the untagged intervals"
                    : "tag " + interval.tag()) + " add up to more than " + Long.MAX_VALUE);
        }
        if (sum == null) {
            sum = interval.histogram().copy();
            sum.reset();
            sum.setAutoResize(true);
            byTag.put(interval.tag(), sum);
        }
        sum.add(interval.histogram());
    }

    /** @return one sum per tag, in the order the tags first came; the histograms are live, not copies */
    public List<TaggedHistogram> sums() {
        List<TaggedHistogram> sums = new ArrayList<>();
        byTag.forEach((tag, histogram) -> sums.add(new TaggedHistogram(tag, histogram)));
        return sums;
    }
}
