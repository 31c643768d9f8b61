package io.contend.histogram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class RoundingTest {

    /** The rounding the builder documents, written with one division. */
    private static long reference(long point, long step) {
        long remainder = Math.floorMod(point, step);
        if (remainder == 0) {
            return point;
        }
        long largest = Long.MAX_VALUE - Long.MAX_VALUE % step;
        return point > largest ? largest : point - remainder + step;
    }

    @Test
    void equalsTheDivisionOverRandomPointsAndSteps() {
        Random r = new Random(52);
        for (int i = 0; i < 2_000_000; i++) {
            long step = switch (i % 4) {
                case 0 -> 2 + r.nextInt(100);
                case 1 -> 1 + (r.nextLong() >>> (1 + r.nextInt(62)));
                case 2 -> 60;
                default -> 1 + r.nextInt(1 << 20);
            };
            long point = switch (i % 3) {
                case 0 -> r.nextLong() >> r.nextInt(64);
                case 1 -> (1L << 52) - 5000 + r.nextInt(10_000) * (r.nextBoolean() ? 1 : -1);
                default -> (r.nextLong() >> 11) / step * step + r.nextInt(3) - 1;
            };
            long p = point;
            Rounding rounding = new Rounding(step);
            assertEquals(reference(p, step), rounding.roundUp(p), () -> p + " to a multiple of " + step);
            assertEquals(reference(p, step) / step, rounding.bucket(p), () -> "bucket of " + p + " by " + step);
        }
    }

    @Test
    void edges() {
        for (long step : new long[] {1, 2, 3, 60, 1L << 40, Long.MAX_VALUE - 1, Long.MAX_VALUE}) {
            Rounding rounding = new Rounding(step);
            for (long point : new long[] {Long.MIN_VALUE, Long.MIN_VALUE + 1, -(1L << 52), -(1L << 52) + 1, -61, -60, -59, -1,
                0, 1, 59, 60, 61, (1L << 52) - 1, 1L << 52, Long.MAX_VALUE - 1, Long.MAX_VALUE}) {
                assertEquals(reference(point, step), rounding.roundUp(point), point + " to a multiple of " + step);
                assertEquals(reference(point, step) / step, rounding.bucket(point), "bucket of " + point + " by " + step);
            }
        }
    }
}
