package io.contend.cli.results;

import java.nio.file.Path;
import java.util.Objects;

/**
 * A results.json that is not a contend results file: not UTF-8 JSON, beyond the reader's limits, or not in the
 * schema. The message is one line that names the file and, where there is one, the field and its value, e.g.
 * {@code contend-results/results.json is not a contend results file: results[3].threads is 1e30, not an integer
 * from 1 to 2147483647}.
 */
public final class ResultsFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The file, as text: a Path is not serializable. */
    private final String file;
    /** What is wrong with it, without the file's name. */
    private final String reason;

    /**
     * @param file the results file
     * @param reason what is wrong with it, one line
     */
    public ResultsFormatException(Path file, String reason) {
        super(file + " is not a contend results file: " + reason);
        this.file = file.toString();
        this.reason = Objects.requireNonNull(reason, "reason");
    }

    /** @return the results file */
    public Path file() {
        return Path.of(file);
    }

    /** @return what is wrong with it, without the file's name */
    public String reason() {
        return reason;
    }
}
