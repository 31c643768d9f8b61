package io.contend.histogram;

import io.contend.internal.Checks;
import java.util.Arrays;
import java.util.Objects;

/**
 * An immutable streaming histogram: at most {@code maxBins} bins (point, count), points strictly increasing,
 * each count at least 1, built by {@link StreamingHistogramBuilder} or read by {@link HistogramFormat}.
 * Estimates follow Ben-Haim and Tom-Tov, "A Streaming Parallel Decision Tree Algorithm", JMLR 11 (2010):
 * {@link #sum(double)} is their Algorithm 3 and {@link #quantile(double)} / {@link #uniform(int)} their
 * Algorithm 4 (Uniform).
 *
 * <p>Error behaviour. The histogram stores no raw values, so every answer between bin points is an estimate
 * that assumes each bin's values are spread around its point, half on each side, and that counts change
 * linearly between neighbouring points. What holds for every input:
 * <ul>
 * <li>{@code sum} is 0 below the lowest point and the total at or above the highest, and never decreases;
 * <li>while there are no more distinct points (after rounding) than bins, the bins are the points themselves
 *     and {@code sum} at a point p below the highest is exactly (count below p) + (count at p) / 2: half a
 *     point's own count from the count of values at most p (at the highest point it is the total, as above, so
 *     exact). On data with few distinct values (a minute of seconds, or anything rounded to a coarse grid) that
 *     half is an error no number of bins removes;
 * <li>a bin made by merging held, when it was made, at most 2 * total / maxBins of the count then
 *     ({@link StreamingHistogramBuilder});
 * <li>with rounding, each value may move up by up to {@code roundTo - 1} before it is counted.
 * </ul>
 * No bound on the error of {@code sum} in between is proved (the Ben-Haim and Tom-Tov rule has none either; an
 * earlier version of this note claimed "at most the counts of the two bins around b", which four bins and nine
 * updates disprove). Measured instead: |sum(b) - (count of values at most b)| stayed within 2 * total / maxBins
 * at every percentile b from the 1st to the 99th, on uniform, normal, exponential, bimodal and lognormal data in
 * random, ascending, descending and batch-shuffled order, spool 0 to 100,000, roundTo 1 and 60 (worst 1.0% of the
 * total with maxBins 100, at the 1st percentile, below the lowest bin's point; 5.0% with maxBins 20; at the
 * quartiles at most 0.2% with maxBins 100). {@code mvn -pl core test -Dtest=StreamingHistogramPropertyTest}
 * checks this on every build, and {@code java -cp cli/target/contend.jar io.contend.bench.histogram.HistogramErrors}
 * prints the quartile errors on the lab's payloads next to Cassandra's and t-digest's. Counts saturate at
 * Long.MAX_VALUE instead of wrapping; sums are doubles, capped at {@link #totalCount()} (the bins' counts can add
 * up to more than a saturated total).
 */
public final class StreamingHistogram {
    private final long[] points;
    private final long[] counts;
    /** below[i]: total count of bins before i, as a double (counts can sum past Long.MAX_VALUE). */
    private final double[] below;
    private final double total;
    private final long totalCount;
    private final int maxBins;
    private final long roundTo;

    /** Copies points/counts[0, n); trusted: the builder, merge and the format validate first. */
    StreamingHistogram(long[] points, long[] counts, int n, int maxBins, long roundTo) {
        this.points = Arrays.copyOf(points, n);
        this.counts = Arrays.copyOf(counts, n);
        this.maxBins = maxBins;
        this.roundTo = roundTo;
        below = new double[n];
        double acc = 0;
        long exact = 0;
        for (int i = 0; i < n; i++) {
            below[i] = acc;
            acc += this.counts[i];
            exact = Counts.add(exact, this.counts[i]);
        }
        total = acc;
        totalCount = exact;
    }

    /**
     * An empty histogram: the identity of {@link #merge(StreamingHistogram)}, whatever the other's roundTo and
     * maxBins ({@code empty(m).merge(h)} and {@code h.merge(empty(m))} equal h), so an accumulator may start
     * from it.
     *
     * @param maxBins its bin limit, in [1, {@value StreamingHistogramBuilder#MAX_BINS}]
     * @return a histogram with no bins and roundTo 1
     */
    public static StreamingHistogram empty(int maxBins) {
        Checks.inRange("maxBins", maxBins, 1, StreamingHistogramBuilder.MAX_BINS);
        return new StreamingHistogram(new long[0], new long[0], 0, maxBins, 1);
    }

