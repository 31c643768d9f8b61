package io.contend.bench.interleave;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SideThreadsTest {

    @Test
    void waitsForThreadsThatEnd() {
        Thread a = new Thread(() -> { });
        Thread b = new Thread(() -> { });
        a.start();
        b.start();
        SideThreads.awaitEnd(a, b);
        assertFalse(a.isAlive());
        assertFalse(b.isAlive());
        assertFalse(Thread.currentThread().isInterrupted());
    }

    @Test
    void anInterruptedCloseStopsWaitingAndKeepsTheInterrupt() throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Thread stuck = new Thread(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        stuck.setDaemon(true);
        stuck.start();
        Thread.currentThread().interrupt();
        try {
            SideThreads.awaitEnd(stuck);
            assertTrue(Thread.interrupted(), "the interrupt is kept for the caller");
            assertTrue(stuck.isAlive(), "it stopped waiting rather than waited the thread out");
        } finally {
            release.countDown();
            stuck.join();
        }
    }
}
