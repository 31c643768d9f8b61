package io.contend.hdr;

import java.io.IOException;
import java.nio.file.Path;
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
     * @throws HdrLogLimitException if a tag's counts add up to more than Long.MAX_VALUE
     * @throws IOException if it cannot be read
     */
    public static LogSummary of(HdrLogReader reader) throws IOException {
        TagAccumulator sums = new TagAccumulator();
        addAll(reader, sums);
        return new LogSummary(reader.source(), sums.sums());
    }

    /**
     * Reads several logs and adds their intervals up per tag, as HdrLogProcessing's summarize does with several
     * inputs (e.g. the logs of several load-generator machines): one histogram per tag over all of them. The
     * filter's time window counts from each log's own StartTime.
     *
     * @param files interval logs, at least one
     * @param filter which intervals to add
     * @return the sums, with the logs' names joined by " + " as the source
     * @throws HdrLogFormatException if a log is malformed
     * @throws HdrLogLimitException if a tag's counts add up to more than Long.MAX_VALUE
     * @throws IOException if one cannot be read
     */
    public static LogSummary ofAll(List<Path> files, IntervalFilter filter) throws IOException {
        if (files.isEmpty()) {
            throw new IllegalArgumentException("summarize needs at least one log");
        }
        TagAccumulator sums = new TagAccumulator();
        for (Path file : files) {
            try (HdrLogReader reader = HdrLogReader.open(file, filter)) {
                addAll(reader, sums);
            }
        }
        return new LogSummary(String.join(" + ", files.stream().map(LogFiles::name).toList()), sums.sums());
    }

    private static void addAll(HdrLogReader reader, TagAccumulator sums) throws IOException {
        reader.forEachRemaining(sums::add); // an overflowing count or a full heap is named with its line
    }
}
