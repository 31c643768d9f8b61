package io.contend.writepath;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/*
 * Implementation notes.
 *
 * Algorithm: writers report each write's outcome: acknowledged (write returned) or not (it threw). Per row key the
 * checker keeps the acknowledged write with the highest timestamp (ConcurrentHashMap.merge, atomic per key) and
 * the timestamps of failed writes. The checks run after the writers stopped: every kept write is read back and
 * compared byte for byte; a scan of every source checks that no stored row is newer than the newest acknowledged
 * write of its key, differs from it at the same timestamp, or carries a failed write's timestamp; every segment
 * verifies its checksum and histogram; after close, the pool must be empty and the leak detector must have
 * nothing open and nothing reported.
 *
 * Invariants: timestamps are unique per row key among writes that differ (the workload's job; a clash between
 * two acknowledged writes throws, since no read could tell which one should win).
 *
 * Ordering: the maps are concurrent; the checks read them after the writers' threads were joined (or their
 * executor terminated), which orders every record before the check.
 */
/**
 * Proves that a write path lost nothing: record every write's outcome ({@link #acknowledged(Write)} or
 * {@link #unacknowledged(Write)}), stop writing, then {@link #check(WritePath)} (or {@link #verify(WritePath)},
 * which throws on any break), and after {@link WritePath#close()} {@link #verifyClosed(WritePath)}.
 *
 * <p>Recording is thread-safe; checks run once writers have stopped. Timestamps must be unique per row key.
 */
public final class ReadBack {
    /** Problems described in a report at most; the counts include all. */
    public static final int MAX_PROBLEMS = 20;

    private record RowKey(Key partition, Key clustering) {
    }

    private final ConcurrentHashMap<RowKey, Write> latest = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<RowKey, Set<Long>> failed = new ConcurrentHashMap<>();
    private final LongAdder acknowledged = new LongAdder();
    private final LongAdder unacknowledged = new LongAdder();

    /**
     * Records a write that returned normally.
     *
     * @param write the write
     * @throws IllegalArgumentException if another acknowledged write of the same row has the same timestamp and
     *         different content
     */
    public void acknowledged(Write write) {
        Objects.requireNonNull(write, "write");
        latest.merge(new RowKey(write.partition(), write.clustering()), write, ReadBack::newer);
        acknowledged.increment();
    }

    private static Write newer(Write old, Write neu) {
        if (neu.timestamp() != old.timestamp()) {
            return neu.timestamp() > old.timestamp() ? neu : old;
        }
        if (neu.deletionTime() != old.deletionTime() || !java.util.Arrays.equals(neu.value(), old.value())) {
            throw new IllegalArgumentException("two acknowledged writes of one row share timestamp "
                    + neu.timestamp() + ": " + old + " and " + neu + "; timestamps must be unique per row");
        }
        return old;
    }

    /**
     * Records a write that threw: it must not appear in the path.
     *
     * @param write the write
     */
    public void unacknowledged(Write write) {
        Objects.requireNonNull(write, "write");
        failed.computeIfAbsent(new RowKey(write.partition(), write.clustering()), k -> ConcurrentHashMap.newKeySet())
                .add(write.timestamp());
        unacknowledged.increment();
    }

    /** @return acknowledged writes recorded */
    public long acknowledgedCount() {
        return acknowledged.sum();
    }

    /** @return unacknowledged writes recorded */
    public long unacknowledgedCount() {
        return unacknowledged.sum();
    }

    /** @return distinct rows acknowledged */
    public int rowCount() {
        return latest.size();
    }

    /**
     * Checks the path's contents against the recorded writes (open or closed path; writers stopped).
     *
     * @param path the write path
     * @return what was found
     */
    public Report check(WritePath path) {
        Objects.requireNonNull(path, "path");
        Report.Builder r = new Report.Builder();
        for (Map.Entry<RowKey, Write> e : latest.entrySet()) {
            Write w = e.getValue();
            Row row = path.read(w.partition(), w.clustering());
            r.keysChecked++;
            if (row == null || row.timestamp() < w.timestamp()) {
                r.lostWrites++;
                r.problem("lost: " + w + " reads back as " + row);
            } else if (row.timestamp() > w.timestamp()) {
                r.unacknowledgedSeen++;
                r.problem("unacknowledged: " + row + " is newer than the newest acknowledged " + w);
            } else if (!row.matches(w)) {
                r.readMismatches++;
                r.problem("mismatch: " + w + " reads back as " + row);
            }
        }
        path.scan(row -> {
            r.rowsScanned++;
            RowKey key = new RowKey(row.partition(), row.clustering());
            Write w = latest.get(key);
            Set<Long> failedTimestamps = failed.getOrDefault(key, Collections.emptySet());
            if (w == null || row.timestamp() > w.timestamp()) {
                r.unacknowledgedSeen++;
                r.problem("unacknowledged: stored " + row + ", newest acknowledged " + w);
            } else if (row.timestamp() == w.timestamp() && !row.matches(w)) {
                r.readMismatches++;
                r.problem("mismatch: stored " + row + " differs from " + w);
            } else if (failedTimestamps.contains(row.timestamp()) && row.timestamp() != w.timestamp()) {
                r.unacknowledgedSeen++;
                r.problem("unacknowledged: stored " + row + " has the timestamp of a write that failed");
            }
        });
        for (Segment s : path.segments()) {
            r.segmentsChecked++;
            try {
                s.verify();
            } catch (IllegalStateException e) {
                r.badSegments++;
                r.problem(e.getMessage());
            }
        }
        try {
            path.checkHealthy();
        } catch (IllegalStateException e) {
            r.failedFlushes++;
            r.problem(e.getMessage() + ": " + e.getCause());
        }
        return r.build(-1, -1);
    }

