package io.contend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON outputs of stress and hdr summarize, parsed against the schemas documented in docs/schemas. */
class JsonSchemasTest {
    private static final Path SCHEMAS = Path.of("..", "docs", "schemas");
    private static final String ID = "https://contend.io/schemas/";

    @TempDir
    Path dir;

    private static Schema schema(String name) throws IOException {
        Map<String, String> byId = new HashMap<>();
        try (var files = Files.list(SCHEMAS)) {
            for (Path f : files.toList()) {
                byId.put(ID + f.getFileName(), Files.readString(f));
            }
        }
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12,
                b -> b.schemas(byId));
        return registry.getSchema(byId.get(ID + name), InputFormat.JSON);
    }

    private static void assertValid(Schema schema, String json) {
        List<Error> errors = schema.validate(json, InputFormat.JSON);
        assertTrue(errors.isEmpty(), errors + "\n" + json);
    }

    @Test
    void stressSummaryAndHdrSummarizeMatchTheirSchemas() throws Exception {
        Path summary = dir.resolve("s.json");
        Path log = dir.resolve("x.hlog");
        InProcess stress = new InProcess();
        // the documented command (run length 2 s); only its exit code and its output's shape are checked
        int exit = stress.run("stress", "sleep", "--rate", "fixed=1k/s", "--duration", "2s", "--summary-json",
                summary.toString(), "--log", log.toString());
        assertEquals(0, exit, stress.err());
        String stressJson = Files.readString(summary);
        Schema stressSchema = schema("stress-summary.schema.json");
        assertValid(stressSchema, stressJson);
        assertTrue(stressJson.contains("\"rate\": \"fixed=1000/s\""), "no HTML escapes: " + stressJson);

        InProcess hdr = new InProcess();
        assertEquals(0, hdr.run("hdr", "summarize", log.toString(), "--format", "json"), hdr.err());
        Schema hdrSchema = schema("hdr-summary.schema.json");
        assertValid(hdrSchema, hdr.out());

        Path out = dir.resolve("summary-out.json");
        InProcess toFile = new InProcess();
        assertEquals(0, toFile.run("hdr", "summarize", log.toString(), "--format", "json", "--out", out.toString()),
                toFile.err());
        assertEquals(hdr.out(), Files.readString(out), "--out writes what standard output shows");

        // The schemas are strict enough to fail: a missing field and a stray one are both caught.
        assertFalse(stressSchema.validate(stressJson.replace("\"missed\"", "\"mised\""), InputFormat.JSON).isEmpty());
        assertFalse(hdrSchema.validate(hdr.out().replace("\"p99\"", "\"p98\""), InputFormat.JSON).isEmpty());
    }

    @Test
    void aDistributionWithoutValuesHasOnlyItsCount() throws Exception {
        Schema latency = schema("latency.schema.json");
        assertValid(latency, "{\"count\": 0}");
        assertFalse(latency.validate("{\"count\": 0, \"max\": 1.0}", InputFormat.JSON).isEmpty());
        assertFalse(latency.validate("{\"count\": 3, \"max\": 1.0}", InputFormat.JSON).isEmpty());
    }
}
