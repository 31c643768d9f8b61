package io.contend.cli.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Use it from code" snippets are whole programs: this test compiles each against the library
 * modules (no warnings allowed) and runs it, so the README cannot drift from the API.
 */
class ReadmeSnippetsTest {
    private static final String SECTION = "## Use it from code";
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern PUBLIC_CLASS = Pattern.compile("public class (\\w+)");

    @TempDir
    Path dir;

    @Test
    void everySnippetCompilesWithoutWarningsAndRuns() throws Exception {
        List<String> snippets = snippets(readme());
        assertTrue(snippets.size() >= 3, "the section holds the queue, allocator/histogram and load-test programs");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertNotNull(javac, "tests run on a JDK");
        String classPath = String.join(File.pathSeparator, jarOf(io.contend.queue.SpscArrayQueue.class),
                jarOf(io.contend.load.StressRun.class), jarOf(org.HdrHistogram.Histogram.class));
        Path classes = Files.createDirectories(dir.resolve("classes"));
        List<String> mains = new ArrayList<>();
        for (String snippet : snippets) {
            Matcher m = PUBLIC_CLASS.matcher(snippet);
            assertTrue(m.find(), "each snippet is a whole program with a public class:\n" + snippet);
            Path source = dir.resolve(m.group(1) + ".java");
            Files.writeString(source, snippet, StandardCharsets.UTF_8);
            StringWriter diagnostics = new StringWriter();
            int code = javac.getTask(diagnostics, null, null, List.of("-Xlint:all", "-Werror", "--release", "17",
                    "-classpath", classPath, "-d", classes.toString()), null,
                    javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(source.toFile()))
                    .call() ? 0 : 1;
            assertEquals(0, code, "README snippet " + m.group(1) + " does not compile:\n" + diagnostics);
            mains.add(m.group(1));
        }
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            for (String main : mains) {
                Method method = loader.loadClass(main).getMethod("main", String[].class);
                method.invoke(null, (Object) new String[0]);
            }
        }
    }

    private static String readme() throws Exception {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path readme = d.resolve("README.md");
            if (Files.isRegularFile(readme) && Files.isDirectory(d.resolve("cli"))) {
                return Files.readString(readme, StandardCharsets.UTF_8);
            }
        }
        throw new IllegalStateException("README.md not found above " + Path.of("").toAbsolutePath());
    }

    /** The java blocks between the section's heading and the next second-level heading. */
    static List<String> snippets(String readme) {
        int start = readme.indexOf(SECTION);
        assertTrue(start >= 0, "README has a section '" + SECTION + "'");
        int end = readme.indexOf("\n## ", start + SECTION.length());
        String section = readme.substring(start, end < 0 ? readme.length() : end);
        Matcher m = JAVA_BLOCK.matcher(section);
        List<String> blocks = new ArrayList<>();
        while (m.find()) {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    private static String jarOf(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    @Test
    void snippetsAreFoundOnlyInTheirSection() {
        String text = "# t\n```java\nclass A {}\n```\n" + SECTION + "\n```java\npublic class B {}\n```\n## Next\n"
                + "```java\nclass C {}\n```\n";
        assertEquals(List.of("public class B {}\n"), snippets(text));
        assertEquals("B", snippets(text).stream().map(s -> s.replaceAll("public class (\\w+).*\\n", "$1"))
                .collect(Collectors.joining()));
    }
}
