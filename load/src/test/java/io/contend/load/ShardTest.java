package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ShardTest {
    @Test
    void parsesIndexSlashCount() {
        assertEquals(new Shard(2, 4), Shard.parse("2/4"));
        assertEquals(new Shard(0, 1), Shard.parse(" 0 / 1 "));
        assertEquals("2/4", new Shard(2, 4).toString());
        assertTrue(Shard.WHOLE.isWhole());
        assertFalse(new Shard(0, 2).isWhole());
    }

    @Test
    void refusesBadShardsNamingThem() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.parse("4/4")).getMessage().contains(": 4"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.parse("2")).getMessage().contains("'2'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Shard.parse("a/b")).getMessage().contains("'a/b'"));
        assertThrows(IllegalArgumentException.class, () -> Shard.parse("-1/4"));
        assertThrows(IllegalArgumentException.class, () -> new Shard(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new Shard(0, Shard.MAX_COUNT + 1));
    }

    @Test
    void readsAnIndexedJobsEnvironment() {
        assertEquals(Optional.empty(), Shard.fromEnvironment(Map.of()));
        assertEquals(Optional.of(new Shard(3, 8)),
                Shard.fromEnvironment(Map.of(Shard.INDEX_VARIABLE, "3", Shard.COUNT_VARIABLE, "8")));
        String missing = assertThrows(IllegalArgumentException.class,
                () -> Shard.fromEnvironment(Map.of(Shard.INDEX_VARIABLE, "3"))).getMessage();
        assertTrue(missing.contains(Shard.COUNT_VARIABLE), missing);
        String bad = assertThrows(IllegalArgumentException.class,
                () -> Shard.fromEnvironment(Map.of(Shard.INDEX_VARIABLE, "x", Shard.COUNT_VARIABLE, "8"))).getMessage();
        assertTrue(bad.contains("'x'"), bad);
        assertThrows(IllegalArgumentException.class,
                () -> Shard.fromEnvironment(Map.of(Shard.INDEX_VARIABLE, "8", Shard.COUNT_VARIABLE, "8")));
    }

    /** The shards' shares of any prefix of the schedule add up to it, each share counted from the definition. */
    @Test
    void localCountsPartitionEveryPrefix() {
        for (int count = 1; count <= 7; count++) {
            for (long prefix = 0; prefix <= 50; prefix++) {
                long sum = 0;
                for (int index = 0; index < count; index++) {
                    Shard shard = new Shard(index, count);
                    long byDefinition = 0;
                    for (long g = 0; g < prefix; g++) {
                        byDefinition += g % count == index ? 1 : 0;
                    }
                    assertEquals(byDefinition, shard.localCount(prefix), shard + " of " + prefix);
                    sum += shard.localCount(prefix);
                }
                assertEquals(prefix, sum);
            }
        }
    }

    @Test
    void globalOperationInterleaves() {
        Shard shard = new Shard(1, 3);
        assertEquals(1, shard.globalOperation(0));
        assertEquals(4, shard.globalOperation(1));
        assertEquals(31, shard.globalOperation(10));
        assertThrows(ArithmeticException.class, () -> shard.globalOperation(Long.MAX_VALUE / 2));
        assertThrows(IllegalArgumentException.class, () -> shard.globalOperation(-1));
    }

    @Test
    void anOpsLimitMustLeaveEveryShardAnOperation() {
        String message = assertThrows(IllegalArgumentException.class,
                () -> StressConfig.builder().ops(2).shard(new Shard(3, 4)).build()).getMessage();
        assertTrue(message.contains("3/4") && message.contains("at least 4"), message);
        assertEquals(3, StressConfig.builder().ops(10).shard(new Shard(1, 4)).build().shardOps()); // 1, 5, 9
        assertEquals(2, StressConfig.builder().ops(10).shard(new Shard(3, 4)).build().shardOps()); // 3, 7
    }
}
