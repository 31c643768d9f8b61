package io.contend.bench.interleave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class MainArgsTest {
    @Test
    void argumentsKeepTheirOrderAndTheTextAfterTheFirstEquals() {
        MainArgs a = MainArgs.parse("T", "give x=", new String[] {"b=2", "a=x=y", "n=-3"});

        assertEquals(List.of("b", "a", "n"), List.copyOf(a.all().keySet()));
        assertEquals("x=y", a.required("a"));
        assertEquals(-3, a.integer("n", -5, 5));
        assertNull(a.optional("missing"));
        assertThrows(UnsupportedOperationException.class, () -> a.all().put("c", "1"));
    }
}
