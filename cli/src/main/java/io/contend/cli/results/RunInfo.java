package io.contend.cli.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One lab run (or {@code contend compare} run), as results.json keeps it under {@code runs}: every record names the
 * run that measured it, so that records of different runs in one file, or in files pooled by the report, each say
 * where they came from.
 *
 * @param id unique within a file, e.g. {@code 20261126T091500Z-3f9a}
 * @param contendVersion contend's version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit the git commit the jar was built from ({@code -dirty} if the tree had changes), or
 *               {@code unknown}
 * @param jvmVendor the JVM's vendor
 * @param jvmVersion the JVM's full version
 * @param jvmArguments the arguments the lab's JVM was started with (JMH's forks inherit them); for a compare run,
 *                     the JMH options its forks were run with (its own JVM's arguments do not reach them)
 * @param cpuModel the CPU's model name, or {@code unknown}
 * @param machine cores, OS and JVM
 * @param peers the peer libraries measured against, by artifact, with their versions; for a compare run, the two
 *              builds (or JMH files) it compared, by side
 * @param mode the lab mode, e.g. {@code quick}
 * @param started when the run started (ISO-8601)
 * @param ended when it last wrote the file (ISO-8601)
 */
public record RunInfo(String id, String contendVersion, String commit, String jvmVendor, String jvmVersion,
                      List<String> jvmArguments, String cpuModel, MachineInfo machine, Map<String, String> peers,
                      String mode, String started, String ended) {

    /** Checks the id and copies the lists and maps. */
    public RunInfo {
        Objects.requireNonNull(id, "id");
        if (id.isEmpty()) {
            throw new IllegalArgumentException("a run's id must not be empty");
        }
        jvmArguments = List.copyOf(jvmArguments);
        peers = Collections.unmodifiableMap(new LinkedHashMap<>(peers));
    }

    /** @return this run, ended at {@code time} */
    public RunInfo endedAt(String time) {
        return new RunInfo(id, contendVersion, commit, jvmVendor, jvmVersion, jvmArguments, cpuModel, machine, peers,
                mode, started, time);
    }

    /**
     * @return what distinguishes two runs' conditions, for a report that pools them: version, commit, JVM and its
     *         arguments, CPU, machine, and the peers (library versions, or the two builds a compare run measured)
     */
    public String conditions() {
        return "contend " + contendVersion + " (" + commit + "), " + jvmVendor + " " + jvmVersion
                + (jvmArguments.isEmpty() ? "" : " " + String.join(" ", jvmArguments)) + ", " + cpuModel
                + (machine == null ? "" : ", " + machine.cpus() + " CPUs, " + machine.os())
                + (peers.isEmpty() ? "" : ", peers " + peers);
    }
}
