package io.contend.hdr;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A disk that fills up: writes pass through until the Nth write call counted over every stream of one opener,
 * which writes half its bytes and fails with "No space left on device", as does every write after it.
 */
final class FailingOutputStream extends FilterOutputStream {
    private final AtomicInteger writes;
    private final int failingWrite;

    private FailingOutputStream(OutputStream out, AtomicInteger writes, int failingWrite) {
        super(out);
        this.writes = writes;
        this.failingWrite = failingWrite;
    }

    /** @return an opener whose streams share one write count and fail from the Nth write on */
    static OutputFile.Opener failingOn(int failingWrite) {
        AtomicInteger writes = new AtomicInteger();
        return (Path file, OpenOption... options) -> new FailingOutputStream(Files.newOutputStream(file, options), writes,
                failingWrite);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        int n = writes.incrementAndGet();
        if (n < failingWrite) {
            out.write(b, off, len);
            return;
        }
        if (n == failingWrite) {
            out.write(b, off, len / 2);
            out.flush();
        }
        throw new IOException("No space left on device");
    }
}
