package io.contend.cli.analysis;

import io.contend.cli.results.Direction;
import io.contend.cli.results.ExperimentInfo;
import io.contend.cli.results.ResultRecord;
import io.contend.cli.results.TableSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextTableTest {

    @Test
    void aParagraphIsWrappedAtSpacesWithinTheWidth() {
        assertEquals(List.of("one two", "three", "four five"), TextTable.wrap("  one two three\nfour  five ", 9));
        assertEquals(List.of("a", "unbreakableword", "b"), TextTable.wrap("a unbreakableword b", 5));
        assertEquals(List.of(), TextTable.wrap("   ", 10));
    }

    @Test
    void notesAreStoredAsParagraphsAndWrappedOnlyWhenPrinted() {
        String paragraph = "word ".repeat(60).strip();
        TableSpec spec = new TableSpec(List.of("impl"), "impl", "a", Direction.HIGHER, List.of(), List.of(paragraph));
        ExperimentInfo info = new ExperimentInfo("title", "quick", 2, 10, 9, spec, List.of());
        ResultRecord record = new ResultRecord("x", "b", Map.of("impl", "a"), 1, 1, null, "ops/us", Map.of(), "quick",
                false, 2, null);
        String text = new TextTable(2).render("x", info, List.of(record));
        List<String> noteLines = text.lines().filter(l -> l.startsWith("  word")).toList();
        assertEquals(3, noteLines.size(), text);
        assertTrue(noteLines.stream().allMatch(l -> l.length() <= TextTable.WIDTH + 2), text);
        assertEquals(paragraph, String.join(" ", noteLines.stream().map(String::strip).toList()));
    }
}
