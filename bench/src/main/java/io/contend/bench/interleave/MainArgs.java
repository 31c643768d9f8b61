package io.contend.bench.interleave;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code name=value} arguments of a harness's {@code main} that the lab starts in a JVM of its own
 * ({@link Interleaved}, and the CLI's JMH fork): parsed in order, with checks that end the JVM with exit status 2
 * and one line on standard error naming the program, the problem and what it expects.
 */
public final class MainArgs {
    private final String program;
    private final String expects;
    private final Map<String, String> values;

    private MainArgs(String program, String expects, Map<String, String> values) {
        this.program = program;
        this.expects = expects;
        this.values = values;
    }

    /**
     * @param program the harness's name, first on an error line
     * @param expects what the harness expects, last on an error line
     * @param args the arguments, each {@code name=value}
     * @return the arguments by name, in order (exits with status 2 on an argument without {@code =})
     */
    public static MainArgs parse(String program, String expects, String[] args) {
        MainArgs parsed = new MainArgs(program, expects, new LinkedHashMap<>());
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                parsed.fail("not name=value: '" + arg + "'");
            }
            parsed.values.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return parsed;
    }

    /** @return every argument by name, in order, unmodifiable */
    public Map<String, String> all() {
        return Collections.unmodifiableMap(values);
    }

    /**
     * @param name the argument
     * @return its value, or null if absent
     */
    public String optional(String name) {
        return values.get(name);
    }

    /**
     * @param name the argument
     * @return its value (exits with status 2 if it is absent or empty)
     */
    public String required(String name) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            fail("missing " + name + "=...");
        }
        return v;
    }

    /**
     * @param name the argument
     * @param min the least value allowed
     * @param max the greatest value allowed
     * @return its value (exits with status 2 if it is absent, not a whole number or out of range)
     */
    public int integer(String name, int min, int max) {
        String v = required(name);
        int n = 0;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            fail(name + " is not a whole number: '" + v + "'");
        }
        if (n < min || n > max) {
            fail(name + " must be in [" + min + ", " + max + "]: " + n);
        }
        return n;
    }

    /**
     * Ends the JVM with exit status 2 and one line on standard error.
     *
     * @param problem what is wrong
     */
    public void fail(String problem) {
        fail(program, problem, expects);
    }

    /**
     * Ends the JVM with exit status 2 and one line on standard error: {@code program: problem; expects}.
     *
     * @param program the harness's name
     * @param problem what is wrong
     * @param expects what the harness expects
     */
    public static void fail(String program, String problem, String expects) {
        System.err.println(program + ": " + problem + "; " + expects);
        System.exit(2);
    }
}
