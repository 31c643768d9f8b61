package io.contend.idle;

/**
 * The strategies without state, which never block: one shared instance each is safe for any number of threads.
 */
enum StatelessIdleStrategy implements IdleStrategy {
    /** {@link Thread#onSpinWait()}. */
    BUSY_SPIN("busySpin") {
        @Override
        public void idle() {
            Thread.onSpinWait();
        }
    },
    /** {@link Thread#yield()}. */
    YIELDING("yielding") {
        @Override
        public void idle() {
            Thread.yield();
        }
    },
    /** Nothing: the loop goes round again at once. */
    NO_OP("noOp") {
        @Override
        public void idle() {
        }
    };

    private final String spec;

    StatelessIdleStrategy(String spec) {
        this.spec = spec;
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
        return spec;
    }

    @Override
    public String toString() {
        return "IdleStrategy[" + spec + "]";
    }
}
