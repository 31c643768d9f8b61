package io.contend.cli.writepath;

import picocli.CommandLine.Command;

/** {@code contend writepath}: the write path over HTTP ({@code serve}) and its read-back check ({@code check}). */
@Command(name = "writepath",
        mixinStandardHelpOptions = true,
        subcommands = {ServeCommand.class, CheckCommand.class},
        description = {"Serves the memtable write path (contend's build or the JDK's) over HTTP, to load with "
                + "contend stress http, and checks it afterwards.",
                "",
                "Example:",
                "  contend writepath serve --port 8080 --build contend",
                "  contend stress http --method POST \\",
                "      --url http://127.0.0.1:8080/request --rate fixed=2k/s --duration 30s",
                "  contend writepath check --url http://127.0.0.1:8080/",
                ""})
public final class WritepathCommand implements Runnable {
    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing subcommand: serve or check");
    }
}
