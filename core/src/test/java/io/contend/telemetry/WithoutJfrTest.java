package io.contend.telemetry;

import org.junit.jupiter.api.Test;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * core requires jdk.jfr only statically: in a JVM whose image lacks it (here {@code --limit-modules java.base}, as a
 * jlink image without JFR), a counter records a burst without loading the event class.
 */
class WithoutJfrTest {

    /** Run in the child JVM: records a burst and prints the snapshot. */
    public static void main(String[] args) {
        ContentionCounter counter = new ContentionCounter("no-jfr", 2);
        counter.record(5, 4, 10);
        System.out.println("jfr=" + BurstEvents.JFR_PRESENT + " failures=" + counter.snapshot().failures());
    }

    @Test
    void aBurstIsRecordedWhereTheImageHasNoJfr() throws Exception {
        String classPath = String.join(File.pathSeparator, location(ContentionCounter.class),
                location(WithoutJfrTest.class));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "--limit-modules", "java.base", "-cp", classPath,
                WithoutJfrTest.class.getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child JVM did not end within 60 s");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.exitValue(), out);
        assertEquals(List.of("jfr=false failures=4"), out.lines().toList());
    }

    private static String location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
