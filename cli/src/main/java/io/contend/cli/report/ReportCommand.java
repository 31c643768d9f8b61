package io.contend.cli.report;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
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

    @Override
    public Integer call() throws IOException {
        Path report;
        try {
            report = new HtmlReport().write(directory);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } catch (RuntimeException e) {
            throw new ParameterException(spec.commandLine(), directory.resolve("results.json")
                    + " is not a contend results file: " + e.getMessage());
        }
        spec.commandLine().getOut().println("Report: " + report.toAbsolutePath());
        spec.commandLine().getOut().flush();
        return 0;
    }
}
