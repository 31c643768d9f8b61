package io.contend.writepath;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;

/**
 * What a {@link WritePathServer} lets its clients use: connections being served at once, rows and bytes stored
 * through {@code PUT}, request bodies held in memory at once, and the token that {@code POST /check} must carry.
 * Immutable; {@link #defaults(WritePath)} sizes the memory limits to the heap.
 *
 * @param maxConnections exchanges served at once (each holds a thread while its request is read and served);
 *        further connections are closed until one ends
 * @param maxRows distinct rows that {@code PUT} may create; then 503
 * @param maxDataBytes bytes of keys and values that {@code PUT} rows may hold, each row counted once at its latest
 *        size; then 503
 * @param maxBodyBytesInFlight heap that request bodies being read and row values being sent may hold at once,
 *        counted at {@link WritePathServer#HEAP_BYTES_PER_BODY_BYTE} per byte for the copies a request makes; a
 *        request that cannot get its share within the request timeout is answered 503 (a GET or HEAD reserves for
 *        the largest value stored so far)
 * @param checkToken the value {@code POST /check} must send in {@value WritePathServer#TOKEN_HEADER}
 */
public record ServerLimits(int maxConnections, long maxRows, long maxDataBytes, long maxBodyBytesInFlight,
                           String checkToken) {
    /** Default {@link #maxConnections()}. */
    public static final int DEFAULT_MAX_CONNECTIONS = 256;
    /** Default {@link #maxRows()}. */
    public static final long DEFAULT_MAX_ROWS = 1_000_000;
    /** Default {@link #maxBodyBytesInFlight()}: 32 MiB, two requests with bodies of the largest size. */
    public static final long DEFAULT_BODY_BYTES_IN_FLIGHT = 32L << 20;
    /** The smallest {@link #maxBodyBytesInFlight()}: one body of the largest size, with its copies, must fit. */
    public static final long MIN_BODY_BYTES_IN_FLIGHT =
            (long) WritePathServer.HEAP_BYTES_PER_BODY_BYTE * WritePathServer.MAX_BODY_BYTES;

    /**
     * Checks every limit.
     *
     * @param maxConnections connections served at once, in [1, 100000]
     * @param maxRows rows PUT may create, at least 1
     * @param maxDataBytes bytes of keys and values the rows may hold, at least 1
     * @param maxBodyBytesInFlight request body bytes being read at once, at least {@link #MIN_BODY_BYTES_IN_FLIGHT}
     * @param checkToken the secret the check endpoint asks for, printable ASCII without spaces
     * @throws IllegalArgumentException for a value out of range, naming it
     */
    public ServerLimits {
        check("maxConnections", maxConnections, 1, 100_000);
        check("maxRows", maxRows, 1, Long.MAX_VALUE);
        check("maxDataBytes", maxDataBytes, 1, Long.MAX_VALUE);
        check("maxBodyBytesInFlight", maxBodyBytesInFlight, MIN_BODY_BYTES_IN_FLIGHT, Long.MAX_VALUE);
        Objects.requireNonNull(checkToken, "checkToken");
        if (checkToken.isEmpty() || !checkToken.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("checkToken must be printable ASCII without spaces, at least one "
                    + "character: '" + checkToken + "'");
        }
    }

    private static void check(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + " must be in [" + min + ", " + max + "]: " + value);
        }
    }

    /**
     * Heap a stored row takes in one copy besides its keys and value: its key objects, its entries in a
     * segment's arrays, and a memtable's or a merge's index entry. An estimate on the large side (a row in a
     * segment takes about 100 bytes, in a memtable's skip list about 150).
     */
    public static final int ROW_HEAP_BYTES = 256;

    /**
     * Heap the pool's bytes can take: a region is a heap array, and G1 gives an array over half a region whole
     * regions, so a dedicated region of just over 1 MiB (a 1 MiB value and its header) takes 2 MiB.
     */
    static final int POOL_HEAP_FACTOR = 2;

    /**
     * Limits for a path whose memory pool holds {@code poolBytes} and that merges its segments once it has more
     * than {@code compactionThreshold}: {@value #DEFAULT_MAX_CONNECTIONS} connections, 32 MiB of bodies in flight,
     * a random token, and rows sized to the heap that the pool and the bodies leave.
     *
     * <p>The row limits follow from where a row can be held at once. Rows live on the heap in segments, and a row
     * overwritten after a flush stays in the older segment until the merge: so just before a merge every one of
     * its k + 1 segments (k the threshold) can hold every row, and the merge adds one more copy and its own index,
     * while the memtables index rows as well. That is k + 3 copies of the rows. Each copy takes the rows' keys and
     * values plus {@link #ROW_HEAP_BYTES} per row, so with {@code left} the heap the pool and bodies leave (nine
     * tenths of the heap, less twice the pool, see {@link #POOL_HEAP_FACTOR}, less the bodies in flight), each
     * limit gets half a copy's share: {@code maxDataBytes = left / (2 (k + 3))}, and
     * {@code maxRows = maxDataBytes / ROW_HEAP_BYTES}, at most {@value #DEFAULT_MAX_ROWS}.
     *
     * @param poolBytes the write path's memory pool, at least 1
     * @param compactionThreshold the path's {@link WritePath.Builder#compactionThreshold(int)}, at least 1
     * @return the limits
     * @throws IllegalArgumentException for a pool below 1 byte, or a path that never compacts: it keeps every
     *         overwritten version, so no limit on rows bounds its heap
     */
    public static ServerLimits defaults(long poolBytes, int compactionThreshold) {
        check("poolBytes", poolBytes, 1, Long.MAX_VALUE);
        if (compactionThreshold < 1) {
            throw new IllegalArgumentException("compactionThreshold must be at least 1 for limits that bound the "
                    + "heap (a path that never compacts keeps every overwritten version): " + compactionThreshold);
        }
        long left = usableHeap() - POOL_HEAP_FACTOR * poolBytes - DEFAULT_BODY_BYTES_IN_FLIGHT;
        long dataBytes = Math.max(1L << 20, left / (2L * (compactionThreshold + 3)));
        long rows = Math.max(1, Math.min(DEFAULT_MAX_ROWS, dataBytes / ROW_HEAP_BYTES));
        return new ServerLimits(DEFAULT_MAX_CONNECTIONS, rows, dataBytes, DEFAULT_BODY_BYTES_IN_FLIGHT, newToken());
    }

    /** A tenth of the heap is left to everything the limits do not count: classes' objects, connections, the ledger. */
    static long usableHeap() {
        return Runtime.getRuntime().maxMemory() / 10 * 9;
    }

    /**
     * {@link #defaults(long, int)} for a path.
     *
     * @param path the write path the server stores rows in
     * @return the limits
     */
    public static ServerLimits defaults(WritePath path) {
        return defaults(path.pool().limitBytes(), path.compactionThreshold());
    }

    /** @return 128 random bits in hex */
    public static String newToken() {
        byte[] bytes = new byte[16];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /**
     * @param rows the most rows
     * @return these limits with another number of rows
     */
    public ServerLimits withMaxRows(long rows) {
        return new ServerLimits(maxConnections, rows, maxDataBytes, maxBodyBytesInFlight, checkToken);
    }

    /**
     * @param bytes the most bytes of rows
     * @return these limits with another number of bytes of rows
     */
    public ServerLimits withMaxDataBytes(long bytes) {
        return new ServerLimits(maxConnections, maxRows, bytes, maxBodyBytesInFlight, checkToken);
    }

    /**
     * @param connections the most connections at once
     * @return these limits with another number of connections
     */
    public ServerLimits withMaxConnections(int connections) {
        return new ServerLimits(connections, maxRows, maxDataBytes, maxBodyBytesInFlight, checkToken);
    }

    /**
     * @param token the check endpoint's secret
     * @return these limits with another check token
     */
    public ServerLimits withCheckToken(String token) {
        return new ServerLimits(maxConnections, maxRows, maxDataBytes, maxBodyBytesInFlight, token);
    }

    /** The token is a secret: it is not printed here. */
    @Override
    public String toString() {
        return "ServerLimits[" + maxConnections + " connections, " + maxRows + " rows, " + maxDataBytes
                + " bytes of rows, " + maxBodyBytesInFlight + " bytes of bodies in flight]";
    }
}
