package io.contend.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A workload's options, from the command line's {@code --name value} or {@code --name=value} pairs after the
 * generator's own. Reading an option marks it used; {@link #requireAllUsed(String)} then rejects any option
 * the workload did not read, so a typo is an error rather than silently ignored.
 */
public final class WorkloadOptions {
    /** What messages call the options of a stress workload, unless told otherwise. */
    private static final String WORKLOAD_OPTION = "workload option";

    private final Map<String, String> values;
    private final String kind;
    private final Set<String> used = new LinkedHashSet<>();

    /** @param values option name (without dashes) to value */
    public WorkloadOptions(Map<String, String> values) {
        this(values, WORKLOAD_OPTION);
    }

    /**
     * @param values option name (without dashes) to value
     * @param kind what error messages call these options, e.g. "serve option" for a command that takes a
     *             workload's options as its own
     * @throws IllegalArgumentException if kind is null or blank
     */
    public WorkloadOptions(Map<String, String> values, String kind) {
        if (kind == null || kind.isBlank()) {
            throw new IllegalArgumentException("the options' kind must be a word for messages, got '" + kind + "'");
        }
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        this.kind = kind;
    }

    /** @return no options */
    public static WorkloadOptions none() {
        return new WorkloadOptions(Map.of());
    }

    /**
     * Parses {@code --name value} and {@code --name=value} tokens.
     *
     * @param args the tokens
     * @return the options
     * @throws IllegalArgumentException for a token that is not an option, an option without a value, or one
     *         given twice
     */
    public static WorkloadOptions parse(List<String> args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new IllegalArgumentException("expected a workload option --name value, got '" + arg + "'");
            }
            String name;
            String value;
            int eq = arg.indexOf('=');
            if (eq > 0) {
                name = arg.substring(2, eq);
                value = arg.substring(eq + 1);
            } else {
                name = arg.substring(2);
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException("workload option --" + name + " needs a value");
                }
                value = args.get(++i);
            }
            if (values.put(name, value) != null) {
                throw new IllegalArgumentException("workload option --" + name + " is given twice");
            }
        }
        return new WorkloadOptions(values);
    }

    /**
     * @param name the option's name without dashes
     * @param fallback the value when absent
     * @return the value, or fallback when absent
     */
    public String string(String name, String fallback) {
        used.add(name);
        return values.getOrDefault(name, fallback);
    }

    /**
     * @param name the option's name without dashes
     * @param what what the value is, for the message when it is missing
     * @return the value
     * @throws IllegalArgumentException if absent
     */
    public String required(String name, String what) {
        used.add(name);
        String v = values.get(name);
        if (v == null) {
            throw new IllegalArgumentException("missing " + describe(name) + " (" + what + ")");
        }
        return v;
    }

    /**
     * @param name the option's name without dashes
     * @param fallback the value when absent
     * @param min the smallest value accepted
     * @param max the largest value accepted
     * @return the value as a long in [min, max] (SI suffixes allowed, see {@link Counts}), or fallback when absent
     */
    public long number(String name, long fallback, long min, long max) {
        String v = string(name, null);
        if (v == null) {
            return fallback;
        }
        try {
            long n = Counts.parse(describe(name), v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (IllegalArgumentException e) {
            // falls through to the message below, which gives the range
        }
        throw new IllegalArgumentException(describe(name) + " must be a whole number in [" + min + ", " + max
                + "]: '" + v + "'");
    }

    /**
     * @param name the option's name without dashes
     * @param fallback the value in bytes when absent
     * @param min the fewest bytes accepted
     * @param max the most bytes accepted
     * @return the value in bytes, in [min, max] (see {@link Sizes}: 64MiB, 16KiB, or plain bytes), or fallback when
     *         absent
     * @throws IllegalArgumentException naming the option, the text and the range
     */
    public long size(String name, long fallback, long min, long max) {
        String v = string(name, null);
        if (v == null) {
            return fallback;
        }
        long n = Sizes.parse(describe(name), v);
        if (n < min || n > max) {
            throw new IllegalArgumentException(describe(name) + " must be in [" + Sizes.format(min) + ", "
                    + Sizes.format(max) + "]: '" + v + "'");
        }
        return n;
    }

    /**
     * Refuses an option that was renamed, with a one-line hint, e.g. {@code --pool-mib 64} gets "workload option
     * --pool-mib is now --pool-size 64MiB".
     *
     * @param oldName the retired name without dashes
     * @param hint what to write instead, given the old value, e.g. {@code v -> "--pool-size " + v + "MiB"}
     * @throws IllegalArgumentException if the old option was given
     */
    public void refuseRetired(String oldName, java.util.function.UnaryOperator<String> hint) {
        used.add(oldName); // read, as every declared option is, so that requireAllUsed knows it
        String v = values.get(oldName);
        if (v != null) {
            throw new IllegalArgumentException(describe(oldName) + " is now " + hint.apply(v));
        }
    }

    /**
     * @param name the option's name without dashes
     * @param fallback the value when absent
     * @return the value as a duration (see {@link Durations}), or fallback when absent
     */
    public Duration duration(String name, Duration fallback) {
        String v = string(name, null);
        return v == null ? fallback : Durations.parse(describe(name), v);
    }

    /**
     * @param name the option's name without dashes
     * @return the option as messages name it, e.g. "workload option --keys"
     */
    public String describe(String name) {
        return kind + " --" + name;
    }

    /** @return the names of the options read so far, given or not, in the order first read */
    public Set<String> read() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(used));
    }

    /**
     * @param workload the workload's name, for the message
     * @throws IllegalArgumentException naming every option given but never read
     */
    public void requireAllUsed(String workload) {
        List<String> unknown = new ArrayList<>();
        for (String name : values.keySet()) {
            if (!used.contains(name)) {
                unknown.add("--" + name);
            }
        }
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown option(s) for workload " + workload + ": " + String.join(", ", unknown)
                    + " (known: " + String.join(", ", used.stream().map(u -> "--" + u).toList()) + ")");
        }
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
