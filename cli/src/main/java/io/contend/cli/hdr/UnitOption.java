package io.contend.cli.hdr;

import io.contend.hdr.OutputUnit;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --unit-ratio}: what recorded values are divided by for output. */
final class UnitOption {
    @Option(names = "--unit-ratio", paramLabel = "R", defaultValue = "1e6",
            description = "Divide recorded values by R for output, as HistogramLogProcessor's -outputValueUnitRatio "
                    + "(default: ${DEFAULT-VALUE}, ns shown as ms, as HistogramLogProcessor; HdrLogProcessing's "
                    + "tools default to 1.0, values as recorded; 1e3: us; 1: as recorded).")
    double ratio;

    OutputUnit unit(CommandSpec spec) {
        try {
            return OutputUnit.of(ratio);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--unit-ratio: " + e.getMessage());
        }
    }
}
