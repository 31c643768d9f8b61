package io.contend.hdr;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits an interval log into one log per tag, without loss: every interval keeps its histogram (re-encoded
 * by HdrHistogram, same counts), its tag and its absolute times; each output keeps the input's StartTime and
 * BaseTime (as they stand at the tag's first interval). All or none: the logs are written completely before
 * any is moved into place ({@link OutputFile#commitAll}); a failure leaves none of them, and never touches the
 * input. The input is read once, front to back, so it may be a pipe. At most {@value #MAX_OPEN_LOGS} logs are
 * open at a time ({@link OpenWriters}), however many tags the input has.
 */
public final class LogSplitter {
    /** How many output logs are open at once, at most: well below the usual limit of 1024 file descriptors. */
    public static final int MAX_OPEN_LOGS = 64;

    private LogSplitter() {
    }

    /**
     * Writes {@code <stem>.<tag>.<ext>} per tag into the directory ({@code <stem>.untagged.<ext>} for untagged
     * intervals; characters unsafe in file names become '_', and a name taken twice gets a "-2" suffix).
     * Existing files of those names are replaced.
     *
     * @param input an interval log, e.g. {@code run.hlog}, or {@link LogFiles#STANDARD_INPUT} (then named
     *              {@code stdin.<tag>.hlog})
     * @param outDir where the logs go; created if missing
     * @return the logs written, in the order their tags first appear
     * @throws HdrLogFormatException if the input is malformed (then nothing is written)
     * @throws IllegalArgumentException if an output would be the input (then nothing is written)
     * @throws IOException if it cannot be read or a log cannot be written (then nothing is written)
     */
    public static List<Path> split(Path input, Path outDir) throws IOException {
        return split(input, outDir, OutputFile.FILES);
    }

    static List<Path> split(Path input, Path outDir, OutputFile.Opener opener) throws IOException {
        OutputFile.createDirectory(outDir);
        String name = LogFiles.isStandardInput(input) ? LogFiles.STANDARD_INPUT_NAME : input.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = LogFiles.stem(input);
        String extension = dot > 0 ? name.substring(dot) : ".hlog";
        Map<String, IntervalLogWriter> writers = new LinkedHashMap<>(); // a null key holds the untagged intervals
        OpenWriters open = new OpenWriters(MAX_OPEN_LOGS);
        UniqueFileNames names = new UniqueFileNames();
        List<Path> files = new ArrayList<>();
        try (HdrLogReader reader = HdrLogReader.open(input, IntervalFilter.ALL)) {
            reader.forEachRemaining(interval -> {
                IntervalLogWriter writer = writers.get(interval.tag());
                if (writer == null) {
                    Path file = outDir.resolve(names.next(stem + "." + Tags.fileSafe(interval.tag()), extension));
                    open.makeRoom(); // before the new writer opens its file
                    writer = new IntervalLogWriter(file, List.of(input), opener, "contend hdr split: tag "
                            + interval.label() + " of " + name, reader.startTimeSeconds(), reader.baseTimeSeconds());
                    writers.put(interval.tag(), writer);
                    files.add(file);
                }
                open.use(interval.tag(), writer);
                writer.write(interval);
            });
            List<OutputFile> outputs = new ArrayList<>();
            for (IntervalLogWriter writer : writers.values()) {
                outputs.add(writer.written());
            }
            OutputFile.commitAll(outputs);
        } finally {
            OutputFile.closeAll(writers.values());
        }
        return files;
    }
}
