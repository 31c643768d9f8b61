package io.contend.cli.shards;

import io.contend.cli.IoFailure;
import io.contend.hdr.HdrLogFormatException;
import io.contend.hdr.HdrLogLimitException;
import io.contend.load.Durations;
import io.contend.load.LateSends;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code contend shards merge LOG... --out FILE}: the shards' logs as one run, and each shard's lateness. */
@Command(name = "merge",
        mixinStandardHelpOptions = true,
        description = {"Merges the interval logs of the shards of one contend stress run: writes their union "
                + "(every interval, no loss, as contend hdr union), prints the merged latencies per tag, and per "
                + "shard its late sends (operations that started over the threshold after their intended start, "
                + "from its own wait times). A shard with over 10%% late sends fell behind its schedule and is "
                + "marked BEHIND; one whose log holds fewer operations than its share of the schedule (failed, "
                + "missed or unfinished ones), SHORT.", ""},
        footer = {"", "Exit codes: 0 merged, every shard kept its schedule; 1 a shard fell behind, fell short or is "
                + "missing, or a log could not be read or written or is malformed; 2 bad arguments (including logs "
                + "that are not shards of one run)."})
final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "LOG", arity = "1..*", description = "The shards' interval logs (contend stress --log).")
    List<Path> logs;

    @Option(names = "--out", paramLabel = "FILE", required = true, description = "The union to write (replaced if it exists).")
    Path out;

    @Option(names = "--late-threshold", paramLabel = "D",
            description = "Lateness that makes a late send (default: ${DEFAULT-VALUE}).")
    String lateThreshold = Durations.format(LateSends.DEFAULT_THRESHOLD);

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        for (Path log : logs) { // bad arguments, as the hdr commands say: exit 2 before anything is read
            if (Files.isDirectory(log)) {
                throw new ParameterException(spec.commandLine(), "not a file: " + log);
            }
            if (!Files.exists(log)) {
                throw new ParameterException(spec.commandLine(), "no such file: " + log);
            }
        }
        Duration threshold;
        ShardMerge merge;
        try {
            threshold = Durations.parse("--late-threshold", lateThreshold);
            merge = ShardMerge.merge(logs, out, threshold);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        } catch (HdrLogFormatException | ShardMerge.MalformedShardLog e) {
            return fail(err, "malformed log: " + e.getMessage());
        } catch (HdrLogLimitException e) {
            return fail(err, e.getMessage());
        } catch (NoSuchFileException e) {
            return fail(err, "no such file: " + e.getFile());
        } catch (IOException e) {
            return fail(err, IoFailure.describe(e));
        }
        PrintWriter stdout = spec.commandLine().getOut();
        merge.print(stdout, out);
        if (stdout.checkError()) {
            return fail(err, "cannot write to standard output");
        }
        return merge.incomplete() ? 1 : 0;
    }

    private static int fail(PrintWriter err, String message) {
        err.println("contend shards merge: " + message);
        err.flush();
        return 1;
    }
}
