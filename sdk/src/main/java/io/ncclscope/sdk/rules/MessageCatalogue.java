package io.ncclscope.sdk.rules;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The message catalogue: the messages NCCL, PyTorch c10d, nccl-tests and the NET plugins print that matter for
 * diagnosis, each mapped to a finding code, {@value #BENIGN} or {@value #CONTEXT}, read from {@code messages.tsv}
 * (this package's resources; its header says what each column holds and how to add a row).
 *
 * <p>{@link #match} takes a message's text after the log prefix ("NCCL WARN ", "NCCL INFO ", a PyTorch log prefix)
 * and returns the first row, in file order, whose regular expression finds it. The file puts the NCCL rows first, the
 * one with the most literal text first, so a general format cannot shadow a precise one; the other sources follow.
 * A row with the wrong column count or a classification that is neither a code of {@link RuleCatalog} nor benign nor
 * context stops the catalogue from loading; a row's regular expression is compiled when the row is first needed, and
 * an invalid one fails there ({@link #entries} compiles them all, and MessageCatalogueTest reads them). Thread-safe:
 * the rows never change, and a row's entry, built on first use, is published once.
 */
public final class MessageCatalogue {

    /** The classification of a message that means nothing is wrong. */
    public static final String BENIGN = "benign";
    /** The classification of a message that says what happened but names no finding by itself. */
    public static final String CONTEXT = "context";
    /** The resource holding the built-in catalogue. */
    static final String RESOURCE = "messages.tsv";

    private static final MessageCatalogue BUILT_IN = load(RESOURCE);

    /** Where the rows come from, for errors: the resource name. */
    private final String name;
    /** Per row, its eight cells as the file holds them. */
    private final String[][] cells;
    /** Per row, its line number in the file. */
    private final int[] lines;
    /**
     * Per row, the run of literal characters every match of its pattern contains ({@link RequiredLiteral}), or "".
     * A text without it is refused before the pattern runs: most lines hold none of a row's words, and a
     * {@code contains} costs far less than a matcher.
     */
    private final String[] requiredLiterals;
    /**
     * Per row, its entry with the compiled pattern, built the first time a text holds the row's literal (or
     * {@link #entries} asks for every row). A short command reads a handful of messages: compiling the 1,100 patterns
     * at load was a fifth of a one-log analyze (the JVM still interprets that code). One instance per row wins
     * ({@code compareAndSet}), so a row's entry is the same object for every caller.
     */
    private final AtomicReferenceArray<Entry> built;
    /**
     * Per bucket of {@link #pairBucket}, the rows whose required literal starts with a pair of characters hashed there,
     * ascending; null when none. A text can hold a row's literal only where it holds the literal's first two characters
     * side by side: {@link #candidates} reads the text's pairs once instead of looking for each of the 1,100 literals.
     */
    private final int[][] rowsByFirstPair;
    /** The rows whose required literal is shorter than two characters (none, mostly): candidates for every text. */
    private final int[] rowsOfEveryText;

    /** Buckets of the first-pair index: a power of two, several times the rows, so that few pairs share one. */
    private static final int PAIR_BUCKETS = 1 << 12;

    private MessageCatalogue(String name, List<String[]> cells, List<Integer> lines) {
        this.name = name;
        this.cells = cells.toArray(new String[0][]);
        this.lines = new int[this.cells.length];
        this.requiredLiterals = new String[this.cells.length];
        for (int row = 0; row < this.cells.length; row++) {
            this.lines[row] = lines.get(row);
            this.requiredLiterals[row] = RequiredLiteral.of(this.cells[row][2]);
        }
        this.built = new AtomicReferenceArray<>(this.cells.length);
        List<List<Integer>> byPair = new ArrayList<>(PAIR_BUCKETS);
        for (int b = 0; b < PAIR_BUCKETS; b++) byPair.add(null);
        List<Integer> everyText = new ArrayList<>();
        for (int row = 0; row < this.cells.length; row++) {
            String literal = requiredLiterals[row];
            if (literal.length() < 2) {
                everyText.add(row);
                continue;
            }
            int b = pairBucket(literal.charAt(0), literal.charAt(1));
            if (byPair.get(b) == null) byPair.set(b, new ArrayList<>());
            byPair.get(b).add(row);
        }
        this.rowsByFirstPair = new int[PAIR_BUCKETS][];
        for (int b = 0; b < PAIR_BUCKETS; b++) {
            if (byPair.get(b) != null) rowsByFirstPair[b] = byPair.get(b).stream().mapToInt(Integer::intValue).toArray();
        }
        this.rowsOfEveryText = everyText.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int pairBucket(char first, char second) {
        return (first * 31 + second) & (PAIR_BUCKETS - 1);
    }

    /**
     * The rows {@code text} may match, as set bits: every row whose literal's first two characters lie side by side in
     * the text (or whose literal is shorter). A superset of the rows {@link #finds} accepts; {@link #finds} still checks
     * the whole literal, so the rows matched, and their order, are those of a walk over every row.
     */
    private BitSet candidates(String text) {
        BitSet rows = new BitSet(cells.length);
        for (int row : rowsOfEveryText) rows.set(row);
        for (int i = 0; i + 1 < text.length(); i++) {
            int[] bucket = rowsByFirstPair[pairBucket(text.charAt(i), text.charAt(i + 1))];
            if (bucket != null) for (int row : bucket) rows.set(row);
        }
        return rows;
    }

    private boolean finds(int row, String text) {
        String literal = requiredLiterals[row];
        return (literal.isEmpty() || text.contains(literal)) && entry(row).pattern().matcher(text).find();
    }

    /** Row {@code row}'s entry, its pattern compiled on the first call. */
    private Entry entry(int row) {
        Entry entry = built.get(row);
        if (entry != null) return entry;
        String[] cell = cells[row];
        Pattern pattern;
        try {
            pattern = Pattern.compile(cell[2]);
        } catch (PatternSyntaxException e) {
            throw new IllegalStateException(name + ":" + lines[row] + ": invalid regular expression: " + e.getDescription(), e);
        }
        entry = new Entry(cell[0], cell[1], pattern, cell[3], cell[4], cell[5], cell[6], cell[7], lines[row]);
        return built.compareAndSet(row, null, entry) ? entry : built.get(row);
    }

    /**
     * The catalogue shipped with ncclscope.
     *
     * @return the catalogue read from {@value #RESOURCE}
     */
    public static MessageCatalogue builtIn() {
        return BUILT_IN;
    }

    /**
     * Every row, in file order. The first call compiles every row's pattern.
     *
     * @return the rows, unmodifiable
     * @throws IllegalStateException when a row's regular expression is invalid
     */
    public List<Entry> entries() {
        Entry[] all = new Entry[cells.length];
        for (int row = 0; row < all.length; row++) all[row] = entry(row);
        return List.of(all);
    }

    /**
     * The row a message belongs to: the first, in file order, whose regular expression finds it.
     *
     * @param message the message text after its log prefix ("NCCL WARN ", "NCCL INFO ", a PyTorch log prefix)
     * @return the first matching row, or empty when no row knows the message
     */
    public Optional<Entry> match(String message) {
        String text = message.strip();
        BitSet rows = candidates(text);
        for (int row = rows.nextSetBit(0); row >= 0; row = rows.nextSetBit(row + 1)) {
            if (finds(row, text)) {
                return Optional.of(entry(row));
            }
        }
        return Optional.empty();
    }

    /**
     * The row a message of a known NCCL release belongs to: among the rows whose regular expression finds it, the
     * first whose versions name that release; the first matching row when none does or the release is unknown. Two
     * releases can print one text with different meanings ('Attempt to use communicator before the previous operation
     * returned ncclSuccess' is a context line up to 2.16 and invalid usage from 2.17).
     *
     * @param message the message text after its log prefix
     * @param version the NCCL release that printed it ({@code 2.18.5}, {@code 2.18}); null when unknown
     * @return the matching row, or empty when no row knows the message
     */
    public Optional<Entry> match(String message, String version) {
        String minor = minor(version);
        if (minor == null) return match(message);
        String text = message.strip();
        Entry first = null;
        BitSet rows = candidates(text);
        for (int row = rows.nextSetBit(0); row >= 0; row = rows.nextSetBit(row + 1)) {
            if (!finds(row, text)) continue;
            Entry entry = entry(row);
            if (first == null) first = entry;
            if (!"nccl".equals(entry.source()) || entry.printedBy(minor)) return Optional.of(entry);
        }
        return Optional.ofNullable(first);
    }

    /** {@code 2.18} of {@code 2.18.5+cuda12.2}; null when the text is no NCCL 2.x release. */
    private static String minor(String version) {
        if (version == null) return null;
        java.util.regex.Matcher m = MINOR.matcher(version);
        return m.find() ? m.group(1) : null;
    }

    private static final Pattern MINOR = Pattern.compile("^(2\\.\\d+)");

    /**
     * One catalogue row.
     *
     * @param source         who prints it: nccl, pytorch, nccl-tests, aws-ofi-nccl, libfabric, nccl-rdma-sharp-plugins
     * @param format         the printf format string in its source
     * @param pattern        the regular expression recognising the message text
     * @param classification a finding code, {@value #BENIGN} or {@value #CONTEXT}
     * @param versions       the releases whose source prints it
     * @param file           the source file(s) that print it
     * @param result         the ncclResult_t the source returns with it (empty where it shows none)
     * @param note           the log level for NCCL rows and why the classification, where not obvious
     * @param line           the row's line number in its file
     */
    public record Entry(String source, String format, Pattern pattern, String classification, String versions,
                        String file, String result, String note, int line) {
        /**
         * Whether the classification names a finding code.
         *
         * @return true unless the classification is {@value #BENIGN} or {@value #CONTEXT}
         */
        public boolean isFinding() {
            return !BENIGN.equals(classification) && !CONTEXT.equals(classification);
        }

        /**
         * Whether the row's versions name an NCCL minor release ({@code 2.4-2.12,2.15} names 2.4 to 2.12 and 2.15).
         *
         * @param minor the release, {@code 2.18}
         * @return true when one of the row's ranges holds it
         */
        public boolean printedBy(String minor) {
            int want = minorNumber(minor);
            if (want < 0) return false;
            for (String range : versions.split(",")) {
                String[] ends = range.strip().split("-");
                int low = minorNumber(ends[0]);
                int high = ends.length > 1 ? minorNumber(ends[1]) : low;
                if (low >= 0 && high >= 0 && want >= low && want <= high) return true;
            }
            return false;
        }

        private static int minorNumber(String version) {
            String v = version.strip();
            if (!v.startsWith("2.")) return -1;
            try {
                return Integer.parseInt(v.substring(2));
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }

    static MessageCatalogue load(String resource) {
        byte[] content;
        try (InputStream in = MessageCatalogue.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("message catalogue " + resource + " is missing");
            }
            content = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read message catalogue " + resource, e);
        }
        // One decoding of the whole file and a split at its line ends (\n or \r\n): a BufferedReader's line loop
        // was a tenth of the catalogue's load in a short command, where the JVM still interprets it.
        String text = new String(content, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>();
        for (int start = 0; start < text.length(); ) {
            int end = text.indexOf('\n', start);
            if (end < 0) end = text.length();
            int next = end + 1;
            if (end > start && text.charAt(end - 1) == '\r') end--;
            lines.add(text.substring(start, end));
            start = next;
        }
        return parse(lines, resource);
    }

    /**
     * The catalogue of {@code lines}, a file's lines: the column count and the classification of every row are
     * checked here, each row's regular expression when the row is first needed ({@link #entries} checks them all).
     */
    static MessageCatalogue parse(List<String> lines, String name) {
        List<String[]> rows = new ArrayList<>();
        List<Integer> lineNumbers = new ArrayList<>();
        boolean header = false;
        for (int index = 0; index < lines.size(); index++) {
            String line = lines.get(index);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (!header) {
                header = true;
                continue;
            }
            rows.add(row(line.split("\t", -1), name, index + 1));
            lineNumbers.add(index + 1);
        }
        return new MessageCatalogue(name, rows, lineNumbers);
    }

    private static String[] row(String[] cells, String name, int line) {
        String where = name + ":" + line;
        if (cells.length != 8) {
            throw new IllegalStateException(where + ": " + cells.length + " columns, 8 expected");
        }
        String classification = cells[3];
        // The name alone: reading each code's catalogue entry here was a fifth of the catalogue's load.
        if (!BENIGN.equals(classification) && !CONTEXT.equals(classification) && !RuleCatalog.isCode(classification)) {
            throw new IllegalStateException(where + ": classification " + classification
                    + " is neither benign, context nor a code of the finding-code catalogue");
        }
        return cells;
    }
}
