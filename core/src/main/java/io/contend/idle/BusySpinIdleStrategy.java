package io.contend.idle;

/** Idles with {@link Thread#onSpinWait()}: stateless, never blocks. */
final class BusySpinIdleStrategy implements IdleStrategy {
    @Override
    public void idle() {
        Thread.onSpinWait();
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
        return "busySpin";
    }

    @Override
    public String toString() {
        return "IdleStrategy[busySpin]";
    }
}