    /**
     * Estimated number of values at most b (Algorithm 3, "sum"): 0 below the lowest point, the total at or
     * above the highest; between points {@code p_i <= b < p_(i+1)}, the counts below p_i, half of bin i, and the
     * trapezoid from p_i to b under the line joining the two bins' counts; capped at {@link #totalCount()},
     * which the bins' counts can add up to more than once it saturates.
     *
     * @param b the bound (NaN gives NaN)
     * @return the estimate, in [0, {@link #totalCount()}], non-decreasing in b
     */
    public double sum(double b) {
        int n = points.length;
        if (Double.isNaN(b)) {
            return Double.NaN;
        }
        if (n == 0 || b < points[0]) {
            return 0;
        }
        double cap = totalCount;
        if (b >= points[n - 1]) {
            return Math.min(total, cap);
        }
        int i = floorIndex(b);
        double mi = counts[i];
        double mj = counts[i + 1];
        double width = BinMerge.unsignedToDouble(points[i + 1] - points[i]);
        double fraction = Math.min(1, (b - (double) points[i]) / width);
        double mb = mi + (mj - mi) * fraction;
        return Math.min(below[i] + mi / 2 + (mi + mb) / 2 * fraction, cap);
    }

    /** The largest i with {@code points[i] <= b}, for {@code points[0] <= b < points[n - 1]}. */
    private int floorIndex(double b) {
        int lo = 0;
        int hi = points.length - 1;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (points[mid] <= b) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The point below which an estimated fraction q of the values lie: Algorithm 4 (Uniform) for one target.
     * At or below the mass of the lowest bin's left half it is the lowest point; at or above the highest
     * bin's it is the highest point. In between it interpolates between two neighbouring points p_i and
     * p_(i+1), clamped to [p_i, p_(i+1)] as doubles: where a double is coarser than their gap (points beyond
     * 2^53), p_i + z * (p_(i+1) - p_i) could otherwise round above p_(i+1), and so above quantile(1).
     *
     * @param q a fraction in [0, 1]
     * @return the estimate, non-decreasing in q and in [minBin(), maxBin()] as doubles; NaN if the histogram is
     *         empty
     * @throws IllegalArgumentException if q is not in [0, 1]
     */
    public double quantile(double q) {
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("q must be in [0, 1]: " + q);
        }
        int n = points.length;
        if (n == 0) {
            return Double.NaN;
        }
        double s = q * total;
        if (n == 1 || s <= counts[0] / 2.0) {
            return points[0];
        }
        if (s >= below[n - 1] + counts[n - 1] / 2.0) {
            return points[n - 1];
        }
        int i = midpointIndex(s);
        double d = s - (below[i] + counts[i] / 2.0);
        double mi = counts[i];
        double a = counts[i + 1] - mi;
        // Solve a/2 z^2 + mi z - d = 0 for z in [0, 1] (the trapezoid of sum() equal to d), in the form without
        // cancellation: z = 2d / (mi + sqrt(mi^2 + 2ad)), which is also right when a is 0.
        double z = 2 * d / (mi + Math.sqrt(Math.max(0, mi * mi + 2 * a * d)));
        z = Math.max(0, Math.min(1, z));
        double lower = points[i];
        double upper = points[i + 1];
        return Math.min(upper, Math.max(lower, lower + z * BinMerge.unsignedToDouble(points[i + 1] - points[i])));
    }

