package io.contend.writepath;

/** A request the server answers with an error status and a one-line reason, not as a server failure. */
final class HttpFailure extends Exception {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final String allow;

    HttpFailure(int status, String message) {
        this(status, message, null);
    }

    /**
     * @param status the HTTP status
     * @param message the reason, one line
     * @param allow for 405, the methods the resource allows ({@code Allow} header), otherwise null
     */
    HttpFailure(int status, String message, String allow) {
        super(message, null, false, false);
        this.status = status;
        this.allow = allow;
    }

    int status() {
        return status;
    }

    String allow() {
        return allow;
    }
}
