package io.contend.hdr;

import org.HdrHistogram.Histogram;

import java.util.Objects;

/**
 * One interval of an HDR interval log.
 *
 * @param tag the interval's tag, or null for an untagged interval (HdrHistogram's convention)
 * @param startSeconds absolute start time, seconds since the epoch (or since the log's own origin when it
 *                     has no StartTime)
 * @param endSeconds absolute end time, at or after the start
 * @param histogram the values recorded in the interval
 */
public record HdrInterval(String tag, double startSeconds, double endSeconds, Histogram histogram) {
    /**
     * @param tag the tag, or null
     * @param startSeconds absolute start time, seconds
     * @param endSeconds absolute end time, at or after the start
     * @param histogram the values
     * @throws IllegalArgumentException if a time is not finite or the end is before the start
     */
    public HdrInterval {
        Objects.requireNonNull(histogram, "histogram");
        if (!Double.isFinite(startSeconds) || !Double.isFinite(endSeconds) || endSeconds < startSeconds) {
            throw new IllegalArgumentException("an interval needs finite times with end >= start, got start "
                    + startSeconds + " and end " + endSeconds);
        }
    }

    /**
     * @param newTag the tag to use, or null
     * @return this interval with another tag (same histogram)
     */
    public HdrInterval withTag(String newTag) {
        return new HdrInterval(newTag, startSeconds, endSeconds, histogram);
    }

    /** @return the tag, or {@value Tags#UNTAGGED} for an untagged interval */
    public String label() {
        return Tags.label(tag);
    }
}
