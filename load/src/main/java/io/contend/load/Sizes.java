package io.contend.load;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and writes byte sizes, the one convention of every size option: a plain byte count ({@code 4096}), or a
 * number with a binary unit, {@code B}, {@code KiB} (2^10), {@code MiB} (2^20), {@code GiB} (2^30) or {@code TiB}
 * (2^40), in any case ({@code 64MiB}, {@code 16kib}, {@code 1.5GiB}). The result must be a whole number of bytes.
 * SI-looking units ({@code k}, {@code KB}, {@code M}, {@code MB}, ...) are refused with a hint: for a size they are
 * ambiguous (1k meant 1000 bytes here once, 1024 in most tools), while counts and rates ({@link Counts}) keep their
 * SI suffixes.
 */
public final class Sizes {
    private static final Pattern SIZE = Pattern.compile("([0-9][0-9_]*)(?:\\.([0-9_]+))?\\s*([a-z]*)");

    private Sizes() {
    }

    /**
     * @param name what the size is for, for the message (e.g. "--pool-size")
     * @param text the size
     * @return the number of bytes, at least 0
     * @throws IllegalArgumentException naming the option and the text
     */
    public static long parse(String name, String text) {
        Matcher m = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (m.matches()) {
            int shift = shift(m.group(3));
            if (shift < 0) {
                throw new IllegalArgumentException(name + ": '" + text + "' has no binary unit; sizes are written in "
                        + "bytes or with B, KiB, MiB, GiB or TiB (powers of 1024), e.g. 64MiB");
            }
            String digits = m.group(1).replace("_", "") + (m.group(2) == null ? "" : "." + m.group(2).replace("_", ""));
            BigDecimal bytes = new BigDecimal(digits).multiply(BigDecimal.valueOf(2).pow(shift));
            try {
                return bytes.stripTrailingZeros().longValueExact();
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException(name + " must be a whole number of bytes, at most " + Long.MAX_VALUE
                        + ": '" + text + "'");
            }
        }
        throw new IllegalArgumentException(name + " must be a size in bytes, optionally with B, KiB, MiB, GiB or TiB "
                + "(e.g. 64MiB, 16KiB, 4096): '" + text + "'");
    }

    /**
     * @param bytes a size
     * @return it in the largest binary unit that keeps it whole, e.g. {@code 64MiB}, {@code 1536KiB}, {@code 100B}
     */
    public static String format(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        long v = bytes;
        while (u + 1 < units.length && v != 0 && v % 1024 == 0) {
            v /= 1024;
            u++;
        }
        return v + units[u];
    }

    /** @return the power of two of the unit, or -1 if it is not a binary unit */
    private static int shift(String unit) {
        switch (unit) {
            case "":
            case "b":
                return 0;
            case "kib":
                return 10;
            case "mib":
                return 20;
            case "gib":
                return 30;
            case "tib":
                return 40;
            default:
                return -1;
        }
    }
}
