package io.contend.writepath;

import io.contend.alloc.MemoryLimitException;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad input is refused with the value in the message; closed paths refuse writes; names read well. */
class ArgumentsTest {

    private static void refused(String expected, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(expected), () -> "'" + e.getMessage() + "' should contain " + expected);
    }

    @Test
    void builderChecksItsArguments() {
        refused("poolBytes must be in [65536, ", () -> WritePath.builder().poolBytes(1000));
        refused("flushThresholdBytes must be in [8192, ", () -> WritePath.builder().flushThresholdBytes(-1));
        refused("writeTimeout must be in [0, ", () -> WritePath.builder().writeTimeout(-5, TimeUnit.SECONDS));
        refused("leakSamplingInterval must be in [0, ", () -> WritePath.builder().leakSamplingInterval(-2));
        refused("flushThresholdBytes (2097152) must not exceed poolBytes (1048576)",
                () -> WritePath.builder().poolBytes(1 << 20).flushThresholdBytes(2 << 20).build());
        refused("chunkSize must be 0 or in [16, 131072]: 8", () -> Allocator.threadLocalChunks(8));
        assertThrows(NullPointerException.class, () -> WritePath.builder().components(null));
    }

    @Test
    void writesAndKeysCheckTheirArguments() {
        refused("value length must be in [0, 1048576]: 1048577",
                () -> Write.of(Key.of("a"), Key.of("b"), new byte[(1 << 20) + 1], 1));
        refused("deletionTime must be in [0, ", () -> Write.of(Key.of("a"), Key.of("b"), new byte[1], 1)
                .withDeletionTime(-3));
        refused("ttlSeconds must be at least 1: 0", () -> Write.of(Key.of("a"), Key.of("b"), new byte[1], 1)
                .withTtl(10, 0));
        refused("key length must be in [0, 65535]: 65536", () -> Key.of(new byte[65_536]));
        assertThrows(NullPointerException.class, () -> Write.of(null, Key.of("b"), new byte[0], 1));
    }

    @Test
    void keysSortAsTheirNumbersAndPrintReadably() {
        assertTrue(Key.ofLong(-5).compareTo(Key.ofLong(3)) < 0);
        assertTrue(Key.ofLong(3).compareTo(Key.ofLong(300)) < 0);
        assertTrue(Key.of("a").compareTo(Key.of("b")) < 0);
        assertEquals(Key.of("abc"), Key.of("abc".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertTrue(Key.ofLong(42).toString().startsWith("Key[42 "), Key.ofLong(42)::toString);
        assertEquals("Key[user1]", Key.of("user1").toString());
        assertEquals("Key[0x00ff]", Key.of(new byte[] {0, -1}).toString());
    }

    @Test
    void aClosedPathRefusesWritesAndStillReads() {
        WritePath path = WritePath.builder().build();
        Write w = TestRows.write(1, 2, 3);
        path.write(w);
        path.close();
        path.close(); // idempotent
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> path.write(w));
        assertTrue(e.getMessage().contains("closed"), e::getMessage);
        assertTrue(path.read(w.partition(), w.clustering()).matches(w));
        assertTrue(path.toString().contains(
                "allocator=xadd refCount=even-odd histogram=contend pipeline=staged-shared-none-1"), path::toString);
    }

    @Test
    void aRowLargerThanThePoolFailsWithoutWaiting() {
        try (WritePath path = WritePath.builder().poolBytes(64 * 1024).flushThresholdBytes(64 * 1024)
                .writeTimeout(1, TimeUnit.HOURS).build()) {
            ReadBack readBack = new ReadBack();
            Write big = Write.of(Key.of("a"), Key.of("b"), new byte[200 * 1024], 1);
            assertThrows(MemoryLimitException.class, () -> path.write(big));
            readBack.unacknowledged(big);
            readBack.verify(path);
        }
    }

    @Test
    void componentsNameEachPart() {
        assertEquals("allocator=synchronized refCount=atomic-cas histogram=contend pipeline=thread-pools-1",
                Components.jdk().toString());
        assertEquals("allocator=tlab refCount=even-odd histogram=contend pipeline=staged-shared-none-1",
                Components.contend().withAllocator(Allocator.threadLocalChunks(4096)).toString());
    }
}
