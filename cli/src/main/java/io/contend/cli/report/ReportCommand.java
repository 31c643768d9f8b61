package io.contend.cli.report;

import io.contend.cli.IoFailure;
import io.contend.cli.Renamed;
import io.contend.cli.analysis.MetricView;
import io.contend.cli.analysis.Rejudge;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.ResultsFile;
import io.contend.cli.results.RunInfo;

import io.contend.cli.results.ResultsFormatException;
import io.contend.hdr.IoMessages;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code contend report [DIR|FILE...] [--margin M] [--metric NAME] [--out-dir DIR]}: renders the lab report from results files alone,
 * without running anything. With one directory and no option it re-renders DIR/index.html from DIR/results.json
 * as stored. With several inputs, or {@code --margin}, it judges every comparison again from the files' per-round
 * samples, pooling the runs of the same comparison ({@link Rejudge}), and says so at the top of the report; with
 * {@code --metric} it judges a secondary result's per-round values instead of the score ({@link MetricView}).
 */
@Command(name = "report",
        mixinStandardHelpOptions = true,
        description = {"Writes the lab report (index.html) from results files alone: per experiment the ratio chart, "
                + "the table with ratios, intervals and verdicts, and published numbers where there are some. "
                + "Self-contained: open it in any browser, offline.",
                "Given several results files (or directories holding one), --margin or --metric, it judges every "
                        + "comparison again from the per-round samples the files keep, pooling the runs of each "
                        + "comparison.", ""})
public final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR|FILE", arity = "0..*",
            description = "Lab output directories or results files (default: contend-results).")
    List<Path> inputs = new ArrayList<>();

    @Option(names = "--margin", paramLabel = "M", description = "Judge every comparison again at this equivalence "
            + "margin, e.g. 0.02 for 2%% (default: each comparison's stored margin, the lab's 0.05 unless its "
            + "experiment states its own).")
    Double margin;

    @Option(names = "--metric", paramLabel = "NAME", description = "Judge every comparison again on this secondary "
            + "result instead of the score, from its value in each round (results files of schema 6 or later), "
            + "e.g. pathCpuUsPerOp or p50Ms. Records that did not keep it per round are left out.")
    String metric;

    @Option(names = "--out-dir", paramLabel = "DIR", description = "Where to write index.html when judging again "
            + "(default: the first input's directory).")
    Path out;

    @Option(names = "--out", hidden = true, paramLabel = "DIR")
    void retiredOut(String dir) {
        throw Renamed.refuse(spec, "--out", "--out-dir " + dir);
    }

    /**
     * A directory without results.json, or a file that is not one, is a usage error (exit 2); a file that cannot
     * be read or a report that cannot be written is one line and exit 1. Neither prints a stack trace.
     */
    @Override
    public Integer call() {
        if (margin != null && !(margin > 0 && margin < 1)) {
            throw new ParameterException(spec.commandLine(), "--margin must be in (0, 1), e.g. 0.02: " + margin);
        }
        if (metric != null && metric.isBlank()) {
            throw new ParameterException(spec.commandLine(), "--metric needs a secondary result's name: '" + metric
                    + "'");
        }
        List<Path> given = inputs.isEmpty() ? List.of(Path.of("contend-results")) : inputs;
        Path report;
        try {
            Path only = given.get(0);
            if (given.size() == 1 && margin == null && metric == null && out == null && !Files.isRegularFile(only)
                    && !only.toString().endsWith(".json")) {
                report = new HtmlReport().write(only);
            } else {
                report = rejudge(given);
            }
        } catch (IllegalArgumentException | ResultsFormatException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        } catch (IOException e) {
            return fail(IoFailure.describe(e));
        }
        spec.commandLine().getOut().println("Report: " + report.toAbsolutePath());
        spec.commandLine().getOut().flush();
        return 0;
    }

    private Path rejudge(List<Path> given) throws IOException {
        List<ResultsFile.Contents> files = new ArrayList<>();
        for (Path input : given) {
            Path file = Files.isDirectory(input) ? input.resolve(ResultsFile.NAME) : input;
            if (!Files.isRegularFile(file)) {
                throw new IllegalArgumentException("no results file at " + file.toAbsolutePath()
                        + ": give a lab output directory or its results.json");
            }
            try {
                ResultsFile.Contents contents = ResultsFile.readContents(file);
                files.add(metric == null ? contents : MetricView.of(contents, metric));
            } catch (IOException e) {
                throw new IOException("cannot read " + file + ": " + IoMessages.reason(file, e), e);
            }
        }
        Rejudge.Result judged = margin == null ? Rejudge.of(files) : Rejudge.of(files, margin);
        if (metric != null) {
            List<String> notes = new ArrayList<>();
            notes.add("Judged on the secondary result " + metric + " of each round, not on the score; records "
                    + "that did not keep it per round are left out.");
            notes.addAll(judged.notes());
            judged = new Rejudge.Result(judged.records(), notes);
        }
        for (String note : judged.notes()) {
            spec.commandLine().getOut().println(note);
        }
        ResultsFile.Contents first = files.get(0);
        Map<String, ExperimentInfo> experiments = new LinkedHashMap<>();
        Map<String, RunInfo> runs = new LinkedHashMap<>();
        for (ResultsFile.Contents f : files) {
            f.experiments().forEach(experiments::putIfAbsent);
            runs.putAll(f.runs());
        }
        ResultsFile.Contents merged = new ResultsFile.Contents(first.schemaVersion(), first.machine(), first.mode(),
                first.started(), experiments, judged.records(), runs);
        Path firstInput = given.get(0);
        Path directory = out != null ? out
                : Files.isDirectory(firstInput) ? firstInput : firstInput.toAbsolutePath().getParent();
        Files.createDirectories(directory);
        return new HtmlReport(judged.notes()).write(merged, directory.resolve(HtmlReport.NAME));
    }

    private int fail(String message) {
        PrintWriter err = spec.commandLine().getErr();
        err.println("contend report: " + message);
        err.flush();
        return 1;
    }
}
