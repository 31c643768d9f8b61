package io.contend.hdr;

import org.HdrHistogram.Histogram;

import java.util.Objects;

/**
 * The histogram of one tag, e.g. accumulated over a log's intervals.
 *
 * @param tag the tag, or null for untagged intervals
 * @param histogram its values
 */
public record TaggedHistogram(String tag, Histogram histogram) {
    /**
     * @param tag the tag, or null
     * @param histogram its values
     * @throws NullPointerException if the histogram is null
     */
    public TaggedHistogram {
        Objects.requireNonNull(histogram, "histogram");
    }

    /** @return the tag, or {@value Tags#UNTAGGED} */
    public String label() {
        return Tags.label(tag);
    }
}
