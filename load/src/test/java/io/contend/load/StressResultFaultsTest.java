package io.contend.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Faults around the measurement are typed, keep their cause, and the result is built by name. */
class StressResultFaultsTest {

    @Test
    void aWorkloadThatFailsToCloseIsAFaultWithItsCause() {
        IllegalStateException boom = new IllegalStateException("flush failed");
        Workload w = new Workload() {
            @Override
            public List<Operation> operations() {
                return List.of(Operation.named("noop", () -> { }));
            }

            @Override
            public void close() {
                throw boom;
            }

            @Override
            public String toString() {
                return "failing-close";
            }
        };
        StressResult r = new StressRun(w, StressConfig.builder().ops(100).build(), null).run();
        assertEquals(100, r.completed());
        assertEquals(1, r.faults().size(), r.faults()::toString);
        StressResult.Fault fault = r.faults().get(0);
        assertEquals(StressResult.FaultKind.WORKLOAD_CLOSE, fault.kind());
        assertSame(boom, fault.cause());
        assertTrue(fault.message().startsWith("closing workload failing-close failed: "), fault.message());
        assertEquals(fault.message(), fault.toString());
    }

    @Test
    void theBuilderStartsEmptyAndCopiesAResult() {
        StressResult empty = StressResult.builder(Rate.throughput()).build();
        assertEquals(0, empty.scheduled());
        assertEquals(StressResult.End.FINISHED, empty.end());
        assertEquals(List.of(), empty.faults());
        StressResult.Fault f = new StressResult.Fault(StressResult.FaultKind.INTERVAL_LOG, "log failed", null);
        StressResult r = empty.toBuilder().scheduled(10).completed(7).errors(1).unfinished(1).missed(1)
                .elapsedNanos(5).end(StressResult.End.STOPPED).gc(2, 3).faults(List.of(f)).build();
        assertEquals(r, r.toBuilder().build());
        assertEquals(10, r.scheduled());
        assertEquals(3, r.gcMillis());
        assertEquals(List.of(f), r.faults());
    }
}
