package io.contend.load;

import java.util.Map;
import java.util.Optional;

/**
 * One of N generators that share one fixed-rate schedule: shard {@code index} of {@code count} runs the
 * operations {@code index, index + count, index + 2 * count, ...} of the single-machine schedule, each at its
 * own intended start. The shards' operations are disjoint and together are every operation, so the union of
 * their interval logs holds exactly the single-machine run's operations at the single-machine intended starts.
 * Interleaving one operation in N (rather than splitting the rate into N phase-shifted schedules of R/N) keeps
 * this exact for every R and N: operation g still starts at {@code floor(g * 1e9 / R)}, whether or not N
 * divides R.
 *
 * <p>On Kubernetes, an Indexed Job gives each pod its index in {@value #INDEX_VARIABLE}; the job's completions
 * are not in the pod's environment, so the manifest passes them as {@value #COUNT_VARIABLE}
 * ({@link #fromEnvironment(Map)}).
 *
 * @param index this shard, from 0
 * @param count how many shards share the schedule, in [1, {@value #MAX_COUNT}]
 */
public record Shard(int index, int count) {
    /** The whole schedule on one machine. */
    public static final Shard WHOLE = new Shard(0, 1);
    /** The most shards. */
    public static final int MAX_COUNT = 1_000_000;
    /** The variable in which a Kubernetes Indexed Job gives each pod its index. */
    public static final String INDEX_VARIABLE = "JOB_COMPLETION_INDEX";
    /** The variable that gives the number of shards (a Job's completions), set by the manifest. */
    public static final String COUNT_VARIABLE = "CONTEND_SHARD_COUNT";

    /**
     * Checks the index against the count.
     *
     * @param index this shard, in [0, count)
     * @param count shards, in [1, {@value #MAX_COUNT}]
     */
    public Shard {
        if (count < 1 || count > MAX_COUNT) {
            throw new IllegalArgumentException("shard count must be in [1, " + MAX_COUNT + "]: " + count);
        }
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("shard index must be in [0, " + count + ") for " + count + " shard(s): "
                    + index);
        }
    }

    /**
     * Parses {@code I/N}, e.g. {@code 0/4} for the first of four shards.
     *
     * @param text the shard as the command line gives it
     * @return the shard
     * @throws IllegalArgumentException naming the text and the expected form
     */
    public static Shard parse(String text) {
        String t = text.trim();
        int slash = t.indexOf('/');
        if (slash > 0) {
            try {
                return new Shard(Integer.parseInt(t.substring(0, slash).trim()), Integer.parseInt(t.substring(slash + 1).trim()));
            } catch (NumberFormatException e) {
                // the message below names the text
            }
        }
        throw new IllegalArgumentException("a shard is I/N, its index from 0 and the number of shards, e.g. 0/4: '"
                + text + "'");
    }

    /**
     * The shard a Kubernetes Indexed Job's pod runs: {@value #INDEX_VARIABLE} and {@value #COUNT_VARIABLE}.
     *
     * @param environment the process environment, e.g. {@link System#getenv()}
     * @return the shard, or empty if {@value #INDEX_VARIABLE} is not set
     * @throws IllegalArgumentException if the index is set and the count is missing, or either is not a number
     *         in range (naming the variable and its value)
     */
    public static Optional<Shard> fromEnvironment(Map<String, String> environment) {
        String index = environment.get(INDEX_VARIABLE);
        if (index == null || index.isBlank()) {
            return Optional.empty();
        }
        String count = environment.get(COUNT_VARIABLE);
        if (count == null || count.isBlank()) {
            throw new IllegalArgumentException(INDEX_VARIABLE + " is " + index + " but " + COUNT_VARIABLE
                    + " is not set: set it to the Job's completions, or give --shard I/N (--shard 0/1 for no sharding)");
        }
        try {
            return Optional.of(new Shard(variable(INDEX_VARIABLE, index), variable(COUNT_VARIABLE, count)));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(INDEX_VARIABLE + "=" + index.strip() + " and " + COUNT_VARIABLE + "="
                    + count.strip() + " are not a shard: " + e.getMessage(), e);
        }
    }

    private static int variable(String name, String value) {
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number: '" + value + "'", e);
        }
    }

    /** @return whether this is the whole schedule (0/1) */
    public boolean isWhole() {
        return count == 1;
    }

    /**
     * @param local this shard's k-th operation, from 0
     * @return its number in the whole schedule, {@code index + local * count}
     * @throws ArithmeticException past Long.MAX_VALUE
     */
    public long globalOperation(long local) {
        if (local < 0) {
            throw new IllegalArgumentException("operation number must not be negative: " + local);
        }
        return Math.addExact(index, Math.multiplyExact(local, count));
    }

    /**
     * How many of the whole schedule's first {@code globalCount} operations are this shard's: the g in
     * [0, globalCount) with g mod count = index.
     *
     * @param globalCount operations of the whole schedule, at least 0
     * @return this shard's share of them
     */
    public long localCount(long globalCount) {
        if (globalCount < 0) {
            throw new IllegalArgumentException("operation count must not be negative: " + globalCount);
        }
        if (globalCount <= index) {
            return 0;
        }
        long beyond = globalCount - index; // >= 1
        return (beyond - 1) / count + 1;
    }

    /** @return {@code I/N} */
    @Override
    public String toString() {
        return index + "/" + count;
    }
}
