package io.ncclscope.benchmarks;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Builds large NCCL logs out of the real lines of the corpus {@code nccl-logs/} folder, so that benchmarks read what
 * parsers meet in the wild (every line form, launcher noise, tracebacks, a tqdm bar) rather than synthetic text.
 *
 * <p>Each corpus file is replayed as if it came from another node: the host of every {@code host:pid:tid [dev]}
 * prefix gets a node suffix, pids and tids are shifted, and the ranks of init and channel lines are offset, so the
 * output is not one block repeated verbatim (a parser cannot cache its way through it, and its de-duplication and
 * caps are exercised). Regular expressions run once per corpus line, when the templates are built, never per
 * generated line. Deterministic: the same corpus and size give the same bytes.
 */
public final class NcclLogGenerator {

    /** How many node identities each corpus file is replayed under before they repeat. */
    public static final int NODES = 64;

    private static final Pattern HEADER = Pattern.compile("([A-Za-z0-9][A-Za-z0-9._-]*):(\\d{1,9}):(\\d{1,9})( \\[\\d+\\])");
    private static final Pattern RANKS = Pattern.compile("(?<= : )(\\d{1,6})(\\[[0-9a-fA-F]+\\]( \\[(?:send|receive)\\])? -> )(\\d{1,6})(?=\\[)");
    private static final Pattern RANK = Pattern.compile("(?<= rank )(\\d{1,6})(?= nranks )");

    private final List<List<Template>> files;
    private final int templateLines;

    private NcclLogGenerator(List<List<Template>> files) {
        this.files = files;
        this.templateLines = files.stream().mapToInt(List::size).sum();
    }

    /** Reads every {@code *.txt} of {@code corpusRoot/nccl-logs} (sorted by name), skipping {@code # [cut]} markers. */
    public static NcclLogGenerator fromCorpus(Path corpusRoot) throws IOException {
        Path dir = corpusRoot.resolve("nccl-logs");
        if (!Files.isDirectory(dir)) throw new IOException("no nccl-logs folder in " + corpusRoot.toAbsolutePath());
        List<List<Template>> files = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".txt")).sorted().toList()) {
                List<Template> t = new ArrayList<>();
                for (String line : new String(Files.readAllBytes(p), StandardCharsets.UTF_8).split("\r?\n")) {
                    if (line.startsWith("# [cut]")) continue;
                    t.add(Template.of(line));
                }
                if (!t.isEmpty()) files.add(t);
            }
        }
        if (files.isEmpty()) throw new IOException("no corpus lines in " + dir.toAbsolutePath());
        return new NcclLogGenerator(files);
    }

    /** Corpus files used. */
    public int files() {
        return files.size();
    }

    /** Corpus lines used as templates. */
    public int templateLines() {
        return templateLines;
    }

    /** Writes at least {@code bytes} bytes (whole lines, UTF-8) to {@code out}; returns the lines written. */
    public long write(Path out, long bytes) throws IOException {
        try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(out), StandardCharsets.UTF_8), 1 << 20)) {
            return write(w, bytes);
        }
    }

    /** Writes at least {@code chars} characters of whole lines to {@code w}; returns the lines written. */
    public long write(Appendable w, long chars) throws IOException {
        StringBuilder sb = new StringBuilder(512);
        long written = 0;
        long lines = 0;
        for (long round = 0; written < chars; round++) {
            int node = (int) (round % NODES);
            for (List<Template> file : files) {
                for (Template t : file) {
                    sb.setLength(0);
                    t.render(sb, node);
                    sb.append('\n');
                    w.append(sb);
                    written += sb.length();
                    lines++;
                }
                if (written >= chars) break;
            }
        }
        return lines;
    }

    /** A generated log of about {@code chars} characters, in memory (for JMH). */
    public String generate(int chars) {
        StringBuilder sb = new StringBuilder(chars + 4096);
        try {
            write(sb, chars);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringBuilder does not fail
        }
        return sb.toString();
    }

    /** A corpus line cut into literal parts and the fields that change per node. */
    private record Template(List<Object> parts) {

        /** A field to re-render: host (base + node suffix), a number shifted per node. */
        private record Field(char what, String base, long value) {
        }

        static Template of(String line) {
            List<int[]> spans = new ArrayList<>(); // start, end, kind, group
            List<Field> fields = new ArrayList<>();
            Matcher m = HEADER.matcher(line);
            if (m.find()) {
                add(spans, fields, m.start(1), m.end(1), new Field('h', m.group(1), 0));
                add(spans, fields, m.start(2), m.end(2), new Field('p', null, Long.parseLong(m.group(2))));
                add(spans, fields, m.start(3), m.end(3), new Field('p', null, Long.parseLong(m.group(3))));
            }
            m = RANKS.matcher(line);
            if (m.find()) {
                add(spans, fields, m.start(1), m.end(1), new Field('r', null, Long.parseLong(m.group(1))));
                add(spans, fields, m.start(4), m.end(4), new Field('r', null, Long.parseLong(m.group(4))));
            }
            m = RANK.matcher(line);
            if (m.find()) add(spans, fields, m.start(1), m.end(1), new Field('r', null, Long.parseLong(m.group(1))));
            List<Object> parts = new ArrayList<>();
            int pos = 0;
            for (int i = 0; i < spans.size(); i++) {
                int[] sp = spans.get(i);
                if (sp[0] < pos) continue; // overlapping matches: keep the first
                parts.add(line.substring(pos, sp[0]));
                parts.add(fields.get(i));
                pos = sp[1];
            }
            parts.add(line.substring(pos));
            return new Template(parts);
        }

        private static void add(List<int[]> spans, List<Field> fields, int start, int end, Field f) {
            int i = 0;
            while (i < spans.size() && spans.get(i)[0] < start) i++;
            spans.add(i, new int[] {start, end});
            fields.add(i, f);
        }

        void render(StringBuilder sb, int node) {
            for (Object o : parts) {
                if (o instanceof String s) {
                    sb.append(s);
                } else {
                    Field f = (Field) o;
                    switch (f.what()) {
                        case 'h' -> sb.append(f.base()).append("-n").append(node);
                        case 'p' -> sb.append(f.value() + node * 7919L);
                        default -> sb.append(f.value() + node * 8L);
                    }
                }
            }
        }
    }
}
