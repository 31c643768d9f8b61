package io.contend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** What the build wrote into version.properties, as a run records it. */
class VersionProviderTest {
    private static Properties properties(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    @Test
    void theFullCommitCarriesTheBuildsDirtyFlag() {
        String full = "0123456789abcdef0123456789abcdef01234567";
        assertEquals(full, VersionProvider.fullCommit(properties("commitFull", full, "dirty", "false")));
        assertEquals(full + "-dirty", VersionProvider.fullCommit(properties("commitFull", full, "dirty", "true")));
        assertEquals("unknown", VersionProvider.fullCommit(properties("commitFull", "${git.commit.id.full}")),
                "a build without git leaves the placeholder");
        assertEquals("unknown", VersionProvider.fullCommit(properties()));
        assertEquals("0123456+changes", VersionProvider.commit(properties("commit", "0123456", "dirty", "true")),
                "contend --version keeps the short spelling");
    }

    @Test
    void peersAreSortedAndThoseTheBuildDidNotSayAreLeftOut() {
        Map<String, String> peers = VersionProvider.peers(properties("peer.netty-common", "4.2.20.Final",
                "peer.guava", "${cassandra.guava.version}", "version", "0.1.0", "peer.HdrHistogram", "2.2.2"));
        assertEquals(List.of("HdrHistogram", "netty-common"), List.copyOf(peers.keySet()));
        assertEquals("4.2.20.Final", peers.get("netty-common"));
    }

    /** Every subcommand offers -V in its help; each prints the version contend -V does. */
    @Test
    void everySubcommandPrintsTheVersion() {
        InProcess top = new InProcess();
        assertEquals(0, top.run("-V"));
        String version = top.out();
        assertTrue(!version.isBlank());
        for (String[] args : new String[][] {{"report", "-V"}, {"stress", "sleep", "-V"}, {"hdr", "summarize", "-V"},
            {"shards", "merge", "-V"}, {"writepath", "serve", "-V"}, {"lab", "-V"}}) {
            InProcess sub = new InProcess();
            assertEquals(0, sub.run(args), String.join(" ", args));
            assertEquals(version, sub.out(), String.join(" ", args));
        }
    }
}
