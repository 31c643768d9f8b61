package io.contend.writepath;

import java.util.Arrays;

/**
 * What a read sees, replaced as a whole (copy on write) at each switch, flush and close: the live memtable (null
 * after close), the memtables being flushed and the segments, each newest first. Immutable; published through
 * the write path's volatile field.
 */
final class View {
    final Memtable live;
    /** Live first (if any), then those being flushed, newest first. */
    final Memtable[] memtables;
    final Memtable[] flushing;
    final Segment[] segments;

    View(Memtable live, Memtable[] flushing, Segment[] segments) {
        this.live = live;
        this.flushing = flushing;
        this.segments = segments;
        if (live == null) {
            this.memtables = flushing;
        } else {
            this.memtables = new Memtable[flushing.length + 1];
            memtables[0] = live;
            System.arraycopy(flushing, 0, memtables, 1, flushing.length);
        }
    }

    /** @return the view after a switch: {@code fresh} (null on close) is live, the old live one is flushing */
    View switched(Memtable fresh) {
        return new View(fresh, prepend(flushing, live), segments);
    }

    /** @return the view after {@code flushed}'s flush: it is gone from the flushing list, its segment (if any) added */
    View flushed(Memtable flushed, Segment segment) {
        Memtable[] rest = new Memtable[flushing.length - 1];
        int j = 0;
        for (Memtable m : flushing) {
            if (m != flushed) {
                if (j == rest.length) {
                    throw new IllegalStateException(flushed + " is not being flushed in " + this);
                }
                rest[j++] = m;
            }
        }
        return new View(live, rest, segment == null ? segments : prepend(segments, segment));
    }

    /** @return the view with {@code merged} (exactly the current segments) replaced by {@code compacted} */
    View compacted(Segment[] merged, Segment compacted) {
        if (!Arrays.equals(merged, segments)) {
            throw new IllegalStateException("segments changed during compaction: " + this);
        }
        return new View(live, flushing, new Segment[] {compacted});
    }

    private static <T> T[] prepend(T[] array, T first) {
        T[] grown = Arrays.copyOf(array, array.length + 1);
        System.arraycopy(array, 0, grown, 1, array.length);
        grown[0] = first;
        return grown;
    }

    @Override
    public String toString() {
        return "View[live " + (live == null ? "none (closed)" : live.id()) + ", flushing "
                + Arrays.stream(flushing).map(m -> String.valueOf(m.id())).toList() + ", " + segments.length
                + " segments]";
    }
}
