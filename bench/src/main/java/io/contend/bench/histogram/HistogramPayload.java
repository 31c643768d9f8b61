package io.contend.bench.histogram;

import java.util.Random;

/**
 * The payloads of the {@code histogram} experiment: deletion times in seconds after a fixed base time. The first
 * four are those of Cassandra's streaming histogram benchmark (CASSANDRA-13444), uniform in random order; the
 * others are the streams a tombstone histogram gets in production, where deletion times arrive roughly in time
 * order ("now", or "now + TTL", at write time). Seeded, so every implementation and every run sees the same
 * values.
 */
public enum HistogramPayload {
    /** Uniform over 30 days of seconds: almost every point distinct. */
    secondInMonth,
    /** Uniform over a day of seconds. */
    secondInDay,
    /** Uniform over three hours of seconds. */
    secondIn3Hour,
    /** Uniform over a minute: 60 distinct points. */
    secondInMin,
    /** One deletion a second, in time order: BASE + i. */
    ascending,
    /** The same points in reverse order. */
    descending,
    /** Ascending, with each batch of 1000 shuffled: several writers whose clocks interleave. */
    severalWriters,
    /** Now + a lognormal TTL: a day times e^Z, Z standard normal (median one day, in random order). */
    lognormal,
    /** Now + one of two TTLs, 7 or 21 days, each give or take a normal day (in random order). */
    bimodal;

    /** Base time: 2023-11-14T22:13:20Z, in seconds, so points look like real deletion times. */
    public static final long BASE_SECONDS = 1_700_000_000L;
    private static final long SEED = 13444;
    private static final int DAY = 24 * 3600;
    private static final int WRITER_BATCH = 1000;

    /** @return n points, the same for every call with the same n */
    public long[] points(int n) {
        Random random = new Random(SEED + ordinal());
        long[] points = new long[n];
        for (int i = 0; i < n; i++) {
            points[i] = BASE_SECONDS + offset(i, n, random);
        }
        if (this == severalWriters) {
            shuffleBatches(points, random);
        }
        return points;
    }

    private long offset(int i, int n, Random random) {
        switch (this) {
            case secondInMonth:
                return random.nextInt(30 * DAY);
            case secondInDay:
                return random.nextInt(DAY);
            case secondIn3Hour:
                return random.nextInt(3 * 3600);
            case secondInMin:
                return random.nextInt(60);
            case descending:
                return n - 1 - i;
            case lognormal:
                return Math.round(DAY * Math.exp(random.nextGaussian()));
            case bimodal:
                return Math.round((random.nextBoolean() ? 7 : 21) * (double) DAY + DAY * random.nextGaussian());
            default: // ascending, severalWriters
                return i;
        }
    }

    private static void shuffleBatches(long[] points, Random random) {
        for (int from = 0; from < points.length; from += WRITER_BATCH) {
            int to = Math.min(points.length, from + WRITER_BATCH);
            for (int i = to - 1; i > from; i--) {
                int j = from + random.nextInt(i - from + 1);
                long t = points[i];
                points[i] = points[j];
                points[j] = t;
            }
        }
    }
}
