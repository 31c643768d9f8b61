package io.contend.writepath;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The codec's in-place fields against the JDK's definitions: {@link Base64}, {@link Long#parseLong} and
 * {@link Long#toString}, and the String-built lines the codec wrote before it read and wrote bytes in place.
 */
class RequestCodecTest {
    private static final long[] LONGS = {0, 1, -1, 9, 10, 99, 100, 999_999_999_999_999_999L,
        1_000_000_000_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1, -10, -100,
        1_700_000_000L, Write.NO_DELETION};

    @Test
    void base64RoundTripsEveryLengthAsTheJdkEncodesIt() {
        SplittableRandom random = new SplittableRandom(7);
        for (int length = 0; length < 300; length++) {
            byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++) {
                bytes[i] = (byte) random.nextInt(256);
            }
            byte[] expected = Base64.getEncoder().withoutPadding().encode(bytes);
            byte[] line = new byte[expected.length + 4];
            int end = AsciiFields.encodeBase64(bytes, line, 2);
            assertEquals(2 + expected.length, end);
            assertEquals(expected.length, AsciiFields.base64Length(length));
            byte[] written = java.util.Arrays.copyOfRange(line, 2, end);
            assertArrayEquals(expected, written, "length " + length);
            assertArrayEquals(bytes, AsciiFields.decodeBase64(line, 2, end), "length " + length);
        }
    }

    /** Random fields from an alphabet with padding, a space, a non-ASCII byte: accepted and refused as the JDK does. */
    @Test
    void base64DecodesAndRefusesWhatTheJdkDecodesAndRefuses() {
        byte[] symbols = "AQgw+/z9=- \u00e9".getBytes(StandardCharsets.ISO_8859_1);
        SplittableRandom random = new SplittableRandom(11);
        int refused = 0;
        for (int n = 0; n < 20_000; n++) {
            byte[] field = new byte[random.nextInt(12)];
            for (int i = 0; i < field.length; i++) {
                field[i] = random.nextInt(4) == 0 ? symbols[random.nextInt(symbols.length)]
                        : symbols[random.nextInt(6)];
            }
            byte[] line = new byte[field.length + 2];
            System.arraycopy(field, 0, line, 1, field.length);
            byte[] expected;
            try {
                expected = Base64.getDecoder().decode(field);
            } catch (IllegalArgumentException e) {
                refused++;
                assertThrows(IllegalArgumentException.class, () -> AsciiFields.decodeBase64(line, 1, line.length - 1),
                        new String(field, StandardCharsets.ISO_8859_1));
                continue;
            }
            assertArrayEquals(expected, AsciiFields.decodeBase64(line, 1, line.length - 1),
                    new String(field, StandardCharsets.ISO_8859_1));
        }
        assertTrue(refused > 1_000 && refused < 19_000, "refused " + refused + " of 20000: the mix tests both sides");
    }

    @Test
    void decimalsMatchLongToStringAndParseLong() {
        for (long v : LONGS) {
            String text = Long.toString(v);
            assertEquals(text.length(), AsciiFields.decimalLength(v), text);
            byte[] line = new byte[text.length() + 3];
            int end = AsciiFields.putLong(v, line, 1);
            assertEquals(text, new String(line, 1, end - 1, StandardCharsets.US_ASCII));
            assertEquals(v, AsciiFields.parseLong(line, 1, end), text);
        }
        SplittableRandom random = new SplittableRandom(3);
        for (int n = 0; n < 10_000; n++) {
            long v = random.nextLong() >> random.nextInt(64);
            byte[] line = Long.toString(v).getBytes(StandardCharsets.US_ASCII);
            assertEquals(v, AsciiFields.parseLong(line, 0, line.length));
            assertEquals(line.length, AsciiFields.decimalLength(v), Long.toString(v));
        }
        for (String bad : new String[] {"", "-", "+", "1a", "9223372036854775808", "12 3", "0x10", "\u00e91"}) {
            byte[] line = bad.getBytes(StandardCharsets.ISO_8859_1);
            assertThrows(NumberFormatException.class, () -> AsciiFields.parseLong(line, 0, line.length), bad);
        }
        byte[] signed = "+42".getBytes(StandardCharsets.US_ASCII);
        assertEquals(42, AsciiFields.parseLong(signed, 0, signed.length), "a sign, as Long.parseLong takes it");
    }

    @Test
    void aWriteParsesBackToItself() {
        for (long timestamp : LONGS) {
            for (long deletionTime : new long[] {Write.NO_DELETION, 0, 1_700_000_000L}) {
                for (int length : new int[] {0, 1, 2, 3, 256}) {
                    byte[] value = new byte[length];
                    for (int i = 0; i < length; i++) {
                        value[i] = (byte) (i * 37 + timestamp);
                    }
                    Write w = Write.of(Key.of("p" + length), Key.ofLong(timestamp), value, timestamp)
                            .withDeletionTime(deletionTime);
                    Write parsed = assertInstanceOf(RequestCodec.WriteOp.class,
                            RequestCodec.parse(RequestCodec.encodeWrite(w))).write();
                    assertEquals(w.partition(), parsed.partition());
                    assertEquals(w.clustering(), parsed.clustering());
                    assertArrayEquals(w.value(), parsed.value());
                    assertEquals(w.timestamp(), parsed.timestamp());
                    assertEquals(w.deletionTime(), parsed.deletionTime());
                }
            }
        }
        RequestCodec.ReadOp read = assertInstanceOf(RequestCodec.ReadOp.class,
                RequestCodec.parse(RequestCodec.encodeRead(Key.of("p"), Key.of(new byte[0]))));
        assertEquals(Key.of("p"), read.partition());
        assertEquals(Key.of(new byte[0]), read.clustering());
    }

    /** The lines the codec answered with when it built them as Strings, byte for byte. */
    @Test
    void aRowIsAnsweredAsTheStringBuiltLineWas() {
        for (long timestamp : LONGS) {
            for (long deletionTime : new long[] {Write.NO_DELETION, 0, 86_400, Long.MAX_VALUE - 1}) {
                for (int length = 0; length < 8; length++) {
                    byte[] value = new byte[length];
                    for (int i = 0; i < length; i++) {
                        value[i] = (byte) (255 - i * 41);
                    }
                    Row row = new Row(Key.of("p"), Key.of("c"), value, timestamp, deletionTime);
                    String expected = "ROW " + timestamp + " "
                            + (deletionTime == Write.NO_DELETION ? "-" : Long.toString(deletionTime)) + " "
                            + Base64.getEncoder().withoutPadding().encodeToString(value);
                    byte[] response = RequestCodec.respond(row);
                    assertEquals(expected, new String(response, StandardCharsets.US_ASCII));
                    Row decoded = RequestCodec.decodeRow(Key.of("p"), Key.of("c"), response);
                    assertArrayEquals(value, decoded.value());
                    assertEquals(timestamp, decoded.timestamp());
                    assertEquals(deletionTime, decoded.deletionTime());
                }
            }
        }
        assertEquals("NONE", new String(RequestCodec.respond(null), StandardCharsets.US_ASCII));
        assertEquals("OK", new String(RequestCodec.respond(RequestCodec.OK), StandardCharsets.US_ASCII));
    }

    @Test
    void aMalformedRequestIsRefusedNamingIt() {
        String[][] cases = {
            {"X nonsense", "request must be"},
            {"", "request must be"},
            {"W cA Yw 1 -", "request must be"},
            {"W cA Yw 1 - dmFs extra", "request must be"},
            {"WW cA Yw 1 - dmFs", "request must be"},
            {"R cA", "request must be"},
            {"R  cA Yw", "request must be"},
            {"W cA Yw x - dmFs", "malformed request: 'W cA Yw x - dmFs'"},
            {"W cA Yw 1 -1 dmFs", "malformed request"},
            {"W cA Yw 1 - d", "malformed request"},
            {"W c! Yw 1 - dmFs", "malformed request"},
            {"W cA Yw 1 + dmFs", "malformed request"},
            {"R cA Y=w", "malformed request"},
        };
        for (String[] c : cases) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> RequestCodec.parse(c[0].getBytes(StandardCharsets.ISO_8859_1)), c[0]);
            assertTrue(e.getMessage().startsWith(c[1]), c[0] + " -> " + e.getMessage());
        }
        byte[] tooLong = ("W " + "A".repeat(201) + " Yw 1 - dmFs").getBytes(StandardCharsets.US_ASCII);
        String message = assertThrows(IllegalArgumentException.class, () -> RequestCodec.parse(tooLong)).getMessage();
        assertTrue(message.contains("...'"), "abbreviated: " + message);
    }

    /**
     * What the fields are for: parsing a write of a 256-byte value allocates its decoded keys and value and their
     * holders, a fraction of the request's length in garbage, not the line's Strings and their copies.
     */
    @Test
    void parsingAWriteAllocatesLittleMoreThanItsDecodedFields() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[] value = new byte[256];
        byte[] request = RequestCodec.encodeWrite(Write.of(Key.of("partition-1"), Key.ofLong(42), value, 1234567));
        for (int i = 0; i < 20_000; i++) {
            RequestCodec.parse(request); // compiled, so that the count below is the steady state
        }
        int n = 10_000;
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < n; i++) {
            RequestCodec.parse(request);
        }
        double perParse = (threads.getCurrentThreadAllocatedBytes() - before) / (double) n;
        // 256 + 11 + 8 bytes of arrays (16-byte headers), two keys, a write and its op: about 480 bytes
        assertTrue(perParse < 640, "bytes per parse: " + perParse + " for a request of " + request.length);
    }
}
