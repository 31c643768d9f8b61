package io.contend.cli.hdr;

import io.contend.cli.IoFailure;
import io.contend.hdr.HdrLogFormatException;
import io.contend.hdr.HdrLogLimitException;
import io.contend.hdr.HdrLogOutOfMemoryError;
import io.contend.hdr.LogFiles;
import io.contend.hdr.OutputFile;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * What the hdr subcommands share: a missing input, or an output that is also an input, is a usage error (exit
 * 2, with usage); a malformed log, counts that overflow, running out of memory or an I/O failure is a one-line
 * message on stderr and exit 1, never a stack trace. Inputs are read once, so pipes, {@code /dev/stdin} and "-"
 * (standard input) will do. Outputs go through {@link OutputFile}, so a failure leaves no half output and never
 * touches an input.
 */
abstract class HdrSubcommand implements Callable<Integer> {
    /** What to do about running out of memory; CONTEND_JAVA_OPTS is read by the contend launcher. */
    static final String HEAP_HINT = " (try a larger heap: java -Xmx4g -jar contend.jar, or CONTEND_JAVA_OPTS=-Xmx4g)";

    @Spec
    CommandSpec spec;

    @Override
    public final Integer call() {
        int code;
        try {
            code = execute();
        } catch (HdrLogFormatException e) {
            return fail("malformed log: " + e.getMessage());
        } catch (HdrLogLimitException e) {
            return fail(e.getMessage());
        } catch (NoSuchFileException e) {
            return fail("no such file: " + e.getFile());
        } catch (IOException e) {
            return fail(IoFailure.describe(e));
        } catch (HdrLogOutOfMemoryError e) {
            return fail(e.getMessage() + HEAP_HINT);
        } catch (OutOfMemoryError e) { // after the logs were read: summing, rendering
            return fail("out of memory processing " + String.join(", ", inputs().stream().map(LogFiles::name).toList())
                    + HEAP_HINT);
        }
        if (out().checkError()) {
            return fail("cannot write to standard output");
        }
        return code;
    }

    /** @return the exit code */
    abstract int execute() throws IOException;

    /** @return the logs this command reads, as given */
    abstract List<Path> inputs();

    /**
     * @throws ParameterException naming the first input that does not exist or is a directory; a pipe, a device
     *                            or "-" (standard input) is an input like a regular file
     */
    final void requireFiles(List<Path> files) {
        for (Path file : files) {
            if (LogFiles.isStandardInput(file)) {
                continue;
            }
            if (Files.isDirectory(file)) {
                throw new ParameterException(spec.commandLine(), "not a file: " + file);
            }
            if (!Files.exists(file)) {
                throw new ParameterException(spec.commandLine(), "no such file: " + file);
            }
        }
    }

    /** @throws ParameterException if the output is the same file as an input */
    final void requireNotAnInput(Path output, List<Path> inputs) throws IOException {
        try {
            OutputFile.requireNotAnInput(output, inputs);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** @return an output file, which is not an input (else a usage error) */
    final OutputFile outputFile(Path output, List<Path> inputs) throws IOException {
        requireNotAnInput(output, inputs);
        return OutputFile.create(output, inputs);
    }

    final PrintWriter out() {
        return spec.commandLine().getOut();
    }

    private int fail(String message) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("contend hdr " + spec.name() + ": " + message);
        err.flush();
        return 1;
    }
}
