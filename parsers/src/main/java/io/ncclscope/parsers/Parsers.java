package io.ncclscope.parsers;

import io.ncclscope.parsers.dmesg.DmesgParser;
import io.ncclscope.parsers.env.EnvParser;
import io.ncclscope.parsers.ethtool.EthtoolParser;
import io.ncclscope.parsers.flightrec.FlightRecorderParser;
import io.ncclscope.parsers.gids.GidsParser;
import io.ncclscope.parsers.ib.IbstatParser;
import io.ncclscope.parsers.internal.EscapeFilter;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.PasteMargin;
import io.ncclscope.parsers.internal.StringText;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.manifest.CollectManifestParser;
import io.ncclscope.parsers.nccl.NcclLogParser;
import io.ncclscope.parsers.net.IpLinkParser;
import io.ncclscope.parsers.numa.NumactlParser;
import io.ncclscope.parsers.nvbandwidth.NvbandwidthParser;
import io.ncclscope.parsers.nvsmi.NvidiaSmiParser;
import io.ncclscope.parsers.pci.LspciTreeParser;
import io.ncclscope.parsers.pci.LspciVerboseParser;
import io.ncclscope.parsers.perftest.PerftestParser;
import io.ncclscope.parsers.ras.RasParser;
import io.ncclscope.parsers.sysfs.SysfsParser;
import io.ncclscope.parsers.tests.NcclTestsParser;
import io.ncclscope.parsers.topo.TopoParser;
import io.ncclscope.parsers.topoxml.NcclTopoXmlParser;
import java.io.BufferedInputStream;
import java.io.CharArrayReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.CharBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongConsumer;

/**
 * The entry point of {@code ncclscope-parsers}: every parser, kind detection, and parsing with or
 * without a kind given. Thread-safe; parsers are stateless.
 *
 * <pre>{@code
 * ParseResult<?> r = Parsers.parse(Files.readString(Path.of("topo.txt")));
 * if (r.data() instanceof Topology t) { ... }
 * }</pre>
 *
 * <p>A text shorter than {@link #HEAD_CHARS}, detected (no kind given), is read without the margin a paste put before
 * every line: a quote's {@code "> "}, an indented code block's four spaces, one node's or task's prefix
 * ({@code pdsh}'s {@code node1: }, {@code srun --label}'s {@code 0: }). From an NCCL log or nccl-tests output only a
 * quote or an indent is cut: their reader reads launcher prefixes itself, and the host or rank they name. Lines keep
 * their numbers.
 */
public final class Parsers {

    /** How much of an input detection looks at. */
    public static final int HEAD_CHARS = 256 * 1024;

    /** A detection score below this means {@link Kind#UNKNOWN}. */
    public static final int MIN_CONFIDENCE = 20;

    private static final Map<Kind, ToolParser<?>> PARSERS = new EnumMap<>(Kind.class);

    static {
        List<ToolParser<?>> all = List.of(
                new TopoParser(), new LspciTreeParser(), new LspciVerboseParser(), new IbstatParser(),
                new EthtoolParser(), new NumactlParser(), new NvidiaSmiParser(), new NcclLogParser(),
                new NcclTestsParser(), new PerftestParser(), new NvbandwidthParser(), new DmesgParser(),
                new IpLinkParser(), new GidsParser(), new NcclTopoXmlParser(), new FlightRecorderParser(), new RasParser(),
                new EnvParser(), new SysfsParser(), new CollectManifestParser());
        for (ToolParser<?> p : all) {
            PARSERS.put(p.kind(), p);
        }
    }

    private Parsers() {
    }

    /** {@return every parser, one per kind except {@link Kind#UNKNOWN}} */
    public static List<ToolParser<?>> all() {
        return List.copyOf(PARSERS.values());
    }

    /**
     * {@return the parser of {@code kind}; empty for {@link Kind#UNKNOWN}}
     *
     * @param kind any kind
     */
    public static Optional<ToolParser<?>> parser(Kind kind) {
        return Optional.ofNullable(PARSERS.get(kind));
    }

