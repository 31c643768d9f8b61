package io.contend.hdr;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * For the library: outputs are never inputs, a temporary file never clobbers an
 * existing file, and a failure (an OutputStream that fails on its Nth write, or /dev/full) leaves no output, no
 * temporary file, and every input byte-identical.
 */
class OutputFaultTest {
    @TempDir
    Path dir;

    private Path log;
    private byte[] logBytes;

    @BeforeEach
    void writeLog() throws IOException {
        log = dir.resolve("run.hlog");
        TestLogs.writeTagged(log, 7, 20, "read-rt", "read-st", "write-rt");
        logBytes = Files.readAllBytes(log);
    }

    private List<String> files() throws IOException {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void anOutputThatIsAnInputIsRefusedThroughLinksToo() throws IOException {
        assertThrows(IllegalArgumentException.class, () -> OutputFile.create(log, List.of(log)));
        Files.createDirectory(dir.resolve("sub"));
        assertThrows(IllegalArgumentException.class, () -> OutputFile.create(dir.resolve("sub/../run.hlog"), List.of(log)));
        assertThrows(IllegalArgumentException.class, () -> OutputFile.create(dir.resolve("nowhere/../run.hlog"), List.of(log)));
        Path relative = Path.of("").toAbsolutePath().relativize(log);
        assertThrows(IllegalArgumentException.class, () -> OutputFile.create(relative, List.of(log)));
        Path symlink = Files.createSymbolicLink(dir.resolve("link.hlog"), log);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LogUnion.union(List.of(log), symlink));
        assertEquals("the output " + symlink + " is also an input (" + log + ")", e.getMessage());
        Path hardLink = Files.createLink(dir.resolve("hard.hlog"), log);
        assertThrows(IllegalArgumentException.class, () -> LogUnion.union(List.of(log), hardLink));
        assertArrayEquals(logBytes, Files.readAllBytes(log));
    }

    /** A temporary output never truncates an input of its name while it is read (it was once <out>.tmp). */
    @Test
    void anInputNamedLikeATemporaryFileIsNeverTouched() throws IOException {
        Path input = dir.resolve("x.hlog.tmp");
        Files.move(log, input);
        LogUnion.Result result = LogUnion.union(List.of(input), dir.resolve("x.hlog"));
        assertEquals(60, result.intervals());
        assertArrayEquals(logBytes, Files.readAllBytes(input));
        assertEquals(List.of("x.hlog", "x.hlog.tmp"), files());
    }

    @Test
    void aFailedWriteLeavesTheTargetAsItWasAndNoTemporaryFile() throws IOException {
        Path target = Files.writeString(dir.resolve("old.hlog"), "an older log");
        for (int failing = 1; failing <= 3; failing++) {
            IOException e = assertThrows(IOException.class,
                    () -> LogUnion.union(List.of(log), target, FailingOutputStream.failingOn(1)));
            assertEquals("cannot write " + target + ": no space left on device", e.getMessage());
        }
        assertEquals("an older log", Files.readString(target));
        assertArrayEquals(logBytes, Files.readAllBytes(log));
        assertEquals(List.of("old.hlog", "run.hlog"), files());
    }

    /** Split gives all of its logs or none, whichever write fails. */
    @Test
    void splitWritesAllOfItsLogsOrNone() throws IOException {
        Path parts = dir.resolve("parts");
        int writes = 0;
        for (int failing = 1; ; failing++) {
            try {
                LogSplitter.split(log, parts, FailingOutputStream.failingOn(failing));
                writes = failing;
                break;
            } catch (IOException e) {
                assertTrue(e.getMessage().startsWith("cannot write " + parts.resolve("run.")), e.getMessage());
                try (Stream<Path> left = Files.list(parts)) {
                    assertEquals(List.of(), left.toList(), "nothing is left after a failure on write " + failing);
                }
            }
        }
        assertTrue(writes > 3, "every write of every log was tried as the failing one: " + writes);
        try (Stream<Path> written = Files.list(parts)) {
            assertEquals(3, written.count());
        }
        assertArrayEquals(logBytes, Files.readAllBytes(log));
    }

