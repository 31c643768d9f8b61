package io.contend.cli.hdr;

import io.contend.hdr.HdrLogReader;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** An hdr subcommand that reads one interval log, with the interval filters and the output unit. */
abstract class OneLogCommand extends HdrSubcommand {
    @Parameters(paramLabel = "FILE", arity = "1",
            description = "An interval log (a file, a pipe, or - for standard input).")
    Path file;

    @Mixin
    FilterOptions filters;

    @Mixin
    UnitOption unitOption;

    @Override
    final List<Path> inputs() {
        return List.of(file);
    }

    /**
     * @return a reader of FILE through the filters given
     * @throws IOException if it cannot be opened
     * @throws picocli.CommandLine.ParameterException if FILE is not a readable file
     */
    final HdrLogReader openLog() throws IOException {
        requireFiles(List.of(file));
        return HdrLogReader.open(file, filters.filter(spec));
    }
}
