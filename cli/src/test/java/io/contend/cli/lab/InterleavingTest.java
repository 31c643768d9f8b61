package io.contend.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.bench.queue.BurstLoop;
import io.contend.bench.queue.QueueFactory;
import io.contend.bench.queue.ThroughputLoop;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Joint measurements interleaved in one child JVM: the output's parsing, and real rounds of both queue sides. */
class InterleavingTest {

    @Test
    void eachSideGetsTheMeanOfItsBlocksWithTheBlocksAsIterations() throws IOException {
        List<Sample> samples = Interleaving.parse(List.of(
                "OpenJDK 64-Bit Server VM warning: something",
                "side jctools 100.0 300.0",
                "side contend 110.5 290.5"), List.of("jctools", "contend"), false);
        assertEquals(200.0, samples.get(0).score(), 1e-9);
        assertEquals(200.5, samples.get(1).score(), 1e-9);
        assertEquals(List.of(110.5, 290.5), samples.get(1).iterations());
        assertEquals("ns/op", samples.get(0).unit());
    }

    @Test
    void perMicrosecondTurnsEachBlockIntoARateAndCountersBecomeSecondaryResults() throws IOException {
        List<Sample> samples = Interleaving.parse(List.of(
                "side jctools 4.0 2.0",
                "counter jctools pollsFailed 1.0 3.0",
                "side jctools 10.0 10.0"), List.of("jctools", "jctools"), true);
        assertEquals(375.0, samples.get(0).score(), 1e-9, "mean of 250 and 500 messages per us");
        assertEquals(List.of(250.0, 500.0), samples.get(0).iterations());
        assertEquals("ops/us", samples.get(0).unit());
        assertEquals(2.0, samples.get(0).secondary().get("pollsFailed").score(), 1e-9);
        assertEquals(100.0, samples.get(1).score(), 1e-9, "the second side of the same name is its own");
        assertTrue(samples.get(1).secondary().isEmpty(), "the counter belongs to the side before it");
    }

    @Test
    void theWarmupLineGoesToEverySideAsSecondaryResults() throws IOException {
        List<Sample> samples = Interleaving.parse(List.of(
                "warmup 1543 ms, 2 cycles measured again after the JIT compiled during them, compiled 0 ms "
                        + "in the kept cycles",
                "side jctools 100.0",
                "side contend 90.0"), List.of("jctools", "contend"), false);
        for (Sample s : samples) {
            assertEquals(1543.0, s.secondary().get(Interleaving.WARMUP_MS).score(), 1e-9);
            assertEquals("ms", s.secondary().get(Interleaving.WARMUP_MS).unit());
            assertEquals(2.0, s.secondary().get(Interleaving.CYCLES_AGAIN).score(), 1e-9);
        }
        assertThrows(IOException.class, () -> Interleaving.parse(List.of("warmup soon ms", "side jctools 1.0"),
                List.of("jctools"), false), "a malformed warm-up is an error, not a silent zero");
    }

    @Test
    void aMissingSideOrAMalformedValueIsAnErrorNamingIt() {
        IOException missing = assertThrows(IOException.class,
                () -> Interleaving.parse(List.of("side jctools 1.0"), List.of("jctools", "contend"), false));
        assertTrue(missing.getMessage().contains("no blocks for contend"), missing.getMessage());
        IOException bad = assertThrows(IOException.class,
                () -> Interleaving.parse(List.of("side jctools 1.0 x"), List.of("jctools"), false));
        assertTrue(bad.getMessage().contains("'x'"), bad.getMessage());
    }

    @Test
    void oneBurstRoundMeasuresEverySideInAChildJvm() throws Exception {
        List<Trial> sides = List.of(side(QueueFactory.JCTOOLS), side(QueueFactory.CONTEND), side(QueueFactory.JDK));
        List<Sample> samples = new Interleaving(BurstLoop.class.getName(), Map.of("queue", QueueFactory.SPSC_ARRAY,
                "chunk", "128", "burst", "10"), new Interleaving.Settings(50, 10, 3), false).measure(2, sides);
        // Round 2 loads the third side first; the output still names the sides in the order given (parse checks).
        assertEquals(3, samples.size());
        for (Sample s : samples) {
            assertEquals(3, s.iterations().size(), "one value per block");
            assertTrue(s.score() > 0 && Double.isFinite(s.score()), "ns per round trip: " + s.score());
        }
    }