    /**
     * Detects the kind of {@code head} (the start of an input; only the first {@link #HEAD_CHARS} are read).
     *
     * @param head the start of an input
     * @return the kind (UNKNOWN below {@link #MIN_CONFIDENCE}), its confidence and every non-zero score, best first
     */
    public static Detection detect(CharSequence head) {
        // One String for every sniffer: most of them read a String, and a CharBuffer's toString() copies each time.
        return detect((head.length() > HEAD_CHARS ? head.subSequence(0, HEAD_CHARS) : head).toString(), null);
    }

    /** {@link #detect(CharSequence)} of a head of at most {@link #HEAD_CHARS}, with its Latin-1 bytes when known. */
    private static Detection detect(String h, byte[] latin1) {
        Detection d = scored(h, latin1);
        // A terminal paste's colours (dmesg --color=always, ip -c link) can hide its kind from the sniffers, which read
        // the head as it is, while the parsers read its lines without them: read it again without them, only then. A
        // head of a known kind with colours (corpus captured/h200-1gpu/sys/topo-m.txt, ESC[4m) is not copied.
        if (d.kind() != Kind.UNKNOWN) return d;
        String plain = EscapeFilter.withoutEscapes(h);
        return plain == h ? d : scored(plain, null);
    }

    /** Every sniffer's score of the head, as {@link #detect(String, byte[])} gives them. */
    private static Detection scored(String h, byte[] latin1) {
        List<Detection.Score> scores = new ArrayList<>();
        // The sniffers that walk the head's lines find them once, not each on its own.
        try (HeadLines.Share shared = HeadLines.share(h, latin1)) {
            for (ToolParser<?> p : PARSERS.values()) {
                int s;
                try {
                    s = Math.max(0, Math.min(100, p.sniff(h)));
                } catch (RuntimeException e) {
                    s = 0; // a sniffer must never break detection
                }
                if (s > 0) scores.add(new Detection.Score(p.kind(), s));
            }
        }
        // Stable: equal scores keep Kind declaration order. A lambda of ours, not Comparator.comparingInt: the JDK's
        // lambdas there are serializable, spun at their first call in every run (the AOT cache keeps only ours).
        scores.sort((a, b) -> Integer.compare(b.confidence(), a.confidence()));
        if (scores.isEmpty() || scores.get(0).confidence() < MIN_CONFIDENCE) {
            return new Detection(Kind.UNKNOWN, scores.isEmpty() ? 0 : scores.get(0).confidence(), scores);
        }
        return new Detection(scores.get(0).kind(), scores.get(0).confidence(), scores);
    }

