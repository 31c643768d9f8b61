package io.contend.hdr;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file that a command writes: never one of the command's inputs, and never left half-written.
 *
 * <ul>
 * <li>An output that is the same file as an input (by {@link Files#isSameFile}, so through links and relative
 * paths too, or by the same normalized absolute path) is refused before anything is opened.</li>
 * <li>A regular file is written to a temporary file of a fresh name in the same directory, created with
 * {@code CREATE_NEW} so that it can never be an existing file, and moved over the target only when every byte
 * is written. On any failure the temporary file is deleted and the target is untouched. Missing directories
 * are created.</li>
 * <li>A device or pipe (e.g. {@code /dev/stdout}, {@code /dev/full}) is written directly: there is nothing to
 * move over it.</li>
 * <li>A temporary file still there when the JVM exits (Ctrl-C, SIGTERM) is deleted by a shutdown hook
 * ({@link TemporaryFiles}).</li>
 * <li>A writer of many outputs can {@link #release()} one to close its file descriptor; the next
 * {@link #reopen()} appends to the same temporary file.</li>
 * </ul>
 * Write failures name the target: "cannot write PATH: no space left on device". {@link #commitAll} gives several
 * outputs all-or-none. Not thread-safe.
 */
public final class OutputFile implements Closeable {
    /** Opens a file for writing; tests inject failures here. */
    @FunctionalInterface
    interface Opener {
        OutputStream open(Path file, OpenOption... options) throws IOException;
    }

    static final Opener FILES = Files::newOutputStream;
    private static final int NAME_ATTEMPTS = 100;

    private final Path target;
    /** Null when the target is written directly. */
    private final Path temporary;
    private final Opener opener;
    /** Null while released. */
    private OutputStream stream;
    private boolean finished;
    private boolean published;

    private OutputFile(Path target, Path temporary, Opener opener, OutputStream raw) {
        this.target = target;
        this.temporary = temporary;
        this.opener = opener;
        this.stream = buffered(raw);
    }

    private OutputStream buffered(OutputStream raw) {
        return new NamingStream(new BufferedOutputStream(raw, 64 * 1024), target);
    }

    /**
     * @param target the file to write
     * @param inputs the command's inputs, which the target must not be
     * @return an open output; close it (after {@link #commit()} or instead of it)
     * @throws IllegalArgumentException if the target is one of the inputs
     * @throws IOException if it cannot be created, naming the target and the reason
     */
    public static OutputFile create(Path target, Collection<Path> inputs) throws IOException {
        return create(target, inputs, FILES);
    }

    static OutputFile create(Path target, Collection<Path> inputs, Opener opener) throws IOException {
        requireNotAnInput(target, inputs);
        try {
            if (Files.isDirectory(target)) {
                throw new FileSystemException(target.toString(), null, "is a directory");
            }
            if (Files.exists(target) && !Files.isRegularFile(target)) {
                return new OutputFile(target, null, opener, opener.open(target, StandardOpenOption.WRITE));
            }
            Path directory = target.toAbsolutePath().getParent();
            if (directory != null && !Files.isDirectory(directory)) {
                createDirectory(directory);
            }
            for (int attempt = 0; ; attempt++) {
                Path temporary = target.resolveSibling("." + target.getFileName() + "."
                        + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
                TemporaryFiles.register(temporary); // before it exists: a signal may come at any moment
                try {
                    return new OutputFile(target, temporary, opener, opener.open(temporary,
                            StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
                } catch (FileAlreadyExistsException e) {
                    TemporaryFiles.unregister(temporary); // someone else's file
                    if (attempt == NAME_ATTEMPTS) {
                        throw e;
                    }
                } catch (IOException e) {
                    TemporaryFiles.unregister(temporary);
                    throw cannotWrite(target, e, temporary);
                }
            }
        } catch (IOException e) {
            throw cannotWrite(target, e);
        }
    }

    /**
     * Creates a directory for outputs if it is missing.
     *
     * @param directory the directory
     * @throws IOException naming the directory, e.g. "/dev/full: not a directory"
     */
    public static void createDirectory(Path directory) throws IOException {
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new NotDirectoryException(directory.toString());
        }
        Files.createDirectories(directory);
    }

    /**
     * Refuses an output that is also an input (compared by real path once both exist).
     *
     * @param output the output
     * @param inputs the inputs
     * @throws IllegalArgumentException if the output is the same file as an input
     * @throws IOException if that cannot be decided
     */
    public static void requireNotAnInput(Path output, Collection<Path> inputs) throws IOException {
        Path normalized = output.toAbsolutePath().normalize();
        boolean exists = Files.exists(output);
        for (Path input : inputs) {
            if (normalized.equals(input.toAbsolutePath().normalize())
                    || exists && Files.exists(input) && Files.isSameFile(input, output)) {
                throw new IllegalArgumentException("the output " + output + " is also an input"
                        + (output.equals(input) ? "" : " (" + input + ")"));
            }
        }
    }

    /**
     * @return where to write; buffered; failures name the target
     * @throws IllegalStateException while released
     */
    public OutputStream stream() {
        if (stream == null) {
            throw new IllegalStateException("the output " + target + " is released: reopen it first");
        }
        return stream;
    }

    /**
     * Writes out what is buffered and closes the file, keeping what was written, to free a file descriptor. A
     * target written directly (a device or pipe) stays open: it could not be reopened where it was.
     *
     * @throws IOException if writing fails, naming the target
     */
    void release() throws IOException {
        if (temporary != null && stream != null && !finished) {
            OutputStream open = stream;
            stream = null;
            open.close();
        }
    }

    /**
     * Opens a released output again, appending to what it holds; does nothing if it is open.
     *
     * @throws IOException if it cannot be opened, naming the target
     */
    void reopen() throws IOException {
        if (stream == null && !finished) {
            try {
                stream = buffered(opener.open(temporary, StandardOpenOption.WRITE, StandardOpenOption.APPEND));
            } catch (IOException e) {
                throw cannotWrite(target, e, temporary);
            }
        }
    }

    /** @return the file this output becomes */
    public Path target() {
        return target;
    }

    /**
     * Writes everything out and moves the file into place.
     *
     * @throws IOException if writing or moving fails (the target is then untouched)
     */
    public void commit() throws IOException {
        finish();
        publish();
    }

    /**
     * Commits every output, or none: each is written out completely before any is moved into place, and if a
     * move fails the outputs already moved are deleted. All are closed either way.
     *
     * @param outputs the outputs
     * @throws IOException the first failure
     */
    public static void commitAll(List<OutputFile> outputs) throws IOException {
        List<OutputFile> moved = new ArrayList<>();
        try {
            for (OutputFile output : outputs) {
                output.finish();
            }
            for (OutputFile output : outputs) {
                output.publish();
                moved.add(output);
            }
        } catch (IOException | RuntimeException e) {
            for (OutputFile output : moved) {
                if (output.temporary != null) {
                    Files.deleteIfExists(output.target);
                }
            }
            throw e;
        } finally {
            closeAll(outputs);
        }
    }

    /**
     * Writes several text files (UTF-8), all or none.
     *
     * @param contents target to its text
     * @param inputs the command's inputs, which no target may be
     * @throws IllegalArgumentException if a target is an input (then nothing is written)
     * @throws IOException if a file cannot be written (then none is)
     */
    public static void writeAll(Map<Path, String> contents, Collection<Path> inputs) throws IOException {
        writeAll(contents, inputs, FILES);
    }

    static void writeAll(Map<Path, String> contents, Collection<Path> inputs, Opener opener) throws IOException {
        for (Path target : contents.keySet()) {
            requireNotAnInput(target, inputs);
        }
        List<OutputFile> outputs = new ArrayList<>();
        try {
            for (Map.Entry<Path, String> e : contents.entrySet()) {
                OutputFile output = create(e.getKey(), inputs, opener);
                outputs.add(output);
                output.stream().write(e.getValue().getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException | RuntimeException e) {
            closeAll(outputs);
            throw e;
        }
        commitAll(outputs);
    }

    private void finish() throws IOException {
        if (!finished) {
            if (stream != null) {
                stream.close(); // flushes; a failure names the target
            }
            finished = true;
        }
    }

    private void publish() throws IOException {
        if (temporary != null) {
            try {
                try {
                    Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } catch (IOException e) {
                throw cannotWrite(target, e);
            }
            TemporaryFiles.unregister(temporary);
        }
        published = true;
    }

    /** Without a commit, drops what was written: the temporary file is deleted. */
    @Override
    public void close() throws IOException {
        if (published) {
            return;
        }
        try {
            if (!finished) {
                finished = true;
                if (stream != null) {
                    stream.close();
                }
            }
        } catch (IOException ignored) {
            // abandoned anyway: what matters is the failure that led here
        } finally {
            published = true;
            if (temporary != null) {
                Files.deleteIfExists(temporary);
                TemporaryFiles.unregister(temporary);
            }
        }
    }

    /**
     * Closes every one, even after a failure; the first failure is thrown with the others suppressed.
     *
     * @param outputs what to close
     * @throws IOException the first failure
     */
    static void closeAll(Iterable<? extends Closeable> outputs) throws IOException {
        IOException first = null;
        for (Closeable output : outputs) {
            try {
                output.close();
            } catch (IOException e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    private static IOException cannotWrite(Path target, IOException e) {
        return cannotWrite(target, e, target);
    }

    /** @param about the file the failing call was given: named in the message only if it is the target */
    private static IOException cannotWrite(Path target, IOException e, Path about) {
        if (e instanceof CannotWriteException) {
            return e;
        }
        return new CannotWriteException("cannot write " + target + ": " + IoMessages.reason(about, e), e);
    }

    /** An I/O failure already phrased for the user, naming the output. */
    private static final class CannotWriteException extends IOException {
        private static final long serialVersionUID = 1L;

        CannotWriteException(String message, IOException cause) {
            super(message, cause);
        }
    }

    /** Rephrases write failures so that they name the target. */
    private static final class NamingStream extends FilterOutputStream {
        private final Path target;

        NamingStream(OutputStream out, Path target) {
            super(out);
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw cannotWrite(target, e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw cannotWrite(target, e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw cannotWrite(target, e);
            }
        }

        @Override
        public void close() throws IOException {
            try {
                out.close();
            } catch (IOException e) {
                throw cannotWrite(target, e);
            }
        }
    }
}
