package io.contend.histogram;

/**
 * Serialized histogram bytes that are truncated, corrupted or of an unknown version; the message says which and
 * at which byte offset (counted from the histogram's first byte).
 *
 * <p>Unchecked, like {@link IllegalArgumentException} which it extends: the bytes are a bad argument, and a
 * caller that can do something about them (skip a corrupted record, rebuild the histogram from its data) catches
 * this type; one that cannot is not made to declare it. I/O failures of a stream stay {@link java.io.IOException}s.
 */
public final class HistogramFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 2L;

    /** @param message what is wrong, with the offending value and its byte offset */
    public HistogramFormatException(String message) {
        super(message);
    }
}