    /**
     * Detects the kind of {@code text} and parses it with the default limits.
     *
     * @param text the whole output
     * @return the kind, the typed data and the warnings; {@link Kind#UNKNOWN} with an error warning for text of no known kind
     */
    public static ParseResult<?> parse(String text) {
        try {
            return parse(new StringText(text), null, ParseLimits.DEFAULTS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Parses {@code in} as {@code kind}, or detects the kind from the first {@link #HEAD_CHARS} characters
     * when {@code kind} is null. Input of no known kind gives a {@link Kind#UNKNOWN} result whose only
     * warning is an error saying so.
     *
     * @param in     the output; not closed
     * @param kind   its kind, or null to detect it
     * @param limits the bounds of the parse
     * @return the kind, the typed data and the warnings
     * @throws IOException only when reading fails
     */
    public static ParseResult<?> parse(Reader in, Kind kind, ParseLimits limits) throws IOException {
        if (kind == null && in instanceof StringText text && text.remaining() < HEAD_CHARS) return parseWhole(withoutMargin(text), limits);
        ReplacementCount counted = new ReplacementCount(in);
        ParseResult<?> r = parseCounted(counted, kind, limits);
        return withReplacements(r, counted.replaced, counted.firstLine);
    }

    /**
     * Parses one file, with the result {@link #parse(InputStream, Kind, ParseLimits)} gives for its bytes (kind
     * detected): an NCCL log of at least 8 MiB in UTF-8 is read in line-aligned chunks on every core, its lines
     * scanned in order as they come, the rest as one stream.
     *
     * @param file      the file
     * @param limits    the bounds of the parse
     * @param bytesRead told of the bytes read (from any thread, in reading order), for a progress display
     * @return the kind, the typed data and the warnings
     * @throws IOException only when reading fails
     */
    public static ParseResult<?> parse(Path file, ParseLimits limits, LongConsumer bytesRead) throws IOException {
        return ChunkedFileParse.DEFAULT.parse(file, limits, bytesRead);
    }

    /**
     * Parses a text that may hold several tools' outputs pasted together ({@link PastedOutputs}): one result per kind
     * found, each fact with its line number in the whole text; one result, {@link #parse(String)}'s, when the text is
     * one tool's output.
     *
     * @param text the whole input
     * @return the results, in the order their kinds first appear; never empty
     */
    public static List<ParseResult<?>> parseEach(String text) {
        return parseEach(text, ParseLimits.DEFAULTS);
    }

    /**
     * Parses a text as {@link #parseEach(String)} does, within {@code limits}: what
     * {@link #parseEach(Path, ParseLimits, LongConsumer)} gives for a file of this text.
     *
     * @param text   the whole input
     * @param limits the bounds of each parse
     * @return the results, in the order their kinds first appear; never empty
     */
    public static List<ParseResult<?>> parseEach(String text, ParseLimits limits) {
        StringText whole = new StringText(text);
        // A text read whole by its parser (parseWhole) is cut into lines once, for the split and the parse.
        if (text.length() < HEAD_CHARS) whole.cutLines();
        return parseEach(whole, limits);
    }

    /**
     * A text's lines and its results, read by {@link #parseEachWithLines(String, ParseLimits)}.
     *
     * @param lines   the lines as {@link #lines(String)} gives them
     * @param results the results as {@link #parseEach(String, ParseLimits)} gives them
     */
    public record ParsedText(List<String> lines, List<ParseResult<?>> results) {
        /**
         * Copies the lists.
         *
         * @param lines   the lines as {@link #lines(String)} gives them
         * @param results the results as {@link #parseEach(String, ParseLimits)} gives them
         */
        public ParsedText {
            lines = List.copyOf(lines);
            results = List.copyOf(results);
        }
    }

    /**
     * {@return the lines of {@code text}, as {@link #lines(String)} gives them, and its results, as
     * {@link #parseEach(String, ParseLimits)} gives them} The lines are cut once, for the quotes, the split and the
     * parse: what a pasted text that is kept to quote from costs.
     *
     * @param text   the whole input
     * @param limits the bounds of each parse
     */
    public static ParsedText parseEachWithLines(String text, ParseLimits limits) {
        StringText whole = new StringText(text);
        List<String> lines = whole.cutLines().lines();
        return new ParsedText(lines, parseEach(whole, limits));
    }

    private static List<ParseResult<?>> parseEach(StringText whole, ParseLimits limits) {
        StringText unmargined = withoutMargin(whole);
        if (unmargined != whole) {
            whole = unmargined;
            if (whole.remaining() < HEAD_CHARS) whole.cutLines();
        }
        try {
            // One reader of the text and the others made from it share its Latin-1 copy and its lines (StringText.again).
            List<PastedOutputs.Section> sections = PastedOutputs.ofPaste(whole);
            if (sections.size() < 2) {
                StringText again = whole.again(); // its margin, if any, was cut above
                return List.of(again.remaining() < HEAD_CHARS ? parseWhole(again, limits) : parse(again, null, limits));
            }
            return PastedOutputs.parse(whole::again, sections, limits);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a text in memory does not fail
        }
    }

    /**
     * Detects the kind of {@code text} and parses it within {@code limits}: what
     * {@link #parse(Path, ParseLimits, LongConsumer)} gives for a file of this text.
     *
     * @param text   the whole output
     * @param limits the bounds of the parse
     * @return the kind, the typed data and the warnings
     */
    public static ParseResult<?> parse(String text, ParseLimits limits) {
        try {
            return parse(new StringText(text), null, limits);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a text in memory does not fail
        }
    }

    /**
     * {@return the text of a file shorter than {@link #HEAD_CHARS} bytes, read whole and decoded as
     * {@link #parse(Path, ParseLimits, LongConsumer)} decodes it, {@code bytesRead} told of its bytes; null for a file
     * of that size or more, of fewer than 2 bytes, or a pickled Flight Recorder dump (no text)} Parsing the text
     * ({@link #parse(String, ParseLimits)}, {@link #parseEach(String, ParseLimits)}) gives the file's results, and the
     * caller keeps the text to quote from: a file of a bundle is then opened once.
     *
     * @param file      the file
     * @param bytesRead told of the bytes read, for a progress display
     * @throws IOException when reading fails
     */
    public static String smallText(Path file, LongConsumer bytesRead) throws IOException {
        long size = java.nio.file.Files.size(file);
        if (size < 2 || size >= HEAD_CHARS) return null;
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        if (bytes.length < 2 || bytes.length >= HEAD_CHARS || FlightRecorderParser.looksPickled(bytes, 2)) return null;
        bytesRead.accept(bytes.length);
        return TextDecoding.decode(bytes, null);
    }

    /**
     * Parses one file as {@link #parse(Path, ParseLimits, LongConsumer)} does, or, when it holds several tools' outputs
     * pasted together ({@link PastedOutputs}), one result per kind found, each fact with its line number in the file.
     * Files of {@link #SPLIT_MAX_BYTES} or more, and pickled Flight Recorder dumps, are one output. A file shorter than
     * {@link #HEAD_CHARS} is read once, whole ({@link #smallText}), and split and parsed from that String.
     *
     * @param file      the file
     * @param limits    the bounds of each parse
     * @param bytesRead told of the bytes read, for a progress display
     * @return the results, in the order their kinds first appear; never empty
     * @throws IOException only when reading fails
     */
    public static List<ParseResult<?>> parseEach(Path file, ParseLimits limits, LongConsumer bytesRead) throws IOException {
        String text = smallText(file, bytesRead);
        if (text != null) return parseEach(text, limits);
        long size = java.nio.file.Files.size(file);
        if (size >= SPLIT_MAX_BYTES || size < 2) return List.of(parse(file, limits, bytesRead));
        byte[] head = new byte[2];
        int n;
        try (InputStream in = java.nio.file.Files.newInputStream(file)) {
            n = in.readNBytes(head, 0, 2);
        }
        if (FlightRecorderParser.looksPickled(head, n)) return List.of(parse(file, limits, bytesRead));
        PastedOutputs.TextOpener opener = () -> TextDecoding.reader(new BufferedInputStream(java.nio.file.Files.newInputStream(file)), null);
        List<PastedOutputs.Section> sections;
        try (Reader in = opener.open()) {
            sections = PastedOutputs.ofPaste(in);
        }
        if (sections.size() < 2) return List.of(parse(file, limits, bytesRead));
        List<ParseResult<?>> out = PastedOutputs.parse(opener, sections, limits);
        bytesRead.accept(size);
        return out;
    }

    /**
     * Files this size and up are read as one tool's output by {@link #parseEach(Path, ParseLimits, LongConsumer)}
     * (1 MiB: a pasted issue thread is kilobytes; bigger files are job logs). The scan for parts costs about one more
     * parse of the file (a 7.5 MB NCCL log: 0.99 s to scan, 0.66 s to parse, here), so it is kept to small files.
     */
    public static final long SPLIT_MAX_BYTES = 1L << 20;

    /** {@code r} with the warning that {@code replaced} characters replaced invalid bytes, the first on {@code firstLine}. */
    static ParseResult<?> withReplacements(ParseResult<?> r, long replaced, int firstLine) {
        if (replaced == 0) return r;
        List<ParseWarning> warnings = new ArrayList<>(r.warnings().size() + 1);
        warnings.addAll(r.warnings());
        warnings.add(ParseWarning.warning(firstLine, replaced + " character"
                + (replaced == 1 ? " was" : "s were") + " not valid in the text's encoding and "
                + (replaced == 1 ? "was" : "were") + " replaced with U+FFFD (first on line " + firstLine
                + "); send UTF-8, a byte order mark, or a charset= that says the encoding", ""));
        return new ParseResult<>(r.kind(), r.data(), warnings);
    }

    /**
     * Parses the bytes of one input: a pickled Flight Recorder dump (the one binary kind) by its restricted reader,
     * anything else decoded by {@link TextDecoding#reader(InputStream, java.nio.charset.Charset)} and parsed as
     * {@link #parse(Reader, Kind, ParseLimits)} does.
     *
     * @param in     the input's bytes; not closed
     * @param kind   its kind, or null to detect it
     * @param limits the bounds of the parse
     * @return the kind, the typed data and the warnings
     * @throws IOException only when reading fails
     */
    public static ParseResult<?> parse(InputStream in, Kind kind, ParseLimits limits) throws IOException {
        BufferedInputStream b = new BufferedInputStream(in);
        b.mark(8);
        byte[] head = new byte[2];
        int n = b.readNBytes(head, 0, 2);
        b.reset();
        if ((kind == null || kind == Kind.FLIGHT_RECORDER) && FlightRecorderParser.looksPickled(head, n)) {
            return FlightRecorderParser.parsePickle(b, limits);
        }
        return parse(TextDecoding.reader(b, null), kind, limits);
    }

    /**
     * What {@link #parseCounted} answers for a text held whole and shorter than {@link #HEAD_CHARS}, without copying
     * it: the kind detected from the String itself, the parser reading it in place, and the replacement characters
     * counted over all of it (parseCounted reads a text this short whole into its head, counting every one).
     */
    private static ParseResult<?> parseWhole(StringText in, ParseLimits limits) throws IOException {
        String text = in.text().substring(in.position());
        // The text's bytes, made once for its line reads (StringText.latin1), serve detection's pass over the head too.
        ToolParser<?> p = PARSERS.get(detect(text, in.position() == 0 ? in.latin1() : null).kind());
        ParseResult<?> r = p == null ? unknown(in, limits) : p.parse(in, limits);
        int first = text.indexOf(TextDecoding.REPLACEMENT);
        if (first < 0) return r;
        long replaced = 0;
        for (int i = first; i < text.length(); i++) {
            if (text.charAt(i) == TextDecoding.REPLACEMENT) replaced++;
        }
        int line = 1;
        for (int i = 0; i < first; i++) {
            if (text.charAt(i) == '\n') line++;
        }
        return withReplacements(r, replaced, line);
    }

    /**
     * {@code in} without the margin a paste put in front of every line ({@link PasteMargin}: a quote's {@code "> "}, an
     * indented code block, pdsh's {@code node1: }), or {@code in} itself when it has none, is not read from its start,
     * is {@link #HEAD_CHARS} long or longer (a job's log: a file that long is streamed, and read with no margin). From an
     * NCCL log or nccl-tests output only a quote's or an indented block's margin is cut: their reader reads each line's
     * launcher prefix itself, and the host or rank it names. Lines keep their numbers.
     */
    private static StringText withoutMargin(StringText in) {
        if (in.position() != 0 || in.remaining() >= HEAD_CHARS) return in;
        String text = in.text();
        String stripped = PasteMargin.strip(text);
        if (stripped == text) return in;
        Kind kind = detect(stripped, null).kind();
        if (kind != Kind.NCCL_LOG && kind != Kind.NCCL_TESTS) return new StringText(stripped);
        String unquoted = PasteMargin.stripQuotes(text);
        return unquoted == text ? in : new StringText(unquoted);
    }

    private static ParseResult<?> parseCounted(Reader in, Kind kind, ParseLimits limits) throws IOException {
        Reader input = in;
        if (kind == null) {
            // Read the head into a buffer sized to what is there (most tool outputs are a few KiB),
            // detect, then parse the head followed by the rest of the stream.
            char[] head = new char[Math.min(HEAD_CHARS, 16 * 1024)];
            int n = 0;
            while (n < HEAD_CHARS) {
                if (n == head.length) head = Arrays.copyOf(head, Math.min(HEAD_CHARS, head.length * 2));
                int r = in.read(head, n, head.length - n);
                if (r < 0) break;
                n += r;
            }
            kind = detect(CharBuffer.wrap(head, 0, n)).kind();
            Reader headReader = new CharArrayReader(head, 0, n);
            input = n < HEAD_CHARS ? headReader : new SequenceReader(headReader, in);
        }
        ToolParser<?> p = PARSERS.get(kind);
        if (p == null) {
            return unknown(input, limits);
        }
        return p.parse(input, limits);
    }

    /**
     * Counts the {@link TextDecoding#REPLACEMENT} characters read through it, and the line of the first: the one
     * place where invalid bytes, replaced by {@link TextDecoding} on whichever path they came, become a warning.
     */
    private static final class ReplacementCount extends Reader {
        private final Reader in;
        long replaced;
        int firstLine;
        private int line = 1;

        ReplacementCount(Reader in) {
            this.in = in;
        }

        @Override
        public int read(char[] cbuf, int off, int len) throws IOException {
            int r = in.read(cbuf, off, len);
            for (int i = off; i < off + r; i++) {
                char c = cbuf[i];
                if (c == '\n') {
                    line++;
                } else if (c == TextDecoding.REPLACEMENT && replaced++ == 0) {
                    firstLine = line;
                }
            }
            return r;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** Reads one reader to its end, then the next. */
    private static final class SequenceReader extends Reader {
        private final Reader first;
        private final Reader second;
        private boolean firstDone;

        SequenceReader(Reader first, Reader second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public int read(char[] cbuf, int off, int len) throws IOException {
            if (len == 0) return 0;
            if (!firstDone) {
                int r = first.read(cbuf, off, len);
                if (r > 0) return r;
                firstDone = true;
            }
            return second.read(cbuf, off, len);
        }

        @Override
        public void close() throws IOException {
            first.close();
            second.close();
        }
    }

    /**
     * {@return the lines of {@code text} exactly as every parser numbers and sees them: LF, CRLF and lone CR
     * endings, ANSI escapes removed, control characters as spaces} Line {@code n} is element {@code n - 1}.
     * For quoting the evidence behind a fact's line number; unmodifiable.
     *
     * @param text an input, whole
     */
    public static List<String> lines(String text) {
        return new StringText(text).cutLines().lines();
    }

    /** Data of a {@link Kind#UNKNOWN} result: how many lines there were. */
    public record Unknown(int lines) {
    }

    private static ParseResult<Unknown> unknown(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        String first = null;
        String line;
        while ((line = src.next()) != null) {
            if (first == null && !line.isBlank()) first = line;
        }
        List<ParseWarning> ws = new ArrayList<>();
        ws.add(ParseWarning.error(0, "not a known tool output; kinds read: " + knownIds(), first == null ? "" : first));
        ws.addAll(w.toList());
        return new ParseResult<>(Kind.UNKNOWN, new Unknown(src.lineNumber()), ws);
    }

    private static String knownIds() {
        StringBuilder sb = new StringBuilder();
        for (Kind k : PARSERS.keySet()) {
            if (sb.length() > 0) sb.append(", ");
            sb.append(k.id());
        }
        return sb.toString();
    }
}
