package io.contend.queue;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Guards a measured property of SpscLinkedArrayQueue (see its implementation notes): the producer's cold path is
 * one method whose bytecode is larger than C2's FreqInlineSize (325 bytes), so C2 calls it from offer() instead
 * of inlining it, and offer() compiles small enough (under InlineSmallCode, 2500 bytes) for callers to inline.
 * When the link path was inlined into offer(), offer() compiled to about 2,700 bytes, callers made a real call
 * per offer, and SpscUnbounded's throughput at chunk 128 was 0.80x of what it is now. A change that shrinks the
 * cold path below the limit fails here rather than silently in a benchmark.
 */
class ColdPathSizeTest {
    /** C2's default FreqInlineSize on x86-64 and AArch64, JDK 17 to 25. */
    private static final int FREQ_INLINE_SIZE = 325;

    @Test
    void offerColdPathIsTooLargeForC2ToInline() throws IOException {
        int length = bytecodeLength(SpscLinkedArrayQueue.class, "offerColdPath");
        assertTrue(length > FREQ_INLINE_SIZE, "offerColdPath has " + length + " bytes of bytecode; above "
                + FREQ_INLINE_SIZE + " keeps it out of offer(): see SpscLinkedArrayQueue's implementation notes");
    }

    @Test
    void offerIsSmall() throws IOException {
        int length = bytecodeLength(SpscLinkedArrayQueue.class, "offer");
        assertTrue(length <= 60, "offer has " + length + " bytes of bytecode; the fast path should stay small");
    }

    /** The code_length of the named method's Code attribute (JVMS 4.7.3); the method must be unique by name. */
    private static int bytecodeLength(Class<?> type, String method) throws IOException {
        try (InputStream raw = type.getResourceAsStream(type.getSimpleName() + ".class");
                DataInputStream in = new DataInputStream(raw)) {
            in.readInt(); // magic
            in.readUnsignedShort(); // minor
            in.readUnsignedShort(); // major
            Map<Integer, String> utf8 = new HashMap<>();
            int count = in.readUnsignedShort();
            for (int i = 1; i < count; i++) {
                int tag = in.readUnsignedByte();
                switch (tag) {
                    case 1 -> utf8.put(i, in.readUTF());
                    case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
                    case 15 -> in.skipNBytes(3);
                    case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                    case 5, 6 -> {
                        in.skipNBytes(8);
                        i++; // takes two entries
                    }
                    default -> throw new IOException("constant pool tag " + tag + " at entry " + i);
                }
            }
            in.skipNBytes(6); // access, this, super
            in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
            skipMembers(in); // fields
            int found = -1;
            int methods = in.readUnsignedShort();
            for (int m = 0; m < methods; m++) {
                in.readUnsignedShort(); // access
                String name = utf8.get(in.readUnsignedShort());
                in.readUnsignedShort(); // descriptor
                int attributes = in.readUnsignedShort();
                for (int a = 0; a < attributes; a++) {
                    String attribute = utf8.get(in.readUnsignedShort());
                    int size = in.readInt();
                    if (name.equals(method) && attribute.equals("Code")) {
                        if (found >= 0) {
                            throw new IllegalStateException(type.getName() + " has two methods named " + method);
                        }
                        in.skipNBytes(4); // max_stack, max_locals
                        found = in.readInt();
                        in.skipNBytes(size - 8L);
                    } else {
                        in.skipNBytes(size);
                    }
                }
            }
            if (found < 0) {
                throw new IllegalStateException(type.getName() + " has no method " + method + " with code");
            }
            return found;
        }
    }

    private static void skipMembers(DataInputStream in) throws IOException {
        int members = in.readUnsignedShort();
        for (int m = 0; m < members; m++) {
            in.skipNBytes(6); // access, name, descriptor
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                in.readUnsignedShort();
                in.skipNBytes(in.readInt());
            }
        }
    }
}
