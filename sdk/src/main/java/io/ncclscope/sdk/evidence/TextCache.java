package io.ncclscope.sdk.evidence;

import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.TextDecoding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines of the files that findings quote, read on demand and held for the few files being quoted now:
 * the least recently quoted files go first once the held lines pass a character budget. One cache serves all
 * the artifacts of one {@link Evidence}, so quoting thousands of nodes' files holds a bounded amount of text
 * (a cache per artifact, even a soft one, kept every quoted file until the heap filled up). Thread-safe.
 */
final class TextCache {

    /**
     * Characters of file text held by default (2 Mi characters, about 4 MiB of heap as lines): far more than one
     * node's files (our H200 capture is 95 KB a node), so the quotes a pass makes of the node it is reading hit the
     * cache; the text of nodes read earlier goes, which keeps a streamed analysis of a thousand nodes flat.
     */
    static final long DEFAULT_BUDGET_CHARS = 2L << 20;

    private final long budget;
    private long held;
    private final LinkedHashMap<Path, List<String>> files = new LinkedHashMap<>(64, 0.75f, true);
    private final Map<Path, Long> sizes = new LinkedHashMap<>();

    TextCache(long budgetChars) {
        this.budget = budgetChars;
    }

    /** The lines of {@code file}, exactly as the parser saw them; empty when it can no longer be read. */
    List<String> lines(Path file) {
        synchronized (this) {
            List<String> cached = files.get(file);
            if (cached != null) return cached;
        }
        List<String> read;
        long chars;
        try {
            String text = TextDecoding.decode(Files.readAllBytes(file), null);
            chars = text.length();
            read = List.copyOf(Parsers.lines(text));
        } catch (IOException e) {
            return List.of();
        }
        synchronized (this) {
            if (files.put(file, read) == null) {
                held += chars;
                sizes.put(file, chars);
            }
            // Oldest first; the file just read stays even when it alone passes the budget.
            Iterator<Map.Entry<Path, List<String>>> it = files.entrySet().iterator();
            while (held > budget && it.hasNext()) {
                Path p = it.next().getKey();
                if (p.equals(file)) continue;
                it.remove();
                held -= sizes.remove(p);
            }
        }
        return read;
    }

    /** Files held now (for tests). */
    synchronized int size() {
        return files.size();
    }

    /** Characters held now (for tests). */
    synchronized long held() {
        return held;
    }
}
