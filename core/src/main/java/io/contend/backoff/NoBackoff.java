package io.contend.backoff;

/** Retries at once: the plain CAS loop. */
final class NoBackoff implements BackoffStrategy {
    static final NoBackoff INSTANCE = new NoBackoff();

    private NoBackoff() {
    }

    @Override
    public void backoff(int failures) {
        // Retry immediately.
    }

    @Override
    public boolean isNone() {
        return true;
    }

    @Override
    public String spec() {
        return "none";
    }

    @Override
    public String toString() {
        return "BackoffStrategy[none]";
    }
}
