package io.contend.writepath;

import java.util.stream.Stream;

import io.contend.alloc.AllocationStrategy;

/** Rows whose value and deletion time follow from (key, timestamp), so any row read can be checked on its own. */
final class TestRows {
    private TestRows() {
    }

    static Key partition(int p) {
        return Key.of("p" + p);
    }

    static Key clustering(int c) {
        return Key.ofLong(c);
    }

    /** Length 0 to 40 bytes, from a mix of the key and timestamp. */
    static byte[] value(Key partition, Key clustering, long timestamp) {
        long h = mix(partition.hashCode() * 31L + clustering.hashCode(), timestamp);
        int length = (int) Math.floorMod(h, 41L);
        byte[] v = new byte[length];
        for (int i = 0; i < length; i++) {
            v[i] = (byte) (h >>> ((i % 8) * 8) ^ i);
        }
        return v;
    }

    /** About one write in four carries a deletion time (a TTL of up to a day from a fixed now). */
    static long deletionTime(Key partition, Key clustering, long timestamp) {
        long h = mix(partition.hashCode() * 17L + clustering.hashCode(), timestamp * 7 + 1);
        return Math.floorMod(h, 4L) == 0 ? 1_700_000_000L + Math.floorMod(h >>> 8, 86_400L) : Write.NO_DELETION;
    }

    static Write write(int p, int c, long timestamp) {
        Key pk = partition(p);
        Key ck = clustering(c);
        Write w = Write.of(pk, ck, value(pk, ck, timestamp), timestamp);
        long dt = deletionTime(pk, ck, timestamp);
        return dt == Write.NO_DELETION ? w : w.withDeletionTime(dt);
    }

    /** @return whether a row is what some write of its key and timestamp stored */
    static boolean selfConsistent(Row row) {
        Write expected = Write.of(row.partition(), row.clustering(),
                value(row.partition(), row.clustering(), row.timestamp()), row.timestamp());
        long dt = deletionTime(row.partition(), row.clustering(), row.timestamp());
        return row.matches(dt == Write.NO_DELETION ? expected : expected.withDeletionTime(dt));
    }

    private static long mix(long a, long b) {
        long x = a * 0x9E3779B97F4A7C15L ^ b;
        x ^= x >>> 33;
        x *= 0xff51afd7ed558ccdL;
        x ^= x >>> 33;
        return x;
    }

    /** Every build the tests run: both whole builds and each single swap. */
    static Stream<Components> builds() {
        return Stream.of(
                Components.contend(),
                Components.contend().withAllocator(Allocator.threadLocalChunks(4096)),
                Components.contend().withAllocator(Allocator.regions(AllocationStrategy.CAS_LOOP)),
                Components.jdk(),
                Components.contend().withAllocator(Allocator.synchronizedBump()),
                Components.contend().withRefCount(RefCount.atomicCas()));
    }
}
