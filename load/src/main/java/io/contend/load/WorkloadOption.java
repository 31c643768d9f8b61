package io.contend.load;

import java.util.Objects;

/**
 * One option a built-in workload reads, for help texts and command-line parsers: {@code --name LABEL},
 * described with its default. A retired option is one that was renamed: parsers accept it but hide it from help, so
 * that the workload can refuse it with a hint ({@link WorkloadOptions#refuseRetired}) rather than the parser with
 * "unknown option".
 *
 * @param name the option's name without dashes, e.g. {@code service-time}
 * @param paramLabel what its value is, e.g. {@code D} for a duration
 * @param description what it does and its default, one sentence
 * @param retired whether it is an old name, kept only to be refused with a hint
 */
public record WorkloadOption(String name, String paramLabel, String description, boolean retired) {
    /**
     * Checks that every part is given.
     *
     * @param name the option's name without dashes
     * @param paramLabel what its value is
     * @param description what it does and its default
     * @param retired whether it is an old name, kept only to be refused with a hint
     */
    public WorkloadOption {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(paramLabel, "paramLabel");
        Objects.requireNonNull(description, "description");
    }

    /**
     * A current option.
     *
     * @param name the option's name without dashes
     * @param paramLabel what its value is
     * @param description what it does and its default
     */
    public WorkloadOption(String name, String paramLabel, String description) {
        this(name, paramLabel, description, false);
    }

    /**
     * @param oldName the retired name without dashes
     * @param newName the option that replaced it, without dashes
     * @return a hidden option that the workload refuses with a hint
     */
    public static WorkloadOption retired(String oldName, String newName) {
        return new WorkloadOption(oldName, "OLD", "Renamed: use --" + newName + ".", true);
    }
}
