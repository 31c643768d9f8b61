package io.contend.bench.histogram;

import java.util.Random;

/**
 * The payloads of Cassandra's streaming histogram benchmark (CASSANDRA-13444, StreamingTombstoneHistogramBuilderBench):
 * deletion times in seconds, spread uniformly over a month, a day, three hours or a minute after a fixed base
 * time. From a fixed random seed, so every implementation and every run sees the same values.
 */
public enum HistogramPayload {
    /** Uniform over 30 days of seconds: almost every point distinct. */
    secondInMonth(30 * 24 * 3600),
    /** Uniform over a day of seconds. */
    secondInDay(24 * 3600),
    /** Uniform over three hours of seconds. */
    secondIn3Hour(3 * 3600),
    /** Uniform over a minute: 60 distinct points. */
    secondInMin(60);

    /** Base time: 2023-11-14T22:13:20Z, in seconds, so points look like real deletion times. */
    public static final long BASE_SECONDS = 1_700_000_000L;
    private static final long SEED = 13444;

    private final int spanSeconds;

    HistogramPayload(int spanSeconds) {
        this.spanSeconds = spanSeconds;
    }

    /** @return n points, the same for every call with the same n */
    public long[] points(int n) {
        Random random = new Random(SEED + ordinal());
        long[] points = new long[n];
        for (int i = 0; i < n; i++) {
            points[i] = BASE_SECONDS + random.nextInt(spanSeconds);
        }
        return points;
    }
}
