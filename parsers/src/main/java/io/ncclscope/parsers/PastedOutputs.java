package io.ncclscope.parsers;

import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.StringText;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.internal.Whitespace;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The outputs of several tools pasted into one text, as issue threads hold them ({@code nvidia-smi topo -m}, then
 * {@code ibstat}, then the job's NCCL log, then an nccl-tests table): where each tool's output starts, and which kind
 * each part is. A text of one tool's output is one section, read as {@link Parsers#parse(String)} reads it.
 *
 * <p>A part starts at a shell prompt that runs a known tool ({@code $ nvidia-smi topo -m}, {@code # ibstat},
 * {@code root@node1:~# ibv_devinfo}, {@code [user@host dir]$ ./build/all_reduce_perf ...}) or at a line that only
 * begins a tool's output ({@code ==============NVSMI LOG==============}, the {@code GPU0 ... CPU Affinity} header of
 * a topology matrix, ibstat's {@code CA 'mlx5_0'}, nccl-tests' {@code # nThread}, the first NCCL log line after
 * another tool's output). Each part's kind is detected from its own first lines; a part of no known kind (prose, a
 * prompt of no output) belongs to the part before it (to the next one at the start), and neighbours of one kind are
 * one section. NCCL log lines and nccl-tests lines are one family: nccl-tests prints NCCL's lines inside its table,
 * so only a prompt parts them.
 *
 * <p>{@link #parse} reads each kind once: the text with every line of the other kinds' sections left blank, so that
 * every fact keeps its line number in the whole text (a finding quotes the pasted file's own line) and an NCCL log
 * cut by a pasted table is still one log. Memory is bounded: the scan keeps at most {@link #SECTION_HEAD_CHARS} of
 * each of at most {@link #MAX_PARTS} parts (more parts: the text is read as one output), and the parse streams.
 */
public final class PastedOutputs {

    /** Characters of a part that its kind is detected from. */
    public static final int SECTION_HEAD_CHARS = 32 * 1024;

    /** Most parts a text is cut into; a text with more boundaries is read as one output. */
    public static final int MAX_PARTS = 256;

    /** Commands that start jobs printing NCCL or nccl-tests lines: their output belongs to the NCCL family. */
    private static final Set<String> JOB_COMMANDS = Set.of("mpirun", "mpiexec", "srun", "torchrun", "python", "python3",
            "deepspeed", "horovodrun", "accelerate");

    /** The family of a part read as no known kind until a header inside it names its output. */
    private static final String UNKNOWN_FAMILY = "";

    /** A zsh prompt: {@code user@host dir % command}; bounded, no nested quantifiers. */
    private static final java.util.regex.Pattern ZSH_PROMPT =
            java.util.regex.Pattern.compile("^[\\w.-]{1,64}@[\\w.-]{1,64}(?:\\s[^\\s%]{1,200})?\\s%\\s(.*)$");

    /** The commands that start a part even with no prompt before them: names that begin no sentence. */
    private static final Set<String> UNPROMPTED = Set.of("nvidia-smi", "ibstat", "ibstatus", "ibv_devinfo", "lspci", "ethtool",
            "numactl", "lscpu", "ifconfig", "ibdev2netdev", "show_gids", "dmesg", "nvbandwidth", "ncclras", "mpirun", "mpiexec",
            "srun", "torchrun");

    /** The commands whose prompt starts a part, with the kind they print (null: the kind is read from the output). */
    private static final Map<String, Kind> COMMANDS = commands();

    private PastedOutputs() {
    }

    /**
     * One tool's output within a pasted text.
     *
     * @param firstLine its first line, 1-based, in the whole text
     * @param lastLine  its last line, inclusive
     * @param kind      its kind; {@link Kind#UNKNOWN} only when no part of the text is a known output
     */
    public record Section(int firstLine, int lastLine, Kind kind) {
    }

    /**
     * {@return the sections of {@code text}, in order, covering every line; one section when it is one tool's output,
     * none when it is empty}
     *
     * @param text a whole input
     */
    public static List<Section> sections(String text) {
        try {
            return sections(new StringText(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a text in memory does not fail
        }
    }

    /**
     * {@return the sections of the text read from {@code in}, as {@link #sections(String)} gives them} The text streams
     * through: at most {@link #SECTION_HEAD_CHARS} of each part are kept. A text of more than {@link #MAX_PARTS} parts
     * is one section, of the kind of its first known part.
     *
     * @param in the text; not closed
     * @throws IOException when reading fails
     */
    public static List<Section> sections(Reader in) throws IOException {
        return scan(in, true);
    }

    /**
     * The sections of a text of two parts or more; empty, or one section, when the text is one tool's output. Its last
     * part's kind is not detected when no part before it is of a known kind (they all join it), nor any kind in a text
     * of one part: a paste of one tool, the most common input, costs the line scan only.
     */
    static List<Section> ofPaste(Reader in) throws IOException {
        return scan(in, false);
    }

    private static List<Section> scan(Reader in, boolean kindOfOne) throws IOException {
        LineSource src = new LineSource(in, new Warnings(1), Long.MAX_VALUE, Integer.MAX_VALUE);
        List<Part> parts = new ArrayList<>();
        Part current = null;
        byte[] bytes = src.latin1Text();
        String line;
        while ((line = src.next()) != null) {
            int n = src.lineNumber();
            Part start = boundary(line, n, current, bytes, src.verbatimStart());
            if (start != null && (current == null || n > current.first)) {
                if (current != null) parts.add(current.closed(n - 1));
                current = start;
                if (parts.size() >= MAX_PARTS) {
                    return kindOfOne ? List.of(new Section(1, lastLine(src), joined(parts).get(0).kind())) : List.of();
                }
            } else if (current == null) {
                current = new Part(n, null, null);
            }
            current.add(line);
        }
        if (current == null) return List.of();
        // Parts of no known kind join the last one: whatever its kind, the text is one section.
        if (!kindOfOne && parts.stream().allMatch(p -> p.kind == Kind.UNKNOWN)) return List.of();
        parts.add(current.closed(src.lineNumber()));
        return joined(parts);
    }

    private static int lastLine(LineSource src) throws IOException {
        while (src.next() != null) {
            // read to the end for the count only
        }
        return src.lineNumber();
    }

    /**
     * {@return one parse per kind of {@code sections}, in the order the kinds first appear: the text with the lines of
     * every other kind's sections blank, so each fact keeps its line number in the whole text}
     *
     * @param text     opens the whole text again, once per kind
     * @param sections the text's sections, from {@link #sections(Reader)}
     * @param limits   the bounds of each parse
     * @throws IOException when reading fails
     */
    public static List<ParseResult<?>> parse(TextOpener text, List<Section> sections, ParseLimits limits) throws IOException {
        Map<Kind, List<Section>> byKind = new LinkedHashMap<>();
        for (Section s : sections) byKind.computeIfAbsent(s.kind(), k -> new ArrayList<>()).add(s);
        List<ParseResult<?>> out = new ArrayList<>(byKind.size());
        for (Map.Entry<Kind, List<Section>> e : byKind.entrySet()) {
            try (Reader in = text.open()) {
                Reader kept = new KeptLines(new LineSource(in, new Warnings(1), Long.MAX_VALUE, Integer.MAX_VALUE), e.getValue());
                out.add(Parsers.parse(kept, e.getKey() == Kind.UNKNOWN ? null : e.getKey(), limits));
            }
        }
        return out;
    }

    /** Opens a text from its start, each time it is called. */
    @FunctionalInterface
    public interface TextOpener {
        /**
         * {@return a reader of the whole text, from its first character; the caller closes it}
         *
         * @throws IOException when it cannot be opened
         */
        Reader open() throws IOException;
    }

    /**
     * A part being read: where it starts, the kind its prompt names, its family and its first lines. The lines are kept
     * as read and joined only when the part's kind is detected: a paste of one tool, the common case, never is.
     */
    private static final class Part {
        final int first;
        Kind hint;
        String family;
        int last;
        Kind kind;
        final List<String> headLines = new ArrayList<>();
        int headChars;

        Part(int first, Kind hint, String family) {
            this.first = first;
            this.hint = hint;
            this.family = family;
        }

        void add(String line) {
            if (headChars < SECTION_HEAD_CHARS) {
                headLines.add(line);
                headChars += line.length() + 1;
            }
        }

        /** The first lines, each ended by a line feed, while they were fewer than {@link #SECTION_HEAD_CHARS}. */
        String head() {
            StringBuilder sb = new StringBuilder(headChars);
            for (String line : headLines) sb.append(line).append('\n');
            return sb.toString();
        }

        Part closed(int lastLine) {
            last = lastLine;
            Detection d = Parsers.detect(head());
            kind = d.kind();
            if (kind == Kind.UNKNOWN && hint != null && d.scores().stream().anyMatch(s -> s.kind() == hint)) kind = hint;
            headLines.clear();
            return this;
        }
    }

    /**
     * The part that {@code line} starts, or null when it continues the current one. {@code at} is where the line lies
     * verbatim in {@code bytes} (the text's {@link LineSource#latin1Text()}), or -1: a byte array is read many times
     * faster than the String's characters under C1, which the CLI runs with, and this runs on every line of every file.
     */
    private static Part boundary(String line, int n, Part current, byte[] bytes, int at) {
        String t = line.strip();
        if (t.isEmpty()) return null;
        // The characters the tests below need, found in one pass: most lines hold none of them, and each test would
        // otherwise read the line again (Paste.afterPrompt needs a '$' or a '#', a zsh prompt a '%').
        int from = at < 0 ? -1 : t == line ? at : at + leadingSpace(line, bytes, at);
        int marks = from < 0 ? marks(t) : marks(bytes, from, from + t.length());
        String command;
        if ((marks & PROMPT_MARKS) == 0) command = null;
        else if (from >= 0 && (marks & ODD) == 0 && t.length() <= 400 && (t.charAt(0) == '#' || t.charAt(0) == '$')) {
            command = afterBarePrompt(t); // nccl-tests' "# ..." lines, the most common prompt-marked lines, with no regex
        } else {
            command = Paste.afterPrompt(t.startsWith("(") ? withoutEnvName(t) : t);
        }
        // A prompt whose user@host the paster cut off: ":~/nccl-tests$ ./build/all_reduce_perf" (nccl-tests issue 217).
        if (command == null && (marks & PROMPT_MARKS) != 0 && (t.startsWith(":~") || t.startsWith(":/"))) {
            command = Paste.afterPrompt("user@host" + t);
        }
        if (command == null && (marks & PERCENT) != 0 && t.indexOf(" % ") > 0) {
            java.util.regex.Matcher zsh = ZSH_PROMPT.matcher(t); // "zeyer@cn-234 ~ % nvidia-smi" (corpus-more dmesg/returnn-1486-1)
            if (zsh.matches()) command = zsh.group(1);
        }
        String tool = command == null ? null : toolName(command);
        if (tool == null && command == null && t.length() < 400 && (from < 0 ? mayBeCommand(t) : mayBeCommand(t, bytes, from))) {
            // A command echoed with no prompt ("nvidia-smi topo -m", "NCCL_DEBUG=INFO ./all_reduce_perf -g 8"), only
            // for the names no sentence starts with (corpus-more topo/deepep-137-1, nccl-logs/nccl-tests-324-1).
            tool = toolName(t);
            if (tool != null && !UNPROMPTED.contains(tool) && !tool.endsWith("_perf")) tool = null;
            command = t;
        }
        if (tool != null) {
            Kind hint = COMMANDS.get(tool);
            if (tool.equals("nvidia-smi")) hint = command.contains(" topo") ? Kind.TOPO : Kind.NVIDIA_SMI_Q;
            String family = hint == null ? (JOB_COMMANDS.contains(tool) || tool.endsWith("_perf") ? "nccl" : null) : family(hint);
            return new Part(n, hint, family);
        }
        Kind header = header(t, line, marks);
        if (header == null) return null;
        String family = family(header);
        if (current != null && current.family == null) {
            // Known once, at the first header inside it. A part of no known kind (prose, a launcher's banner) would join
            // the output after it anyway: it becomes that output's part instead of being cut off.
            Kind k = Parsers.detect(current.head()).kind();
            current.family = k == Kind.UNKNOWN ? UNKNOWN_FAMILY : family(k);
        }
        if (current != null && current.family.equals(UNKNOWN_FAMILY)) {
            current.family = family;
            current.hint = header;
            return null;
        }
        if (current != null && family.equals(current.family)) return null;
        return new Part(n, header, family);
    }

    /**
     * A cheap look at the first word, before {@link #toolName} splits the line: a setting ({@code X=y}), a path or a
     * name that starts a part. Most lines (an NCCL log's {@code host:pid:tid}) are none, and this runs on every line.
     */
    private static boolean mayBeCommand(String t) {
        int end = 0;
        // The first '=' and '/' of the line, when they lie in its first word: the rest of the line is not read.
        int eq = -1;
        int slash = -1;
        while (end < t.length() && !Whitespace.is(t.charAt(end))) {
            char c = t.charAt(end);
            if (c == ':') return false; // an NCCL log's host:pid:tid, before any copy of the word
            if (c == '=' && eq < 0) eq = end;
            else if (c == '/' && slash < 0) slash = end;
            end++;
        }
        return eq > 0 || slash >= 0 || t.startsWith("_perf", end - 5) || startsUnprompted(t, end);
    }

    /**
     * {@link #mayBeCommand(String)} read from {@code t}'s bytes, which start at {@code from} in {@code bytes}. A
     * {@code '?'} may stand for a character beyond Latin-1 (a wide space ends a word): the String is read then.
     */
    private static boolean mayBeCommand(String t, byte[] bytes, int from) {
        int end = 0;
        int eq = -1;
        boolean slash = false;
        for (int n = t.length(); end < n; end++) {
            byte c = bytes[from + end];
            if (c == ' ') break;
            if (c == ':') return false; // an NCCL log's host:pid:tid
            if (c == '?') return mayBeCommand(t);
            if (c == '=' && eq < 0) eq = end;
            else if (c == '/') slash = true;
        }
        return eq > 0 || slash || t.startsWith("_perf", end - 5) || startsUnprompted(t, end);
    }

    /** The names a command may start with and no sentence does: {@link #UNPROMPTED}, {@code sudo} and {@code time}. */
    private static final String[] FIRST_WORDS = firstWords();

    private static String[] firstWords() {
        List<String> words = new ArrayList<>(UNPROMPTED);
        words.add("sudo");
        words.add("time");
        return words.toArray(new String[0]);
    }

    /** Whether the first word of {@code t}, its first {@code end} characters, is one of {@link #FIRST_WORDS}; no copy. */
    private static boolean startsUnprompted(String t, int end) {
        if (end < 4 || end > 12) return false; // "time" to "ibdev2netdev"
        for (String w : FIRST_WORDS) {
            if (w.length() == end && t.startsWith(w)) return true;
        }
        return false;
    }

    /**
     * How many whitespace characters {@code line}, which holds others and lies verbatim at {@code at} in {@code bytes},
     * starts with, as {@link String#strip()} counts: its spaces, read from the bytes, unless a {@code '?'} that may
     * stand for a wide space follows them.
     */
    private static int leadingSpace(String line, byte[] bytes, int at) {
        int i = at;
        while (bytes[i] == ' ') i++;
        if (bytes[i] != '?') return i - at;
        i = 0;
        while (Whitespace.is(line.charAt(i))) i++;
        return i;
    }

    /**
     * {@link Paste#afterPrompt} of a line of at most 400 characters that starts with {@code '$'} or {@code '#'} and holds
     * no line terminator of the regex's {@code .} ({@link #ODD}): the prompt character and the spaces after it are
     * {@code [$#]\s*}, the rest the command. The line is verbatim text, so it holds no tab or other control character.
     */
    private static String afterBarePrompt(String t) {
        int i = 1;
        while (i < t.length() && t.charAt(i) == ' ') i++;
        return t.substring(i);
    }

    /** {@code (base) user@host:~$ cmd} without its {@code (base) }. */
    private static String withoutEnvName(String t) {
        int close = t.indexOf(") ");
        return close > 0 && close < 48 ? t.substring(close + 2) : t;
    }

    /** A '$' or a '#' in the line: {@link #marks}. */
    private static final int PROMPT_MARKS = 1;
    /** A '%' in the line. */
    private static final int PERCENT = 2;
    /** An '=' in the line. */
    private static final int EQUALS = 4;
    /** An NCCL log line's {@code " NCCL INFO "} or {@code " NCCL WARN "} in the line. */
    private static final int NCCL_LINE = 8;
    /**
     * A byte {@code '?'} (it may stand for a character beyond Latin-1) or {@code 0x85} (NEL): set by
     * {@link #marks(byte[], int, int)} only; such a line's prompt is read by the regex.
     */
    private static final int ODD = 16;

    /**
     * {@return which of the characters the boundary tests need {@code t} holds: {@link #PROMPT_MARKS}, {@link #PERCENT},
     * {@link #EQUALS}, and {@link #NCCL_LINE}}
     */
    private static int marks(String t) {
        int marks = 0;
        for (int i = 0, n = t.length(); i < n; i++) {
            char c = t.charAt(i);
            if (c == '$' || c == '#') marks |= PROMPT_MARKS;
            else if (c == '%') marks |= PERCENT;
            else if (c == '=') marks |= EQUALS;
        }
        if (t.contains(" NCCL INFO ") || t.contains(" NCCL WARN ")) marks |= NCCL_LINE;
        return marks;
    }

    /**
     * The mark of each byte for {@link #marks(byte[], int, int)}: {@link #PROMPT_MARKS} for {@code '$'} and {@code '#'},
     * {@link #PERCENT}, {@link #EQUALS}, {@link #NCCL_LINE} for an {@code 'N'} that may start {@code "NCCL INFO "}, and
     * {@link #ODD}.
     */
    private static final byte[] BYTE_MARKS = byteMarks();

    private static byte[] byteMarks() {
        byte[] m = new byte[256];
        m['$'] = PROMPT_MARKS;
        m['#'] = PROMPT_MARKS;
        m['%'] = PERCENT;
        m['='] = EQUALS;
        m['N'] = NCCL_LINE;
        m['?'] = ODD;
        m[0x85] = ODD;
        return m;
    }

    /**
     * {@link #marks(String)} of the characters {@code [from, to)} of {@code bytes}, one byte each, read in one pass with
     * one test for most bytes (under C1 a chain of comparisons per byte costs more than the table's look-up).
     */
    private static int marks(byte[] bytes, int from, int to) {
        byte[] table = BYTE_MARKS;
        int marks = 0;
        for (int i = from; i < to; i++) {
            int m = table[bytes[i] & 0xFF];
            if (m == 0) continue;
            if (m != NCCL_LINE) marks |= m;
            else if (i > from && bytes[i - 1] == ' ' && to - i >= 10 && isNcclLevel(bytes, i)) marks |= NCCL_LINE;
        }
        return marks;
    }

    /** Whether {@code bytes} hold {@code "NCCL INFO "} or {@code "NCCL WARN "} at {@code i}; the caller checked that 10 are there. */
    private static boolean isNcclLevel(byte[] bytes, int i) {
        if (bytes[i] != 'N' || bytes[i + 1] != 'C' || bytes[i + 2] != 'C' || bytes[i + 3] != 'L' || bytes[i + 4] != ' '
                || bytes[i + 9] != ' ') {
            return false;
        }
        byte a = bytes[i + 5];
        byte b = bytes[i + 6];
        byte c = bytes[i + 7];
        byte d = bytes[i + 8];
        return a == 'I' && b == 'N' && c == 'F' && d == 'O' || a == 'W' && b == 'A' && c == 'R' && d == 'N';
    }

    /** The kind a line that only starts a tool's output starts, or null. */
    private static Kind header(String t, String line, int marks) {
        if ((marks & EQUALS) != 0 && t.contains("==NVSMI LOG==")) return Kind.NVIDIA_SMI_Q;
        if (t.startsWith("CA '") && t.endsWith("'")) return Kind.IBSTAT;
        if (t.startsWith("# nThread ")) return Kind.NCCL_TESTS;
        if (t.startsWith("GPU0") && line.contains("CPU Affinity")) return Kind.TOPO;
        if ((marks & NCCL_LINE) != 0 && t.length() < 4096) return Kind.NCCL_LOG;
        return null;
    }

    /** The family of a kind: NCCL logs and nccl-tests are one (nccl-tests prints NCCL's lines); each other kind its own. */
    private static String family(Kind k) {
        return k == Kind.NCCL_LOG || k == Kind.NCCL_TESTS ? "nccl" : k.id();
    }

    /**
     * The tool a command runs, when it is one whose prompt starts a part: {@code sudo}, {@code VAR=value} settings and
     * a path are skipped ({@code sudo NCCL_DEBUG=INFO ./build/all_reduce_perf -g 8} runs {@code all_reduce_perf}), and
     * a fleet runner ({@link Paste#runCommand}: {@code pdsh -w node1 ibstat} runs {@code ibstat}).
     */
    private static String toolName(String fullCommand) {
        String command = Paste.runCommand(fullCommand); // "pdsh -w node1 ibstat" runs ibstat
        // The first 8 words, as Paste.words(command, 8) splits them, found in place: only the tool's name is copied.
        int n = command.length();
        int i = 0;
        for (int k = 0; k < 8 && i < n; k++) {
            while (i < n && Whitespace.is(command.charAt(i))) i++;
            int s = i;
            int eq = -1;
            int slash = -1;
            while (i < n && !Whitespace.is(command.charAt(i))) {
                char c = command.charAt(i);
                if (c == '=' && eq < 0) eq = i;
                else if (c == '/') slash = i;
                i++;
            }
            if (i == s) return null; // only spaces were left
            if (eq > s || i - s == 4 && (command.startsWith("sudo", s) || command.startsWith("time", s))) continue;
            String name = command.substring(slash < 0 ? s : slash + 1, i).toLowerCase(Locale.ROOT);
            if (COMMANDS.containsKey(name) || name.endsWith("_perf") || name.startsWith("ib_") && (name.endsWith("_bw")
                    || name.endsWith("_lat"))) {
                return name;
            }
            return null;
        }
        return null;
    }

    private static Map<String, Kind> commands() {
        Map<String, Kind> m = new LinkedHashMap<>();
        m.put("nvidia-smi", Kind.NVIDIA_SMI_Q);
        for (String c : List.of("ibstat", "ibstatus", "ibv_devinfo")) m.put(c, Kind.IBSTAT);
        m.put("lspci", null);
        m.put("ethtool", Kind.ETHTOOL);
        m.put("numactl", Kind.NUMACTL);
        m.put("lscpu", Kind.NUMACTL);
        for (String c : List.of("ip", "ifconfig", "ibdev2netdev")) m.put(c, Kind.IPLINK);
        m.put("show_gids", Kind.GIDS);
        m.put("dmesg", Kind.DMESG);
        m.put("journalctl", Kind.DMESG);
        m.put("nvbandwidth", Kind.NVBANDWIDTH);
        m.put("ncclras", Kind.NCCL_RAS);
        m.put("env", Kind.ENV);
        m.put("printenv", Kind.ENV);
        m.put("cat", null);
        for (String c : JOB_COMMANDS) m.put(c, null);
        return m;
    }

    /**
     * Parts with their kinds joined into sections: a part of no known kind joins the part before it (the next known
     * one at the start), and neighbours of one kind are one section.
     */
    private static List<Section> joined(List<Part> parts) {
        Kind firstKnown = parts.stream().map(p -> p.kind).filter(k -> k != Kind.UNKNOWN).findFirst().orElse(Kind.UNKNOWN);
        List<Section> out = new ArrayList<>();
        Kind before = firstKnown;
        for (Part p : parts) {
            Kind k = p.kind == Kind.UNKNOWN ? before : p.kind;
            Section last = out.isEmpty() ? null : out.get(out.size() - 1);
            if (last != null && last.kind() == k) {
                out.set(out.size() - 1, new Section(last.firstLine(), p.last, k));
            } else {
                out.add(new Section(p.first, p.last, k));
            }
            before = k;
        }
        return out;
    }

    /** The lines of some sections of a text, every other line left blank: the line numbers stay those of the text. */
    private static final class KeptLines extends Reader {
        private final LineSource lines;
        private final List<Section> kept;
        private int section;
        private String pending = "";
        private int pos;
        private boolean done;

        KeptLines(LineSource lines, List<Section> kept) {
            this.lines = lines;
            this.kept = kept;
        }

        @Override
        public int read(char[] cbuf, int off, int len) throws IOException {
            if (len == 0) return 0;
            int n = 0;
            while (n < len) {
                if (pos == pending.length() && !nextLine()) break;
                int take = Math.min(len - n, pending.length() - pos);
                pending.getChars(pos, pos + take, cbuf, off + n);
                pos += take;
                n += take;
            }
            return n == 0 ? -1 : n;
        }

        private boolean nextLine() throws IOException {
            if (done) return false;
            String line = lines.next();
            int n = lines.lineNumber();
            while (section < kept.size() && kept.get(section).lastLine() < n) section++;
            if (line == null || section == kept.size()) {
                done = true; // nothing of the kept sections follows
                return false;
            }
            boolean keep = kept.get(section).firstLine() <= n;
            pending = keep ? line + "\n" : "\n";
            pos = 0;
            return true;
        }

        @Override
        public void close() {
            // the opener's reader is closed by whoever opened it
        }
    }
}
