package io.contend;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.contend.alloc.Region;
import io.contend.backoff.ContendedLong;
import io.contend.backoff.ContendedReference;
import io.contend.queue.MpscArrayQueue;
import io.contend.queue.MpscUnboundedArrayQueue;
import io.contend.queue.SpscArrayQueue;
import io.contend.queue.SpscChunkedArrayQueue;
import io.contend.queue.SpscGrowableArrayQueue;
import io.contend.queue.SpscUnboundedArrayQueue;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.info.FieldLayout;

/**
 * Checks, on the running JVM's real field layout (JOL), that class-hierarchy padding does what its notes say:
 * fields declared in different non-padding classes of a padded hierarchy (producer fields, consumer fields,
 * cold fields, a contended value) are at least one cache line apart, so they can never share a line. The JVM
 * may reorder fields and fill holes in a superclass with a subclass's fields (JDK 15+), which once put
 * SpscLinkedArrayQueue's consumer mask on the producer's line; this test fails if that happens again.
 */
class LayoutTest {
    private static final int CACHE_LINE = 64;

    static Stream<Class<?>> paddedClasses() {
        return Stream.of(SpscArrayQueue.class, SpscChunkedArrayQueue.class, SpscGrowableArrayQueue.class,
                SpscUnboundedArrayQueue.class, MpscArrayQueue.class, MpscUnboundedArrayQueue.class,
                ContendedLong.class, ContendedReference.class, Region.class,
                classNamed("io.contend.telemetry.ContentionCell"));
    }

    private static Class<?> classNamed(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Objects of one class that different threads write, each its own: the written fields (declared in the
     * class named ...Fields) are padded from whatever lies next to the object.
     */
    static Stream<Class<?>> perThreadClasses() {
        return Stream.of(classNamed("io.contend.alloc.ThreadChunk"), classNamed("io.contend.telemetry.ContentionCell"));
    }

    @ParameterizedTest
    @MethodSource("perThreadClasses")
    void fieldsStayACacheLineFromBothEndsOfTheObject(Class<?> type) {
        ClassLayout layout = ClassLayout.parseClass(type);
        int written = 0;
        for (FieldLayout field : layout.fields()) {
            if (!field.classShortName().endsWith("Fields")) {
                continue;
            }
            written++;
            long after = layout.instanceSize() - (field.offset() + field.size());
            assertTrue(field.offset() >= CACHE_LINE && after >= CACHE_LINE, () -> field.classShortName() + "." + field.name()
                    + " at " + field.offset() + " of " + layout.instanceSize() + " bytes in " + type.getName()
                    + ": within a cache line of the object's ends\n" + layout.toPrintable());
        }
        assertTrue(written > 0, () -> type + " declares its written fields in no ...Fields class:\n" + layout.toPrintable());
    }

    @ParameterizedTest
    @MethodSource("paddedClasses")
    void fieldsOfDifferentGroupsNeverShareACacheLine(Class<?> type) {
        ClassLayout layout = ClassLayout.parseClass(type);
        List<FieldLayout> fields = new ArrayList<>();
        for (FieldLayout field : layout.fields()) {
            if (!field.classShortName().contains("Pad")) {
                fields.add(field);
            }
        }
        assertTrue(fields.size() >= 2, () -> type + " has fewer than two non-padding fields:\n" + layout.toPrintable());
        for (FieldLayout a : fields) {
            for (FieldLayout b : fields) {
                if (a.classShortName().equals(b.classShortName()) || a.offset() > b.offset()) {
                    continue;
                }
                long gap = b.offset() - (a.offset() + a.size());
                assertTrue(gap >= CACHE_LINE, () -> a.classShortName() + "." + a.name() + " at " + a.offset() + " and "
                        + b.classShortName() + "." + b.name() + " at " + b.offset() + " are only " + gap
                        + " bytes apart in " + type.getName());
            }
        }
    }
}
