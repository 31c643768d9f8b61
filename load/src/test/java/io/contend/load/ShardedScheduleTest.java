package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shards of a schedule are the schedule: their intended starts, merged, are the single schedule's intended
 * starts at its spacing, for rates that N divides and rates it does not.
 */
class ShardedScheduleTest {
    private static final long START = 1_000_000_007L;

    @Test
    void theShardsIntendedStartsTogetherAreTheWholeSchedule() {
        for (long rate : new long[] {1, 3, 7, 1000, 4000, 7_777_777, 1_000_000_000}) {
            for (int count : new int[] {1, 2, 3, 4, 7, 64}) {
                Schedule whole = new Schedule(START, rate);
                int perShard = 200;
                long total = (long) perShard * count;
                long[] merged = new long[(int) total];
                boolean[] seen = new boolean[(int) total];
                for (int index = 0; index < count; index++) {
                    Shard shard = new Shard(index, count);
                    Schedule part = new Schedule(START, rate, shard);
                    Schedule.Cursor cursor = part.cursor().seek(0);
                    for (int k = 0; k < perShard; k++) {
                        if (k > 0) {
                            cursor.advance();
                        }
                        long g = shard.globalOperation(k);
                        assertEquals(part.intendedStartNanos(k), cursor.intendedStartNanos(), "cursor at " + k + ", " + shard);
                        assertTrue(!seen[(int) g], "operation " + g + " twice");
                        seen[(int) g] = true;
                        merged[(int) g] = cursor.intendedStartNanos();
                    }
                }
                for (int g = 0; g < total; g++) {
                    assertTrue(seen[g], "operation " + g + " in no shard");
                    assertEquals(whole.intendedStartNanos(g), merged[g], rate + "/s in " + count + " shards, operation " + g);
                }
            }
        }
    }

    /** The merged starts are evenly spaced: each gap is 1e9 / R rounded down or up, as in the whole schedule. */
    @Test
    void mergedStartsKeepTheSingleSchedulesSpacing() {
        long rate = 4000; // the must-show's rate: one start every 250 us
        int count = 4;
        List<Long> starts = new ArrayList<>();
        for (int index = 0; index < count; index++) {
            Schedule.Cursor cursor = new Schedule(0, rate, new Shard(index, count)).cursor().seek(0);
            for (int k = 0; k < 10_000; k++) {
                if (k > 0) {
                    cursor.advance();
                }
                starts.add(cursor.intendedStartNanos());
            }
        }
        starts.sort(null);
        assertEquals(40_000, starts.size());
        for (int i = 1; i < starts.size(); i++) {
            assertEquals(250_000, starts.get(i) - starts.get(i - 1), "gap before start " + i);
        }
        assertEquals(9_999_750_000L, starts.get(starts.size() - 1));
    }

    /**
     * Pure schedule arithmetic, nothing is timed: for a horizon h (an offset into the schedule), a shard counts
     * exactly its operations scheduled before h, and the shards' counts add up to the whole schedule's.
     */
    @Test
    void aShardsOperationsWithinAnyHorizonAreItsShareOfTheWholes() {
        for (long rate : new long[] {3, 1000, 7_777_777}) {
            Schedule whole = new Schedule(0, rate);
            for (int count : new int[] {2, 5}) {
                for (long horizon : new long[] {0, 1, 333_333_333, 1_000_000_000, 2_500_000_001L}) {
                    long sum = 0;
                    for (int index = 0; index < count; index++) {
                        Schedule part = new Schedule(0, rate, new Shard(index, count));
                        long within = part.operationsWithin(horizon);
                        sum += within;
                        // every counted operation is scheduled before the horizon, the next one is not
                        if (within > 0) {
                            assertTrue(scheduledBefore(part, within - 1, horizon), "last counted, " + part);
                        }
                        assertFalse(scheduledBefore(part, within, horizon), "first uncounted, " + part);
                    }
                    assertEquals(whole.operationsWithin(horizon), sum, rate + "/s in " + count + " shards, horizon " + horizon);
                }
            }
        }
    }

    /** @return whether the schedule's operation n is due before the offset {@code horizon} from its start */
    private static boolean scheduledBefore(Schedule schedule, long n, long horizon) {
        return schedule.intendedStartNanos(n) - schedule.startNanos() < horizon;
    }
}
