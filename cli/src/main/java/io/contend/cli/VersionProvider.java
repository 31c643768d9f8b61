package io.contend.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/** Reads the version and commit Maven wrote into {@code version.properties} at build time. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        Properties properties = properties();
        return new String[] {"contend " + properties.getProperty("version", "(unknown version)") + " (commit "
                + commit(properties) + ")",
                "JVM: " + System.getProperty("java.vm.name") + " " + Runtime.version()};
    }

    /** @return contend's version, as the build wrote it, or "unknown" */
    public static String version() {
        return properties().getProperty("version", "unknown");
    }

    /**
     * @param artifact a peer library measured in the lab, e.g. {@code cassandra-all}
     * @return the version the benchmarks were built against (the parent POM's), or "?" if the build did not say
     */
    public static String peer(String artifact) {
        return peers().getOrDefault(artifact, "?");
    }

    /**
     * @return every peer library the benchmarks were built against, by artifact, in name order; those the build did
     *         not say are left out
     */
    public static Map<String, String> peers() {
        return peers(properties());
    }

    /**
     * @param properties version.properties as the build wrote it
     * @return its peers, as {@link #peers()} gives them
     */
    static Map<String, String> peers(Properties properties) {
        Map<String, String> peers = new TreeMap<>();
        for (String name : properties.stringPropertyNames()) {
            String version = properties.getProperty(name);
            if (name.startsWith("peer.") && !version.startsWith("${")) {
                peers.put(name.substring("peer.".length()), version);
            }
        }
        return peers;
    }

    /**
     * @return the full commit the jar was built from, with {@code -dirty} if that tree had uncommitted changes, as a
     *         results file records it; "unknown" for a build outside a git clone
     */
    public static String buildCommit() {
        return fullCommit(properties());
    }

    /**
     * @param properties version.properties as the build wrote it
     * @return its full commit, as {@link #buildCommit()} gives it
     */
    static String fullCommit(Properties properties) {
        String commit = properties.getProperty("commitFull", "");
        if (!commit.matches("[0-9a-f]{40}")) { // empty, or "${...}" where the build had no git
            return "unknown";
        }
        return commit + ("true".equals(properties.getProperty("dirty")) ? "-dirty" : "");
    }

    /** @return what the build wrote into version.properties; empty if it is missing or unreadable */
    private static Properties properties() {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            properties.clear(); // the callers say "unknown"
        }
        return properties;
    }

    /** @return the abbreviated commit, with "+changes" when the tree had uncommitted ones; "unknown" outside git */
    static String commit(Properties properties) {
        String commit = properties.getProperty("commit", "");
        if (commit.isEmpty() || commit.startsWith("${")) {
            return "unknown";
        }
        return commit + ("true".equals(properties.getProperty("dirty")) ? "+changes" : "");
    }
}
