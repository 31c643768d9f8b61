package io.contend.exec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What a thread sees of its own placement: its tid, the Cpus_allowed_list the kernel shows for it in
 * /proc/self/task/TID/status, sched_getaffinity and sched_getcpu.
 */
record ThreadObservation(long tid, List<Integer> statusAllowed, List<Integer> kernelAllowed, int cpu) {

    /** @return the calling thread's observation */
    static ThreadObservation ofCurrentThread() {
        long tid = Affinity.currentThreadId();
        try {
            String status = Files.readString(Path.of("/proc/self/task/" + tid + "/status"));
            return new ThreadObservation(tid, CpuList.parse(ProcText.value(status, "Cpus_allowed_list")),
                    Affinity.currentThreadAllowedCpus(), Affinity.currentCpu());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Runs {@code before} and then an observation on one new thread from {@code factory}, and waits for it.
     *
     * @return what the thread saw
     */
    static ThreadObservation onNewThread(ThreadFactory factory, Runnable before) throws InterruptedException {
        AtomicReference<Object> result = new AtomicReference<>();
        Thread thread = factory.newThread(() -> {
            try {
                before.run();
                result.set(ofCurrentThread());
            } catch (RuntimeException | Error e) {
                result.set(e);
            }
        });
        thread.start();
        thread.join();
        if (result.get() instanceof Throwable) {
            throw new AssertionError("the observed thread failed", (Throwable) result.get());
        }
        return (ThreadObservation) result.get();
    }
}
