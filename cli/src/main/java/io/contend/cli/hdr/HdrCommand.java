package io.contend.cli.hdr;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code contend hdr}: tools for HdrHistogram interval logs (tagged or untagged), e.g. those of contend stress. */
@Command(name = "hdr",
        mixinStandardHelpOptions = true,
        description = {"Tools for HdrHistogram interval logs (any HistogramLogWriter log, tagged or untagged; "
                + "contend stress writes <op>-rt, <op>-st and <op>-wt tags in ns).", ""},
        subcommands = {SummarizeCommand.class, SplitCommand.class, UnionCommand.class, ToCsvCommand.class,
                PlotCommand.class},
        footer = {"", "Exit codes: 0 done, 1 a log is malformed or a file cannot be read or written, 2 bad arguments."})
public final class HdrCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(),
                "Missing command: try 'contend hdr summarize FILE' or 'contend hdr --help'");
    }
}
