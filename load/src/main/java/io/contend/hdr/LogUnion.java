package io.contend.hdr;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Joins interval logs, e.g. of several load-generator machines, into one, without loss.
 *
 * <p>Semantics: every interval of every input appears exactly once in the output, with its own tag, its own
 * histogram (re-encoded by HdrHistogram, same counts) and its own absolute start and end time. Intervals are
 * not merged: two machines' intervals of the same second stay two lines, which HistogramLogProcessor and
 * {@code contend hdr summarize} add up. The output's StartTime and BaseTime are the earliest StartTime of the
 * inputs that have intervals, so every timestamp is on that common base. Lines are in order of absolute start
 * time (inputs in time order, as HdrHistogram writes them, give a fully sorted output; ties keep the inputs'
 * order).
 */
public final class LogUnion {
    private LogUnion() {
    }

    /**
     * What was written.
     *
     * @param intervals intervals written
     * @param totalCount the sum of their histograms' total counts
     * @param startTimeSeconds the output's StartTime and BaseTime (NaN when no input had an interval)
     */
    public record Result(long intervals, long totalCount, double startTimeSeconds) {
    }

    private record Head(HdrInterval interval, HdrLogReader reader, int input) {
    }

    /**
     * @param inputs interval logs, at least one
     * @param output the log to write; replaced if it exists, and never one of the inputs
     * @return what was written
     * @throws IllegalArgumentException if there is no input, one is given twice (its counts would be added twice),
     *         or the output is one of them
     * @throws HdrLogFormatException if an input is malformed (then nothing is written)
     * @throws HdrLogLimitException if the intervals' counts add up to more than Long.MAX_VALUE (then nothing is
     *         written)
     * @throws IOException if an input cannot be read or the output cannot be written (then the output is
     *         untouched: see {@link OutputFile})
     */
    public static Result union(List<Path> inputs, Path output) throws IOException {
        return union(inputs, output, OutputFile.FILES);
    }

    static Result union(List<Path> inputs, Path output, OutputFile.Opener opener) throws IOException {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("union needs at least one input log");
        }
        OutputFile.requireNotAnInput(output, inputs);
        java.util.Set<Path> seen = new java.util.HashSet<>();
        for (Path input : inputs) {
            if (!seen.add(input.toAbsolutePath().normalize())) {
                throw new IllegalArgumentException("the input " + input + " is given twice: its counts would be "
                        + "added twice");
            }
        }
        List<HdrLogReader> readers = new ArrayList<>();
        try {
            PriorityQueue<Head> heads = new PriorityQueue<>(Comparator
                    .comparingDouble((Head h) -> h.interval().startSeconds()).thenComparingInt(Head::input));
            double start = Double.NaN;
            for (int i = 0; i < inputs.size(); i++) {
                HdrLogReader reader = HdrLogReader.open(inputs.get(i), IntervalFilter.ALL);
                readers.add(reader);
                HdrInterval first = reader.next();
                if (first != null) {
                    heads.add(new Head(first, reader, i));
                    start = Double.isNaN(start) ? reader.startTimeSeconds() : Math.min(start, reader.startTimeSeconds());
                }
            }
            long intervals = 0;
            long totalCount = 0;
            try (IntervalLogWriter writer = new IntervalLogWriter(output, inputs, opener,
                    "contend hdr union of " + names(inputs), start, start)) {
                while (!heads.isEmpty()) {
                    Head head = heads.poll();
                    long count = head.interval().histogram().getTotalCount();
                    if (count > Long.MAX_VALUE - totalCount) {
                        throw head.reader().limit("the counts of the union add up to more than " + Long.MAX_VALUE,
                                null);
                    }
                    try {
                        writer.write(head.interval());
                    } catch (OutOfMemoryError e) {
                        throw head.reader().outOfMemory(e); // its reader still stands at the interval's line
                    }
                    intervals++;
                    totalCount += count;
                    HdrInterval next = head.reader().next();
                    if (next != null) {
                        heads.add(new Head(next, head.reader(), head.input()));
                    }
                }
                writer.commit();
            }
            return new Result(intervals, totalCount, start);
        } finally {
            for (HdrLogReader reader : readers) {
                reader.close();
            }
        }
    }

    private static String names(List<Path> inputs) {
        List<String> names = new ArrayList<>();
        inputs.forEach(p -> names.add(String.valueOf(p.getFileName())));
        return String.join(" ", names);
    }
}
