package io.contend.cli.lab;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/** The experiments registered in {@code META-INF/services/io.contend.cli.lab.Experiment}, in file order. */
public final class ExperimentRegistry {
    private final Map<String, Experiment> byName = new LinkedHashMap<>();

    /** Loads the registered experiments. */
    public ExperimentRegistry() {
        this(loadAll());
    }

    /** @param experiments the experiments to offer; names must be unique */
    public ExperimentRegistry(List<Experiment> experiments) {
        for (Experiment e : experiments) {
            Experiment previous = byName.putIfAbsent(e.name(), e);
            if (previous != null) {
                throw new IllegalStateException("two experiments are named '" + e.name() + "': "
                        + previous.getClass().getName() + " and " + e.getClass().getName());
            }
        }
    }

    private static List<Experiment> loadAll() {
        List<Experiment> all = new ArrayList<>();
        ServiceLoader.load(Experiment.class, ExperimentRegistry.class.getClassLoader()).forEach(all::add);
        return all;
    }

    /** @return every experiment, in registration order */
    public List<Experiment> all() {
        return Collections.unmodifiableList(new ArrayList<>(byName.values()));
    }

    /**
     * @param name an experiment name
     * @return the experiment
     * @throws IllegalArgumentException naming the known experiments if there is none by that name
     */
    public Experiment get(String name) {
        Experiment e = byName.get(name);
        if (e == null) {
            throw new IllegalArgumentException("unknown experiment '" + name + "'; known: " + String.join(", ", byName.keySet()));
        }
        return e;
    }

    /**
     * @param name an experiment name
     * @return the experiment, or null if this build has none by that name
     */
    public Experiment find(String name) {
        return byName.get(name);
    }
}
