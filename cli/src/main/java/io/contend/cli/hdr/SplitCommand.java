package io.contend.cli.hdr;

import io.contend.hdr.LogFiles;
import io.contend.hdr.LogSplitter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

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
            description = "Where the logs go (default: FILE's directory; for a pipe, the current directory). Logs "
                    + "of the same names already there (an earlier split's) are replaced, each named on stderr.")
    Path outDir;

    @Override
    List<Path> inputs() {
        return List.of(file);
    }

    @Override
    int execute() throws IOException {
        requireFiles(List.of(file));
        Path dir = outDir != null ? outDir : LogFiles.defaultOutputDirectory(file);
        Set<Path> before = fileNames(dir);
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
        PrintWriter err = spec.commandLine().getErr();
        for (Path log : written) {
            if (before.contains(log.getFileName())) { // an earlier split's, or a user's: never replaced silently
                err.println("contend hdr split: replaced " + log + ", which was already there");
            }
        }
        err.flush();
        return 0;
    }

    /** @return the names of the entries in the directory; none if there is no such directory yet */
    private static Set<Path> fileNames(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Set.of();
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(Path::getFileName).collect(Collectors.toSet());
        }
    }
}
