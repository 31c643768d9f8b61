package io.contend.writepath;

import java.util.Objects;
import java.util.function.Function;

/**
 * A {@link Pipeline.Factory} from a name and a constructor.
 *
 * @param name the name for reports
 * @param make makes the pipeline of a write path
 */
record NamedPipelineFactory(String name, Function<WritePath, Pipeline> make) implements Pipeline.Factory {

    @Override
    public Pipeline create(WritePath path) {
        return make.apply(Objects.requireNonNull(path, "path"));
    }

    @Override
    public String toString() {
        return "Pipeline.Factory[" + name + "]";
    }
}
