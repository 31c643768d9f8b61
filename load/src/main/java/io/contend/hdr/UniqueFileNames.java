package io.contend.hdr;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Names for the files one command writes, unique among themselves even on a case-insensitive file system: tags
 * such as {@code x/y}, {@code x_y} and {@code X:Y} turn into the same safe name, and the second and later get
 * "-2", "-3" ... before the extension, in the order they are asked for. Not thread-safe.
 */
public final class UniqueFileNames {
    private final Set<String> taken = new HashSet<>();

    /**
     * @param base the name without its extension, e.g. {@code run.x_y}
     * @param extension what follows, e.g. {@code .hlog} or {@code .over-time.svg}
     * @return {@code base + extension}, or {@code base-N + extension} with the smallest N from 2 that no earlier
     *         name took (compared ignoring case)
     */
    public String next(String base, String extension) {
        String candidate = base + extension;
        for (int n = 2; !taken.add(candidate.toLowerCase(Locale.ROOT)); n++) {
            candidate = base + "-" + n + extension;
        }
        return candidate;
    }
}
