package io.contend.cli;

import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.RunInfo;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Describes the run that is starting, for results.json: contend's version and the git commit its jar was built
 * from, the JVM and its arguments, the CPU, and the peer libraries' versions (written into
 * {@code version.properties} by the build, from the versions the benchmarks were compiled against). The lab and
 * {@code contend compare} describe their runs with it.
 */
public final class RunDescription {
    private static final DateTimeFormatter ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private RunDescription() {
    }

    /**
     * A lab run: its measurements run in this JVM or in JMH forks that inherit its arguments, against the peers
     * the benchmarks were built with.
     *
     * @param machine this machine
     * @param mode the lab mode's label
     * @param started when the run started
     * @return the run
     */
    public static RunInfo current(MachineInfo machine, String mode, Instant started) {
        return current(machine, mode, started, ManagementFactory.getRuntimeMXBean().getInputArguments(),
                VersionProvider.peers());
    }

    /**
     * A run whose measurements do not run in this JVM or against the lab's peers, as {@code contend compare}'s.
     * The commit is the one the jar was built from ({@link VersionProvider#buildCommit()}), which stays right
     * wherever the jar is copied to, and is unknown for a build made outside a git clone.
     *
     * @param machine this machine
     * @param mode the mode's label
     * @param started when the run started
     * @param jvmArguments what the measuring JVMs were started with
     * @param peers what was measured against, by name
     * @return the run, ended when it started ({@link RunInfo#endedAt})
     */
    public static RunInfo current(MachineInfo machine, String mode, Instant started, List<String> jvmArguments,
                                  Map<String, String> peers) {
        String id = ID_TIME.format(started) + "-" + String.format("%04x", ThreadLocalRandom.current().nextInt(1 << 16));
        return new RunInfo(id, VersionProvider.version(), VersionProvider.buildCommit(),
                System.getProperty("java.vm.vendor"), Runtime.version().toString(), jvmArguments, cpuModel(), machine,
                peers, mode, started.toString(), started.toString());
    }

    /** @return the model name of the first CPU in /proc/cpuinfo, or unknown */
    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.ISO_8859_1)) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable
        }
        return "unknown";
    }
}
