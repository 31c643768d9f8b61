package io.contend.cli.hdr;

import io.contend.hdr.LogFiles;
import io.contend.hdr.LogSplitter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** {@code contend hdr split FILE}: one log per tag. */
@Command(name = "split",
        mixinStandardHelpOptions = true,
        description = {"Writes one interval log per tag, losslessly.",
                "FILE's name with the tag before the extension (run.hlog -> run.read-rt.hlog; run.untagged.hlog "
                        + "for untagged intervals; stdin.read-rt.hlog for standard input). Same histograms, tags, "
                        + "times, StartTime and BaseTime. All or none: a failure leaves none of them. At most "
                        + LogSplitter.MAX_OPEN_LOGS + " logs are open at a time, however many tags. Prints the "
                        + "files written.", ""})
final class SplitCommand extends HdrSubcommand {
    @Parameters(paramLabel = "FILE", arity = "1",
            description = "An interval log (a file, a pipe, or - for standard input).")
    Path file;

    @Option(names = "--out-dir", paramLabel = "DIR",
            description = "Where the logs go (default: FILE's directory; for a pipe, the current directory).")
    Path outDir;

    @Override
    List<Path> inputs() {
        return List.of(file);
    }

    @Override
    int execute() throws IOException {
        requireFiles(List.of(file));
        Path dir = outDir != null ? outDir : LogFiles.defaultOutputDirectory(file);
        List<Path> written;
        try {
            written = LogSplitter.split(file, dir);
        } catch (IllegalArgumentException e) { // an output would be the input
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (written.isEmpty()) {
            out().println("No intervals in " + file + ": nothing written.");
        }
        written.forEach(out()::println);
        out().flush();
        return 0;
    }
}
