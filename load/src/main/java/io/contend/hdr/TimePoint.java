package io.contend.hdr;

/**
 * One interval's numbers for a plot over time.
 *
 * @param tag the interval's tag, or null
 * @param seconds the interval's end, seconds since the plot's origin
 * @param stats the interval's numbers in the output unit
 */
public record TimePoint(String tag, double seconds, LatencyStats stats) {
    /**
     * @param interval an interval
     * @param originSeconds the plot's origin, absolute seconds (e.g. the log's StartTime)
     * @param unit the unit values are shown in
     * @return the interval's point, at its end time
     */
    public static TimePoint of(HdrInterval interval, double originSeconds, OutputUnit unit) {
        return new TimePoint(interval.tag(), interval.endSeconds() - originSeconds,
                LatencyStats.of(interval.histogram(), unit));
    }

    /** @return the tag, or {@value Tags#UNTAGGED} */
    public String label() {
        return Tags.label(tag);
    }
}
