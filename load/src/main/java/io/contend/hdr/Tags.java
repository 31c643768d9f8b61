package io.contend.hdr;

/** How tags are shown and turned into file names. */
public final class Tags {
    /** Label of untagged intervals in tables, legends and file names. */
    public static final String UNTAGGED = "untagged";

    private Tags() {
    }

    /**
     * @param tag a tag, or null
     * @return the tag, or {@value #UNTAGGED} for null
     */
    public static String label(String tag) {
        return tag == null ? UNTAGGED : tag;
    }

    /**
     * @param tag a tag, or null
     * @return the label with every character other than ASCII letters, digits, '.', '_' and '-' replaced by
     *         '_' ("_" for an empty tag): safe inside a file name on every platform (it is never a whole name)
     */
    public static String fileSafe(String tag) {
        String label = label(tag);
        StringBuilder out = new StringBuilder(label.length());
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            boolean safe = c < 128 && (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-');
            out.append(safe ? c : '_');
        }
        return out.isEmpty() ? "_" : out.toString();
    }
}