    /** The i with {@code sum(p_i) <= s < sum(p_(i+1))}, where sum(p_i) = below[i] + m_i / 2, for s inside them. */
    private int midpointIndex(double s) {
        int lo = 0;
        int hi = points.length - 1;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (below[mid] + counts[mid] / 2.0 <= s) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Algorithm 4 (Uniform): the parts - 1 points that split the values into parts parts of estimated equal
     * count.
     *
     * @param parts at least 1
     * @return {@code quantile(j / parts)} for j = 1 .. parts - 1
     */
    public double[] uniform(int parts) {
        Checks.inRange("parts", parts, 1, Integer.MAX_VALUE);
        double[] result = new double[parts - 1];
        for (int j = 1; j < parts; j++) {
            result[j - 1] = quantile((double) j / parts);
        }
        return result;
    }

    /**
     * Merges two histograms over their combined bins (equal points add up), then merges adjacent pairs as the
     * builder does (the closest pair whose combined count is at most 2 * total / maxBins) until maxBins remain;
     * not by replaying one into the other point by point.
     *
     * <p>Rounding: the result's points lie on the common grid of both inputs, the greatest common divisor of
     * their roundTo, which is the result's roundTo: every input point is on it, so no point moves, and a merged
     * point goes to the multiple of it nearest to the pair's mean. Merging a 60 s histogram with a 1 s one gives
     * a 1 s histogram, and two with roundTo 60 stay at 60. An empty histogram has no points and so puts no
     * constraint on the grid: merging with it keeps the other's roundTo.
     *
     * <p>The pair's mean is that of the stored points, which a builder has already rounded to the grid, so a
     * merged point can lie a step from the grid point nearest the mean of the samples themselves (Cassandra's
     * StreamingHistogram before CASSANDRA-13444, on double points, kept the exact means); total counts are exact
     * either way.
     *
     * @param other the other histogram
     * @param maxBins bins of the result, in [1, {@value StreamingHistogramBuilder#MAX_BINS}]
     * @return a new histogram; neither input changes
     */
    public StreamingHistogram merge(StreamingHistogram other, int maxBins) {
        Objects.requireNonNull(other, "other");
        Checks.inRange("maxBins", maxBins, 1, StreamingHistogramBuilder.MAX_BINS);
        long[] mergedPoints = new long[points.length + other.points.length];
        long[] mergedCounts = new long[mergedPoints.length];
        int n = mergeSorted(other, mergedPoints, mergedCounts);
        long step = isEmpty() != other.isEmpty() ? (isEmpty() ? other.roundTo : roundTo) : gcd(roundTo, other.roundTo);
        n = new BinReducer().reduce(mergedPoints, mergedCounts, n, maxBins, step);
        return new StreamingHistogram(mergedPoints, mergedCounts, n, maxBins, step);
    }

    /** Writes the union of both bin lists into points/counts in point order, adding the counts of equal points. */
    private int mergeSorted(StreamingHistogram other, long[] mergedPoints, long[] mergedCounts) {
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < points.length || j < other.points.length) {
            if (j >= other.points.length || (i < points.length && points[i] < other.points[j])) {
                mergedPoints[n] = points[i];
                mergedCounts[n++] = counts[i++];
            } else if (i >= points.length || other.points[j] < points[i]) {
                mergedPoints[n] = other.points[j];
                mergedCounts[n++] = other.counts[j++];
            } else {
                mergedPoints[n] = points[i];
                mergedCounts[n++] = Counts.add(counts[i++], other.counts[j++]);
            }
        }
        return n;
    }

    /**
     * {@link #merge(StreamingHistogram, int)} into the larger of the two maxBins; an empty histogram's maxBins
     * does not count, so that merging with an empty histogram returns an equal histogram.
     *
     * @param other the other histogram
     * @return a new histogram; neither input changes
     */
    public StreamingHistogram merge(StreamingHistogram other) {
        Objects.requireNonNull(other, "other");
        int bins = isEmpty() != other.isEmpty() ? (isEmpty() ? other.maxBins : maxBins) : Math.max(maxBins, other.maxBins);
        return merge(other, bins);
    }

    private static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * Passes each bin to consumer in point order, without boxing.
     *
     * @param consumer receives each bin's point and count
     */
    public void forEach(PointConsumer consumer) {
        Objects.requireNonNull(consumer, "consumer");
        for (int i = 0; i < points.length; i++) {
            consumer.accept(points[i], counts[i]);
        }
    }

    /** @return the total count, saturated at Long.MAX_VALUE */
    public long totalCount() {
        return totalCount;
    }

    /** @return the number of bins, at most {@link #maxBins()} */
    public int size() {
        return points.length;
    }

    /** @return whether there are no bins */
    public boolean isEmpty() {
        return points.length == 0;
    }

    /**
     * @return the lowest bin's point
     * @throws IllegalStateException if the histogram is empty
     */
    public long minBin() {
        requireBins();
        return points[0];
    }

    /**
     * @return the highest bin's point
     * @throws IllegalStateException if the histogram is empty
     */
    public long maxBin() {
        requireBins();
        return points[points.length - 1];
    }

    private void requireBins() {
        if (points.length == 0) {
            throw new IllegalStateException("the histogram is empty");
        }
    }

    /** @return the bin limit it was built with; merge uses it by default */
    public int maxBins() {
        return maxBins;
    }

    /** @return the rounding step its points are multiples of (1: no rounding) */
    public long roundTo() {
        return roundTo;
    }

    long pointAt(int i) {
        return points[i];
    }

    long countAt(int i) {
        return counts[i];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof StreamingHistogram && equalBins((StreamingHistogram) o);
    }

    private boolean equalBins(StreamingHistogram h) {
        return maxBins == h.maxBins && roundTo == h.roundTo && Arrays.equals(points, h.points)
                && Arrays.equals(counts, h.counts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(points) + Arrays.hashCode(counts);
    }

    /** Shows the summary and up to the first 8 bins. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("StreamingHistogram{bins=").append(points.length).append('/').append(maxBins)
                .append(", total=").append(totalCount);
        if (roundTo != 1) {
            s.append(", roundTo=").append(roundTo);
        }
        s.append(", [");
        for (int i = 0; i < Math.min(8, points.length); i++) {
            s.append(i == 0 ? "" : ", ").append(points[i]).append(':').append(counts[i]);
        }
        return s.append(points.length > 8 ? ", ...]}" : "]}").toString();
    }
}
