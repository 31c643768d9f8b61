package io.contend.cli;

import picocli.CommandLine;

/** Entry point of the {@code contend} command. */
public final class Main {
    private Main() {
    }

    /** @param args command-line arguments, see {@code contend --help} */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** @return the configured command line, shared by main and tests */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new ContendCommand());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        return commandLine;
    }
}
