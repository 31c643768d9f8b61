package io.contend.writepath;

import io.contend.alloc.MemoryPool;
import io.contend.refcount.LeakDetector;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * A memtable's region memory, released by its flush while a reader retains it to copy a value out (in package
 * io.contend.writepath because Memtable is package-private). The memory is poisoned when freed, so a read
 * of freed memory shows. r1: the reader read the row (1), was refused because the memtable was already released
 * (0), or read something else (2: freed or torn memory); r2: the flush's release was the final one (1) or the
 * reader's was (0); r3: how many times the memory was freed; r4: bytes left reserved in the pool (0 or 1 for
 * some). The check is written once here; each build's test is a small subclass naming its actors and outcomes,
 * because jcstress takes actors only from the test class itself, and with jcstress 0.16 outcomes taken through
 * {@code @JCStressMeta} were never counted (every declared outcome showed 0 samples).
 */
public abstract class MemtableReleaseRaceTemplate {
    private static final Write WRITE = Write.of(Key.of("p"), Key.ofLong(1), new byte[] {1, 2, 3, 4, 5, 6, 7, 8}, 42)
            .withDeletionTime(1_000);

    private final MemoryPool pool = new MemoryPool(1 << 20);
    private final Memtable memtable;

    protected MemtableReleaseRaceTemplate(Components components) {
        memtable = new Memtable(1, components.allocator().create(pool), components.refCount(),
                LeakDetector.disabled(), true, () -> { });
        memtable.enterWrite();
        memtable.apply(WRITE);
        memtable.exitWrite();
    }

    protected final void read(IIII_Result r) {
        Row row = memtable.read(WRITE.partition(), WRITE.clustering());
        r.r1 = row == Memtable.RETIRED ? 0 : row != null && row.matches(WRITE) ? 1 : 2;
    }

    protected final void flushRelease(IIII_Result r) {
        r.r2 = memtable.release() ? 1 : 0;
    }

    protected final void check(IIII_Result r) {
        r.r3 = memtable.deallocations();
        r.r4 = pool.usedBytes() == 0 ? 0 : 1;
    }
}
