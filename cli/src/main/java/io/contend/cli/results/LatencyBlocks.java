package io.contend.cli.results;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;

/**
 * The latencies behind a percentile score, kept so that a comparison of percentiles can be judged from the whole
 * distribution rather than from one number per round: per round, the histograms of consecutive stretches
 * ("blocks") of the measurement, each HdrHistogram's compressed encoding in Base64 (the encoding HdrHistogram's
 * interval logs use). A round's score is the {@code percentile} of its blocks added together.
 *
 * @param percentile the percentile the record's score is, in (0, 100), e.g. 99
 * @param rounds per round, in round order, its blocks' encoded histograms (values in ns); a round may have none
 */
public record LatencyBlocks(double percentile, List<List<String>> rounds) {

    /**
     * Copies the rounds.
     *
     * @throws IllegalArgumentException if the percentile is not in (0, 100)
     */
    public LatencyBlocks {
        if (!(percentile > 0 && percentile < 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100): " + percentile);
        }
        rounds = rounds.stream().map(List::copyOf).toList();
    }

    /**
     * @param percentile the percentile the score is
     * @param rounds per round, its blocks' histograms
     * @return them, encoded
     */
    public static LatencyBlocks of(double percentile, List<List<Histogram>> rounds) {
        return new LatencyBlocks(percentile, rounds.stream()
                .map(blocks -> blocks.stream().map(LatencyBlocks::encode).toList()).toList());
    }

    /**
     * @param histogram a histogram
     * @return its compressed encoding, in Base64
     */
    public static String encode(Histogram histogram) {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    /**
     * @return per round, its blocks' histograms, decoded
     * @throws IllegalArgumentException naming the round and block of the first one that does not decode
     */
    public List<List<Histogram>> decode() {
        List<List<Histogram>> out = new ArrayList<>(rounds.size());
        for (int r = 0; r < rounds.size(); r++) {
            List<Histogram> blocks = new ArrayList<>(rounds.get(r).size());
            for (int b = 0; b < rounds.get(r).size(); b++) {
                try {
                    blocks.add(Histogram.decodeFromCompressedByteBuffer(
                            ByteBuffer.wrap(Base64.getDecoder().decode(rounds.get(r).get(b))), 0));
                } catch (DataFormatException | RuntimeException e) {
                    throw new IllegalArgumentException("latency block " + b + " of round " + r
                            + " is not an encoded histogram: " + e.getMessage(), e);
                }
            }
            out.add(blocks);
        }
        return out;
    }

    /**
     * @param more the blocks of later rounds of the same measurement
     * @return these rounds, then those
     * @throws IllegalArgumentException if the two are of different percentiles
     */
    public LatencyBlocks append(LatencyBlocks more) {
        if (more.percentile != percentile) {
            throw new IllegalArgumentException("cannot append blocks of p" + more.percentile + " to blocks of p"
                    + percentile);
        }
        List<List<String>> all = new ArrayList<>(rounds);
        all.addAll(more.rounds);
        return new LatencyBlocks(percentile, all);
    }

    /** @return e.g. {@code p99 blocks of 3 rounds} */
    @Override
    public String toString() {
        return "p" + (percentile == Math.rint(percentile) ? Long.toString((long) percentile) : Double.toString(percentile))
                + " blocks of " + rounds.size() + " rounds";
    }
}
