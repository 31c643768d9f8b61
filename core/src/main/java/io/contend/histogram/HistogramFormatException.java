package io.contend.histogram;

import java.io.IOException;

/** Serialized histogram bytes that are truncated, corrupted or of an unknown version; says which and where. */
public final class HistogramFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    /** @param message what is wrong, with the offending value and its byte offset */
    public HistogramFormatException(String message) {
        super(message);
    }
}
