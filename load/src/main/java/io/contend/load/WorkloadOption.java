package io.contend.load;

import java.util.Objects;

/**
 * One option a built-in workload reads, for help texts and command-line parsers: {@code --name LABEL},
 * described with its default.
 *
 * @param name the option's name without dashes, e.g. {@code service-time}
 * @param paramLabel what its value is, e.g. {@code D} for a duration
 * @param description what it does and its default, one sentence
 */
public record WorkloadOption(String name, String paramLabel, String description) {
    /**
     * Checks that every part is given.
     *
     * @param name the option's name without dashes
     * @param paramLabel what its value is
     * @param description what it does and its default
     */
    public WorkloadOption {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(paramLabel, "paramLabel");
        Objects.requireNonNull(description, "description");
    }
}
