package io.contend.hdr;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The temporary files that outputs are being written to, so that a command stopped before it finishes (Ctrl-C,
 * SIGTERM, System.exit) leaves none behind: the first registration installs a shutdown hook that deletes every
 * file still registered. An output registers its temporary file before creating it and unregisters it once the
 * file is moved into place or deleted. Nothing runs on SIGKILL.
 */
final class TemporaryFiles {
    private static final Set<Path> IN_PROGRESS = ConcurrentHashMap.newKeySet();

    private TemporaryFiles() {
    }

    /** Installs the hook once, the first time the class is used. */
    private static final class Hook {
        static {
            try {
                Runtime.getRuntime().addShutdownHook(new Thread(TemporaryFiles::deleteAll, "contend-temporary-files"));
            } catch (IllegalStateException shuttingDown) {
                // the JVM is already exiting; a file registered now may stay
            }
        }

        static void install() {
            // loading the class ran the static initializer
        }
    }

    /** @param file a temporary file about to be created */
    static void register(Path file) {
        Hook.install();
        IN_PROGRESS.add(file);
    }

    /** @param file a temporary file that was moved into place or deleted */
    static void unregister(Path file) {
        IN_PROGRESS.remove(file);
    }

    /** @return the files registered now */
    static List<Path> inProgress() {
        return List.copyOf(IN_PROGRESS);
    }

    /** What the shutdown hook runs: deletes every registered file, and forgets it. */
    static void deleteAll() {
        for (Path file : IN_PROGRESS) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException ignored) {
                // nothing left to tell: the process is ending
            }
            IN_PROGRESS.remove(file);
        }
    }
}
