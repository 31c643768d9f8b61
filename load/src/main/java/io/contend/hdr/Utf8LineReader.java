package io.contend.hdr;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Lines of strict UTF-8 text, split at '\n' (a '\r' before it is dropped). Decodes line by line, so that an
 * invalid byte is reported with its own line, not with an earlier one that shares a read-ahead buffer.
 */
final class Utf8LineReader implements Closeable {
    private final InputStream in;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(4096);
    private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);

    Utf8LineReader(InputStream in) {
        this.in = new BufferedInputStream(in, 64 * 1024);
    }

    /**
     * @return the next line without its terminator, or null at the end
     * @throws CharacterCodingException if the line is not UTF-8
     */
    String readLine() throws IOException {
        line.reset();
        int b = in.read();
        if (b < 0) {
            return null;
        }
        while (b >= 0 && b != '\n') {
            line.write(b);
            b = in.read();
        }
        byte[] bytes = line.toByteArray();
        int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        return decoder.decode(ByteBuffer.wrap(bytes, 0, length)).toString();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
