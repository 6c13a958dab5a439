package io.ncclscope.parsers.topo;

import static io.ncclscope.parsers.topo.CellWords.isWord;
import static io.ncclscope.parsers.topo.MatrixHeader.isGpuName;
import static io.ncclscope.parsers.topo.MatrixHeader.mayBeHeader;
import static io.ncclscope.parsers.topo.TopoTokens.firstToken;
import static io.ncclscope.parsers.topo.TopoTokens.tokenize;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Warnings;
import java.io.IOException;
import java.io.Reader;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the output of {@code nvidia-smi topo -m} (also {@code topo -mp} and the {@code topo -p2p r|w|n|a|p}
 * matrices) into a {@link Topology}.
 *
 * <p>Layouts read: old ones with raw RDMA device columns ({@code mlx5_0}) and only a CPU Affinity column;
 * newer ones with NUMA Affinity, GPU NUMA ID, {@code NICk} columns and a NIC Legend; tab- or
 * space-separated; indented pastes; headers wrapped in ANSI underline escapes (also when the ESC byte
 * was lost and {@code [4m} remains); 1 to {@value #MAX_COLUMNS} columns. Glued cells are split:
 * path words by their vocabulary ({@code NODENODE}), affinity cells by the header's column layout
 * ({@code 0-45,92-1370} under {@code CPU Affinity} and {@code NUMA Affinity}). The trailing
 * {@code Legend:} block is not data; its {@code NIC Legend} names each NIC's device.
 * Stateless and thread-safe; each parse is read by a {@code TopoReader}.
 */
public final class TopoParser implements ToolParser<Topology> {

    /** Most device columns one matrix may have; a wider "header" is not a topo matrix. */
    public static final int MAX_COLUMNS = 256;
    /** Most matrices kept from one input. */
    public static final int MAX_MATRICES = 32;
    /** Most cells kept from one input over all matrices. */
    static final int MAX_CELLS = 1 << 18;

    private static final Pattern LITERAL_ESCAPE = Pattern.compile("(?:\\^\\[|\\\\x1[bB]|\\\\e|\\\\033|\\\\u001[bB])?\\[[0-9;]{0,8}m");

    @Override
    public Kind kind() {
        return Kind.TOPO;
    }

    // ---------------------------------------------------------------- sniff

    /**
     * 92 for a header with {@code GPU0} (and {@code NICk}/{@code mlx5_} columns) followed by a row whose
     * cells are topo words; 75 for a header and the topo legend ({@code X    = Self}); 55 for rows such as
     * {@code GPU0  X  NV18} without a header; 35 for a lone header; 0 otherwise.
     */
    @Override
    public int sniff(CharSequence head) {
        try {
            return sniffLines(head);
        } catch (RuntimeException e) {
            return 0;
        }
    }

    private static int sniffLines(CharSequence head) {
        String text = head.toString();
        boolean plain = text.indexOf('\u001b') < 0 && !HeadLines.headContainsAny(text, GPU_JOINS);
        if (plain && !HeadLines.headContains(text, "GPU")) return 0;
        int lines = 0;
        MatrixHeader header = null;
        boolean legendSelf = false;
        boolean rowLike = false;
        HeadLines raw = new HeadLines(text, 8192);
        while (lines < 4000 && raw.next()) {
            lines++;
            if (plain && cannotMatter(text, raw) || testsNothing(text, raw)) continue; // most lines of a paste: not copied
            String line = clean(stripEsc(raw.raw()));
            String t = line.strip();
            if (t.isEmpty()) continue;
            if (t.startsWith("X") && t.contains("= Self")) legendSelf = true;
            if (mayBeHeader(line)) {
                MatrixHeader h = MatrixHeader.read(tokenize(line));
                if (h != null) {
                    header = h;
                    continue;
                }
            }
            if (!isGpuName(firstToken(line))) continue;
            List<LineToken> toks = tokenize(line);
            if (toks.size() >= 2 && isWord(toks.get(1).text())) {
                if (header != null && header.index.containsKey(toks.get(0).text())) return 92;
                rowLike = true;
            }
        }
        if (header != null && legendSelf) return 75;
        if (rowLike) return 55;
        return header != null ? 35 : 0;
    }

    /**
     * The texts a head without ESC holds wherever removing a CR ({@link #stripEsc}) or a colour code ({@link #clean})
     * would join {@code G}, {@code P} and {@code U} into a {@code GPU} that the head does not hold: the char after a
     * kept {@code P} (or {@code GP}) is removed, so a removal starts there ({@code \r}, {@code [}, {@code ^} or
     * {@code \}), or the char before {@code P} is, so one ends there ({@code \r} or {@code m}).
     */
    private static final String[] GPU_JOINS = {
        "GP\r", "GP[", "GP^", "GP\\", "\rPU", "mPU",
        "\rP\r", "\rP[", "\rP^", "\rP\\", "mP\r", "mP[", "mP^", "mP\\"};

    /**
     * True when the current line of a head with no ESC and no {@link #GPU_JOINS} can change no answer of
     * {@link #sniffLines}: it starts with neither {@code X} nor a colour code (nor {@code ^} or {@code \}, which may
     * start one), so what clean leaves of it starts with no {@code X}, and no {@code GPU} in it is followed by a digit (a header's or a row's
     * {@code GPU0}) or by a char that stripEsc or clean may remove; stripEsc and clean make no other {@code GPU}.
     */
    private static boolean cannotMatter(String head, HeadLines line) {
        char c = line.first();
        if (c == 'X' || c == '^' || c == '\\' || c == '[' && colourCodeAt(head, line.from(), line.rawTo())) return false;
        if (!line.rawContains("GPU")) return true;
        int to = line.rawTo();
        for (int i = head.indexOf("GPU", line.rawFrom()); i >= 0 && i + 3 < to; i = head.indexOf("GPU", i + 3)) {
            char after = head.charAt(i + 3);
            if (Character.isDigit(after) || after == '\r' || after == '[' || after == '^' || after == '\\') return false;
        }
        return true;
    }

    /**
     * {@return true when {@code text} holds a colour code's core at {@code i} (a {@code [} there), ending before
     * {@code to}: up to 8 ASCII digits or semicolons, then {@code m}} The one test behind {@link #hasColourCode},
     * {@link #testsNothing} and {@link #cannotMatter}.
     */
    private static boolean colourCodeAt(String text, int i, int to) {
        int j = i + 1;
        while (j < to && j - i <= 8 && (Character.isDigit(text.charAt(j)) && text.charAt(j) < 128 || text.charAt(j) == ';')) j++;
        return j < to && text.charAt(j) == 'm';
    }

    /**
     * True when no test of {@link #sniffLines} can hold for the current line of {@code head}: it holds no ESC, CR or
     * colour code (so stripEsc and clean leave it as it is), no {@code GPU}, and starts with no {@code X} once stripped.
     */
    private static boolean testsNothing(String head, HeadLines line) {
        if (line.first() == 'X' || line.rawContains('\u001b') || line.rawContains('\r') || line.rawContains("GPU")) return false;
        if (!line.rawContains('[')) return true;
        int to = line.rawTo();
        for (int i = head.indexOf('[', line.rawFrom()); i >= 0 && i < to; i = head.indexOf('[', i + 1)) {
            if (colourCodeAt(head, i, to)) return false;
        }
        return true;
    }

    /** Strips ESC sequences the way LineSource does, for sniffing raw heads. */
    private static String stripEsc(String s) {
        if (s.indexOf('\u001b') < 0 && s.indexOf('\r') < 0) return s;
        StringBuilder sb = new StringBuilder(s.length());
        int esc = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (esc == 1) {
                esc = c == '[' ? 2 : 0;
                continue;
            }
            if (esc == 2) {
                if (c >= 0x40 && c <= 0x7e) esc = 0;
                continue;
            }
            if (c == 0x1b) {
                esc = 1;
                continue;
            }
            if (c == '\r') continue;
            sb.append(c);
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- parse

    @Override
    public ParseResult<Topology> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        TopoReader run = new TopoReader(w);
        LineSource src = LineSource.table(in, w, limits);
        String line;
        while ((line = src.next()) != null) {
            run.line(line, src.lineNumber());
        }
        return new ParseResult<>(Kind.TOPO, run.finish(), w.toList());
    }

    /** Removes ANSI escapes that lost their ESC byte ({@code [4m}, {@code ^[[0m}, {@code \x1b[4m}). */
    static String clean(String line) {
        if (!hasColourCode(line)) return line;
        return LITERAL_ESCAPE.matcher(line).replaceAll("");
    }

    /**
     * True when {@code line} has {@code [}, up to 8 digits or semicolons, then {@code m}: the part every match of
     * {@link #LITERAL_ESCAPE} contains (its prefix is optional), so without one the regex would change nothing. NCCL
     * log lines ({@code [0] NCCL INFO comm ...}) have brackets and an m but no colour code: they skip the regex.
     */
    private static boolean hasColourCode(String line) {
        for (int i = line.indexOf('['); i >= 0; i = line.indexOf('[', i + 1)) {
            if (colourCodeAt(line, i, line.length())) return true;
        }
        return false;
    }
}
