package io.contend.cli.hdr;

import io.contend.hdr.HdrLogReader;
import io.contend.hdr.IntervalFilter;
import io.contend.hdr.LogSummary;
import io.contend.hdr.OutputFile;
import io.contend.hdr.OutputUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code contend hdr summarize FILE...}: per tag, the intervals of all logs added up (or of each log). */
@Command(name = "summarize",
        mixinStandardHelpOptions = true,
        description = {"Prints per tag the count, min, mean, p50, p90, p99, p99.9, p99.99 and max of interval logs.",
                "Adds up the intervals of every FILE per tag, as HdrLogProcessing's summarize does with several "
                        + "inputs (e.g. the logs of several load-generator machines) and HistogramLogProcessor does "
                        + "for one tag of one log. --per-file summarizes each FILE on its own. --start and --end "
                        + "count from each log's own StartTime.",
                ""})
final class SummarizeCommand extends HdrSubcommand {
    @Parameters(paramLabel = "FILE", arity = "1..*",
            description = "Interval logs (files, pipes, or - for standard input).")
    List<Path> files;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "percentiles",
            description = "percentiles (a table per log), hgrm (HdrHistogram's percentile distribution per tag), "
                    + "csv (a row per log and tag, with the unit in a column), json (the same numbers, with the unit "
                    + "and its ratio). Default: ${DEFAULT-VALUE}.")
    SummarizeFormat format;

    @Option(names = "--per-file", description = "Summarize each FILE on its own instead of adding them up.")
    boolean perFile;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the summary there, whole or not at all "
            + "(default: standard output).")
    Path summary;

    @Mixin
    FilterOptions filters;

    @Mixin
    UnitOption unitOption;

    @Override
    List<Path> inputs() {
        return files;
    }

    @Override
    int execute() throws IOException {
        requireFiles(files);
        if (summary != null) {
            requireNotAnInput(summary, files);
        }
        IntervalFilter filter = filters.filter(spec);
        OutputUnit unit = unitOption.unit(spec);
        List<LogSummary> summaries = new ArrayList<>();
        if (perFile) {
            for (Path file : files) {
                try (HdrLogReader reader = HdrLogReader.open(file, filter)) {
                    summaries.add(LogSummary.of(reader));
                }
            }
        } else {
            summaries.add(LogSummary.ofAll(files, filter));
        }
        String text = format.render(summaries, unit);
        if (summary == null) {
            out().print(text);
        } else {
            try (OutputFile output = outputFile(summary, files)) {
                output.stream().write(text.getBytes(StandardCharsets.UTF_8));
                output.commit();
            }
            out().println("Wrote the " + format.name().toLowerCase(Locale.ROOT) + " summary to " + summary);
        }
        out().flush();
        return 0;
    }
}
