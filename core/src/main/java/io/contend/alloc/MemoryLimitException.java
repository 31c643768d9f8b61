package io.contend.alloc;

/** A {@link MemoryPool} could not grant a request within its limit (at once, or before the timeout). */
public class MemoryLimitException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** The pool's limit, bytes. */
    private final long limitBytes;
    /** The request refused, bytes. */
    private final long requestedBytes;
    /** Bytes reserved when the request was refused. */
    private final long usedBytes;
    /** How long the request waited, ns. */
    private final long waitedNanos;

    /**
     * @param limitBytes the pool's limit
     * @param requestedBytes the request
     * @param usedBytes bytes reserved when the request was refused
     * @param waitedNanos how long the request waited, 0 for fail-fast
     */
    public MemoryLimitException(long limitBytes, long requestedBytes, long usedBytes, long waitedNanos) {
        super("memory pool limit of " + limitBytes + " bytes reached: requested " + requestedBytes + ", reserved "
                + usedBytes + (waitedNanos > 0 ? ", after waiting " + MemoryPool.duration(waitedNanos) : ""));
        this.limitBytes = limitBytes;
        this.requestedBytes = requestedBytes;
        this.usedBytes = usedBytes;
        this.waitedNanos = waitedNanos;
    }

    /** @return the pool's limit in bytes */
    public long limitBytes() {
        return limitBytes;
    }

    /** @return the refused request in bytes */
    public long requestedBytes() {
        return requestedBytes;
    }

    /** @return the bytes reserved in the pool when the request was refused */
    public long usedBytes() {
        return usedBytes;
    }

    /**
     * @return how long the request waited before it was refused, in nanoseconds, 0 for a pool that fails at once;
     *         for a region allocator's request, its waits for other threads' regions included
     */
    public long waitedNanos() {
        return waitedNanos;
    }
}