    @Test
    void oneThroughputRoundMeasuresEverySideAndItsCounters() throws Exception {
        List<Trial> sides = List.of(side(QueueFactory.JCTOOLS), side(QueueFactory.CONTEND_RELAXED),
                side(QueueFactory.JCTOOLS));
        List<Sample> samples = new Interleaving(ThroughputLoop.class.getName(), Map.of("queue",
                QueueFactory.MPSC_UNBOUNDED, "chunk", "128"), new Interleaving.Settings(50, 10, 3), true)
                .measure(1, sides);
        assertEquals(3, samples.size());
        for (Sample s : samples) {
            assertEquals(3, s.iterations().size(), "one value per block");
            assertTrue(s.score() > 0 && Double.isFinite(s.score()), "messages per us: " + s.score());
            assertEquals(List.of("offersFailed", "pollsFailed", Interleaving.WARMUP_MS, Interleaving.CYCLES_AGAIN),
                    List.copyOf(s.secondary().keySet()));
            assertTrue(s.secondary().get(Interleaving.WARMUP_MS).score() >= 3 * 50, "at least the fixed warm-up");
        }
    }

    @Test
    void aSideOfSeveralCopiesScoresTheMedianOfItsCopiesAndKeepsEveryBlock() throws IOException {
        List<Sample> copies = Interleaving.parse(List.of(
                "warmup 900 ms, 0 cycles measured again after the JIT compiled during them, compiled 0 ms "
                        + "in the kept cycles",
                "side NETTY 12.0 12.2",
                "side EVEN_ODD 12.1 12.1",
                "side NETTY 16.0 16.4",
                "side EVEN_ODD 11.9 12.1",
                "side NETTY 11.8 12.0",
                "side EVEN_ODD 15.0 15.2"), List.of("NETTY", "EVEN_ODD", "NETTY", "EVEN_ODD", "NETTY", "EVEN_ODD"),
                false);
        List<Sample> sides = Interleaving.medianOfCopies(copies, 2);
        assertEquals(2, sides.size());
        assertEquals(12.1, sides.get(0).score(), 1e-9, "NETTY's copies: 12.1, 16.2, 11.9; the slow one does not move it");
        assertEquals(12.1, sides.get(1).score(), 1e-9, "EVEN_ODD's copies: 12.1, 12.0, 15.1");
        assertEquals(List.of(12.0, 12.2, 16.0, 16.4, 11.8, 12.0), sides.get(0).iterations(), "copy after copy");
        assertEquals(900.0, sides.get(1).secondary().get(Interleaving.WARMUP_MS).score(), 1e-9);
        assertEquals(copies, Interleaving.medianOfCopies(copies, 6), "one copy a side: the samples as they are");
        assertEquals(12.05, Interleaving.medianOfCopies(copies.subList(0, 4), 2).get(1).score(), 1e-9,
                "an even number of copies: the mean of the middle two");
        IllegalArgumentException odd = assertThrows(IllegalArgumentException.class,
                () -> Interleaving.medianOfCopies(copies.subList(0, 5), 2));
        assertTrue(odd.getMessage().contains("5 samples"), odd.getMessage());
    }

    @Test
    void copiesAreCheckedAndEachRunsInTheChildJvm() throws Exception {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> new Interleaving(BurstLoop.class.getName(), "impl", Map.of(), new Interleaving.Settings(10, 10, 1),
                        false, 0));
        assertTrue(none.getMessage().contains("0"), none.getMessage());
        List<Trial> sides = List.of(side(QueueFactory.JCTOOLS), side(QueueFactory.CONTEND));
        List<Sample> samples = new Interleaving(BurstLoop.class.getName(), "impl", Map.of("queue",
                QueueFactory.SPSC_ARRAY, "chunk", "128", "burst", "10"), new Interleaving.Settings(30, 10, 2), false, 3)
                .measure(0, sides);
        assertEquals(2, samples.size());
        for (Sample s : samples) {
            assertEquals(3 * 2, s.iterations().size(), "two blocks of each of three copies");
            assertTrue(s.score() > 0 && Double.isFinite(s.score()), "ns per round trip: " + s.score());
        }
    }

    @Test
    void aFailedChildJvmIsAnErrorWithItsOutput() {
        List<Trial> sides = List.of(side("no-such-impl"));
        IOException e = assertThrows(IOException.class, () -> new Interleaving(BurstLoop.class.getName(),
                Map.of("queue", QueueFactory.SPSC_ARRAY, "chunk", "128", "burst", "10"),
                new Interleaving.Settings(10, 10, 1), false).measure(0, sides));
        assertTrue(e.getMessage().contains("exit 2") && e.getMessage().contains("no-such-impl"), e.getMessage());
    }

    private static Trial side(String impl) {
        return new DirectTrial("burstInterleaved", Map.of("queue", "SpscArray", "impl", impl), 2, round -> {
            throw new AssertionError("measured jointly");
        });
    }
}
