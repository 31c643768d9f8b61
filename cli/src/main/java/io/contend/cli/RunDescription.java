package io.contend.cli;

import io.contend.cli.results.MachineInfo;
import io.contend.cli.results.RunInfo;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

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
     * @param machine this machine
     * @param mode the lab mode's label
     * @param started when the run started
     * @return the run
     */
    public static RunInfo current(MachineInfo machine, String mode, Instant started) {
        String id = ID_TIME.format(started) + "-" + String.format("%04x", ThreadLocalRandom.current().nextInt(1 << 16));
        return new RunInfo(id, VersionProvider.version(), commit(), System.getProperty("java.vm.vendor"),
                Runtime.version().toString(), ManagementFactory.getRuntimeMXBean().getInputArguments(), cpuModel(),
                machine, VersionProvider.peers(), mode, started.toString(), started.toString());
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

    /**
     * @return the commit the running jar was built from ({@link VersionProvider#buildCommit()}), which stays right
     *         wherever the jar is copied to; for a build that could not read it (no git at build time), the commit of
     *         the git work tree the jar lies in, with {@code -dirty} if its sources differ; else unknown
     */
    static String commit() {
        String built = VersionProvider.buildCommit();
        return !built.equals("unknown") ? built : workTreeCommit();
    }

    private static String workTreeCommit() {
        try {
            Path jar = Path.of(RunDescription.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path dir = Files.isDirectory(jar) ? jar : jar.getParent();
            String head = git(dir, "rev-parse", "HEAD");
            if (head == null || !head.matches("[0-9a-f]{40}")) {
                return "unknown";
            }
            String status = git(dir, "status", "--porcelain", "--untracked-files=no");
            return status == null || status.isEmpty() ? head : head + "-dirty";
        } catch (URISyntaxException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String git(Path dir, String... args) {
        List<String> command = new java.util.ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            byte[] out = p.getInputStream().readNBytes(64 * 1024);
            if (!p.waitFor(5, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).strip() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
