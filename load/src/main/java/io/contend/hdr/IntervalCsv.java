package io.contend.hdr;

import java.io.IOException;

/**
 * One CSV row per interval: {@code tag,start,end,count,p50,p90,p99,p99.9,max,mean}, with start and end in
 * seconds since the log's StartTime and values in the output unit (three decimals). The tag is empty for
 * untagged intervals.
 */
public final class IntervalCsv {
    /** The header row. */
    public static final String HEADER = "tag,start,end,count,p50,p90,p99,p99.9,max,mean";

    private IntervalCsv() {
    }

    /**
     * Streams the rest of a log as CSV, header first.
     *
     * @param reader a log, filtered as wanted
     * @param unit the unit values are shown in
     * @param out where the rows go
     * @return the number of rows written, header excluded
     * @throws HdrLogFormatException if the log is malformed
     * @throws IOException if it cannot be read or the rows cannot be written
     */
    public static long write(HdrLogReader reader, OutputUnit unit, Appendable out) throws IOException {
        out.append(HEADER).append('\n');
        long[] rows = {0};
        reader.forEachRemaining(interval -> {
            double origin = reader.startTimeSeconds();
            LatencyStats s = LatencyStats.of(interval.histogram(), unit);
            out.append(interval.tag() == null ? "" : Csv.field(interval.tag())).append(',')
                    .append(Csv.number(interval.startSeconds() - origin)).append(',')
                    .append(Csv.number(interval.endSeconds() - origin)).append(',')
                    .append(Long.toString(s.count())).append(',')
                    .append(Csv.number(s.p50())).append(',')
                    .append(Csv.number(s.p90())).append(',')
                    .append(Csv.number(s.p99())).append(',')
                    .append(Csv.number(s.p999())).append(',')
                    .append(Csv.number(s.max())).append(',')
                    .append(Csv.number(s.mean())).append('\n');
            rows[0]++;
        });
        return rows[0];
    }
}
