package io.contend.cli.stress;

import io.contend.load.Durations;
import io.contend.load.StressConfig;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The generator options' defaults, read from {@link StressConfig} so that they are defined once. */
final class StressDefaults implements IDefaultValueProvider {
    @Override
    public String defaultValue(ArgSpec arg) {
        if (!arg.isOption()) {
            return null;
        }
        switch (((OptionSpec) arg).longestName()) {
            case "--rate":
                return StressConfig.DEFAULT_RATE.toString();
            case "--threads":
                return Integer.toString(StressConfig.DEFAULT_THREADS);
            case "--duration":
                return Durations.format(StressConfig.DEFAULT_DURATION);
            case "--interval":
                return Durations.format(StressConfig.DEFAULT_INTERVAL);
            case "--warmup":
                return Durations.format(StressConfig.DEFAULT_WARMUP);
            case "--idle":
                return StressConfig.DEFAULT_IDLE.toString();
            default:
                return null;
        }
    }
}
