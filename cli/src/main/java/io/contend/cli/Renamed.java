package io.contend.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The refusal of an option that was renamed: a one-line hint with what to write instead, rather than picocli's
 * "Unknown option". Commands keep the old name as a hidden option whose setter throws this.
 */
public final class Renamed {
    private Renamed() {
    }

    /**
     * @param spec the command, for the usage hint picocli adds
     * @param oldName the retired option, e.g. {@code --out}
     * @param replacement what to write instead, with the given value, e.g. {@code --out-dir results}
     * @return the exception to throw
     */
    public static ParameterException refuse(CommandSpec spec, String oldName, String replacement) {
        return new ParameterException(spec.commandLine(), oldName + " is now " + replacement);
    }
}
