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
 * An immutable sorted segment: what a flush makes of a memtable, in memory (or a compaction of several). Rows are kept in key order in flat
 * arrays (binary search by partition, then by clustering within it), with the deletion-time histogram of its rows
 * and a CRC32C checksum over every row's keys, timestamp, deletion time and value, written at the flush and
 * checked by {@link #verify()}.
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
    private final int[] valueStart;
    private final byte[] values;
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
        this.valueStart[b.rows] = b.valueBytes;
        this.values = Arrays.copyOf(b.values, b.valueBytes);
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
        TreeMap<RowKey, Row> rows = new TreeMap<>();
        long memtableId = -1;
        int from = 0;
        for (Segment s : segments) {
            memtableId = Math.max(memtableId, s.memtableId);
            from += s.compactedFrom;
            s.forEach(row -> rows.merge(new RowKey(row.partition(), row.clustering()), row,
                    (older, neu) -> neu.timestamp() > older.timestamp() ? neu : older));
        }
        Builder b = new Builder();
        for (Map.Entry<RowKey, Row> e : rows.entrySet()) {
            Row row = e.getValue();
            byte[] value = row.value();
            b.add(row.partition(), row.clustering(), row.timestamp(), row.deletionTime(), ByteBuffer.wrap(value), 0,
                    value.length);
            if (row.deletionTime() != Write.NO_DELETION) {
                histogram.update(row.deletionTime());
            }
        }
        return new Segment(id, memtableId, from, b, histogram);
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
                scratch.putInt(valueStart[r + 1] - valueStart[r]).flip();
                crc.update(scratch);
                crc.update(values, valueStart[r], valueStart[r + 1] - valueStart[r]);
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
        return new Row(partitions[p], clusterings[r], Arrays.copyOfRange(values, valueStart[r], valueStart[r + 1]),
                timestamps[r], deletionTimes[r]);
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
        return values.length;
    }

    @Override
    public String toString() {
        return "Segment[" + id + (compactedFrom > 1 ? " compacted from " + compactedFrom + " flushes up to" : " from")
                + " memtable " + memtableId + ", " + partitions.length + " partitions, "
                + rowCount() + " rows, " + deletionTimeCount + " deletion times, " + values.length
                + " value bytes, crc32c " + Integer.toHexString(checksum) + "]";
    }

    /** Growable arrays filled by the flush. */
    private static final class Builder {
        final List<Key> partitions = new ArrayList<>();
        final List<Key> clusterings = new ArrayList<>();
        int[] rowStart = new int[16];
        long[] timestamps = new long[16];
        long[] deletionTimes = new long[16];
        int[] valueStart = new int[17];
        byte[] values = new byte[1024];
        int rows;
        int valueBytes;
        long deletionTimeCount;
        Key last;

        void add(Key partition, Key clustering, long timestamp, long deletionTime, ByteBuffer memory, int offset,
                 int length) {
            if (!partition.equals(last)) {
                if (partitions.size() == rowStart.length) {
                    rowStart = Arrays.copyOf(rowStart, rowStart.length * 2);
                }
                rowStart[partitions.size()] = rows;
                partitions.add(partition);
                last = partition;
            }
            if (rows == timestamps.length) {
                timestamps = Arrays.copyOf(timestamps, rows * 2);
                deletionTimes = Arrays.copyOf(deletionTimes, rows * 2);
                valueStart = Arrays.copyOf(valueStart, rows * 2 + 1);
            }
            clusterings.add(clustering);
            timestamps[rows] = timestamp;
            deletionTimes[rows] = deletionTime;
            valueStart[rows] = valueBytes;
            if ((long) valueBytes + length > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("a segment holds at most " + (Integer.MAX_VALUE - 8)
                        + " value bytes: " + ((long) valueBytes + length));
            }
            while (valueBytes + length > values.length) {
                values = Arrays.copyOf(values, (int) Math.min(Integer.MAX_VALUE - 8, values.length * 2L));
            }
            memory.get(offset, values, valueBytes, length);
            valueBytes += length;
            rows++;
            if (deletionTime != Write.NO_DELETION) {
                deletionTimeCount++;
            }
        }
    }
}
