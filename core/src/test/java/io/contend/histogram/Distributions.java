package io.contend.histogram;

import java.util.Arrays;
import java.util.Random;

/** Seeded test inputs and their exact CDF. */
enum Distributions {
    UNIFORM, NORMAL, EXPONENTIAL, BIMODAL, LOGNORMAL;

    long[] sample(int n, long seed) {
        Random r = new Random(seed);
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            switch (this) {
                case UNIFORM:
                    v[i] = r.nextInt(1_000_000);
                    break;
                case NORMAL:
                    v[i] = Math.round(500_000 + 100_000 * r.nextGaussian());
                    break;
                case EXPONENTIAL:
                    v[i] = Math.round(-100_000 * Math.log(1 - r.nextDouble()));
                    break;
                case LOGNORMAL:
                    v[i] = Math.round(86_400 * Math.exp(r.nextGaussian()));
                    break;
                default:
                    v[i] = Math.round((r.nextBoolean() ? 200_000 : 800_000) + 50_000 * r.nextGaussian());
            }
        }
        return v;
    }

    /** The order in which a sample reaches the builder. */
    enum Order {
        /** As drawn. */
        RANDOM,
        /** Sorted: deletion times of writes as they happen. */
        ASCENDING,
        DESCENDING,
        /** Sorted, then each batch of 1000 shuffled: several writers whose clocks interleave. */
        BATCHES_SHUFFLED;

        long[] arrange(long[] values, long seed) {
            if (this == RANDOM) {
                return values;
            }
            long[] v = sorted(values);
            if (this == DESCENDING) {
                for (int i = 0, j = v.length - 1; i < j; i++, j--) {
                    long t = v[i];
                    v[i] = v[j];
                    v[j] = t;
                }
            } else if (this == BATCHES_SHUFFLED) {
                Random r = new Random(seed);
                for (int from = 0; from < v.length; from += 1000) {
                    int to = Math.min(v.length, from + 1000);
                    for (int i = to - 1; i > from; i--) {
                        int j = from + r.nextInt(i - from + 1);
                        long t = v[i];
                        v[i] = v[j];
                        v[j] = t;
                    }
                }
            }
            return v;
        }
    }

    /** Number of values in sorted at most x. */
    static int countAtMost(long[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    static long[] sorted(long[] values) {
        long[] s = values.clone();
        Arrays.sort(s);
        return s;
    }
}
