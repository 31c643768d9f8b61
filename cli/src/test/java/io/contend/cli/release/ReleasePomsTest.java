package io.contend.cli.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * What Maven Central requires of each deployed POM (name, description, url, licence, developer, scm; sources and
 * javadoc jars), checked on the POMs as written: the parent carries what the modules inherit.
 */
class ReleasePomsTest {
    private static final Path ROOT = Path.of("..");
    private static final List<String> DEPLOYED = List.of("core", "exec", "load", "writepath");
    private static final List<String> NOT_DEPLOYED = List.of("bench", "jcstress", "cli");
    private static final XPath XPATH = XPathFactory.newInstance().newXPath();

    private static Document pom(String module) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(ROOT.resolve(module).resolve("pom.xml").toFile());
    }

    private static String text(Document pom, String path) throws Exception {
        return ((String) XPATH.evaluate(path, pom, XPathConstants.STRING)).trim();
    }

    private static int count(Document pom, String path) throws Exception {
        return ((NodeList) XPATH.evaluate(path, pom, XPathConstants.NODESET)).getLength();
    }

    @Test
    void theParentHasWhatCentralRequiresOfEveryModule() throws Exception {
        Document parent = pom("");
        List<String> missing = new ArrayList<>();
        for (String path : List.of("/project/name", "/project/description", "/project/url",
                "/project/licenses/license/name", "/project/licenses/license/url", "/project/developers/developer/name",
                "/project/scm/url", "/project/scm/connection", "/project/scm/developerConnection",
                "/project/properties/revision", "/project/properties/project.build.outputTimestamp")) {
            if (text(parent, path).isEmpty()) {
                missing.add(path);
            }
        }
        assertTrue(missing.isEmpty(), "the parent POM lacks " + missing);
        assertEquals("${revision}", text(parent, "/project/version"), "one version property");
        String release = "/project/profiles/profile[id='release']/build/plugins/plugin/artifactId";
        NodeList plugins = (NodeList) XPATH.evaluate(release, parent, XPathConstants.NODESET);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < plugins.getLength(); i++) {
            names.add(plugins.item(i).getTextContent().trim());
        }
        assertTrue(names.contains("maven-gpg-plugin") && names.contains("central-publishing-maven-plugin"),
                "the release profile signs and publishes: " + names);
    }

    @Test
    void eachDeployedModuleHasItsNameDescriptionSourcesAndJavadoc() throws Exception {
        for (String module : DEPLOYED) {
            Document pom = pom(module);
            assertFalse(text(pom, "/project/name").isEmpty(), module + " has a name");
            assertFalse(text(pom, "/project/description").isEmpty(), module + " has a description");
            assertEquals("${revision}", text(pom, "/project/parent/version"), module);
            for (String plugin : List.of("maven-source-plugin", "maven-javadoc-plugin")) {
                assertEquals(1, count(pom, "/project/build/plugins/plugin[artifactId='" + plugin + "']"),
                        module + " attaches " + plugin);
            }
            assertEquals("", text(pom, "/project/properties/maven.deploy.skip"), module + " is deployed");
        }
    }

    @Test
    void benchJcstressAndTheCliAreNotDeployed() throws Exception {
        for (String module : NOT_DEPLOYED) {
            assertEquals("true", text(pom(module), "/project/properties/maven.deploy.skip"), module);
        }
    }
}
