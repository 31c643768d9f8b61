package io.contend.cli;

import io.contend.hdr.OutputFile;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a text file whole or not at all, through {@link OutputFile} (the one writer of that rule: a new, uniquely
 * named file beside the target, moved over it in one step once every byte is written; a crash or a full disk
 * leaves the old file as it was, and no temporary file behind). This class only adds a {@link Writer} in UTF-8 for
 * content written as it is produced, such as gson's output.
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
     * @param target the file to replace or create (missing directories are created)
     * @param content writes the text (UTF-8)
     * @throws IOException if the text cannot be written or moved into place; the target is then unchanged
     */
    public static void write(Path target, Content content) throws IOException {
        try (OutputFile output = OutputFile.create(target, List.of())) {
            Writer out = new OutputStreamWriter(output.stream(), StandardCharsets.UTF_8);
            content.writeTo(out);
            out.flush();
            output.commit();
        }
    }
}
