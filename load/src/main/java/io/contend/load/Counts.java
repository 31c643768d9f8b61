package io.contend.load;

import java.math.BigDecimal;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses counts and rates as people type them, as wrk2 and cassandra-stress read them: {@code 1000},
 * {@code 1_000}, {@code 2k}, {@code 1.5M}, {@code 1G}. The suffixes are SI multipliers, in either case:
 * k = 10^3, M = 10^6, G = 10^9. The result must be a whole number ({@code 1.5k} is 1500, {@code 1.2345k} is
 * rejected).
 */
public final class Counts {
    private static final Pattern COUNT = Pattern.compile("([0-9][0-9_]*)(?:\\.([0-9_]+))?([kmg]?)");

    private Counts() {
    }

    /**
     * @param name what the count is for, for the message (e.g. "--ops")
     * @param text the count
     * @return its value, at least 0
     * @throws IllegalArgumentException naming the option and the text
     */
    public static long parse(String name, String text) {
        Matcher m = COUNT.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (m.matches()) {
            String digits = m.group(1).replace("_", "") + (m.group(2) == null ? "" : "." + m.group(2).replace("_", ""));
            BigDecimal value = new BigDecimal(digits).scaleByPowerOfTen(exponent(m.group(3)));
            try {
                return value.stripTrailingZeros().longValueExact();
            } catch (ArithmeticException e) {
                throw new IllegalArgumentException(name + " must be a whole number" + (value.signum() > 0
                        && value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0 ? " at most " + Long.MAX_VALUE : "")
                        + ": '" + text + "'");
            }
        }
        throw new IllegalArgumentException(name + " must be a whole number, optionally with an SI suffix k, M or G "
                + "(e.g. 2k, 1.5M): '" + text + "'");
    }

    private static int exponent(String suffix) {
        switch (suffix) {
            case "k":
                return 3;
            case "m":
                return 6;
            case "g":
                return 9;
            default:
                return 0;
        }
    }
}
