package io.contend.writepath;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.zip.CRC32C;

/**
 * An immutable sorted segment: what a flush makes of a memtable, in memory (or a compaction of several). Rows are
 * kept in key order in flat arrays (binary search by partition, then by clustering within it), their values in
 * {@link ChunkedBytes}, with the deletion-time histogram of its rows and a CRC32C checksum over every row's keys,
 * timestamp, deletion time and value, written at the flush and checked by {@link #verify()}.
 *
 * <p>Memory: a flush adds the memtable's value bytes once (no growing array, no final copy); a compaction holds its
 * inputs and one copy of the surviving values.
 *
 * <p>Immutable and thread-safe once built: it is published to readers through the write path's view (a volatile
 * write), after which nothing in it changes.
 */
public final class Segment {
    private final long id;
    private final long memtableId;
    private final int compactedFrom;
    private final Key[] partitions;
    /** Rows of partition i are [rowStart[i], rowStart[i + 1]). */
    private final int[] rowStart;
    private final Key[] clusterings;
    private final long[] timestamps;
    private final long[] deletionTimes;
    /** Value of row r is values[valueStart[r], valueStart[r + 1]). */
    private final long[] valueStart;
    private final ChunkedBytes values;
    private final DeletionHistogram histogram;
    private final long deletionTimeCount;
    private final int checksum;

    private Segment(long id, long memtableId, int compactedFrom, Builder b, DeletionHistogram histogram) {
        this.id = id;
        this.memtableId = memtableId;
        this.compactedFrom = compactedFrom;
        this.partitions = b.partitions.toArray(new Key[0]);
        this.rowStart = Arrays.copyOf(b.rowStart, b.partitions.size() + 1);
        this.rowStart[b.partitions.size()] = b.rows;
        this.clusterings = b.clusterings.toArray(new Key[0]);
        this.timestamps = Arrays.copyOf(b.timestamps, b.rows);
        this.deletionTimes = Arrays.copyOf(b.deletionTimes, b.rows);
        this.valueStart = Arrays.copyOf(b.valueStart, b.rows + 1);
        this.valueStart[b.rows] = b.values.length();
        b.values.trim();
        this.values = b.values;
        this.histogram = histogram;
        this.deletionTimeCount = b.deletionTimeCount;
        this.histogram.totalCount(); // builds it on the flush thread, before the segment is published
        this.checksum = computeChecksum();
    }

    /**
     * Flushes a memtable: copies its rows in key order, adds each deletion time to the histogram, computes the
     * checksum. The caller holds a reference on the memtable (the owner's) and no write is in progress.
     */
    static Segment flush(long id, Memtable memtable, DeletionHistogram histogram) {
        Builder b = new Builder();
        memtable.forEachRow((partition, clustering, timestamp, deletionTime, memory, offset, length) -> {
            b.add(partition, clustering, timestamp, deletionTime, memory, offset, length);
            if (deletionTime != Write.NO_DELETION) {
                histogram.update(deletionTime);
            }
        });
        return new Segment(id, memtable.id(), 1, b, histogram);
    }

    /** Orders rows by partition, then clustering: the segments' order. */
    private record RowKey(Key partition, Key clustering) implements Comparable<RowKey> {
        @Override
        public int compareTo(RowKey o) {
            int c = partition.compareTo(o.partition);
            return c != 0 ? c : clustering.compareTo(o.clustering);
        }
    }

