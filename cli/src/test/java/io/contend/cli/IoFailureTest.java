package io.contend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import org.junit.jupiter.api.Test;

class IoFailureTest {
    @Test
    void aFailureNamingAFileIsThatFileAndTheReason() {
        assertEquals("/x/y: no such file or directory", IoFailure.describe(new NoSuchFileException("/x/y")));
        assertEquals("a -> b: permission denied", IoFailure.describe(new AccessDeniedException("a", "b", null)));
    }

    @Test
    void aPhrasedMessageIsKeptAsItIs() {
        assertEquals("cannot write out.csv: no space left on device",
                IoFailure.describe(new IOException("cannot write out.csv: no space left on device")));
    }
}
