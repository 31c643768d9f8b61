package io.contend.cli.shards;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code contend shards}: one fixed-rate schedule run by several generators, and their logs merged. */
@Command(name = "shards",
        mixinStandardHelpOptions = true,
        description = {"Load beyond one generator: contend stress --shard I/N --start-at TIME runs every N-th "
                + "operation of one schedule, and these commands run shards locally and merge their logs.", ""},
        subcommands = {MergeCommand.class, LocalCommand.class})
public final class ShardsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "Missing subcommand: merge or local");
    }
}
