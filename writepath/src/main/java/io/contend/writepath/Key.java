package io.contend.writepath;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;

/**
 * An immutable partition or clustering key: bytes compared as unsigned, lexicographically (so that
 * {@link #ofLong(long)} keys of non-negative values sort numerically). Immutable and thread-safe.
 */
public final class Key implements Comparable<Key> {
    /** Longest key accepted, in bytes (Cassandra's limit for a partition key component). */
    public static final int MAX_LENGTH = 65_535;

    private final byte[] bytes;
    private final int hash;

    private Key(byte[] bytes) {
        if (bytes.length > MAX_LENGTH) {
            throw new IllegalArgumentException("key length must be in [0, " + MAX_LENGTH + "]: " + bytes.length);
        }
        this.bytes = bytes;
        this.hash = Arrays.hashCode(bytes);
    }

    /**
     * @param bytes the key's bytes, copied
     * @return the key
     * @throws IllegalArgumentException if longer than {@value #MAX_LENGTH} bytes
     */
    public static Key of(byte[] bytes) {
        return new Key(Objects.requireNonNull(bytes, "bytes").clone());
    }

    /**
     * @param bytes the key's bytes, not copied: the caller hands the array over and keeps no reference to it
     * @return the key
     * @throws IllegalArgumentException if longer than {@value #MAX_LENGTH} bytes
     */
    static Key ofOwned(byte[] bytes) {
        return new Key(Objects.requireNonNull(bytes, "bytes"));
    }

    /**
     * @param text the key as UTF-8
     * @return the key
     */
    public static Key of(String text) {
        return new Key(Objects.requireNonNull(text, "text").getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param value a number, stored as 8 big-endian bytes with the sign bit flipped, so keys sort as the numbers do
     * @return the key
     */
    public static Key ofLong(long value) {
        return new Key(ByteBuffer.allocate(Long.BYTES).putLong(value ^ Long.MIN_VALUE).array());
    }

    /** @return the key's length in bytes */
    public int length() {
        return bytes.length;
    }

    /** @return a copy of the key's bytes */
    public byte[] toByteArray() {
        return bytes.clone();
    }

    /** Feeds the key's bytes to a checksum without copying them. */
    void update(java.util.zip.Checksum checksum) {
        checksum.update(bytes, 0, bytes.length);
    }

    @Override
    public int compareTo(Key other) {
        return Arrays.compareUnsigned(bytes, other.bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Key && hash == ((Key) o).hash && Arrays.equals(bytes, ((Key) o).bytes);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public String toString() {
        if (bytes.length == Long.BYTES) {
            return "Key[" + (ByteBuffer.wrap(bytes).getLong() ^ Long.MIN_VALUE) + " / 0x"
                    + HexFormat.of().formatHex(bytes) + "]";
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        boolean printable = text.chars().allMatch(c -> c >= 0x20 && c < 0x7f);
        return printable ? "Key[" + text + "]" : "Key[0x" + HexFormat.of().formatHex(bytes) + "]";
    }
}
