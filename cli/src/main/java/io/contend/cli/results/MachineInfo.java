package io.contend.cli.results;

/**
 * The machine a run was measured on, as written to results.json.
 *
 * @param cpus processors available to the JVM
 * @param jvmVersion full runtime version, e.g. {@code 17.0.15+6-Debian-1deb12u1}
 * @param jvmName VM name and vendor
 * @param os operating system name, version and architecture
 */
public record MachineInfo(int cpus, String jvmVersion, String jvmName, String os) {

    /** @return this JVM's machine */
    public static MachineInfo current() {
        return new MachineInfo(Runtime.getRuntime().availableProcessors(), Runtime.version().toString(),
                System.getProperty("java.vm.name") + " (" + System.getProperty("java.vm.vendor") + ")",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
    }
}
