package io.contend.cli.stress;

import io.contend.load.StressConfig;
import io.contend.load.Workload;
import io.contend.load.WorkloadOption;
import io.contend.load.WorkloadOptions;
import io.contend.load.Workloads;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code contend stress <built-in workload>}: one subcommand per built-in workload, its options declared to
 * picocli from the workload's own {@link WorkloadOption} list (so {@code --help} lists them and a typo gets
 * picocli's suggestions), next to the generator options the stress command shares with all of them.
 */
@Command(mixinStandardHelpOptions = true, defaultValueProvider = StressDefaults.class, sortOptions = false)
final class WorkloadCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ParentCommand
    StressCommand parent;

    private final Workloads.Type type;

    private WorkloadCommand(Workloads.Type type) {
        this.type = type;
    }

    /** @return the subcommand of a built-in workload */
    static CommandSpec of(Workloads.Type type) {
        CommandSpec spec = CommandSpec.forAnnotatedObject(new WorkloadCommand(type));
        spec.name(type.name());
        spec.usageMessage().description(type.description(), "");
        for (WorkloadOption option : type.options()) {
            spec.addOption(OptionSpec.builder("--" + option.name()).paramLabel(option.paramLabel())
                    .description(option.description()).type(String.class).hidden(option.retired()).build());
        }
        return spec;
    }

    @Override
    public Integer call() {
        // The stress command collects unknown options for class-name workloads; picocli passes that on to its
        // subcommands, but a built-in knows all of its options.
        List<String> unmatched = spec.commandLine().getUnmatchedArguments();
        if (!unmatched.isEmpty()) {
            throw new UnmatchedArgumentException(spec.commandLine(), unmatched);
        }
        parent.requireNoUnmatched();
        Map<String, String> values = new LinkedHashMap<>();
        for (WorkloadOption option : type.options()) {
            String value = spec.findOption("--" + option.name()).getValue();
            if (value != null) {
                values.put(option.name(), value);
            }
        }
        StressConfig config = parent.config(spec);
        Workload workload;
        try {
            workload = Workloads.create(type.name(), new WorkloadOptions(values));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        }
        if (parent.dryRun) {
            return StressExecution.dryRun(spec, config, workload);
        }
        return new StressExecution(spec, config, workload, parent.json).run();
    }
}
