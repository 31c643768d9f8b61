package io.contend.cli.hdr;

import io.contend.hdr.HdrLogReader;
import io.contend.hdr.IntervalCsv;
import io.contend.hdr.OutputFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** {@code contend hdr to-csv FILE}: a CSV row per interval. */
@Command(name = "to-csv",
        mixinStandardHelpOptions = true,
        description = {"Writes one CSV row per interval.",
                "Columns " + IntervalCsv.HEADER + ": start and end in seconds since the log's StartTime, values "
                        + "in the output unit, an empty tag for untagged intervals.", ""})
final class ToCsvCommand extends OneLogCommand {
    @Option(names = "--out", paramLabel = "FILE", description = "Write the CSV there (default: standard output).")
    Path csv;

    @Override
    int execute() throws IOException {
        requireFiles(List.of(file));
        if (csv != null) {
            requireNotAnInput(csv, List.of(file));
        }
        try (HdrLogReader reader = openLog()) {
            if (csv == null) {
                IntervalCsv.write(reader, unitOption.unit(spec), out());
                out().flush();
            } else {
                out().println("Wrote " + writeFile(reader) + " rows to " + csv);
                out().flush();
            }
        }
        return 0;
    }

    /** Through an {@link OutputFile}: never the input, and a malformed log or a full disk leaves no half CSV. */
    private long writeFile(HdrLogReader reader) throws IOException {
        long rows;
        try (OutputFile output = outputFile(csv, List.of(file))) {
            Writer writer = new BufferedWriter(new OutputStreamWriter(output.stream(), StandardCharsets.UTF_8));
            rows = IntervalCsv.write(reader, unitOption.unit(spec), writer);
            writer.flush();
            output.commit();
        }
        return rows;
    }
}
