package io.contend.load;

import io.contend.load.workload.HttpWorkload;
import io.contend.load.workload.PrimitiveWorkloads;
import io.contend.load.workload.SleepWorkload;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Finds a workload by name: the built-ins ({@link #BUILT_IN}), or else the name of a class on the class path
 * that implements {@link Workload} with a public constructor taking {@link WorkloadOptions} or none. Options the
 * workload does not read are rejected.
 */
public final class Workloads {
    /** Built-in workloads by name, with a line on what they do. */
    public static final Map<String, String> BUILT_IN;
    private static final Map<String, Function<WorkloadOptions, Workload>> FACTORIES = new LinkedHashMap<>();

    static {
        Map<String, String> help = new LinkedHashMap<>();
        register(help, "sleep", SleepWorkload::new,
                "fixed or random service time (--service-time, --service-time-max), stalls (--stall-every N, --stall D)");
        register(help, "http", HttpWorkload::new, "JDK HttpClient requests (--url, --method GET|POST, --body, --timeout)");
        register(help, "allocate", PrimitiveWorkloads::allocate, "contend RegionAllocator allocations (--size, --limit-mib)");
        register(help, "retain-release", PrimitiveWorkloads::retainRelease, "retain + release of one shared ref count");
        register(help, "queue-handoff", PrimitiveWorkloads::queueHandoff, "offer to a shared MPSC queue, one drainer (--chunk)");
        register(help, "histogram-update", PrimitiveWorkloads::histogramUpdate,
                "streaming histogram updates, a builder per thread (--spool, --range)");
        BUILT_IN = java.util.Collections.unmodifiableMap(help);
    }

    private Workloads() {
    }

    private static void register(Map<String, String> help, String name, Function<WorkloadOptions, Workload> factory,
                                 String description) {
        FACTORIES.put(name, factory);
        help.put(name, description);
    }

    /**
     * @param nameOrClass a built-in name or a class name
     * @param options the workload's options
     * @return the workload, with every option read
     * @throws IllegalArgumentException for an unknown name, a class that is not a workload, or bad options
     */
    public static Workload create(String nameOrClass, WorkloadOptions options) {
        Function<WorkloadOptions, Workload> factory = FACTORIES.get(nameOrClass);
        Workload workload = factory != null ? factory.apply(options) : load(nameOrClass, options);
        options.requireAllUsed(nameOrClass);
        return workload;
    }

    private static Workload load(String className, WorkloadOptions options) {
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("unknown workload '" + className + "': not one of " + BUILT_IN.keySet()
                    + " and no such class on the class path");
        }
        if (!Workload.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException("class " + className + " does not implement " + Workload.class.getName());
        }
        try {
            try {
                Constructor<?> withOptions = type.getConstructor(WorkloadOptions.class);
                return (Workload) withOptions.newInstance(options);
            } catch (NoSuchMethodException e) {
                return (Workload) type.getConstructor().newInstance();
            }
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("workload class " + className
                    + " needs a public constructor taking WorkloadOptions, or none");
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException) {
                throw (IllegalArgumentException) cause;
            }
            throw new IllegalArgumentException("workload " + className + " failed to start: " + cause, cause);
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("cannot create workload " + className + ": " + e, e);
        }
    }
}
