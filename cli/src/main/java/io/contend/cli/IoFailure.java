package io.contend.cli;

import io.contend.hdr.IoMessages;
import java.io.IOException;
import java.nio.file.FileSystemException;

/** An I/O failure as the one line a command prints on stderr, instead of a class name and a stack trace. */
public final class IoFailure {
    private IoFailure() {
    }

    /**
     * @param e what went wrong
     * @return one line: "FILE: reason" when the exception names a file, else its message (already phrased
     *         messages, such as {@code OutputFile}'s "cannot write FILE: reason", are kept as they are)
     */
    public static String describe(IOException e) {
        if (e instanceof FileSystemException && ((FileSystemException) e).getFile() != null) {
            FileSystemException f = (FileSystemException) e;
            return f.getFile() + (f.getOtherFile() == null ? "" : " -> " + f.getOtherFile()) + ": " + IoMessages.reason(e);
        }
        return e.getMessage() == null || e.getMessage().isBlank() ? IoMessages.reason(e) : e.getMessage();
    }
}
