package io.contend.load;

import io.contend.load.workload.HttpWorkload;
import io.contend.load.workload.PrimitiveWorkloads;
import io.contend.load.workload.SleepWorkload;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * Finds a workload by name: the built-ins ({@link #builtIns()}: contend's own, then those of each
 * {@link WorkloadProvider} on the class path, such as the write path's), or else the name of a class on the class path
 * that implements {@link Workload} with a public constructor taking {@link WorkloadOptions} or none. Options the
 * workload does not read are rejected.
 */
public final class Workloads {
    /**
     * A built-in workload.
     *
     * @param name its name on the command line
     * @param description one sentence on what it does
     * @param options the options it reads
     */
    public record Type(String name, String description, List<WorkloadOption> options) {
        /**
         * Copies the options.
         *
         * @param name its name on the command line
         * @param description one sentence on what it does
         * @param options the options it reads
         */
        public Type {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(description, "description");
            options = List.copyOf(options);
        }
    }

    private static final Map<String, Type> TYPES = new LinkedHashMap<>();
    private static final Map<String, Function<WorkloadOptions, Workload>> FACTORIES = new LinkedHashMap<>();

    static {
        register("sleep", SleepWorkload::new, SleepWorkload.OPTIONS,
                "A service that takes a fixed or random time per operation, with optional stalls that freeze it, "
                        + "like a GC pause: at a fixed rate, response time shows the stalls that service time hides.");
        register("http", HttpWorkload::new, HttpWorkload.OPTIONS,
                "HTTP requests with the JDK's HttpClient; a status of 400 or more, a timeout or a refused connection "
                        + "is an error.");
        register("allocate", PrimitiveWorkloads::allocate, PrimitiveWorkloads.ALLOCATE_OPTIONS,
                "Allocations from one shared contend RegionAllocator (XADD regions).");
        register("retain-release", PrimitiveWorkloads::retainRelease, List.of(),
                "Retain and release of one shared contend reference count (EVEN_ODD).");
        register("queue-handoff", PrimitiveWorkloads::queueHandoff, PrimitiveWorkloads.QUEUE_HANDOFF_OPTIONS,
                "Offers to one shared contend MPSC queue; one operation at a time drains it.");
        register("histogram-update", PrimitiveWorkloads::histogramUpdate, PrimitiveWorkloads.HISTOGRAM_UPDATE_OPTIONS,
                "Streaming histogram updates, one contend StreamingHistogramBuilder per generator thread.");
        for (WorkloadProvider provider : ServiceLoader.load(WorkloadProvider.class, Workloads.class.getClassLoader())) {
            Type type = provider.type();
            if (TYPES.containsKey(type.name())) {
                throw new IllegalStateException("two workloads are named '" + type.name() + "': the second is "
                        + provider.getClass().getName());
            }
            register(type.name(), provider::create, type.options(), type.description());
        }
    }

    private Workloads() {
    }

    private static void register(String name, Function<WorkloadOptions, Workload> factory, List<WorkloadOption> options,
                                 String description) {
        TYPES.put(name, new Type(name, description, options));
        FACTORIES.put(name, factory);
    }

    /** @return the built-in workloads, in the order of the help text */
    public static List<Type> builtIns() {
        return List.copyOf(TYPES.values());
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
        try {
            options.requireAllUsed(nameOrClass);
        } catch (IllegalArgumentException e) { // an unknown option: the workload made is closed, not leaked
            try {
                workload.close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        return workload;
    }

    private static List<String> names() {
        return new ArrayList<>(TYPES.keySet());
    }

    private static Workload load(String className, WorkloadOptions options) {
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("unknown workload '" + className + "': not one of " + names()
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
