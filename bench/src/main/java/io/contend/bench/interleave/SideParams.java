package io.contend.bench.interleave;

import java.util.Map;

/** Reads an {@link Interleaved} side's constructor parameters; an IllegalArgumentException names what is wrong. */
public final class SideParams {
    private SideParams() {
    }

    /**
     * @param params the side's parameters
     * @param name a parameter's name
     * @return its value
     * @throws IllegalArgumentException if it is missing or empty
     */
    public static String string(Map<String, String> params, String name) {
        String v = params.get(name);
        if (v == null || v.isEmpty()) {
            throw new IllegalArgumentException("missing " + name + "=... among " + params);
        }
        return v;
    }

    /**
     * @param params the side's parameters
     * @param name a parameter's name
     * @param min the least value allowed
     * @param max the greatest value allowed
     * @return its value
     * @throws IllegalArgumentException if it is missing, not a number or out of range
     */
    public static int integer(Map<String, String> params, String name, int min, int max) {
        String v = string(params, name);
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " is not a number: '" + v + "'", e);
        }
        if (n < min || n > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "]: " + n);
        }
        return n;
    }
}
