package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SizesTest {
    @Test
    void bytesAndBinaryUnitsInAnyCase() {
        assertEquals(4096, Sizes.parse("s", "4096"));
        assertEquals(100, Sizes.parse("s", "100B"));
        assertEquals(16 << 10, Sizes.parse("s", "16KiB"));
        assertEquals(64L << 20, Sizes.parse("s", "64MiB"));
        assertEquals(64L << 20, Sizes.parse("s", "64mib"));
        assertEquals(3L << 29, Sizes.parse("s", "1.5GiB"));
        assertEquals(1L << 40, Sizes.parse("s", "1TiB"));
        assertEquals(1_048_576, Sizes.parse("s", "1_048_576"));
        assertEquals(1536, Sizes.parse("s", "1.5 KiB"));
    }

    @Test
    void siSuffixesAndFractionsOfAByteAreRefusedNamingTheText() {
        for (String ambiguous : List.of("1k", "64M", "64MB", "1KB", "2G", "1GB")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sizes.parse("--pool-size", ambiguous));
            assertTrue(e.getMessage().startsWith("--pool-size: '" + ambiguous + "' has no binary unit"), e.getMessage());
        }
        assertEquals("--size must be a whole number of bytes, at most 9223372036854775807: '1.5B'",
                assertThrows(IllegalArgumentException.class, () -> Sizes.parse("--size", "1.5B")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Sizes.parse("--size", "-1")).getMessage()
                .startsWith("--size must be a size in bytes"));
        assertThrows(IllegalArgumentException.class, () -> Sizes.parse("--size", "9000000TiB"));
    }

    @Test
    void formatPicksTheLargestWholeUnit() {
        assertEquals("64MiB", Sizes.format(64L << 20));
        assertEquals("1536KiB", Sizes.format(1536L << 10));
        assertEquals("100B", Sizes.format(100));
        assertEquals("0B", Sizes.format(0));
        assertEquals("1024TiB", Sizes.format(1L << 50));
        for (long v : new long[] {1, 1023, 4096, 3L << 29, 1L << 40}) {
            assertEquals(v, Sizes.parse("s", Sizes.format(v)));
        }
    }

    @Test
    void workloadOptionsReadSizesAndRefuseRetiredNamesWithAHint() {
        WorkloadOptions o = new WorkloadOptions(Map.of("pool-size", "8MiB"));
        assertEquals(8L << 20, o.size("pool-size", 0, 1, 1L << 30));
        assertEquals(5, o.size("absent", 5, 1, 10));
        assertEquals("workload option --pool-size must be in [16MiB, 1GiB]: '8MiB'", assertThrows(
                IllegalArgumentException.class, () -> o.size("pool-size", 0, 16L << 20, 1L << 30)).getMessage());
        WorkloadOptions old = new WorkloadOptions(Map.of("pool-mib", "64"));
        assertEquals("workload option --pool-mib is now --pool-size 64MiB", assertThrows(IllegalArgumentException.class,
                () -> old.refuseRetired("pool-mib", v -> "--pool-size " + v + "MiB")).getMessage());
        o.refuseRetired("pool-mib", v -> "unused"); // absent: nothing to refuse
    }

    @Test
    void optionsTakenByACommandAsItsOwnAreNamedAsItsOptions() {
        WorkloadOptions serve = new WorkloadOptions(Map.of("pool-size", "8MiB", "pool-mib", "64", "keys", "x"),
                "serve option");
        assertEquals("serve option --pool-size must be in [16MiB, 1GiB]: '8MiB'", assertThrows(
                IllegalArgumentException.class, () -> serve.size("pool-size", 0, 16L << 20, 1L << 30)).getMessage());
        assertEquals("serve option --pool-mib is now --pool-size 64MiB", assertThrows(IllegalArgumentException.class,
                () -> serve.refuseRetired("pool-mib", v -> "--pool-size " + v + "MiB")).getMessage());
        assertEquals("serve option --keys must be a whole number in [1, 10]: 'x'", assertThrows(
                IllegalArgumentException.class, () -> serve.number("keys", 1, 1, 10)).getMessage());
        assertEquals("missing serve option --url (a URL)", assertThrows(IllegalArgumentException.class,
                () -> serve.required("url", "a URL")).getMessage());
        assertEquals("workload option --keys", new WorkloadOptions(Map.of()).describe("keys"));
        assertThrows(IllegalArgumentException.class, () -> new WorkloadOptions(Map.of(), " "));
    }
}
