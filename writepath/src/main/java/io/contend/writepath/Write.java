package io.contend.writepath;

import java.util.Objects;

/**
 * One write: a row (partition key, clustering key) with a value, the client's timestamp, and an optional
 * deletion time (the expiry of a TTL'd cell or a tombstone's deletion time, in seconds since the epoch).
 * Reads reconcile rows of the same key by timestamp, the highest wins (ties: the newer source wins), as
 * Cassandra does. The deletion time is stored, reported by reads and counted in the flush's histogram; the path
 * does not expire rows.
 *
 * <p>Immutable, with one exception for speed: the value array is kept, not copied. Do not modify it after
 * creating the write.
 */
public final class Write {
    /** Deletion time of a row that neither expires nor is deleted (Cassandra's NO_DELETION_TIME). */
    public static final long NO_DELETION = Long.MAX_VALUE;
    /** Largest value accepted, in bytes. */
    public static final int MAX_VALUE_LENGTH = 1 << 20;

    private final Key partition;
    private final Key clustering;
    private final byte[] value;
    private final long timestamp;
    private final long deletionTime;

    private Write(Key partition, Key clustering, byte[] value, long timestamp, long deletionTime) {
        this.partition = Objects.requireNonNull(partition, "partition");
        this.clustering = Objects.requireNonNull(clustering, "clustering");
        this.value = Objects.requireNonNull(value, "value");
        if (value.length > MAX_VALUE_LENGTH) {
            throw new IllegalArgumentException("value length must be in [0, " + MAX_VALUE_LENGTH + "]: "
                    + value.length);
        }
        if (deletionTime < 0) {
            throw new IllegalArgumentException("deletionTime must be in [0, " + NO_DELETION + "]: " + deletionTime);
        }
        this.timestamp = timestamp;
        this.deletionTime = deletionTime;
    }

    /**
     * A write that never expires.
     *
     * @param partition the partition key
     * @param clustering the clustering key within the partition
     * @param value the value, not copied (length in [0, {@value #MAX_VALUE_LENGTH}])
     * @param timestamp the client's timestamp; among rows of one key the highest wins
     * @return the write
     * @throws IllegalArgumentException if the value is too long
     */
    public static Write of(Key partition, Key clustering, byte[] value, long timestamp) {
        return new Write(partition, clustering, value, timestamp, NO_DELETION);
    }

    /**
     * A write with a deletion time, made at once (not a write and then a copy of it).
     *
     * @param partition the partition key
     * @param clustering the clustering key within the partition
     * @param value the value, not copied (length in [0, {@value #MAX_VALUE_LENGTH}])
     * @param timestamp the client's timestamp
     * @param deletionTime seconds since the epoch, at least 0, or {@link #NO_DELETION}
     * @return the write
     * @throws IllegalArgumentException if the value is too long or deletionTime is negative
     */
    static Write of(Key partition, Key clustering, byte[] value, long timestamp, long deletionTime) {
        return new Write(partition, clustering, value, timestamp, deletionTime);
    }

    /**
     * @param deletionTime seconds since the epoch, at least 0, or {@link #NO_DELETION}
     * @return a copy of this write with that deletion time
     * @throws IllegalArgumentException if deletionTime is negative
     */
    public Write withDeletionTime(long deletionTime) {
        return new Write(partition, clustering, value, timestamp, deletionTime);
    }

    /**
     * @param nowSeconds the write's local time, seconds since the epoch, at least 0
     * @param ttlSeconds time to live, at least 1
     * @return a copy of this write that expires at {@code nowSeconds + ttlSeconds}
     * @throws IllegalArgumentException if an argument is out of range
     */
    public Write withTtl(long nowSeconds, int ttlSeconds) {
        if (nowSeconds < 0) {
            throw new IllegalArgumentException("nowSeconds must be at least 0: " + nowSeconds);
        }
        if (ttlSeconds < 1) {
            throw new IllegalArgumentException("ttlSeconds must be at least 1: " + ttlSeconds);
        }
        return withDeletionTime(nowSeconds + ttlSeconds);
    }

    /** @return the partition key */
    public Key partition() {
        return partition;
    }

    /** @return the clustering key */
    public Key clustering() {
        return clustering;
    }

    /** @return the value array itself (not a copy): do not modify it */
    public byte[] value() {
        return value;
    }

    /** @return the client's timestamp */
    public long timestamp() {
        return timestamp;
    }

    /** @return the deletion time in seconds, or {@link #NO_DELETION} */
    public long deletionTime() {
        return deletionTime;
    }

    /** @return whether the write has a deletion time */
    public boolean hasDeletionTime() {
        return deletionTime != NO_DELETION;
    }

    @Override
    public String toString() {
        return "Write[" + partition + ", " + clustering + ", " + value.length + " bytes, ts " + timestamp
                + (hasDeletionTime() ? ", deletion " + deletionTime : "") + "]";
    }
}