    /**
     * {@link #check(WritePath)}, throwing on any break.
     *
     * @param path the write path
     * @return the report, all counts of breaks 0
     * @throws ReadBackException if anything was lost, differs, appeared unacknowledged, or a segment is bad
     */
    public Report verify(WritePath path) {
        return check(path).throwIfBroken();
    }

    /**
     * After close: {@link #check(WritePath)} (reads now come from the segments), then the pool must be back to 0
     * bytes and the leak detector must have no memtable open and none reported (a collection is requested first,
     * so that leaked memtables reach its queue).
     *
     * @param path a closed write path, with no reader left
     * @return the report, all counts of breaks 0
     * @throws IllegalStateException if the path is not closed
     * @throws ReadBackException on any break
     */
    public Report verifyClosed(WritePath path) {
        if (!path.isClosed()) {
            throw new IllegalStateException("close the write path before verifyClosed: " + path);
        }
        Report open = check(path);
        System.gc();
        path.leakDetector().reportLeaks();
        long leaks = path.stats().leaksReported() + path.leakDetector().trackedCount();
        long poolBytes = path.pool().usedBytes();
        Report.Builder r = open.toBuilder();
        if (poolBytes != 0) {
            r.problem("pool holds " + poolBytes + " bytes after close: " + path.pool());
        }
        if (leaks != 0) {
            r.problem(leaks + " leaks: " + path.leakDetector() + ", " + path.stats().leaksReported()
                    + " reported");
        }
        return r.build(poolBytes, leaks).throwIfBroken();
    }

    @Override
    public String toString() {
        return "ReadBack[" + acknowledged.sum() + " acknowledged, " + unacknowledged.sum() + " unacknowledged, "
                + latest.size() + " rows]";
    }

    /**
     * What a check found.
     *
     * @param keysChecked rows read back
     * @param rowsScanned row versions seen by the scan of every source
     * @param segmentsChecked segments verified
     * @param lostWrites acknowledged writes that do not read back (nothing, or an older version)
     * @param readMismatches rows that read back with the right timestamp and different bytes
     * @param unacknowledgedSeen stored rows that no acknowledged write explains
     * @param badSegments segments whose checksum or histogram does not verify
     * @param failedFlushes 1 if a flush failed
     * @param poolBytesAfterClose bytes still reserved after close, or -1 if not checked
     * @param leaks memtables still open or reported leaked after close, or -1 if not checked
     * @param problems the first {@value #MAX_PROBLEMS} problems, described
     */
    public record Report(long keysChecked, long rowsScanned, long segmentsChecked, long lostWrites,
                         long readMismatches, long unacknowledgedSeen, long badSegments, long failedFlushes,
                         long poolBytesAfterClose, long leaks, List<String> problems) {

        /** @return whether nothing is broken */
        public boolean ok() {
            return lostWrites == 0 && readMismatches == 0 && unacknowledgedSeen == 0 && badSegments == 0
                    && failedFlushes == 0 && poolBytesAfterClose <= 0 && leaks <= 0;
        }

        /**
         * @return this, if {@link #ok()}
         * @throws ReadBackException naming every count and the first problems otherwise
         */
        public Report throwIfBroken() {
            if (!ok()) {
                throw new ReadBackException(this);
            }
            return this;
        }

        Builder toBuilder() {
            Builder b = new Builder();
            b.keysChecked = keysChecked;
            b.rowsScanned = rowsScanned;
            b.segmentsChecked = segmentsChecked;
            b.lostWrites = lostWrites;
            b.readMismatches = readMismatches;
            b.unacknowledgedSeen = unacknowledgedSeen;
            b.badSegments = badSegments;
            b.failedFlushes = failedFlushes;
            b.problems.addAll(problems);
            return b;
        }

        @Override
        public String toString() {
            return "ReadBack.Report[keysChecked " + keysChecked + ", rowsScanned " + rowsScanned + ", segments "
                    + segmentsChecked + ", lostWrites " + lostWrites + ", readMismatches " + readMismatches
                    + ", unacknowledgedSeen " + unacknowledgedSeen + ", badSegments " + badSegments
                    + ", failedFlushes " + failedFlushes
                    + (poolBytesAfterClose >= 0 ? ", poolBytesAfterClose " + poolBytesAfterClose : "")
                    + (leaks >= 0 ? ", leaks " + leaks : "") + (problems.isEmpty() ? "" : ", problems " + problems)
                    + "]";
        }

        private static final class Builder {
            long keysChecked;
            long rowsScanned;
            long segmentsChecked;
            long lostWrites;
            long readMismatches;
            long unacknowledgedSeen;
            long badSegments;
            long failedFlushes;
            final List<String> problems = new ArrayList<>();

            void problem(String text) {
                if (problems.size() < MAX_PROBLEMS) {
                    problems.add(text);
                }
            }

            Report build(long poolBytesAfterClose, long leaks) {
                return new Report(keysChecked, rowsScanned, segmentsChecked, lostWrites, readMismatches,
                        unacknowledgedSeen, badSegments, failedFlushes, poolBytesAfterClose, leaks,
                        List.copyOf(problems));
            }
        }
    }
}
