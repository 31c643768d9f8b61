package io.contend.hdr;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Which intervals of a log to read: tags to include or exclude, whether to drop tags, and a time window.
 *
 * <p>The window is in seconds since the log's StartTime, as HistogramLogProcessor's {@code -start}/{@code -end}:
 * an interval is in it when its start time lies in {@code [startSeconds, endSeconds]}, both ends included.
 * Tag filters apply first; {@code ignoreTags} then turns every interval left into one untagged series.
 *
 * @param includeTags tags to keep; empty keeps every tag (an include list never matches untagged intervals)
 * @param excludeTags tags to drop
 * @param ignoreTags whether the intervals read are returned untagged
 * @param startSeconds window start, seconds since the log's StartTime; -infinity for no bound
 * @param endSeconds window end, seconds since the log's StartTime; +infinity for no bound
 */
public record IntervalFilter(Set<String> includeTags, Set<String> excludeTags, boolean ignoreTags,
                             double startSeconds, double endSeconds) {
    /** Every interval, tags kept. */
    public static final IntervalFilter ALL = new IntervalFilter(Set.of(), Set.of(), false,
            Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);

    /**
     * @param includeTags tags to keep; empty keeps every tag
     * @param excludeTags tags to drop
     * @param ignoreTags whether intervals are returned untagged
     * @param startSeconds window start, seconds since the log's StartTime
     * @param endSeconds window end, seconds since the log's StartTime
     * @throws IllegalArgumentException if a tag set is or holds null, a bound is NaN, or the start is after the end
     */
    public IntervalFilter {
        includeTags = copy(includeTags, "include");
        excludeTags = copy(excludeTags, "exclude");
        if (Double.isNaN(startSeconds) || Double.isNaN(endSeconds) || startSeconds > endSeconds) {
            throw new IllegalArgumentException("the window needs start <= end, got start " + startSeconds
                    + " s and end " + endSeconds + " s");
        }
    }

    private static Set<String> copy(Set<String> tags, String kind) {
        if (tags == null) {
            throw new IllegalArgumentException("the " + kind + " tags must be a set, got null");
        }
        for (String tag : tags) {
            if (tag == null) {
                throw new IllegalArgumentException("the " + kind + " tags contain null: " + tags);
            }
        }
        return Set.copyOf(tags);
    }

    /**
     * @param tags tags to keep (empty: all)
     * @return this filter with those include tags
     */
    public IntervalFilter withIncludeTags(Collection<String> tags) {
        return new IntervalFilter(new LinkedHashSet<>(tags), excludeTags, ignoreTags, startSeconds, endSeconds);
    }

    /**
     * @param tags tags to drop
     * @return this filter with those exclude tags
     */
    public IntervalFilter withExcludeTags(Collection<String> tags) {
        return new IntervalFilter(includeTags, new LinkedHashSet<>(tags), ignoreTags, startSeconds, endSeconds);
    }

    /**
     * @param ignore whether to return intervals untagged
     * @return this filter with that choice
     */
    public IntervalFilter withIgnoreTags(boolean ignore) {
        return new IntervalFilter(includeTags, excludeTags, ignore, startSeconds, endSeconds);
    }

    /**
     * @param start window start, seconds since the log's StartTime (-infinity: none)
     * @param end window end, seconds since the log's StartTime (+infinity: none)
     * @return this filter with that window
     * @throws IllegalArgumentException if a bound is NaN or start is after end
     */
    public IntervalFilter withWindow(double start, double end) {
        return new IntervalFilter(includeTags, excludeTags, ignoreTags, start, end);
    }

    /**
     * @param tag an interval's tag, or null
     * @return whether the tag filters keep it
     */
    public boolean acceptsTag(String tag) {
        if (!includeTags.isEmpty() && (tag == null || !includeTags.contains(tag))) {
            return false;
        }
        return tag == null || !excludeTags.contains(tag);
    }

    /**
     * @param secondsSinceLogStart an interval's start, seconds since its log's StartTime
     * @return whether it lies in the window
     */
    public boolean acceptsOffset(double secondsSinceLogStart) {
        return secondsSinceLogStart >= startSeconds && secondsSinceLogStart <= endSeconds;
    }
}
