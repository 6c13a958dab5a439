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
 * (a cache per artifact, even a soft one, kept every quoted file until the heap filled up). A small file's text, read
 * once to be parsed, is {@linkplain #offer offered} as it is read, as the lines its parse cut or as text cut into lines
 * when first quoted: the findings of a node are made right after its files are parsed, and quote them without reading
 * them again. Thread-safe.
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
    /** Each file's lines, or its whole text ({@link #offer}) until first quoted. */
    private final LinkedHashMap<Path, Object> files = new LinkedHashMap<>(64, 0.75f, true);
    private final Map<Path, Long> sizes = new LinkedHashMap<>();

    TextCache(long budgetChars) {
        this.budget = budgetChars;
    }

    /** The lines of {@code file}, exactly as the parser saw them; empty when it can no longer be read. */
    @SuppressWarnings("unchecked")
    List<String> lines(Path file) {
        Object cached;
        synchronized (this) {
            cached = files.get(file);
        }
        if (cached instanceof List<?> lines) return (List<String>) lines;
        String text;
        if (cached instanceof String offered) {
            text = offered;
        } else {
            try {
                text = TextDecoding.decode(Files.readAllBytes(file), null);
            } catch (IOException e) {
                return List.of();
            }
        }
        List<String> read = List.copyOf(Parsers.lines(text));
        put(file, read, text.length());
        return read;
    }

    /**
     * Holds {@code text}, the whole text of {@code file} as its parser read it, for its lines to be quoted; the files
     * quoted longest ago go first, as for files read to be quoted.
     */
    void offer(Path file, String text) {
        put(file, text, text.length());
    }

    /**
     * Holds {@code lines}, the lines of {@code file} as {@link Parsers#lines(String)} cuts its text of {@code chars}
     * characters, already cut for its parse: quoting them cuts nothing again. They count as that text does.
     */
    void offer(Path file, List<String> lines, int chars) {
        put(file, lines, chars);
    }

    private synchronized void put(Path file, Object text, long chars) {
        Long before = sizes.put(file, chars);
        files.put(file, text);
        held += chars - (before == null ? 0 : before);
        // Oldest first; the file just put stays even when it alone passes the budget.
        Iterator<Map.Entry<Path, Object>> it = files.entrySet().iterator();
        while (held > budget && it.hasNext()) {
            Path p = it.next().getKey();
            if (p.equals(file)) continue;
            it.remove();
            held -= sizes.remove(p);
        }
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
