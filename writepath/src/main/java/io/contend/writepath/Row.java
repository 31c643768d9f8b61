package io.contend.writepath;

import java.util.Arrays;
import java.util.Objects;

/**
 * A row as a read returns it: its keys, a copy of its value, its timestamp and its deletion time
 * ({@link Write#NO_DELETION} when none). Immutable: the value is copied out of region memory for the caller.
 */
public final class Row {
    private final Key partition;
    private final Key clustering;
    private final byte[] value;
    private final long timestamp;
    private final long deletionTime;

    Row(Key partition, Key clustering, byte[] value, long timestamp, long deletionTime) {
        this.partition = partition;
        this.clustering = clustering;
        this.value = value;
        this.timestamp = timestamp;
        this.deletionTime = deletionTime;
    }

    /** @return the partition key */
    public Key partition() {
        return partition;
    }

    /** @return the clustering key */
    public Key clustering() {
        return clustering;
    }

    /** @return a copy of the value */
    public byte[] value() {
        return value.clone();
    }

    /** @return the value itself, not a copy: for callers in this package that only read it */
    byte[] sharedValue() {
        return value;
    }

    /** @return the value's length in bytes */
    public int valueLength() {
        return value.length;
    }

    /** @return the timestamp of the write that stored this row */
    public long timestamp() {
        return timestamp;
    }

    /** @return the deletion time in seconds, or {@link Write#NO_DELETION} */
    public long deletionTime() {
        return deletionTime;
    }

    /**
     * @param write a write
     * @return whether this row is exactly what that write stored: keys, value bytes, timestamp and deletion time
     */
    public boolean matches(Write write) {
        Objects.requireNonNull(write, "write");
        return timestamp == write.timestamp() && deletionTime == write.deletionTime()
                && partition.equals(write.partition()) && clustering.equals(write.clustering())
                && Arrays.equals(value, write.value());
    }

    /** @return whether this row wins over {@code other} (may be null): a higher timestamp, or other is null */
    boolean supersedes(Row other) {
        return other == null || timestamp > other.timestamp;
    }

    @Override
    public String toString() {
        return "Row[" + partition + ", " + clustering + ", " + value.length + " bytes, ts " + timestamp
                + (deletionTime != Write.NO_DELETION ? ", deletion " + deletionTime : "") + "]";
    }
}
