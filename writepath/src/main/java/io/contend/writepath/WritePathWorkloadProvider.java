package io.contend.writepath;

import io.contend.load.Workload;
import io.contend.load.WorkloadOptions;
import io.contend.load.WorkloadProvider;
import io.contend.load.Workloads;

/**
 * Offers {@link WritePathWorkload} to {@code contend stress} as the built-in {@code writepath} (found through
 * {@code META-INF/services/io.contend.load.WorkloadProvider}).
 */
public final class WritePathWorkloadProvider implements WorkloadProvider {
    /** The workload's name on the command line. */
    public static final String NAME = "writepath";

    /** For the service loader. */
    public WritePathWorkloadProvider() {
    }

    @Override
    public Workloads.Type type() {
        return new Workloads.Type(NAME, "Writes and reads of a memtable write path (region memory, reference-counted "
                + "regions, 3 request stages, flushes with a deletion-time histogram), contend's build or the JDK's "
                + "or one component swapped; every acknowledged write is read back when the run ends.",
                WritePathWorkload.OPTIONS);
    }

    @Override
    public Workload create(WorkloadOptions options) {
        return new WritePathWorkload(options);
    }

    @Override
    public String toString() {
        return "WritePathWorkloadProvider[" + NAME + "]";
    }
}
