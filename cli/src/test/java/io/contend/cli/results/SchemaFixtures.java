package io.contend.cli.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Results files written by earlier schema versions, kept as test resources beside these tests. */
final class SchemaFixtures {
    private SchemaFixtures() {
    }

    /**
     * Reads a fixture as the lab reads a file: from disk, by {@link ResultsFile#readContents}.
     *
     * @param resource the fixture's name, e.g. {@code schema5-refcount.json}
     * @return its contents
     * @throws IOException if it cannot be copied or read
     */
    static ResultsFile.Contents read(String resource) throws IOException {
        Path file = Files.createTempFile("fixture", ".json");
        try (InputStream in = SchemaFixtures.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no test resource " + resource);
            }
            Files.write(file, in.readAllBytes());
            return ResultsFile.readContents(file);
        } finally {
            Files.delete(file);
        }
    }
}
