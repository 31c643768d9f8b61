package io.contend.cli.hdr;

import io.contend.hdr.HdrLogReader;
import io.contend.hdr.LogFiles;
import io.contend.hdr.OutputFile;
import io.contend.hdr.OutputUnit;
import io.contend.hdr.TagAccumulator;
import io.contend.hdr.TaggedHistogram;
import io.contend.hdr.Tags;
import io.contend.hdr.TimePoint;
import io.contend.hdr.UniqueFileNames;
import io.contend.load.LatencyKind;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code contend hdr plot FILE}: SVG latency plots per operation and tag. */
@Command(name = "plot",
        mixinStandardHelpOptions = true,
        description = {"Writes SVG latency plots: percentile distributions and latency over time.",
                "Per operation, the percentile distribution of its tags on a 'nines' axis (<op>-rt, <op>-st and "
                        + "<op>-wt overlaid; any other tag is its own operation): <stem>.<op>.percentiles.svg. Per "
                        + "tag, p50, p99 and max of every interval over time: <stem>.<tag>.over-time.svg. Tags that "
                        + "make the same file name (x/y, x_y, x:y) get -2, -3 ... in the order they come. They open "
                        + "in a browser, and contend report embeds SVG files next to results.json. All or none: a "
                        + "failure leaves none of them. Prints the files written.", ""})
final class PlotCommand extends OneLogCommand {
    @Option(names = "--out-dir", paramLabel = "DIR",
            description = "Where the plots go (default: FILE's directory; for a pipe, the current directory). Plots "
                    + "of the same names already there (an earlier plot's) are replaced, each named on stderr.")
    Path outDir;

    @Override
    int execute() throws IOException {
        OutputUnit unit = unitOption.unit(spec);
        TagAccumulator sums = new TagAccumulator();
        Map<String, List<TimePoint>> overTime = new LinkedHashMap<>();
        try (HdrLogReader reader = openLog()) {
            reader.forEachRemaining(interval -> {
                sums.add(interval);
                overTime.computeIfAbsent(interval.label(), t -> new ArrayList<>())
                        .add(TimePoint.of(interval, reader.startTimeSeconds(), unit));
            });
        }
        Path dir = outDir != null ? outDir : LogFiles.defaultOutputDirectory(file);
        String name = LogFiles.isStandardInput(file) ? "standard input" : String.valueOf(file.getFileName());
        String stem = LogFiles.stem(file);
        UniqueFileNames names = new UniqueFileNames();
        Map<Path, String> plots = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, Histogram>> op : byOperation(sums.sums()).entrySet()) {
            if (op.getValue().values().stream().allMatch(h -> h.getTotalCount() == 0)) {
                continue;
            }
            String svg = LatencyPlots.percentileDistributionSvg(name + ": " + op.getKey() + " latency by percentile",
                    op.getValue(), unit.ratio(), unit.label());
            plots.put(dir.resolve(names.next(stem + "." + Tags.fileSafe(op.getKey()), ".percentiles.svg")), svg);
        }
        for (Map.Entry<String, List<TimePoint>> tag : overTime.entrySet()) {
            String svg = LatencyPlots.overTimeSvg(name + ": " + tag.getKey() + " latency over time", tag.getValue(),
                    unit.label());
            plots.put(dir.resolve(names.next(stem + "." + Tags.fileSafe(tag.getKey()), ".over-time.svg")), svg);
        }
        List<Path> replaced = new ArrayList<>();
        for (Path plot : plots.keySet()) {
            requireNotAnInput(plot, List.of(file));
            if (Files.exists(plot)) {
                replaced.add(plot);
            }
        }
        OutputFile.writeAll(plots, List.of(file)); // all or none
        if (plots.isEmpty()) {
            out().println("No intervals in " + file + ": nothing written.");
        }
        plots.keySet().forEach(out()::println);
        out().flush();
        PrintWriter err = spec.commandLine().getErr();
        for (Path plot : replaced) { // an earlier plot's, or a user's: never replaced silently
            err.println("contend hdr plot: replaced " + plot + ", which was already there");
        }
        err.flush();
        return 0;
    }

    /** Operation (the tag without -rt/-st/-wt) to its tags' histograms, in first-seen order. */
    static Map<String, Map<String, Histogram>> byOperation(List<TaggedHistogram> sums) {
        Map<String, Map<String, Histogram>> ops = new LinkedHashMap<>();
        for (TaggedHistogram t : sums) {
            ops.computeIfAbsent(operation(t.label()), o -> new LinkedHashMap<>()).put(t.label(), t.histogram());
        }
        return ops;
    }

    static String operation(String label) {
        return LatencyKind.operationOf(label);
    }
}