    /**
     * Merges segments into one, keeping per row the version with the highest timestamp (ties: the newer segment),
     * with a histogram of the surviving rows' deletion times. Called by the flush thread, which alone adds
     * segments, so the inputs are not replaced meanwhile.
     *
     * @param segments newest first
     */
    static Segment compact(long id, Segment[] segments, DeletionHistogram histogram) {
        // the winners are found by reference and their values copied once, straight into the new segment: the
        // merge holds its inputs and its output, and no third copy of the values
        TreeMap<RowKey, Version> rows = new TreeMap<>();
        long memtableId = -1;
        int from = 0;
        for (Segment s : segments) {
            memtableId = Math.max(memtableId, s.memtableId);
            from += s.compactedFrom;
            for (int p = 0; p < s.partitions.length; p++) {
                for (int r = s.rowStart[p]; r < s.rowStart[p + 1]; r++) {
                    rows.merge(new RowKey(s.partitions[p], s.clusterings[r]), new Version(s, r),
                            (older, neu) -> neu.timestamp() > older.timestamp() ? neu : older);
                }
            }
        }
        Builder b = new Builder();
        for (Map.Entry<RowKey, Version> e : rows.entrySet()) {
            Version v = e.getValue();
            long deletionTime = v.segment.deletionTimes[v.row];
            b.add(e.getKey().partition, e.getKey().clustering, v.timestamp(), deletionTime, v.segment.values,
                    v.segment.valueStart[v.row], v.valueLength());
            if (deletionTime != Write.NO_DELETION) {
                histogram.update(deletionTime);
            }
        }
        return new Segment(id, memtableId, from, b, histogram);
    }

    /** A row's version in a segment being merged. */
    private record Version(Segment segment, int row) {
        long timestamp() {
            return segment.timestamps[row];
        }

        int valueLength() {
            return (int) (segment.valueStart[row + 1] - segment.valueStart[row]);
        }
    }

    private int computeChecksum() {
        CRC32C crc = new CRC32C();
        ByteBuffer scratch = ByteBuffer.allocate(3 * Long.BYTES);
        for (int p = 0; p < partitions.length; p++) {
            for (int r = rowStart[p]; r < rowStart[p + 1]; r++) {
                scratch.clear();
                scratch.putInt(partitions[p].length()).putInt(clusterings[r].length());
                scratch.putLong(timestamps[r]).putLong(deletionTimes[r]).flip();
                crc.update(scratch);
                partitions[p].update(crc);
                clusterings[r].update(crc);
                scratch.clear();
                int length = (int) (valueStart[r + 1] - valueStart[r]);
                scratch.putInt(length).flip();
                crc.update(scratch);
                values.update(crc, valueStart[r], length);
            }
        }
        return (int) crc.getValue();
    }

    /**
     * @param partition the partition key
     * @param clustering the clustering key
     * @return the row, or null if this segment has none for the key
     */
    public Row read(Key partition, Key clustering) {
        int p = Arrays.binarySearch(partitions, Objects.requireNonNull(partition, "partition"));
        if (p < 0) {
            return null;
        }
        int r = Arrays.binarySearch(clusterings, rowStart[p], rowStart[p + 1],
                Objects.requireNonNull(clustering, "clustering"));
        return r < 0 ? null : row(p, r);
    }

    private Row row(int p, int r) {
        return new Row(partitions[p], clusterings[r], values.copy(valueStart[r], (int) (valueStart[r + 1]
                - valueStart[r])), timestamps[r], deletionTimes[r]);
    }

    /** @param consumer receives every row, in key order */
    public void forEach(Consumer<Row> consumer) {
        Objects.requireNonNull(consumer, "consumer");
        for (int p = 0; p < partitions.length; p++) {
            for (int r = rowStart[p]; r < rowStart[p + 1]; r++) {
                consumer.accept(row(p, r));
            }
        }
    }

    /**
     * Checks the segment against what the flush wrote: the checksum over its rows, the histogram's total against
     * the number of deletion times its rows hold, and the key order.
     *
     * @throws IllegalStateException naming the segment and what differs
     */
    public void verify() {
        int actual = computeChecksum();
        if (actual != checksum) {
            throw new IllegalStateException(this + ": checksum " + Integer.toHexString(actual) + " differs from "
                    + Integer.toHexString(checksum) + " written at the flush");
        }
        long deletions = 0;
        for (long t : deletionTimes) {
            if (t != Write.NO_DELETION) {
                deletions++;
            }
        }
        if (deletions != deletionTimeCount || histogram.totalCount() != deletions) {
            throw new IllegalStateException(this + ": " + deletions + " rows have a deletion time, the flush counted "
                    + deletionTimeCount + " and the histogram holds " + histogram.totalCount());
        }
        for (int p = 0; p < partitions.length; p++) {
            if (p > 0 && partitions[p - 1].compareTo(partitions[p]) >= 0) {
                throw new IllegalStateException(this + ": partition " + p + " out of order");
            }
            for (int r = rowStart[p] + 1; r < rowStart[p + 1]; r++) {
                if (clusterings[r - 1].compareTo(clusterings[r]) >= 0) {
                    throw new IllegalStateException(this + ": row " + r + " out of order");
                }
            }
        }
    }

