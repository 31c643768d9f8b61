package io.contend.idle;

/** Idles with {@link Thread#yield()}: stateless, never parks. */
final class YieldingIdleStrategy implements IdleStrategy {
    @Override
    public void idle() {
        Thread.yield();
    }

    @Override
    public void reset() {
    }

    @Override
    public boolean mayBlock() {
        return false;
    }

    @Override
    public String spec() {
        return "yielding";
    }

    @Override
    public String toString() {
        return "IdleStrategy[yielding]";
    }
}
