package io.contend.cli.hdr;

import io.contend.hdr.LogUnion;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code contend hdr union FILE... --out FILE}: several logs as one. */
@Command(name = "union",
        mixinStandardHelpOptions = true,
        description = {"Joins interval logs (e.g. of several load-generator machines) into one, losslessly.",
                "Every interval of every input, with its tag, histogram and absolute times, on a common time base "
                        + "(the earliest input StartTime), in time order. Intervals are not merged; summarize adds "
                        + "them up.", ""})
final class UnionCommand extends HdrSubcommand {
    @Parameters(paramLabel = "FILE", arity = "1..*",
            description = "Interval logs (files, pipes, or - for standard input).")
    List<Path> files;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "The log to write (replaced if it exists).")
    Path out;

    @Override
    List<Path> inputs() {
        return files;
    }

    @Override
    int execute() throws IOException {
        requireFiles(files);
        LogUnion.Result result;
        try {
            result = LogUnion.union(files, out);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        out().printf("Wrote %d intervals (total count %d) from %d logs to %s%n", result.intervals(),
                result.totalCount(), files.size(), out);
        out().flush();
        return 0;
    }
}
