package io.contend.cli;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildProcessTest {
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    /** A child that sleeps until stopped. */
    public static final class Sleeper {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(60_000);
        }
    }

    @Test
    void aProgramThatEndsGivesItsOutput(@TempDir Path dir) throws IOException {
        List<String> lines = ChildProcess.run(List.of(JAVA, "-version"), dir.resolve("out"), 60_000, "java -version");
        assertTrue(lines.stream().anyMatch(l -> l.contains("version")), lines::toString);
    }

    @Test
    void aFailedProgramIsAnErrorThatQuotesItsLastLines(@TempDir Path dir) {
        IOException e = assertThrows(IOException.class, () -> ChildProcess.run(
                List.of(JAVA, "-XX:+NoSuchOptionAnywhere", "-version"), dir.resolve("out"), "the bad JVM"));
        assertTrue(e.getMessage().startsWith("the bad JVM failed (exit "), e.getMessage());
        assertTrue(e.getMessage().contains("NoSuchOptionAnywhere"), e.getMessage());
    }

    @Test
    void aProgramBeyondItsLimitIsStoppedAndNamed(@TempDir Path dir) {
        List<String> command = List.of(JAVA, "-cp", System.getProperty("java.class.path"), Sleeper.class.getName());
        IOException e = assertThrows(IOException.class,
                () -> ChildProcess.run(command, dir.resolve("out"), 300, "the sleeper"));
        assertTrue(e.getMessage().equals("the sleeper did not end within 300 ms"), e.getMessage());
    }
}
