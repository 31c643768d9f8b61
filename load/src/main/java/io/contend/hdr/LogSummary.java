package io.contend.hdr;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A log's intervals added up per tag, as HistogramLogProcessor adds them up for one tag: the first interval's
 * histogram, emptied and auto-resizing, plus every interval of the tag.
 *
 * @param source the log's name
 * @param tags one accumulated histogram per tag, in the order the tags first appear
 */
public record LogSummary(String source, List<TaggedHistogram> tags) {
    /** Copies the list. */
    public LogSummary {
        tags = List.copyOf(tags);
    }

    /**
     * Reads the rest of a log.
     *
     * @param reader a log, filtered as wanted
     * @return its intervals added up per tag
     * @throws HdrLogFormatException if the log is malformed
     * @throws IOException if it cannot be read
     */
    public static LogSummary of(HdrLogReader reader) throws IOException {
        Map<String, Histogram> byTag = new LinkedHashMap<>(); // a null key holds the untagged intervals
        for (HdrInterval interval = reader.next(); interval != null; interval = reader.next()) {
            Histogram sum = byTag.get(interval.tag());
            if (sum == null) {
                sum = interval.histogram().copy();
                sum.reset();
                sum.setAutoResize(true);
                byTag.put(interval.tag(), sum);
            }
            sum.add(interval.histogram());
        }
        List<TaggedHistogram> tags = new ArrayList<>();
        byTag.forEach((tag, histogram) -> tags.add(new TaggedHistogram(tag, histogram)));
        return new LogSummary(reader.source(), tags);
    }
}
