package io.contend.hdr;

import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Keeps at most a fixed number of a splitter's logs open: using one more releases the one used longest ago
 * (least recently used), which reopens, appending, when it is written again. A log of thousands of tags then
 * needs a bounded number of file descriptors, whatever {@code ulimit -n} says. Not thread-safe.
 */
final class OpenWriters {
    private final int limit;
    /** Access order: the eldest entry is the one used longest ago. A null key is the untagged log. */
    private final Map<String, IntervalLogWriter> open = new LinkedHashMap<>(16, 0.75f, true);

    /** @param limit how many logs may be open at once, at least 1 */
    OpenWriters(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("at least one log must be open, got a limit of " + limit);
        }
        this.limit = limit;
    }

    /**
     * Releases the writer used longest ago if as many as the limit are open: call it before opening one more.
     *
     * @throws IOException if releasing fails, naming the writer's target
     */
    void makeRoom() throws IOException {
        if (open.size() >= limit) {
            Iterator<IntervalLogWriter> eldest = open.values().iterator();
            IntervalLogWriter released = eldest.next();
            eldest.remove();
            released.release();
        }
    }

    /**
     * Marks a tag's writer as open and used most recently, first making room if it is not open yet.
     *
     * @param tag the writer's tag (null: untagged)
     * @param writer the writer, open or released; a released one reopens at its next write
     * @throws IOException if releasing another writer fails, naming its target
     */
    void use(String tag, IntervalLogWriter writer) throws IOException {
        if (!open.containsKey(tag)) {
            makeRoom();
        }
        open.put(tag, writer); // for a key already there, an access: it moves to the young end
    }
}
