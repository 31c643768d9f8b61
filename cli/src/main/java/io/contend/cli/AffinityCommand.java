package io.contend.cli;

import io.contend.exec.CpuLayout;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** {@code contend affinity}: what the affinity strategies have to work with on this machine. */
@Command(name = "affinity",
        mixinStandardHelpOptions = true,
        description = {"Prints this machine's CPU layout (online CPUs, cores, sockets), the CPUs this process may "
                + "run on, the CPUs that have served device interrupts (the ones an affinity strategy can "
                + "avoid), whether threads can be pinned (and why not), and a note for every source that was "
                + "missing or unreadable.", ""})
public final class AffinityCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.print(CpuLayout.current().describe());
        out.flush();
        return 0;
    }
}
