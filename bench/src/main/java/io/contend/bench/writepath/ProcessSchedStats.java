package io.contend.bench.writepath;

import io.contend.exec.SchedStats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Scheduler counters of every thread of this JVM, from {@code /proc/self/task}: a snapshot now, and the counters
 * since a snapshot, summed over the threads alive now (a thread born since counts from zero; a thread that ended
 * since is not in the sum). Where {@code /proc} is missing the snapshot is empty and the sum unknown.
 */
final class ProcessSchedStats {
    private static final Path TASKS = Path.of("/proc/self/task");

    private ProcessSchedStats() {
    }

    /** @return each live thread's counters, by Linux thread id; empty where /proc is missing */
    static Map<Long, SchedStats> snapshot() {
        Map<Long, SchedStats> stats = new HashMap<>();
        if (!Files.isDirectory(TASKS)) {
            return stats;
        }
        try (Stream<Path> tasks = Files.list(TASKS)) {
            for (Path task : (Iterable<Path>) tasks::iterator) {
                long tid = Long.parseLong(task.getFileName().toString());
                SchedStats s = SchedStats.ofThread(tid);
                if (s.contextSwitches() >= 0) {
                    stats.put(tid, s);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            stats.clear(); // threads come and go while listed; an unreadable listing means unknown
        }
        return stats;
    }

    /**
     * @param start an earlier {@link #snapshot()}
     * @return the counters since then, summed over the threads alive now; {@link SchedStats#UNKNOWN} without /proc
     */
    static SchedStats since(Map<Long, SchedStats> start) {
        Map<Long, SchedStats> now = snapshot();
        if (now.isEmpty()) {
            return SchedStats.UNKNOWN;
        }
        List<SchedStats> deltas = new ArrayList<>();
        SchedStats zero = new SchedStats(0, 0, 0, -1);
        now.forEach((tid, s) -> {
            SchedStats before = start.getOrDefault(tid, zero);
            try {
                deltas.add(s.minus(before));
            } catch (IllegalArgumentException reused) {
                deltas.add(s); // the id was reused by a new thread
            }
        });
        return SchedStats.sum(deltas);
    }
}
