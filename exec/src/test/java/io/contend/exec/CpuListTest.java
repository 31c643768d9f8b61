package io.contend.exec;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CpuListTest {
    @Test
    void parsesSingleCpusAndRangesAsSysfsWritesThem() {
        assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), CpuList.parse("0-3,8,10-11\n"));
        assertEquals(List.of(5), CpuList.parse("5"));
        assertEquals(List.of(0, 1), CpuList.parse(" 1 , 0 ,1-1 "));
    }

    @Test
    void blankIsNoCpuAsInAnEmptyOfflineFile() {
        assertEquals(List.of(), CpuList.parse("\n"));
        assertEquals(List.of(), CpuList.parse(""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "0-", "-1", "1,,2", "+3", "0x1", "3-1", "1-2-3", "99999999", "65536"})
    void malformedListsAreRefusedNamingTheList(String list) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuList.parse(list));
        assertTrue(e.getMessage().contains("'" + list.strip() + "'") || e.getMessage().contains(list),
                e.getMessage());
    }

    @Test
    void formatsRunsAsRanges() {
        assertEquals("0-2,5,7-8", CpuList.format(Arrays.asList(8, 7, 5, 2, 1, 0, 1)));
        assertEquals("3", CpuList.format(List.of(3)));
        assertEquals("", CpuList.format(List.of()));
        assertEquals("0-3,8,10-11", CpuList.format(CpuList.parse("0-3,8,10-11")));
    }

    @Test
    void formatRefusesNegativeCpus() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuList.format(List.of(1, -2)));
        assertTrue(e.getMessage().contains("-2"), e.getMessage());
    }
}
