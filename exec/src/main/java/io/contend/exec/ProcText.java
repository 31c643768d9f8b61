package io.contend.exec;

/**
 * Looks up {@code key: value} lines, the shape of /proc/.../status ({@code voluntary_ctxt_switches:\t12})
 * and /proc/.../sched ({@code se.nr_migrations   :   3}).
 */
final class ProcText {
    /** What a number that is absent or not a number reads as. */
    static final long UNKNOWN = -1;

    private ProcText() {
    }

    /**
     * @param text the file's text, or null
     * @param key  the key, matched exactly after trimming
     * @return the value of the first line with that key, trimmed, or null when there is none
     */
    static String value(String text, String key) {
        if (text == null) {
            return null;
        }
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).strip().equals(key)) {
                return line.substring(colon + 1).strip();
            }
        }
        return null;
    }

    /**
     * @param text the file's text, or null
     * @param key  the key
     * @return the value as a non-negative number, or {@link #UNKNOWN} when absent or not a whole number
     */
    static long count(String text, String key) {
        return count(value(text, key));
    }

    /**
     * @param number text that should be a non-negative whole number, or null
     * @return the number, or {@link #UNKNOWN}
     */
    static long count(String number) {
        if (number == null || number.isEmpty() || number.length() > 18
                || !number.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return UNKNOWN;
        }
        return Long.parseLong(number);
    }
}
