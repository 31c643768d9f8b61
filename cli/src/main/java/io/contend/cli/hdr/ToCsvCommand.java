package io.contend.cli.hdr;

import io.contend.hdr.HdrLogReader;
import io.contend.hdr.IntervalCsv;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/** {@code contend hdr to-csv FILE}: a CSV row per interval. */
@Command(name = "to-csv",
        mixinStandardHelpOptions = true,
        description = {"Writes one CSV row per interval.",
                "Columns " + IntervalCsv.HEADER + ": start and end in seconds since the log's StartTime, values "
                        + "in the output unit, an empty tag for untagged intervals.", ""})
final class ToCsvCommand extends HdrSubcommand {
    @Parameters(paramLabel = "FILE", arity = "1", description = "An interval log.")
    Path file;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the CSV there (default: standard output).")
    Path csv;

    @Mixin
    FilterOptions filters;

    @Mixin
    UnitOption unitOption;

    @Override
    int execute() throws IOException {
        requireFiles(List.of(file));
        try (HdrLogReader reader = HdrLogReader.open(file, filters.filter(spec))) {
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

    /** Through a temporary file, so that a malformed log leaves no half CSV. */
    private long writeFile(HdrLogReader reader) throws IOException {
        Path directory = csv.toAbsolutePath().getParent();
        if (directory != null) {
            Files.createDirectories(directory);
        }
        Path temporary = csv.resolveSibling(csv.getFileName() + ".tmp");
        long rows;
        try (Writer writer = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            rows = IntervalCsv.write(reader, unitOption.unit(spec), writer);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
        Files.move(temporary, csv, StandardCopyOption.REPLACE_EXISTING);
        return rows;
    }
}
