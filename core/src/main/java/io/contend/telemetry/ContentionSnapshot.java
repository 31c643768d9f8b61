package io.contend.telemetry;

/**
 * Counts read from a {@link ContentionCounter} at one moment.
 *
 * @param name the counter's name
 * @param operations operations recorded (a CAS loop, an XADD, or one bare compareAndSet each count once)
 * @param attempts atomic instructions issued (CAS attempts plus XADDs)
 * @param failures failed compare-and-set attempts
 * @param backoffNanos time spent backing off after failures, in nanoseconds
 */
public record ContentionSnapshot(String name, long operations, long attempts, long failures, long backoffNanos) {

    /**
     * Checks the name.
     *
     * @param name the counter's name, not null
     * @param operations operations recorded
     * @param attempts atomic instructions issued
     * @param failures failed compare-and-set attempts
     * @param backoffNanos time spent backing off, in nanoseconds
     */
    public ContentionSnapshot {
        java.util.Objects.requireNonNull(name, "name");
    }

    /** @return failed CAS attempts per operation, or 0 if no operation was recorded */
    public double failuresPerOperation() {
        return operations == 0 ? 0 : (double) failures / operations;
    }

    /** @return atomic instructions per operation, or 0 if no operation was recorded */
    public double attemptsPerOperation() {
        return operations == 0 ? 0 : (double) attempts / operations;
    }

    /** @return nanoseconds of backoff per operation, or 0 if no operation was recorded */
    public double backoffNanosPerOperation() {
        return operations == 0 ? 0 : (double) backoffNanos / operations;
    }

    /**
     * The counts recorded between {@code earlier} and this snapshot.
     *
     * @param earlier a snapshot of the same counter taken before this one
     * @return this minus earlier, field by field
     * @throws NullPointerException if earlier is null
     * @throws IllegalArgumentException if earlier names another counter
     */
    public ContentionSnapshot minus(ContentionSnapshot earlier) {
        java.util.Objects.requireNonNull(earlier, "earlier");
        if (!name.equals(earlier.name)) {
            throw new IllegalArgumentException("a snapshot of " + earlier.name + " taken from one of " + name);
        }
        return new ContentionSnapshot(name, operations - earlier.operations, attempts - earlier.attempts,
                failures - earlier.failures, backoffNanos - earlier.backoffNanos);
    }

    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT,
                "%s[operations=%d, attempts=%d, failures=%d (%.3f/op), backoff=%d ns (%.1f ns/op)]",
                name, operations, attempts, failures, failuresPerOperation(), backoffNanos,
                backoffNanosPerOperation());
    }
}
