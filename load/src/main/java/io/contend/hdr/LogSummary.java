package io.contend.hdr;

import java.io.IOException;
import java.util.List;

/**
 * A log's intervals added up per tag, as HistogramLogProcessor adds them up for one tag (see
 * {@link TagAccumulator}).
 *
 * @param source the log's name
 * @param tags one accumulated histogram per tag, in the order the tags first appear
 */
public record LogSummary(String source, List<TaggedHistogram> tags) {
    /**
     * @param source the log's name
     * @param tags one histogram per tag (copied)
     */
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
        TagAccumulator sums = new TagAccumulator();
        for (HdrInterval interval = reader.next(); interval != null; interval = reader.next()) {
            sums.add(interval);
        }
        return new LogSummary(reader.source(), sums.sums());
    }
}
