package io.contend.hdr;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The reason words of I/O failures ("permission denied", "no space left on device"), for the messages of the
 * exceptions this library throws ({@link OutputFile}'s "cannot write FILE: reason", the stress log's failures), in
 * place of exception class names. How a command prints a failure is the command's business, not this class's.
 */
public final class IoMessages {
    private IoMessages() {
    }

    /**
     * @param file the file the caller was working on, named by the caller's own message
     * @param e what went wrong
     * @return the reason, preceded by the file the exception names when that is another one (e.g. a parent
     *         directory): {@code "permission denied"}, {@code "/data/logs: not a directory"}
     */
    public static String reason(Path file, IOException e) {
        String reason = reason(e);
        if (e instanceof FileSystemException) {
            String named = ((FileSystemException) e).getFile();
            if (named != null && (file == null || !Path.of(named).equals(file))) {
                return named + ": " + reason;
            }
        }
        return reason;
    }

    /**
     * @param e what went wrong
     * @return the reason alone, lower case, e.g. {@code "no such file or directory"}
     */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "a file of that name exists";
        }
        if (e instanceof NotDirectoryException) {
            return "not a directory";
        }
        if (e instanceof DirectoryNotEmptyException) {
            return "directory not empty";
        }
        if (e instanceof FileSystemLoopException) {
            return "too many levels of symbolic links";
        }
        String text = e instanceof FileSystemException ? ((FileSystemException) e).getReason() : e.getMessage();
        if (text == null || text.isBlank()) {
            return e.getCause() instanceof IOException && e.getCause() != e ? reason((IOException) e.getCause())
                    : e.getClass().getSimpleName();
        }
        return text.length() > 1 && Character.isUpperCase(text.charAt(0)) && !Character.isUpperCase(text.charAt(1))
                ? text.substring(0, 1).toLowerCase(Locale.ROOT) + text.substring(1) : text;
    }
}
