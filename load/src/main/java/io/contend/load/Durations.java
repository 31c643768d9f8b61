package io.contend.load;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses durations as people type them: {@code 10s}, {@code 500ms}, {@code 2m}, {@code 1h}, {@code 250us},
 * {@code 100ns}, and compound ones, largest unit first, each unit at most once: {@code 1m30s},
 * {@code 1h2m3s}, {@code 2s500ms}. A bare {@code 0} is zero.
 */
public final class Durations {
    /** The longest duration a nanosecond clock can hold: Long.MAX_VALUE ns, about 292 years. */
    public static final Duration MAX = Duration.ofNanos(Long.MAX_VALUE);

    /** Units from the largest, with their length in nanoseconds. */
    private static final String[] UNITS = {"h", "m", "s", "ms", "us", "ns"};
    private static final long[] NANOS = {3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L, 1_000_000L, 1_000L, 1L};
    private static final Pattern PART = Pattern.compile("([0-9][0-9_]*)(ns|us|ms|s|m|h)");

    private Durations() {
    }

    /**
     * @param name what the duration is for, for the message
     * @param text whole numbers with units (ns, us, ms, s, m, h), largest first, e.g. 10s or 1m30s
     * @return the duration, at most {@link #MAX}
     * @throws IllegalArgumentException naming the option and the text
     */
    public static Duration parse(String name, String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (t.equals("0")) {
            return Duration.ZERO;
        }
        Matcher m = PART.matcher(t);
        Duration total = Duration.ZERO;
        int position = 0;
        int lastUnit = -1;
        while (position < t.length() && m.find(position) && m.start() == position) {
            int unit = List.of(UNITS).indexOf(m.group(2));
            if (unit <= lastUnit) {
                throw new IllegalArgumentException(name + " gives its units largest first, each once (e.g. 1m30s): '"
                        + text + "'");
            }
            try {
                total = total.plus(part(Long.parseLong(m.group(1).replace("_", "")), unit));
            } catch (NumberFormatException | ArithmeticException e) {
                throw tooLong(name, text);
            }
            lastUnit = unit;
            position = m.end();
        }
        if (position == 0 || position < t.length()) {
            throw new IllegalArgumentException(name + " must be whole numbers with units (ns, us, ms, s, m, h), e.g. 10s "
                    + "or 1m30s: '" + text + "'");
        }
        if (total.compareTo(MAX) > 0) {
            throw tooLong(name, text);
        }
        return total;
    }

    private static Duration part(long amount, int unit) {
        switch (UNITS[unit]) {
            case "h":
                return Duration.ofHours(amount);
            case "m":
                return Duration.ofMinutes(amount);
            case "s":
                return Duration.ofSeconds(amount);
            default:
                return Duration.ofNanos(Math.multiplyExact(amount, NANOS[unit]));
        }
    }

    private static IllegalArgumentException tooLong(String name, String text) {
        return new IllegalArgumentException(name + " is too long: at most " + MAX.toHours() / 24 / 365
                + " years fit a nanosecond clock: '" + text + "'");
    }

    /**
     * @param d a duration, not negative
     * @return the duration the way parse reads it, e.g. 1m30s, 250us, 0s
     */
    public static String format(Duration d) {
        if (d.isZero()) {
            return "0s";
        }
        if (d.compareTo(MAX) > 0 || d.isNegative()) {
            return d.toString();
        }
        long nanos = d.toNanos();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < UNITS.length; i++) {
            long amount = nanos / NANOS[i];
            if (amount > 0) {
                text.append(amount).append(UNITS[i]);
                nanos -= amount * NANOS[i];
            }
        }
        return text.toString();
    }
}