    /** @return the segment's number, in flush order */
    public long id() {
        return id;
    }

    /** @return the number of the memtable it was flushed from (the newest one, for a compacted segment) */
    public long memtableId() {
        return memtableId;
    }

    /** @return how many flushed segments it holds: 1 for a flush, more after compaction */
    public int compactedFrom() {
        return compactedFrom;
    }

    /** @return the number of rows */
    public int rowCount() {
        return timestamps.length;
    }

    /** @return the number of partitions */
    public int partitionCount() {
        return partitions.length;
    }

    /** @return the number of rows with a deletion time */
    public long deletionTimeCount() {
        return deletionTimeCount;
    }

    /** @return the deletion-time histogram written at the flush */
    public DeletionHistogram histogram() {
        return histogram;
    }

    /** @return the CRC32C written at the flush */
    public int checksum() {
        return checksum;
    }

    /** @return bytes of values held */
    public long valueBytes() {
        return values.length();
    }

    @Override
    public String toString() {
        return "Segment[" + id + (compactedFrom > 1 ? " compacted from " + compactedFrom + " flushes up to" : " from")
                + " memtable " + memtableId + ", " + partitions.length + " partitions, "
                + rowCount() + " rows, " + deletionTimeCount + " deletion times, " + values.length()
                + " value bytes, crc32c " + Integer.toHexString(checksum) + "]";
    }

    /** Growable arrays filled by the flush, values appended to chunks. */
    private static final class Builder {
        /** Rows a segment can hold: valueStart has one more entry, and arrays stop short of Integer.MAX_VALUE. */
        static final int MAX_ROWS = Integer.MAX_VALUE - 9;

        final List<Key> partitions = new ArrayList<>();
        final List<Key> clusterings = new ArrayList<>();
        int[] rowStart = new int[16];
        long[] timestamps = new long[16];
        long[] deletionTimes = new long[16];
        long[] valueStart = new long[17];
        final ChunkedBytes values = new ChunkedBytes();
        int rows;
        long deletionTimeCount;
        Key last;

        void add(Key partition, Key clustering, long timestamp, long deletionTime, ByteBuffer memory, int offset,
                 int length) {
            int row = addRow(partition, clustering, timestamp, deletionTime); // may replace valueStart: index first
            valueStart[row] = values.append(memory, offset, length);
        }

        void add(Key partition, Key clustering, long timestamp, long deletionTime, ChunkedBytes source, long from,
                 int length) {
            int row = addRow(partition, clustering, timestamp, deletionTime);
            valueStart[row] = values.append(source, from, length);
        }

        /**
         * Adds a row's keys, timestamp and deletion time; the caller appends its value.
         *
         * @return the row's index
         */
        private int addRow(Key partition, Key clustering, long timestamp, long deletionTime) {
            if (rows == MAX_ROWS) {
                throw new IllegalStateException("a segment holds at most " + rows + " rows");
            }
            if (!partition.equals(last)) {
                if (partitions.size() == rowStart.length) {
                    rowStart = Arrays.copyOf(rowStart, rowStart.length * 2);
                }
                rowStart[partitions.size()] = rows;
                partitions.add(partition);
                last = partition;
            }
            if (rows == timestamps.length) {
                int grown = (int) Math.min(MAX_ROWS, rows * 2L);
                timestamps = Arrays.copyOf(timestamps, grown);
                deletionTimes = Arrays.copyOf(deletionTimes, grown);
                valueStart = Arrays.copyOf(valueStart, grown + 1);
            }
            clusterings.add(clustering);
            timestamps[rows] = timestamp;
            deletionTimes[rows] = deletionTime;
            if (deletionTime != Write.NO_DELETION) {
                deletionTimeCount++;
            }
            return rows++;
        }
    }
}
