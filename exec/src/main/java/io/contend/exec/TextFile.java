package io.contend.exec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** Reads small kernel text files (/proc, /sys) without throwing: a missing source is a fact to report. */
final class TextFile {
    private TextFile() {
    }

    /**
     * @param path the file
     * @return its text, or null if it is missing or unreadable
     */
    static String readOrNull(Path path) {
        try {
            return read(path);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Reads a file, or adds one line to {@code notes} saying why it could not be read.
     *
     * @param path        the file
     * @param consequence what the caller does without it, for the note
     * @param notes       where the note goes
     * @return its text, or null
     */
    static String readOrNote(Path path, String consequence, List<String> notes) {
        try {
            return read(path);
        } catch (NoSuchFileException e) {
            notes.add(path + " is missing: " + consequence);
        } catch (IOException | RuntimeException e) {
            notes.add(path + " is unreadable (" + e + "): " + consequence);
        }
        return null;
    }

    private static String read(Path path) throws IOException {
        // Latin-1 maps every byte, so a thread name with invalid UTF-8 in a stat file cannot fail the read.
        return new String(Files.readAllBytes(path), StandardCharsets.ISO_8859_1);
    }
}
