package io.contend.cli.compare;

import java.io.IOException;
import java.util.List;
import java.util.Set;

/** Runs JMH for one side of a comparison; the command's is {@link JmhProcess}, tests give their own. */
public interface ForkRunner {
    /**
     * @param side which build
     * @return the benchmarks (full names) the build's jar holds
     * @throws IOException if the jar cannot be listed
     */
    Set<String> list(Side side) throws IOException;

    /**
     * Runs one fork of each given benchmark of one build.
     *
     * @param side which build
     * @param round the round, from 1, for file names and messages
     * @param benchmarks full names of the benchmarks to run, every configuration of each
     * @return every configuration's result, one fork each
     * @throws IOException if JMH fails or its results cannot be read
     */
    List<JmhResult> runFork(Side side, int round, List<String> benchmarks) throws IOException;
}
