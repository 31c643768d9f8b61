package io.contend.cli.hdr;

import io.contend.hdr.HdrLogReader;
import io.contend.hdr.IntervalFilter;
import io.contend.hdr.LogSummary;
import io.contend.hdr.OutputUnit;
import io.contend.hdr.SummaryFormat;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code contend hdr summarize FILE...}: per log and tag, the intervals added up. */
@Command(name = "summarize",
        mixinStandardHelpOptions = true,
        description = {"Prints per tag the count, min, mean, p50, p90, p99, p99.9, p99.99 and max of a log.",
                "Adds up each log's intervals per tag as HistogramLogProcessor does for one tag. Each FILE is "
                        + "summarized on its own; join logs with 'contend hdr union' first to summarize them together.",
                ""})
final class SummarizeCommand extends HdrSubcommand {
    @Parameters(paramLabel = "FILE", arity = "1..*", description = "Interval logs.")
    List<Path> files;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "percentiles",
            description = "percentiles (a table per log), hgrm (HdrHistogram's percentile distribution per tag), "
                    + "csv (a row per log and tag). Default: ${DEFAULT-VALUE}.")
    SummaryFormat format;

    @Mixin
    FilterOptions filters;

    @Mixin
    UnitOption unitOption;

    @Override
    int execute() throws IOException {
        requireFiles(files);
        IntervalFilter filter = filters.filter(spec);
        OutputUnit unit = unitOption.unit(spec);
        List<LogSummary> summaries = new ArrayList<>();
        for (Path file : files) {
            try (HdrLogReader reader = HdrLogReader.open(file, filter)) {
                summaries.add(LogSummary.of(reader));
            }
        }
        out().print(format.render(summaries, unit));
        out().flush();
        return 0;
    }
}
