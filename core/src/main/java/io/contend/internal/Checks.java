package io.contend.internal;

/**
 * Argument checks shared by contend's public constructors and factories. Not API: the package may change.
 * Every message names the parameter, the offending value and the allowed range.
 */
public final class Checks {
    private Checks() {
    }

    /** Returns {@code value} if it lies in {@code [min, max]}, else throws IllegalArgumentException naming both. */
    public static long inRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "]: " + value);
        }
        return value;
    }

    /** Returns {@code value} if it lies in {@code [min, max]}, else throws IllegalArgumentException naming both. */
    public static int inRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "]: " + value);
        }
        return value;
    }

    /** Throws IllegalArgumentException unless {@code low <= high}. */
    public static void ordered(String lowName, long low, String highName, long high) {
        if (low > high) {
            throw new IllegalArgumentException(lowName + " (" + low + ") must not exceed " + highName + " (" + high + ")");
        }
    }
}
