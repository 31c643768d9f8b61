package io.contend.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The README as a newcomer meets it: short, what contend is first, then how to depend on it; and every Java block in
 * the section that ReadmeSnippetsTest compiles, so none escapes the compiler.
 */
class ReadmeShapeTest {
    private static final Path README = Path.of("..", "README.md");

    @Test
    void itIsShortAndStartsWithWhatContendIsThenTheDependency() throws Exception {
        List<String> lines = Files.readAllLines(README);
        assertTrue(lines.size() <= 400, "README.md has " + lines.size() + " lines");
        assertEquals("# contend", lines.get(0));
        assertTrue(lines.get(2).startsWith("contend is a Java library"), lines.get(2));
        int firstHeading = lines.subList(1, lines.size()).indexOf("## Add it to your build") + 1;
        int firstBlock = lines.indexOf("```xml");
        assertTrue(firstHeading > 0 && firstBlock == firstHeading + 2, "the second section is the dependency snippet");
        assertTrue(lines.get(firstBlock + 3).contains("<artifactId>contend-core</artifactId>"), lines.get(firstBlock + 3));
    }

    @Test
    void everyJavaBlockIsInTheCompiledSection() throws Exception {
        String text = Files.readString(README);
        int section = text.indexOf("## Use it from code");
        int next = text.indexOf("\n## ", section + 1);
        for (int at = text.indexOf("```java"); at >= 0; at = text.indexOf("```java", at + 1)) {
            assertTrue(at > section && at < next, "a java block outside '## Use it from code' at offset " + at);
        }
        for (int at = text.indexOf("```"); at >= 0; at = text.indexOf("```", text.indexOf("```", at + 3) + 3)) {
            String fence = text.substring(at, text.indexOf('\n', at));
            assertTrue(List.of("```", "```java", "```xml").contains(fence), "unexpected block kind " + fence);
        }
    }
}
