package io.contend.hdr;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Splits an interval log into one log per tag, without loss: every interval keeps its histogram (re-encoded
 * by HdrHistogram, same counts), its tag and its absolute times; each output keeps the input's StartTime and
 * BaseTime (as they stand at the tag's first interval). All or none: the logs are written completely before
 * any is moved into place ({@link OutputFile#commitAll}); a failure leaves none of them, and never touches the
 * input.
 */
public final class LogSplitter {
    private LogSplitter() {
    }

    /**
     * Writes {@code <stem>.<tag>.<ext>} per tag into the directory ({@code <stem>.untagged.<ext>} for untagged
     * intervals; characters unsafe in file names become '_', and a name taken twice gets a "-2" suffix).
     * Existing files of those names are replaced.
     *
     * @param input an interval log, e.g. {@code run.hlog}
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
        String name = input.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String stem = dot > 0 ? name.substring(0, dot) : name;
        String extension = dot > 0 ? name.substring(dot) : ".hlog";
        Map<String, IntervalLogWriter> writers = new LinkedHashMap<>(); // a null key holds the untagged intervals
        Set<String> taken = new HashSet<>();
        List<Path> files = new ArrayList<>();
        try (HdrLogReader reader = HdrLogReader.open(input, IntervalFilter.ALL)) {
            for (HdrInterval interval = reader.next(); interval != null; interval = reader.next()) {
                IntervalLogWriter writer = writers.get(interval.tag());
                if (writer == null) {
                    Path file = outDir.resolve(uniqueName(stem + "." + Tags.fileSafe(interval.tag()), extension, taken));
                    writer = new IntervalLogWriter(file, List.of(input), opener, "contend hdr split: tag "
                            + interval.label() + " of " + name, reader.startTimeSeconds(), reader.baseTimeSeconds());
                    writers.put(interval.tag(), writer);
                    files.add(file);
                }
                writer.write(interval);
            }
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

    /** Case-insensitively unique, for case-insensitive file systems. */
    private static String uniqueName(String base, String extension, Set<String> taken) {
        String candidate = base + extension;
        for (int n = 2; !taken.add(candidate.toLowerCase(Locale.ROOT)); n++) {
            candidate = base + "-" + n + extension;
        }
        return candidate;
    }
}
