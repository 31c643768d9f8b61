package io.contend.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * The packaged CLI jar (target/contend.jar, after the shade step, so an integration test): contend's own licence
 * and notice at its root, and a third-party list that names every bundled artifact with its licence.
 */
class CliJarIT {
    private static final Path JAR = Path.of("target", "contend.jar");

    private static String text(JarFile jar, String name) throws IOException {
        JarEntry e = jar.getJarEntry(name);
        assertNotNull(e, name + " in " + JAR);
        try (InputStream in = jar.getInputStream(e)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void rootLicenceIsContendsApacheLicenceWithItsNotice() throws IOException {
        assertTrue(Files.isRegularFile(JAR), "package the CLI first: " + JAR.toAbsolutePath());
        try (JarFile jar = new JarFile(JAR.toFile())) {
            String licence = text(jar, "LICENSE");
            assertTrue(licence.contains("Apache License") && licence.contains("Version 2.0, January 2004"), licence);
            assertFalse(licence.contains("GNU General Public License"), "not JMH's GPL text at the root");
            assertTrue(text(jar, "NOTICE").startsWith("contend\n"), "contend's NOTICE at the root");
            assertTrue(text(jar, "META-INF/licenses/jmh-core/LICENSE").contains("GNU General Public License"),
                    "JMH's licence is kept, off the root");
            assertTrue(text(jar, "META-INF/NOTICE").contains("Apache Cassandra"), "bundled notices are merged");
        }
    }

    @Test
    void theThirdPartyListNamesEveryBundledArtifact() throws IOException {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            String thirdParty = text(jar, "THIRD-PARTY.txt");
            List<String> missing = new ArrayList<>();
            int bundled = 0;
            for (JarEntry e : java.util.Collections.list(jar.entries())) {
                if (!e.getName().startsWith("META-INF/maven/") || !e.getName().endsWith("/pom.properties")) {
                    continue;
                }
                Properties p = new Properties();
                try (InputStream in = jar.getInputStream(e)) {
                    p.load(in);
                }
                String coordinates = p.getProperty("groupId") + ":" + p.getProperty("artifactId") + ":";
                if (coordinates.equals("io.contend:contend-cli:")) {
                    continue; // the jar itself: the root LICENSE and NOTICE
                }
                bundled++;
                int at = thirdParty.indexOf("(" + coordinates);
                if (at < 0) {
                    missing.add(coordinates);
                }
            }
            assertTrue(bundled >= 10, "the jar bundles its dependencies: " + bundled);
            assertTrue(missing.isEmpty(), "not in THIRD-PARTY.txt: " + missing + "\n" + thirdParty);
            assertFalse(thirdParty.contains("Unknown license"), thirdParty);
        }
    }
}
