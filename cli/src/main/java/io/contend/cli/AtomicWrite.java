package io.contend.cli;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file whole or not at all: the text goes to a new, uniquely named file beside the target (created
 * with the usual permissions, never an existing file) and is then moved over the target in one step. A crash
 * or a full disk leaves the old file as it was, and no temporary file behind.
 */
public final class AtomicWrite {
    private AtomicWrite() {
    }

    /** What writes the content. */
    @FunctionalInterface
    public interface Content {
        /**
         * @param out where to write
         * @throws IOException if writing fails
         */
        void writeTo(Writer out) throws IOException;
    }

    /**
     * @param target the file to replace or create
     * @param content writes the text (UTF-8)
     * @throws IOException if the text cannot be written or moved into place; the target is then unchanged
     */
    public static void write(Path target, Content content) throws IOException {
        Path absolute = target.toAbsolutePath();
        Path temporary = absolute.resolveSibling("." + absolute.getFileName() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                content.writeTo(out);
            }
            Files.move(temporary, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
