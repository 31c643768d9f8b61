package io.contend.histogram;

import java.util.Arrays;
import java.util.Random;

/** Seeded test inputs and their exact CDF. */
enum Distributions {
    UNIFORM, NORMAL, EXPONENTIAL, BIMODAL;

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
                default:
                    v[i] = Math.round((r.nextBoolean() ? 200_000 : 800_000) + 50_000 * r.nextGaussian());
            }
        }
        return v;
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
