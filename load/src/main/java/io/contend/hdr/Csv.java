package io.contend.hdr;

import java.util.Locale;

/** CSV cells: RFC 4180 quoting, numbers with three decimals. */
final class Csv {
    private Csv() {
    }

    static String field(String text) {
        if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
            return text;
        }
        return '"' + text.replace("\"", "\"\"") + '"';
    }

    static String number(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
