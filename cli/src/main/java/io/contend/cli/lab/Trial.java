package io.contend.cli.lab;

import java.util.Map;

/**
 * One configuration of an experiment, measured once per round: a JMH benchmark with its parameters
 * ({@link JmhTrial}), or a direct measurement such as a load-generator run ({@link DirectTrial}).
 */
public interface Trial {

    /** @return the benchmark's short name, e.g. {@code throughput} */
    String benchmark();

    /** @return the parameters that identify this configuration in results.json, in display order */
    Map<String, String> params();

    /** @return the threads that do the measured work */
    int threads();

    /**
     * Measures one round.
     *
     * @param round the round, from 0
     * @return the round's sample
     * @throws Exception if the measurement fails; the lab reports it as the experiment's failure
     */
    Sample measure(int round) throws Exception;

    /**
     * Measurements to run and discard before the first round, so that round 0 does not measure a cold JVM: the
     * JIT, class loading and first-touch page faults that a later round no longer pays (Barrett et al., "Virtual
     * Machine Warmup Blows Hot and Cold", OOPSLA 2017). JMH trials warm up inside each fork and need none; a trial
     * that runs in the lab's own JVM says how many it needs.
     *
     * @return warm-up measurements, 0 by default
     */
    default int warmupMeasurements() {
        return 0;
    }

    /**
     * One-off work the configuration needs before its first round, such as a secondary result that does not
     * change from round to round and is computed once. The runner calls it once, before the warm-up measurements,
     * so that its time is paid from the budget with the warm-up's and does not lengthen round 0, whose duration
     * fixes the number of rounds ({@link RoundPlan}).
     *
     * @throws Exception if the work fails; the lab reports it as the experiment's failure
     */
    default void prepare() throws Exception {
    }

    /** @return one line naming the configuration, for progress */
    default String describe() {
        StringBuilder out = new StringBuilder(benchmark());
        params().forEach((k, v) -> out.append(' ').append(k).append('=').append(v));
        return out.append(" threads=").append(threads()).toString();
    }
}
