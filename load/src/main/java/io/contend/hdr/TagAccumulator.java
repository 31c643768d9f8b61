package io.contend.hdr;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds intervals up per tag as HistogramLogProcessor adds them up for one tag: the tag's first histogram,
 * emptied and auto-resizing, plus every interval of the tag. Not thread-safe.
 */
public final class TagAccumulator {
    private final Map<String, Histogram> byTag = new LinkedHashMap<>(); // a null key holds the untagged intervals

    /** @param interval an interval to add to its tag's sum */
    public void add(HdrInterval interval) {
        Histogram sum = byTag.get(interval.tag());
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
