package io.contend.cli.report;

import io.contend.cli.results.ResultsFormatException;
import io.contend.hdr.IoMessages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code contend report [DIR]}: re-renders DIR/index.html from DIR/results.json without running anything. */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        description = {"Writes DIR/index.html, the lab report, from DIR/results.json alone: per experiment the ratio chart, "
                + "the table with ratios, intervals and verdicts, and published numbers where there are some. "
                + "Self-contained: open it in any browser, offline.", ""})
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", arity = "0..1", defaultValue = "contend-results",
            description = "The lab output directory (default: ${DEFAULT-VALUE}).")
    Path directory;

    /**
     * A directory without results.json, or a file that is not one, is a usage error (exit 2); a file that cannot
     * be read or a report that cannot be written is one line and exit 1. Neither prints a stack trace.
     */
    @Override
    public Integer call() {
        Path report;
        try {
            report = new HtmlReport().write(directory);
        } catch (IllegalArgumentException | ResultsFormatException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            return fail(IoMessages.describe(e));
        }
        spec.commandLine().getOut().println("Report: " + report.toAbsolutePath());
        spec.commandLine().getOut().flush();
        return 0;
    }

    private int fail(String message) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("contend report: " + message);
        err.flush();
        return 1;
    }
}
