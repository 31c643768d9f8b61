package io.contend.idle;

/** Does nothing: the loop goes round again at once. */
final class NoOpIdleStrategy implements IdleStrategy {
    @Override
    public void idle() {
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
        return "noOp";
    }

    @Override
    public String toString() {
        return "IdleStrategy[noOp]";
    }
}
