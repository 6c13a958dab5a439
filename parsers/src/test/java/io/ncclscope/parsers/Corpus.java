package io.ncclscope.parsers;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ncclscope.parsers.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The real-world corpus in {@code ../shared/corpus}: its location comes from the system property
 * {@code ncclscope.corpus} (set by the build) or the environment variable {@code NCCLSCOPE_CORPUS}.
 * Tests that need it call {@link #assumePresent()} and skip cleanly where it is absent.
 * The corpus's public-source files are read in place and never copied into the project.
 *
 * <p>{@link #entries()} is the development corpus; {@link #moreEntries()} the further outputs of
 * {@code ../shared/corpus-more} (system property {@code ncclscope.corpus.more}, environment variable
 * {@code NCCLSCOPE_CORPUS_MORE}, else the folder beside the corpus), and {@link #allEntries()} both.
 */
public final class Corpus {

    private Corpus() {
    }

    /**
     * One manifest row.
     *
     * @param file the file, relative to {@code base}
     * @param base the corpus folder that holds it: {@link #root()} or {@link #moreRoot()}
     */
    public record Entry(String file, String kind, String hardware, String facts, String flags, String confidence, Path base) {
        /** A row of the development corpus. */
        public Entry(String file, String kind, String hardware, String facts, String flags, String confidence) {
            this(file, kind, hardware, facts, flags, confidence, root());
        }

        /** The file's absolute path. */
        public Path path() {
            return base.resolve(file);
        }

        /** The file relative to the development corpus, for {@code corpus-more} prefixed with {@code corpus-more/}. */
        public String name() {
            return base.equals(root()) ? file : base.getFileName() + "/" + file;
        }

        /** The file's text, decoded as UTF-8 (malformed bytes replaced). */
        public String text() {
            try {
                return new String(Files.readAllBytes(path()), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public String toString() {
            return name();
        }
    }

    /** The corpus root; may not exist. */
    public static Path root() {
        String p = System.getProperty("ncclscope.corpus");
        if (p == null || p.isBlank()) p = System.getenv("NCCLSCOPE_CORPUS");
        if (p == null || p.isBlank()) p = "../../shared/corpus";
        return Path.of(p).toAbsolutePath().normalize();
    }

    /** The {@code corpus-more} root; may not exist. */
    public static Path moreRoot() {
        String p = System.getProperty("ncclscope.corpus.more");
        if (p == null || p.isBlank()) p = System.getenv("NCCLSCOPE_CORPUS_MORE");
        if (p == null || p.isBlank()) return root().resolveSibling("corpus-more");
        return Path.of(p).toAbsolutePath().normalize();
    }

    /** True when the corpus folder and its manifests are there. */
    public static boolean present() {
        return Files.isDirectory(root()) && Files.exists(root().resolve("manifest-hw.jsonl"));
    }

    /** Skips the calling test when the corpus is absent. */
    public static void assumePresent() {
        assumeTrue(present(), "corpus not found at " + root() + " (set -Dncclscope.corpus)");
    }

    /** Every manifest row of the development corpus; empty when the corpus is absent. */
    public static List<Entry> entries() {
        return present() ? read(root(), "manifest-.*\\.jsonl") : List.of();
    }

    /** Every manifest row of {@code corpus-more}; empty when it is absent. */
    public static List<Entry> moreEntries() {
        return Files.exists(moreRoot().resolve("manifest.jsonl")) ? read(moreRoot(), "manifest\\.jsonl") : List.of();
    }

    /** Every manifest row of the development corpus, then of {@code corpus-more}. */
    public static List<Entry> allEntries() {
        List<Entry> out = new ArrayList<>(entries());
        out.addAll(moreEntries());
        return out;
    }

    private static List<Entry> read(Path base, String manifestNames) {
        List<Entry> out = new ArrayList<>();
        try (Stream<Path> files = Files.list(base)) {
            for (Path m : files.filter(f -> f.getFileName().toString().matches(manifestNames)).sorted().toList()) {
                for (String line : Files.readAllLines(m, StandardCharsets.UTF_8)) {
                    if (line.isBlank()) continue;
                    @SuppressWarnings("unchecked")
                    Map<String, Object> row = (Map<String, Object>) Json.parse(line);
                    Object g = row.get("ground_truth");
                    // Most rows hold {facts, flags, confidence}; some hold one sentence of conclusions.
                    if (g instanceof Map<?, ?> gt) {
                        out.add(new Entry((String) row.get("file"), (String) row.get("kind"), str(row.get("hardware")),
                                str(gt.get("facts")), str(gt.get("flags")), str(gt.get("confidence")), base));
                    } else {
                        out.add(new Entry((String) row.get("file"), (String) row.get("kind"), str(row.get("hardware")),
                                str(g), "", "", base));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** Manifest rows of one manifest kind (for example {@code "topo"} or {@code "lspci"}). */
    public static List<Entry> entries(String manifestKind) {
        return entries().stream().filter(e -> e.kind().equals(manifestKind)).toList();
    }

    /** The row for one file, relative to the corpus root, for example {@code "topo/foo.txt"}. */
    public static Entry entry(String file) {
        return entries().stream().filter(e -> e.file().equals(file)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no manifest row for " + file));
    }

    /** Reads a corpus file, skipping the test when the corpus is absent. */
    public static String read(String file) {
        assumePresent();
        return entry(file).text();
    }

    private static String str(Object o) {
        return o == null ? "" : o.toString();
    }
}
