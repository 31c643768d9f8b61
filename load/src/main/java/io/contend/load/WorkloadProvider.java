package io.contend.load;

/**
 * A workload that another module offers as a built-in of {@code contend stress}: {@link Workloads} finds every
 * provider on the class path with {@link java.util.ServiceLoader} (a {@code META-INF/services/io.contend.load.WorkloadProvider}
 * file naming the class) and lists it after its own built-ins, with its name, description and options. The
 * provider needs a public no-argument constructor.
 */
public interface WorkloadProvider {

    /** @return the name, one-sentence description and options of the workload */
    Workloads.Type type();

    /**
     * @param options the options given on the command line (only those of {@link #type()} reach it)
     * @return a new workload
     * @throws IllegalArgumentException for a bad option, naming it and its value
     */
    Workload create(WorkloadOptions options);
}
