package io.contend.cli;

import picocli.CommandLine.IVersionProvider;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Reads the version Maven wrote into {@code version.properties} at build time. */
public final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        }
        return new String[] {"contend " + properties.getProperty("version", "(unknown version)"),
                "JVM: " + System.getProperty("java.vm.name") + " " + Runtime.version()};
    }
}
