package io.contend.histogram;

/**
 * A binary min-heap of (gap, left bin) entries on two primitive arrays, ordered by gap (unsigned), then by the
 * left bin, so that ties go to the leftmost pair and results are deterministic. For {@link BinReducer}.
 */
final class GapHeap {
    private long[] gaps = new long[0];
    private int[] lefts = new int[0];
    private int size;

    void ensureCapacity(int capacity) {
        if (gaps.length < capacity) {
            gaps = new long[capacity];
            lefts = new int[capacity];
        }
    }

    void clear() {
        size = 0;
    }

    int size() {
        return size;
    }

    long topGap() {
        return gaps[0];
    }

    int topLeft() {
        return lefts[0];
    }

    void push(long gap, int left) {
        int i = size++;
        gaps[i] = gap;
        lefts[i] = left;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!less(i, parent)) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    /** Removes the top entry. */
    void pop() {
        size--;
        gaps[0] = gaps[size];
        lefts[0] = lefts[size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                return;
            }
            if (child + 1 < size && less(child + 1, child)) {
                child++;
            }
            if (!less(child, i)) {
                return;
            }
            swap(i, child);
            i = child;
        }
    }

    private boolean less(int a, int b) {
        int byGap = Long.compareUnsigned(gaps[a], gaps[b]);
        return byGap < 0 || (byGap == 0 && lefts[a] < lefts[b]);
    }

    private void swap(int a, int b) {
        long g = gaps[a];
        gaps[a] = gaps[b];
        gaps[b] = g;
        int l = lefts[a];
        lefts[a] = lefts[b];
        lefts[b] = l;
    }
}
