package io.contend.load;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * A file channel that behaves like a disk filling up: writes pass through to a real channel until the Nth
 * write call, which writes only part of its bytes and then fails with "No space left on device", as every
 * write after it does.
 */
final class FailingFileChannel extends FileChannel {
    private final FileChannel delegate;
    private final int failingWrite;
    private int writes;

    /** @param failingWrite the 1-based write call that fails (after writing half its bytes) */
    FailingFileChannel(FileChannel delegate, int failingWrite) {
        this.delegate = delegate;
        this.failingWrite = failingWrite;
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
        writes++;
        if (writes < failingWrite) {
            return delegate.write(src);
        }
        if (writes == failingWrite && src.remaining() > 1) {
            ByteBuffer half = src.duplicate();
            half.limit(half.position() + src.remaining() / 2);
            delegate.write(half); // a partial line reaches the file
        }
        throw new IOException("No space left on device");
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        return delegate.read(dst);
    }

    @Override
    public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
        return delegate.read(dsts, offset, length);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        throw new IOException("gathering writes are not expected");
    }

    @Override
    public long position() throws IOException {
        return delegate.position();
    }

    @Override
    public FileChannel position(long newPosition) throws IOException {
        delegate.position(newPosition);
        return this;
    }

    @Override
    public long size() throws IOException {
        return delegate.size();
    }

    @Override
    public FileChannel truncate(long size) throws IOException {
        delegate.truncate(size);
        return this;
    }

    @Override
    public void force(boolean metaData) throws IOException {
        delegate.force(metaData);
    }

    @Override
    public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
        return delegate.transferTo(position, count, target);
    }

    @Override
    public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
        throw new IOException("not expected");
    }

    @Override
    public int read(ByteBuffer dst, long position) throws IOException {
        return delegate.read(dst, position);
    }

    @Override
    public int write(ByteBuffer src, long position) throws IOException {
        throw new IOException("positional writes are not expected");
    }

    @Override
    public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
        return delegate.map(mode, position, size);
    }

    @Override
    public FileLock lock(long position, long size, boolean shared) throws IOException {
        return delegate.lock(position, size, shared);
    }

    @Override
    public FileLock tryLock(long position, long size, boolean shared) throws IOException {
        return delegate.tryLock(position, size, shared);
    }

    @Override
    protected void implCloseChannel() throws IOException {
        delegate.close();
    }
}
