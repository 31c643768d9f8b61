package io.contend.cli.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.bench.queue.QueueFactory;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The queues experiment's interleaved burst measurement: its output parsing, and one real round in a child JVM. */
class InterleavedBurstsTest {

    @Test
    void eachSideGetsTheMeanOfItsBlocksWithTheBlocksAsIterations() throws IOException {
        List<Sample> samples = InterleavedBursts.parse(List.of(
                "OpenJDK 64-Bit Server VM warning: something",
                "side jctools 100.0 300.0",
                "side contend 110.5 290.5"), List.of("jctools", "contend"));
        assertEquals(200.0, samples.get(0).score(), 1e-9);
        assertEquals(200.5, samples.get(1).score(), 1e-9);
        assertEquals(List.of(110.5, 290.5), samples.get(1).iterations());
        assertEquals("ns/op", samples.get(0).unit());
    }

    @Test
    void aMissingSideOrAMalformedValueIsAnErrorNamingIt() {
        IOException missing = assertThrows(IOException.class,
                () -> InterleavedBursts.parse(List.of("side jctools 1.0"), List.of("jctools", "contend")));
        assertTrue(missing.getMessage().contains("no blocks for contend"), missing.getMessage());
        IOException bad = assertThrows(IOException.class,
                () -> InterleavedBursts.parse(List.of("side jctools 1.0 x"), List.of("jctools")));
        assertTrue(bad.getMessage().contains("'x'"), bad.getMessage());
    }

    @Test
    void oneRoundMeasuresEverySideInAChildJvm() throws Exception {
        List<Trial> sides = List.of(side(QueueFactory.JCTOOLS), side(QueueFactory.CONTEND), side(QueueFactory.JDK));
        List<Sample> samples = new InterleavedBursts(QueueFactory.SPSC_ARRAY, 128, 10,
                new InterleavedBursts.Settings(50, 10, 3)).measure(0, sides);
        assertEquals(3, samples.size());
        for (Sample s : samples) {
            assertEquals(3, s.iterations().size(), "one value per block");
            assertTrue(s.score() > 0 && Double.isFinite(s.score()), "ns per round trip: " + s.score());
        }
    }

    @Test
    void aFailedChildJvmIsAnErrorWithItsOutput() {
        List<Trial> sides = List.of(side("no-such-impl"));
        IOException e = assertThrows(IOException.class, () -> new InterleavedBursts(QueueFactory.SPSC_ARRAY, 128, 10,
                new InterleavedBursts.Settings(10, 10, 1)).measure(0, sides));
        assertTrue(e.getMessage().contains("exit 2") && e.getMessage().contains("no-such-impl"), e.getMessage());
    }

    private static Trial side(String impl) {
        return new DirectTrial(InterleavedBursts.BENCHMARK, Map.of("queue", "SpscArray", "impl", impl), 2, round -> {
            throw new AssertionError("measured jointly");
        });
    }
}
