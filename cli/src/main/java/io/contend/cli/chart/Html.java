package io.contend.cli.chart;

/** HTML text escaping, for element content and quoted attribute values alike. */
public final class Html {
    private Html() {
    }

    /**
     * @param text any text, or null
     * @return the text with {@code & < > " '} escaped; "" for null
     */
    public static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
