package io.contend.writepath;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/*
 * Implementation notes.
 *
 * Algorithm: Wing and Gong's search for a linearization, with Lowe's memo of visited configurations, as Porcupine
 * runs it, on one register (the history of one key; keys are independent, so each is checked alone).
 * Call and return events sorted by time form a doubly linked list. Walking from the front, a call whose
 * operation is legal in the current state is linearized: its call and return are lifted out of the list, the
 * configuration (set of linearized operations, state) is remembered, and the walk restarts at the front. Meeting a
 * return means the operation it ends was not linearized before it: backtrack (undo the last lift and try the next
 * call). The history is linearizable when the list empties, and not when the stack of choices runs out.
 *
 * The register: a write of v makes the state v; a read must return the state (null: never written). Written
 * values are unique, which makes reads unambiguous and the memo small.
 *
 * Ties: a call and a return at the same nanoTime are taken as overlapping (the call sorts first), which only ever
 * admits more histories.
 *
 * Sources: J. M. Wing and C. Gong, "Testing and verifying concurrent objects", JPDC 1993; G. Lowe, "Testing for
 * linearizability", CCPE 2017; A. Athalye, Porcupine (the algorithm as described in its documentation).
 */
/** A history of reads and writes of registers (one per key) from concurrent clients, and its checks. */
final class RegisterHistory {
    /**
     * One completed operation.
     *
     * @param client who ran it
     * @param key the register
     * @param write a write (else a read)
     * @param value written, or read (null: the read found nothing)
     * @param call System.nanoTime() before the request was sent
     * @param ret System.nanoTime() after the response was read
     */
    record Op(int client, String key, boolean write, String value, long call, long ret) {
        @Override
        public String toString() {
            return "client " + client + " " + (write ? "wrote " : "read ") + value + " of " + key + " in ["
                    + call + ", " + ret + "]";
        }
    }

    private final List<Op> ops = new ArrayList<>();

    synchronized void add(Op op) {
        ops.add(Objects.requireNonNull(op, "op"));
    }

    synchronized int size() {
        return ops.size();
    }

    /** @return per key, whether its history is linearizable, or the first stale read as the reason */
    synchronized Map<String, String> violations() {
        Map<String, List<Op>> byKey = new HashMap<>();
        for (Op op : ops) {
            byKey.computeIfAbsent(op.key(), k -> new ArrayList<>()).add(op);
        }
        Map<String, String> violations = new HashMap<>();
        for (Map.Entry<String, List<Op>> e : byKey.entrySet()) {
            if (!linearizable(e.getValue())) {
                String stale = firstStaleRead(e.getValue());
                violations.put(e.getKey(), stale != null ? stale : "no linearization exists");
            }
        }
        return violations;
    }

    /**
     * A stale read: it returned v although another write began after v's write returned and itself returned
     * before the read began. Every stale read makes a history non-linearizable; the converse does not hold.
     *
     * @return the first one found, described, or null
     */
    static String firstStaleRead(List<Op> history) {
        Map<String, Op> writes = new HashMap<>();
        for (Op op : history) {
            if (op.write()) {
                writes.put(op.value(), op);
            }
        }
        for (Op read : history) {
            if (read.write()) {
                continue;
            }
            Op source = read.value() == null ? null : writes.get(read.value());
            if (read.value() != null && source == null) {
                return "read of a value never written: " + read;
            }
            for (Op w : history) {
                if (w.write() && w != source && w.ret() < read.call()
                        && (source == null || w.call() > source.ret())) {
                    return "stale read: " + read + " after " + w + " completed"
                            + (source == null ? "" : ", which began after " + source + " completed");
                }
            }
        }
        return null;
    }

    private static final class Entry {
        final Op op;
        final int id;
        final boolean call;
        final long time;
        Entry match;
        Entry prev;
        Entry next;

        Entry(Op op, int id, boolean call) {
            this.op = op;
            this.id = id;
            this.call = call;
            this.time = call ? op.call() : op.ret();
        }
    }

    private record Config(BitSet linearized, String state) {
    }

    private record Choice(Entry call, String stateBefore) {
    }

    /** @return whether the history of one register has a linearization */
    static boolean linearizable(List<Op> history) {
        List<Entry> events = new ArrayList<>(2 * history.size());
        for (int i = 0; i < history.size(); i++) {
            Entry call = new Entry(history.get(i), i, true);
            Entry ret = new Entry(history.get(i), i, false);
            call.match = ret;
            ret.match = call;
            events.add(call);
            events.add(ret);
        }
        events.sort(Comparator.comparingLong((Entry e) -> e.time).thenComparing(e -> !e.call));
        Entry head = new Entry(new Op(-1, "", false, null, Long.MIN_VALUE, Long.MIN_VALUE), -1, true);
        Entry last = head;
        for (Entry e : events) {
            last.next = e;
            e.prev = last;
            last = e;
        }
        BitSet linearized = new BitSet(history.size());
        Set<Config> seen = new HashSet<>();
        List<Choice> stack = new ArrayList<>();
        String state = null;
        Entry entry = head.next;
        while (head.next != null) {
            if (entry.call) {
                Op op = entry.op;
                boolean legal = op.write() || Objects.equals(op.value(), state);
                String after = op.write() ? op.value() : state;
                if (legal) {
                    BitSet next = (BitSet) linearized.clone();
                    next.set(entry.id);
                    if (seen.add(new Config(next, after))) {
                        stack.add(new Choice(entry, state));
                        linearized = next;
                        state = after;
                        lift(entry);
                        entry = head.next;
                        continue;
                    }
                }
                entry = entry.next;
            } else {
                if (stack.isEmpty()) {
                    return false;
                }
                Choice c = stack.remove(stack.size() - 1);
                state = c.stateBefore();
                linearized = (BitSet) linearized.clone();
                linearized.clear(c.call().id);
                unlift(c.call());
                entry = c.call().next;
            }
        }
        return true;
    }

    private static void lift(Entry call) {
        call.prev.next = call.next;
        call.next.prev = call.prev;
        Entry ret = call.match;
        ret.prev.next = ret.next;
        if (ret.next != null) {
            ret.next.prev = ret.prev;
        }
    }

    private static void unlift(Entry call) {
        Entry ret = call.match;
        ret.prev.next = ret;
        if (ret.next != null) {
            ret.next.prev = ret;
        }
        call.prev.next = call;
        call.next.prev = call;
    }
}
