package io.contend.writepath;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/*
 * Implementation notes.
 *
 * Algorithm: the ledger is a record independent of the path's timestamps. Every write takes a ticket from one
 * counter when it starts (invoked()) and another when it is acknowledged (acknowledged(...), called after the path
 * returned and before the client is told), so tickets order starts and acknowledgements in real time. A register
 * may return any write W of a row that no other acknowledged write of that row followed: one that started after W
 * was acknowledged. So per row the ledger keeps the largest start ticket of any acknowledged write and the
 * acknowledged writes whose acknowledgement ticket exceeds it (those still concurrent with the latest start); the
 * others can never be the row's value again. The checks run after the writers stopped: every row must read back
 * as one of those writes (same timestamp, deletion time, length and value digest), or it lost an overwrite; a
 * scan of every source checks that no stored row is unknown, carries a failed write's timestamp, is newer than
 * every acknowledged write of its row, or differs from the acknowledged write with its timestamp; every segment
 * verifies its checksum and histogram; after close, the pool must be empty and the leak detector must have
 * nothing open and nothing reported.
 *
 * Why tickets and not timestamps: a checker that ordered writes by the path's timestamps would agree with the
 * path about which write is newest, so it could not see a path that orders them wrongly (for example timestamps
 * from per-thread counters, where the busiest thread wins instead of the latest request).
 *
 * Invariants: per row, `current` is never empty once a write was acknowledged (the write with the largest
 * acknowledgement ticket exceeds every start ticket, its own included); it only holds writes concurrent with the
 * latest start, so it is as small as the number of writers of the row at once.
 *
 * Ordering: tickets come from one AtomicLong (a total order consistent with real time); each row's state changes
 * inside ConcurrentHashMap.compute, atomically per row, and filtering against the largest start is order-free, so
 * acknowledgements merged out of ticket order give the same state. The checks read the maps after the writers'
 * threads were joined (or their executor terminated), which orders every record before the check.
 */
/**
 * Proves that a write path lost nothing, against a record of its own: each write reports when it starts
 * ({@link #invoked()}) and its outcome ({@link #acknowledged(Write, long)} just before the client is told, or
 * {@link #unacknowledged(Write)} if it threw); stop writing, then {@link #check(WritePath)} (or
 * {@link #verify(WritePath)}, which throws on any break), and after {@link WritePath#close()}
 * {@link #verifyClosed(WritePath)}.
 *
 * <p>The check does not trust the path's timestamps to order writes: a row must read back as an acknowledged write
 * that no later-started acknowledged write of the row followed, so a path that keeps an older write over one
 * acknowledged after it fails with a lost write. Timestamps only identify which write a stored row came from.
 *
 * <p>Recording is thread-safe; checks run once writers have stopped. Values are kept as a 64-bit digest and a
 * length, not copied.
 */
public final class ReadBack {
    /** Problems described in a report at most; the counts include all. */
    public static final int MAX_PROBLEMS = 20;

    private record RowKey(Key partition, Key clustering) {
    }

    /** What identifies a write's stored row, without its value. */
    private record Fingerprint(long timestamp, long deletionTime, int length, long digest) {
        static Fingerprint of(Write w) {
            return new Fingerprint(w.timestamp(), w.deletionTime(), w.value().length, digest(w.value()));
        }

        static Fingerprint of(Row r) {
            return new Fingerprint(r.timestamp(), r.deletionTime(), r.valueLength(), digest(r.value()));
        }

        /** FNV-1a, 64 bits: mismatches between honest bytes, not an adversary, are what it must catch. */
        private static long digest(byte[] bytes) {
            long h = 0xcbf29ce484222325L;
            for (byte b : bytes) {
                h = (h ^ (b & 0xff)) * 0x100000001b3L;
            }
            return h;
        }

        @Override
        public String toString() {
            return "ts " + timestamp + ", " + length + " bytes"
                    + (deletionTime != Write.NO_DELETION ? ", deletion " + deletionTime : "");
        }
    }

    private record Acknowledged(Fingerprint fingerprint, long invoked, long acknowledged) {
        @Override
        public String toString() {
            return "[" + fingerprint + ", started #" + invoked + ", acknowledged #" + acknowledged + "]";
        }
    }

    /** One row's record; changed only inside the map's compute for its key. */
    private static final class RowLedger {
        long latestStart = Long.MIN_VALUE;
        long highestTimestamp = Long.MIN_VALUE;
        final List<Acknowledged> current = new ArrayList<>(1);
        Set<Long> failedTimestamps = Set.of();

        Acknowledged withTimestamp(long timestamp) {
            for (Acknowledged a : current) {
                if (a.fingerprint().timestamp() == timestamp) {
                    return a;
                }
            }
            return null;
        }
    }

    private final AtomicLong tickets = new AtomicLong();
    private final ConcurrentHashMap<RowKey, RowLedger> rows = new ConcurrentHashMap<>();
    private final LongAdder acknowledged = new LongAdder();
    private final LongAdder unacknowledged = new LongAdder();

    /**
     * Records that a write starts: call it before the write is handed to the path.
     *
     * @return the start's ticket, for {@link #acknowledged(Write, long)}
     */
    public long invoked() {
        return tickets.incrementAndGet();
    }

