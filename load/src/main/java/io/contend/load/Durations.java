package io.contend.load;

import java.time.Duration;
import java.util.Locale;

/** Parses durations as people type them: {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1h}, {@code 250us}, {@code 100ns}. */
public final class Durations {
    private Durations() {
    }

    /** The longest duration a nanosecond clock can hold: Long.MAX_VALUE ns, about 292 years. */
    public static final Duration MAX = Duration.ofNanos(Long.MAX_VALUE);

    /**
     * @param name what the duration is for, for the message
     * @param text a non-negative whole number with a unit: ns, us, ms, s, m, h
     * @return the duration, at most {@link #MAX}
     * @throws IllegalArgumentException naming the option and the text
     */
    public static Duration parse(String name, String text) {
        Duration d = parseUnchecked(name, text);
        if (d.compareTo(MAX) > 0) {
            throw new IllegalArgumentException(name + " is too long: at most " + MAX.toHours() / 24 / 365
                    + " years fit a nanosecond clock: '" + text + "'");
        }
        return d;
    }

    private static Duration parseUnchecked(String name, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace("_", "");
        int unitStart = 0;
        while (unitStart < t.length() && Character.isDigit(t.charAt(unitStart))) {
            unitStart++;
        }
        if (unitStart > 0 && unitStart < t.length()) {
            try {
                long amount = Long.parseLong(t.substring(0, unitStart));
                switch (t.substring(unitStart)) {
                    case "ns":
                        return Duration.ofNanos(amount);
                    case "us":
                        return Duration.ofNanos(Math.multiplyExact(amount, 1_000L));
                    case "ms":
                        return Duration.ofMillis(amount);
                    case "s":
                        return Duration.ofSeconds(amount);
                    case "m":
                        return Duration.ofMinutes(amount);
                    case "h":
                        return Duration.ofHours(amount);
                    default:
                        break;
                }
            } catch (NumberFormatException | ArithmeticException e) {
                // falls through to the message below
            }
        }
        throw new IllegalArgumentException(name + " must be a whole number with a unit (ns, us, ms, s, m, h), e.g. 10s: '"
                + text + "'");
    }

    /** @return the duration the way parse reads it, in the largest unit that keeps it whole */
    public static String format(Duration d) {
        long nanos = d.toNanos();
        String[] units = {"h", "m", "s", "ms", "us", "ns"};
        long[] sizes = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1L};
        for (int i = 0; i < units.length; i++) {
            if (nanos % sizes[i] == 0 && (nanos != 0 || i == units.length - 1)) {
                return nanos / sizes[i] + units[i];
            }
        }
        return nanos + "ns";
    }
}
