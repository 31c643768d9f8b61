package io.contend.cli;

import picocli.CommandLine;

/** Entry point of the {@code contend} command. */
public final class Main {
    /** java.util.logging's format property for SimpleFormatter, which the JDK's default System.Logger uses. */
    static final String LOG_FORMAT = "java.util.logging.SimpleFormatter.format";
    private Main() {
    }

    /** @param args command-line arguments, see {@code contend --help} */
    public static void main(String[] args) {
        // The library logs through System.Logger (java.util.logging here): one line per message, as the CLI's own.
        if (System.getProperty(LOG_FORMAT) == null) {
            System.setProperty(LOG_FORMAT, "contend: %5$s%6$s%n");
        }
        System.exit(commandLine().execute(args));
    }

    /**
     * A usage error is one line: the problem with the offending value, and where the help is; picocli's
     * suggestions for a mistyped option follow it. Exit code 2.
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        java.io.PrintWriter err = command.getErr();
        String name = qualifiedName(command);
        err.println(e.getMessage() + " (see 'contend " + (name.isEmpty() ? "" : name + " ") + "--help')");
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.flush();
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }

    private static String qualifiedName(CommandLine command) {
        String name = command.getCommandSpec().qualifiedName(" ");
        // The top command's own name is "contend": the hint then reads 'contend --help', not 'contend contend --help'.
        return name.equals("contend") ? "" : name.startsWith("contend ") ? name.substring("contend ".length()) : name;
    }

    /** @return the configured command line, shared by main and tests */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new ContendCommand());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setParameterExceptionHandler(Main::usageError);
        shareVersion(commandLine, new VersionProvider());
        return commandLine;
    }

    /** Every subcommand offers -V (mixinStandardHelpOptions): it prints the same version as {@code contend -V}. */
    private static void shareVersion(CommandLine command, CommandLine.IVersionProvider version) {
        if (command.getCommandSpec().versionProvider() == null) {
            command.getCommandSpec().versionProvider(version);
        }
        for (CommandLine sub : command.getSubcommands().values()) {
            shareVersion(sub, version);
        }
    }
}
