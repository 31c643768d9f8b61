package io.contend.cli.hdr;

import io.contend.hdr.IntervalFilter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.util.ArrayList;
import java.util.List;

/** The interval filters of summarize, to-csv and plot. */
final class FilterOptions {
    @Option(names = "--tag", paramLabel = "TAG",
            description = "Only intervals with this tag (repeatable; default: every tag).")
    List<String> tags = new ArrayList<>();

    @Option(names = "--exclude-tag", paramLabel = "TAG", description = "Leave out intervals with this tag (repeatable).")
    List<String> excludeTags = new ArrayList<>();

    @Option(names = "--ignore-tags", description = "Treat all intervals (after --tag/--exclude-tag) as one untagged series.")
    boolean ignoreTags;

    @Option(names = "--start", paramLabel = "S",
            description = "Only intervals starting at or after S seconds since the log's StartTime "
                    + "(HistogramLogProcessor's -start; default: from the first).")
    Double start;

    @Option(names = "--end", paramLabel = "S",
            description = "Only intervals starting at or before S seconds since the log's StartTime "
                    + "(HistogramLogProcessor's -end; default: to the last).")
    Double end;

    IntervalFilter filter(CommandSpec spec) {
        double from = bound(spec, "--start", start, Double.NEGATIVE_INFINITY);
        double to = bound(spec, "--end", end, Double.POSITIVE_INFINITY);
        try {
            return IntervalFilter.ALL.withIncludeTags(tags).withExcludeTags(excludeTags).withIgnoreTags(ignoreTags)
                    .withWindow(from, to);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--start/--end: " + e.getMessage());
        }
    }

    /** Bounds count from StartTime, where a log's intervals begin, so a negative one is a mistake. */
    private static double bound(CommandSpec spec, String option, Double seconds, double unset) {
        if (seconds == null) {
            return unset;
        }
        if (seconds < 0) {
            throw new ParameterException(spec.commandLine(), option + ": must be 0 or more seconds since the log's "
                    + "StartTime, got " + seconds);
        }
        return seconds;
    }
}
