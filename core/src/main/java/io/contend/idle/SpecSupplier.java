package io.contend.idle;

import java.util.function.Supplier;

/** New strategies from a checked spec; equal for equal specs, so settings that hold one compare by value. */
record SpecSupplier(String spec) implements Supplier<IdleStrategy> {
    @Override
    public IdleStrategy get() {
        return IdleStrategy.parse(spec);
    }

    @Override
    public String toString() {
        return spec;
    }
}
