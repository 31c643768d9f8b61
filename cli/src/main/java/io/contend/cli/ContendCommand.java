package io.contend.cli;

import io.contend.cli.hdr.HdrCommand;
import io.contend.cli.lab.LabCommand;
import io.contend.cli.report.ReportCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The top-level {@code contend} command: lists its subcommands. */
@Command(name = "contend",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Low-contention concurrency primitives for the JVM, and a lab that measures them honestly.",
                ""},
        subcommands = {LabCommand.class, ReportCommand.class, io.contend.cli.compare.CompareCommand.class,
                io.contend.cli.stress.StressCommand.class,
                io.contend.cli.shards.ShardsCommand.class, HdrCommand.class,
                AffinityCommand.class, io.contend.cli.writepath.WritepathCommand.class, picocli.CommandLine.HelpCommand.class,
                picocli.AutoComplete.GenerateCompletion.class},
        footer = {"", "Start with: contend lab --list, then contend lab"})
public final class ContendCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing command: try 'contend lab' or 'contend --help'");
    }
}