    @Test
    void severalFilesAreWrittenAllOrNone() throws IOException {
        Map<Path, String> plots = new LinkedHashMap<>();
        plots.put(dir.resolve("a.svg"), "<svg/>".repeat(30_000));
        plots.put(dir.resolve("b.svg"), "<svg/>".repeat(30_000));
        assertThrows(IOException.class, () -> OutputFile.writeAll(plots, List.of(log), FailingOutputStream.failingOn(2)));
        assertEquals(List.of("run.hlog"), files());
        Files.createDirectory(dir.resolve("b.svg"));
        IOException e = assertThrows(IOException.class, () -> OutputFile.writeAll(plots, List.of(log)));
        assertEquals("cannot write " + dir.resolve("b.svg") + ": is a directory", e.getMessage());
        assertEquals(List.of("b.svg", "run.hlog"), files(), "a.svg was not written either");
        Files.delete(dir.resolve("b.svg"));
        Path file = Files.writeString(dir.resolve("file"), "");
        IOException underAFile = assertThrows(IOException.class,
                () -> OutputFile.writeAll(Map.of(file.resolve("c.svg"), "<svg/>"), List.of(log)));
        assertEquals("cannot write " + file.resolve("c.svg") + ": " + file + ": not a directory", underAFile.getMessage());
        Files.delete(file);
        Path proc = Path.of("/proc/contend-test.svg");
        if (Files.isDirectory(proc.getParent())) { // procfs refuses new files, even to root
            IOException inProc = assertThrows(IOException.class, () -> OutputFile.writeAll(Map.of(proc, "<svg/>"), List.of(log)));
            assertTrue(inProc.getMessage().startsWith("cannot write " + proc + ": "), inProc.getMessage());
            assertFalse(inProc.getMessage().contains(".tmp"), "the temporary file is not the user's business: " + inProc);
        }
        OutputFile.writeAll(plots, List.of(log));
        assertEquals("<svg/>".repeat(30_000), Files.readString(dir.resolve("a.svg"), StandardCharsets.UTF_8));
    }

    /**
     * A command killed (SIGTERM, Ctrl-C) while writing leaves no temporary file: the shutdown hook deletes what is
     * registered. Here the hook's own code runs in-process; the CLI's tests send the signal.
     */
    @Test
    void theShutdownHookDeletesTheTemporaryFilesOfOutputsInProgress() throws IOException {
        Path target = dir.resolve("out.csv");
        try (OutputFile output = OutputFile.create(target, List.of(log))) {
            output.stream().write("tag,count\n".getBytes(StandardCharsets.UTF_8));
            output.stream().flush();
            List<Path> temporary = TemporaryFiles.inProgress().stream().filter(p -> dir.equals(p.getParent())).toList();
            assertEquals(1, temporary.size(), temporary.toString());
            assertTrue(Files.exists(temporary.get(0)));
            TemporaryFiles.deleteAll();
            assertFalse(Files.exists(temporary.get(0)), "deleted by the hook's code");
            assertFalse(TemporaryFiles.inProgress().contains(temporary.get(0)));
        }
        assertEquals(List.of("run.hlog"), files());
        try (OutputFile output = OutputFile.create(target, List.of(log))) {
            output.commit();
        }
        try (OutputFile output = OutputFile.create(dir.resolve("dropped.csv"), List.of(log))) {
            output.stream().write('x');
        }
        assertTrue(TemporaryFiles.inProgress().stream().noneMatch(p -> p.startsWith(dir)),
                "committed and dropped outputs leave nothing for the hook");
        assertEquals(List.of("out.csv", "run.hlog"), files());
    }

    @Test
    void aFullDeviceIsWrittenDirectlyAndItsFailureNamed() throws IOException {
        Path full = Path.of("/dev/full");
        assumeTrue(Files.exists(full), "no /dev/full on this platform");
        IOException e = assertThrows(IOException.class, () -> LogUnion.union(List.of(log), full));
        assertEquals("cannot write /dev/full: no space left on device", e.getMessage());
        assertTrue(Files.exists(full) && !Files.isRegularFile(full), "the device is still a device");
        IOException split = assertThrows(IOException.class, () -> LogSplitter.split(log, full));
        assertEquals("not a directory", IoMessages.reason(full, split));
        assertEquals("/dev/full", ((java.nio.file.FileSystemException) split).getFile());
        assertArrayEquals(logBytes, Files.readAllBytes(log));
    }
}