    /**
     * Records a write that returned normally; call it before the client is told, so that acknowledgements are
     * recorded in the order they are sent.
     *
     * @param write the write
     * @param invoked the ticket {@link #invoked()} gave when the write started
     * @throws IllegalArgumentException if the ticket was not issued by this ledger
     */
    public void acknowledged(Write write, long invoked) {
        Objects.requireNonNull(write, "write");
        long acknowledgedAt = tickets.incrementAndGet();
        if (invoked <= 0 || invoked >= acknowledgedAt) {
            throw new IllegalArgumentException("invoked must be a ticket of this ledger's invoked(), issued before "
                    + "the acknowledgement (#" + acknowledgedAt + "): " + invoked);
        }
        Acknowledged entry = new Acknowledged(Fingerprint.of(write), invoked, acknowledgedAt);
        rows.compute(new RowKey(write.partition(), write.clustering()), (k, row) -> {
            RowLedger r = row == null ? new RowLedger() : row;
            r.latestStart = Math.max(r.latestStart, invoked);
            r.highestTimestamp = Math.max(r.highestTimestamp, write.timestamp());
            long latestStart = r.latestStart;
            r.current.removeIf(a -> a.acknowledged() < latestStart);
            if (entry.acknowledged() > latestStart) {
                r.current.add(entry);
            }
            return r;
        });
        acknowledged.increment();
    }

    /**
     * Records a write that started and was acknowledged now, with nothing concurrent to it (for example a load
     * made before any client connects): {@code acknowledged(write, invoked())}.
     *
     * @param write the write
     */
    public void acknowledged(Write write) {
        acknowledged(write, invoked());
    }

    /**
     * Records a write that threw: it must not appear in the path.
     *
     * @param write the write
     */
    public void unacknowledged(Write write) {
        Objects.requireNonNull(write, "write");
        rows.compute(new RowKey(write.partition(), write.clustering()), (k, row) -> {
            RowLedger r = row == null ? new RowLedger() : row;
            Set<Long> failed = new HashSet<>(r.failedTimestamps);
            failed.add(write.timestamp());
            r.failedTimestamps = failed;
            return r;
        });
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
        int n = 0;
        for (RowLedger r : rows.values()) {
            if (!r.current.isEmpty()) {
                n++;
            }
        }
        return n;
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
        for (Map.Entry<RowKey, RowLedger> e : rows.entrySet()) {
            RowLedger ledger = e.getValue();
            if (ledger.current.isEmpty()) {
                continue; // only failed writes: the scan below checks that none is stored
            }
            RowKey key = e.getKey();
            Row row = path.read(key.partition(), key.clustering());
            r.keysChecked++;
            if (row == null) {
                r.lostWrites++;
                r.problem("lost: " + describe(key, ledger) + " reads back as nothing");
                continue;
            }
            Fingerprint stored = Fingerprint.of(row);
            Acknowledged same = ledger.withTimestamp(row.timestamp());
            if (same != null) {
                if (!same.fingerprint().equals(stored)) {
                    r.readMismatches++;
                    r.problem("mismatch: " + row + " differs from the acknowledged write " + same);
                }
            } else if (row.timestamp() > ledger.highestTimestamp
                    || ledger.failedTimestamps.contains(row.timestamp())) {
                r.unacknowledgedSeen++;
                r.problem("unacknowledged: " + row + " is no acknowledged write; " + describe(key, ledger));
            } else {
                r.lostWrites++;
                r.problem("lost overwrite: " + describe(key, ledger) + " reads back as " + row
                        + ", a write acknowledged before another write of the row started");
            }
        }
        path.scan(row -> {
            r.rowsScanned++;
            RowLedger ledger = rows.get(new RowKey(row.partition(), row.clustering()));
            if (ledger == null || ledger.current.isEmpty() || row.timestamp() > ledger.highestTimestamp) {
                r.unacknowledgedSeen++;
                r.problem("unacknowledged: stored " + row + ", newest acknowledged timestamp "
                        + (ledger == null || ledger.current.isEmpty() ? "none" : ledger.highestTimestamp));
                return;
            }
            Acknowledged same = ledger.withTimestamp(row.timestamp());
            if (same != null && !same.fingerprint().equals(Fingerprint.of(row))) {
                r.readMismatches++;
                r.problem("mismatch: stored " + row + " differs from " + same);
            } else if (same == null && ledger.failedTimestamps.contains(row.timestamp())) {
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

    private static String describe(RowKey key, RowLedger ledger) {
        return "row (" + key.partition() + ", " + key.clustering() + ") last acknowledged as one of "
                + ledger.current;
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
        return checkClosed(path).throwIfBroken();
    }

    /**
     * {@link #verifyClosed(WritePath)} without throwing: the report of every check, broken or not.
     *
     * @param path a closed write path, with no reader left
     * @return the report
     * @throws IllegalStateException if the path is not closed
     */
    public Report checkClosed(WritePath path) {
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
        return r.build(poolBytes, leaks);
    }

    @Override
    public String toString() {
        return "ReadBack[" + acknowledged.sum() + " acknowledged, " + unacknowledged.sum() + " unacknowledged, "
                + rows.size() + " rows]";
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
