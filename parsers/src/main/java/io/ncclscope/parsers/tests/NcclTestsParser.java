package io.ncclscope.parsers.tests;

import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Tok;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.json.Json;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the output of the nccl-tests binaries ({@code all_reduce_perf -b 8 -e 8G -f 2 -g 1} and every other
 * {@code *_perf}: all_gather, reduce_scatter, broadcast, reduce, alltoall, alltoallv, sendrecv, gather, scatter,
 * hypercube), either the text table they print or the JSON file they write with {@code -J FILE}.
 *
 * <p>Layouts read, as written by nccl-tests' {@code src/common.cu} and {@code src/util.cu} from v2.0 to v2.19:
 * <ul>
 *   <li>old tables ({@code error} column with a relative error such as {@code 5e-07}, no {@code Group} in the
 *       device lines, {@code [0x1b]} bus ids, per-test column sets with or without {@code redop}/{@code root});</li>
 *   <li>new tables ({@code # nccl-tests version 2.x.y nccl-headers=N nccl-library=N}, {@code #wrong} counts,
 *       {@code [0000:1b:00]} bus ids), {@code redop}/{@code root} columns present, blank or absent,
 *       per-iteration columns ({@code -I 1}), timestamps ({@code -S 1}), {@code cputime} ({@code -C 1});</li>
 *   <li>footers {@code # Out of bounds values : N OK|FAILED} and {@code # Avg bus bandwidth : X [OK|FAILED]};</li>
 *   <li>failures ({@code host: Test NCCL failure common.cu:N '...'}, {@code  .. host pid N: Test failure ...},
 *       timeouts, {@code # error: ...}), argument errors and the usage text;</li>
 *   <li>pastes: launcher prefixes ({@code [1,0]<stdout>:}, srun {@code 0: }), indentation, header lines whose
 *       {@code #} a documentation site stripped, NCCL_DEBUG lines between rows, shell prompts.</li>
 * </ul>
 * Values printed as {@code N/A}, {@code nan} or {@code inf} are null. Stateless and thread-safe.
 */
public final class NcclTestsParser implements ToolParser<NcclTestsData> {

    @Override
    public Kind kind() {
        return Kind.NCCL_TESTS;
    }

    // ---------------------------------------------------------------- sniff

    private static final Pattern S_VERSION = Pattern.compile("nccl-tests version \\d");
    private static final Pattern S_NTHREAD = Pattern.compile("nThread +\\d+ +nGpus +\\d+ +minBytes");
    private static final Pattern S_COLUMNS = Pattern.compile("\\bsize +count +type\\b");
    private static final Pattern S_FOOTER = Pattern.compile("(?:Out of bounds values|Avg bus bandwidth) *: *[-0-9]");
    private static final Pattern S_USAGE = Pattern.compile("USAGE: *\\S*_perf\\b");
    private static final Pattern S_FAIL = Pattern.compile(": Test (?:NCCL|CUDA) failure \\S+:\\d+|: Test failure \\S+\\.cu:\\d+");
    private static final Pattern S_DEVICE = Pattern.compile("Rank +\\d+ +(?:Group +\\d+ +)?Pid +\\d+ +on +\\S+ +device +\\d+ +\\[");

    @Override
    public int sniff(CharSequence head) {
        if (head == null || head.length() == 0) return 0;
        String h = head.toString();
        if (h.contains("\"nccl_version\"") && (h.contains("\"results\"") || h.contains("\"minimum_bytes\""))
                && (firstNonBlank(h) == '{' || h.contains("\n{"))) {
            return 96;
        }
        // Each pattern runs only where its literal part occurs: String.contains is an intrinsic scan, a regex find()
        // over the whole head is not, and detection runs every parser's sniff on every pasted input.
        boolean device = h.contains("Pid") && S_DEVICE.matcher(h).find();
        if (h.contains("nccl-tests version") && S_VERSION.matcher(h).find()) return 98;
        if (h.contains("nThread") && S_NTHREAD.matcher(h).find()) return 96;
        if (h.contains("algbw") && S_COLUMNS.matcher(h).find()) return 95;
        if (h.contains("USAGE") && S_USAGE.matcher(h).find()) return 93;
        if ((h.contains("Out of bounds values") || h.contains("Avg bus bandwidth")) && S_FOOTER.matcher(h).find()) return 92;
        if (h.contains("invalid sizes for 'minbytes' and 'maxbytes'")) return 90;
        if (h.contains(": Test ") && S_FAIL.matcher(h).find()) return device ? 92 : 90;
        // Device lines alone also open NCCL logs captured from a test run (corpus nccl-logs/nccl-1866-1.txt):
        // too weak to claim the input.
        if (device) return 30;
        return 0;
    }

    private static char firstNonBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Character.isWhitespace(c)) return c;
        }
        return 0;
    }

    // ---------------------------------------------------------------- static helpers

    /**
     * {@return the factor nccl-tests applies to algbw to get busbw for {@code collective} with {@code nranks} ranks
     * (allreduce 2(n-1)/n; allgather, reducescatter, alltoall(v), gather, scatter (n-1)/n; broadcast, reduce,
     * sendrecv, hypercube 1), or null for an unknown collective or {@code nranks < 1}}
     *
     * @param collective the collective measured
     * @param nranks     ranks in the communicator
     */
    public static Double busBwFactor(Collective collective, int nranks) {
        return collective == null ? null : collective.busBwFactor(nranks);
    }

    /**
     * {@return the rank count that explains {@code busbw = algbw * factor(n)} for {@code collective}, from one row's
     * printed figures (two decimals), or null when the collective's factor does not depend on n, the
     * figures are too small to tell, or no whole n fits} A 1.75 ratio for all_reduce gives 8.
     *
     * @param collective the collective measured
     * @param algbw      algorithm bandwidth as printed, GB/s
     * @param busbw      bus bandwidth as printed, GB/s
     */
    public static Integer inferRanks(Collective collective, double algbw, double busbw) {
        if (collective == null || !(algbw >= 1.0) || !(busbw >= 0)) return null;
        double r = busbw / algbw;
        double n;
        switch (collective) {
            case ALL_REDUCE -> {
                if (r >= 2.0) return null;
                n = 2.0 / (2.0 - r);
            }
            case ALL_GATHER, REDUCE_SCATTER, ALLTOALL, ALLTOALLV, GATHER, SCATTER -> {
                if (r >= 1.0) return null;
                n = 1.0 / (1.0 - r);
            }
            default -> {
                return null;
            }
        }
        if (!Double.isFinite(n) || n > 1_000_000) return null;
        long rounded = Math.round(n);
        if (rounded < 1) return null;
        Double f = collective.busBwFactor((int) rounded);
        if (f == null || Math.abs(f * algbw - busbw) > 0.006 + 0.0005 * busbw) return null;
        return (int) rounded;
    }

    /**
     * {@return the dotted NCCL version of an {@code NCCL_VERSION_CODE} ({@code 22809} gives {@code 2.28.9}; codes below
     * 10000, used before NCCL 2.9, read as X*1000+Y*100+Z), or null for a non-positive code}
     *
     * @param code an {@code NCCL_VERSION_CODE}
     */
    public static String ncclVersionOf(int code) {
        if (code <= 0) return null;
        if (code >= 10000) return (code / 10000) + "." + (code / 100) % 100 + "." + code % 100;
        return (code / 1000) + "." + (code / 100) % 10 + "." + code % 100;
    }

    // ---------------------------------------------------------------- parse

    @Override
    public ParseResult<NcclTestsData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        TextState st = new TextState(w);
        String line;
        while ((line = src.next()) != null) {
            int no = src.lineNumber();
            if (st.json == null && !st.substantive() && line.stripLeading().startsWith("{")) {
                st.json = new StringBuilder(Math.max(256, line.length() + 1));
                st.jsonLine = no;
            }
            if (st.json != null) {
                st.json.append(line).append('\n');
                continue;
            }
            st.line(line, no);
        }
        NcclTestsData data;
        if (st.json != null) {
            JsonReader jr = new JsonReader(w, st);
            data = jr.read(st.json.toString(), st.jsonLine);
        } else {
            data = st.finish();
        }
        return new ParseResult<>(Kind.NCCL_TESTS, data, w.toList());
    }

    // ---------------------------------------------------------------- text

    private static final Pattern PREFIX = Pattern.compile(
            "^\\s*(?:\\[\\d+,\\d+\\]<std(?:out|err)>:|\\d{1,6}: |[\\w.-]{1,253}: (?=\\s*[#\\d]))");
    private static final Pattern NCCL_LOG = Pattern.compile("^[^\\s:\\[]+:\\d+:\\d+ \\[\\d+\\] ");
    private static final Pattern NCCL_VERSION_LINE = Pattern.compile("NCCL version (\\d+\\.\\d+\\.\\d+)");
    private static final Pattern TESTS_VERSION = Pattern.compile(
            "^nccl-tests version (\\S+)(?: nccl-headers=(\\d+))?(?: nccl-library=(\\d+))?");
    private static final Pattern DEVICE = Pattern.compile(
            "^Rank\\s+(\\d+)\\s+(?:Group\\s+(\\d+)\\s+)?Pid\\s+(\\d+)\\s+on\\s+(\\S+)\\s+device\\s+(\\d+)\\s+\\[([^\\]]*)\\]\\s*(.*)$");
    private static final Pattern FAILURE = Pattern.compile("^(\\S+): Test (NCCL|CUDA) failure (\\S+)\\s*(.*)$");
    private static final Pattern TRACE = Pattern.compile("^\\.\\.\\s*(\\S+) pid (\\d+): Test failure (\\S+)");
    private static final Pattern TIMEOUT = Pattern.compile("^(\\S+): Test timeout \\((\\d+)s\\)\\s*(\\S*)");
    private static final Pattern PERF_BINARY = Pattern.compile("(?:^|[\\s/=])([A-Za-z0-9_]+_perf)(?:_mpi)?(?=\\s|$)");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final Pattern TIME = Pattern.compile("\\d{2}:\\d{2}:\\d{2}");
    private static final Pattern SKIPS = Pattern.compile("skips first (\\d+) iterations");

    /** Most notes, NCCL WARN lines, errors or device lines kept (memory stays bounded on huge inputs). */
    static final int MAX_KEPT = 65_536;

    private static final String[] ARG_ERRORS = {
        "invalid sizes for", "invalid size specified for", "invalid option", "Invalid number of GPUs",
        "Please check the number of processes and GPUs", "Incompatible NCCL versions", "Device implementation ",
        "device implementation (-D > 0)", "per-iteration timing (-I)", "per-iteration skip (-K)",
        "blocking mode (-z 3)", "device_cta_count (-V)", "Option -D (device implementation) requires",
        "Option -V (device CTA count) requires", "invalid number of",
    };

    /** Everything read from a text table; also carries what a JSON reader needs from lines before it. */
    /**
     * {@code s}, or the equal string this table already holds: every row of a table repeats its type and redop
     * ({@code float}, {@code sum}), and a bundle of a thousand nodes holds a hundred thousand rows.
     */
    private static String shared(Map<String, String> words, String s) {
        if (s == null) return null;
        String seen = words.putIfAbsent(s, s);
        return seen != null ? seen : s;
    }

    private static final class TextState {
        final Warnings w;
        StringBuilder json;
        int jsonLine;

        String startedName;
        String concludedName;
        boolean started;
        boolean concluded;
        String command;
        String commandBinary;
        String version;
        Integer headers;
        Integer library;
        String logNcclVersion;
        Integer pNThread, pNGpus, pWarmup, pIters, pAgg, pValidation, pGraph, pUnalign, pBlocking, pSkip;
        Long pMin, pMax, pFactor, pStep;
        Boolean pPerIter, pParallel;
        int paramsLine;
        final List<NcclTestsDevice> devices = new ArrayList<>();
        TableLayout layout;
        int valuesPerHalf = 4;
        final List<NcclTestsRow> rows = new ArrayList<>();
        /** Type and redop words seen in this table, so that its rows share one copy of each ({@link #shared}). */
        final Map<String, String> words = new HashMap<>();
        OutOfBounds oob;
        Double avg;
        Boolean avgFailed;
        Integer avgLine;
        final List<TestError> errors = new ArrayList<>();
        String usageProgram;
        int usageLine;
        List<String> usageOptions;
        boolean inUsage;
        final List<Note> notes = new ArrayList<>();
        final List<Note> ncclWarnings = new ArrayList<>();
        int ncclLogLines;
        boolean secondRun;
        boolean halfRowWarned;
        boolean anything;
        boolean capWarned;

        TextState(Warnings w) {
            this.w = w;
        }

        /** True once anything of nccl-tests' own was read (a JSON object after that is not the whole input). */
        boolean substantive() {
            return anything;
        }

        void line(String raw, int no) {
            String body = stripPrefixes(raw);
            boolean indented = !body.isEmpty() && Character.isWhitespace(body.charAt(0));
            String trimmed = body.strip();
            if (inUsage) {
                if (indented && !trimmed.isEmpty()) {
                    if (trimmed.startsWith("[") || usageOptions.isEmpty()) {
                        if (usageOptions.size() < MAX_KEPT) usageOptions.add(trimmed);
                    } else {
                        int last = usageOptions.size() - 1;
                        if (usageOptions.get(last).length() < 4096) {
                            usageOptions.set(last, usageOptions.get(last) + " " + trimmed);
                        }
                    }
                    return;
                }
                inUsage = false;
            }
            if (trimmed.isEmpty()) return;
            boolean hashed = trimmed.charAt(0) == '#';
            String c = hashed ? stripHashes(trimmed) : trimmed;
            if (c.isEmpty()) return;
            if (c.equals("[cut]") || c.equals("...") || c.equals("\u2026") || c.startsWith("```")) {
                w.info(no, "skipped paste marker", trimmed);
                return;
            }
            if (NCCL_LOG.matcher(c).find()) {
                ncclLogLines++;
                Matcher v = NCCL_VERSION_LINE.matcher(c);
                if (logNcclVersion == null && v.find()) logNcclVersion = v.group(1);
                if (c.contains(" WARN ")) keep(ncclWarnings, new Note(no, c), no, "NCCL WARN lines");
                return;
            }
            if (c.startsWith("NCCL version ")) {
                Matcher v = NCCL_VERSION_LINE.matcher(c);
                if (logNcclVersion == null && v.find()) logNcclVersion = v.group(1);
                return;
            }
            if (c.startsWith("nccl-tests version")) {
                Matcher m = TESTS_VERSION.matcher(c);
                if (m.find()) {
                    newRunCheck(no, c);
                    if (version == null) {
                        version = m.group(1);
                        headers = m.group(2) == null ? null : Tok.integer(m.group(2));
                        library = m.group(3) == null ? null : Tok.integer(m.group(3));
                    }
                    anything = true;
                    return;
                }
            }
            if (c.startsWith("Collective test starting:")) {
                if (startedName == null) startedName = c.substring(c.indexOf(':') + 1).strip();
                started = true;
                anything = true;
                return;
            }
            if (c.startsWith("Collective test concluded:")) {
                if (concludedName == null) concludedName = c.substring(c.indexOf(':') + 1).strip();
                concluded = true;
                anything = true;
                return;
            }
            if (c.startsWith("nThread ")) {
                newRunCheck(no, c);
                if (paramsLine == 0) readParams(c, no);
                anything = true;
                return;
            }
            if (c.startsWith("Blocking Enabled")) {
                if (c.contains("no barrier")) pBlocking = 2;
                else if (c.contains("outer iteration")) pBlocking = 3;
                else pBlocking = 1;
                keep(notes, new Note(no, c), no, "notes");
                return;
            }
            if (c.startsWith("Per-Iteration Report")) {
                pPerIter = true;
                Matcher m = SKIPS.matcher(c);
                if (m.find()) pSkip = Tok.integer(m.group(1));
                keep(notes, new Note(no, c), no, "notes");
                return;
            }
            if (c.startsWith("Parallel Init Enabled")) {
                pParallel = true;
                keep(notes, new Note(no, c), no, "notes");
                return;
            }
            if (c.startsWith("Reducing maxBytes") || c.startsWith("Writing JSON output") || c.startsWith("skipping json output")
                    || c.startsWith("GPU memory usage")) {
                keep(notes, new Note(no, c), no, "notes");
                anything = true;
                return;
            }
            if (c.equals("Using devices")) {
                anything = true;
                return;
            }
            if (c.startsWith("Rank")) {
                Matcher m = DEVICE.matcher(c);
                if (m.find()) {
                    if (!secondRun) keep(devices, device(m, no), no, "device lines");
                    anything = true;
                    return;
                }
            }
            if (c.contains("out-of-place") || c.equals("in-place") || c.startsWith("in-place ")) {
                anything = true;
                return;
            }
            String[] t = Paste.words(c);
            if (t.length >= 4 && t[0].equals("size") && t[1].equals("count") && t[2].equals("type")) {
                readLayout(t, no);
                anything = true;
                return;
            }
            if (c.startsWith("(B)") && c.contains("(elements)")) return;
            if (c.startsWith("Out of bounds values")) {
                readOutOfBounds(c, no, trimmed);
                return;
            }
            if (c.startsWith("Avg bus bandwidth")) {
                readAverage(c, no, trimmed);
                return;
            }
            if (hashed && c.startsWith("error:")) {
                String text = c.substring(6).strip();
                keep(errors, new TestError(no, TestError.Kind.NCCL_LAST_ERROR, null, null, null, text, c), no, "errors");
                anything = true;
                return;
            }
            if (isRowShape(t)) {
                readRow(t, no, trimmed);
                return;
            }
            if (readError(c, no)) return;
            if (c.startsWith("USAGE:")) {
                String rest = c.substring(6).strip();
                usageProgram = rest.isEmpty() ? null : Paste.words(rest)[0];
                usageLine = no;
                usageOptions = new ArrayList<>();
                inUsage = true;
                anything = true;
                return;
            }
            if (c.startsWith("Option -") && (c.contains("Ignoring") || c.contains("Defaulting"))) {
                keep(notes, new Note(no, c), no, "notes");
                return;
            }
            Matcher b = PERF_BINARY.matcher(c);
            if (b.find()) {
                if (command == null && rows.isEmpty() && !c.startsWith("[")) {
                    command = commandOf(c, b.start(1));
                    commandBinary = b.group(1);
                }
                return;
            }
            if (looksNumericRow(t)) {
                w.warn(no, "unreadable result row", trimmed);
                return;
            }
            w.info(no, "skipped line", trimmed);
        }

        private <T> void keep(List<T> list, T item, int no, String what) {
            if (list.size() < MAX_KEPT) {
                list.add(item);
            } else if (!capWarned) {
                capWarned = true;
                w.warn(no, "more than " + MAX_KEPT + " " + what + "; the rest were not kept", "");
            }
        }

        private void newRunCheck(int no, String c) {
            if (!rows.isEmpty() && !secondRun) {
                secondRun = true;
                w.warn(no, "another run starts here; its rows are appended to the first run's", c);
            }
        }

        private void readParams(String c, int no) {
            paramsLine = no;
            String[] t = Paste.words(c);
            for (int i = 0; i < t.length; i++) {
                String k = t[i];
                String v = i + 1 < t.length ? t[i + 1] : null;
                switch (k) {
                    case "nThread" -> pNThread = Tok.integer(v);
                    case "nGpus" -> pNGpus = Tok.integer(v);
                    case "minBytes" -> pMin = Tok.longValue(v);
                    case "maxBytes" -> pMax = Tok.longValue(v);
                    case "step:" -> {
                        if (v != null) {
                            int p = v.indexOf('(');
                            Long n = Tok.longValue(p > 0 ? v.substring(0, p) : v);
                            if (v.contains("(bytes)")) pStep = n;
                            else pFactor = n;
                        }
                    }
                    case "iters:" -> {
                        String prev = i > 0 ? t[i - 1] : "";
                        Integer n = Tok.integer(v);
                        if (prev.equals("warmup")) pWarmup = n;
                        else if (prev.equals("agg")) pAgg = n;
                        else pIters = n;
                    }
                    case "validation:" -> pValidation = Tok.integer(v);
                    case "graph:" -> pGraph = Tok.integer(v);
                    case "unalign:" -> pUnalign = Tok.integer(v);
                    default -> {
                    }
                }
            }
        }

        private void readLayout(String[] t, int no) {
            int first = -1;
            int second = -1;
            boolean redop = false, root = false, cpu = false, perIter = false, ts = false;
            String wrong = null;
            for (int i = 0; i < t.length; i++) {
                switch (t[i]) {
                    case "redop" -> redop = true;
                    case "root" -> root = true;
                    case "cputime", "time" -> {
                        if (t[i].equals("cputime")) cpu = true;
                        if (first < 0) first = i;
                        else if (second < 0) second = i;
                    }
                    case "#wrong", "wrong" -> wrong = "#wrong";
                    case "error" -> wrong = "error";
                    case "i_min" -> perIter = true;
                    case "timestamp" -> ts = true;
                    default -> {
                    }
                }
            }
            int v;
            if (first >= 0 && second > first) {
                v = second - first;
            } else if (first >= 0) {
                v = t.length - first - (ts ? 1 : 0);
            } else {
                v = perIter ? 8 : 4;
            }
            if (v != 4 && v != 8) {
                w.warn(no, "unexpected column header; rows are read by shape", String.join(" ", t));
                v = perIter ? 8 : 4;
            }
            if (layout == null) {
                layout = new TableLayout(redop, root, wrong, cpu, perIter, ts, no);
                valuesPerHalf = v;
            }
        }

        private void readOutOfBounds(String c, int no, String raw) {
            String[] t = afterColon(c);
            Long n = t.length > 0 ? Tok.longValue(t[0]) : null;
            if (n == null) {
                w.warn(no, "unreadable out-of-bounds footer", raw);
                return;
            }
            boolean ok = t.length > 1 ? !t[1].equalsIgnoreCase("FAILED") : n == 0;
            if (oob == null) oob = new OutOfBounds(n, ok, no);
            anything = true;
        }

        private void readAverage(String c, int no, String raw) {
            String[] t = afterColon(c);
            if (t.length == 0) {
                w.warn(no, "unreadable average bus bandwidth footer", raw);
                return;
            }
            Double v = Tok.decimal(t[0]);
            if (v == null && !isNanOrInf(t[0])) {
                w.warn(no, "unreadable average bus bandwidth footer", raw);
                return;
            }
            if (avgLine == null) {
                avg = v;
                avgLine = no;
                if (t.length > 1) {
                    if (t[1].equalsIgnoreCase("FAILED")) avgFailed = true;
                    else if (t[1].equalsIgnoreCase("OK")) avgFailed = false;
                }
            }
            anything = true;
        }

        private boolean readError(String c, int no) {
            Matcher m = FAILURE.matcher(c);
            if (m.find()) {
                TestError.Kind k = m.group(2).equals("NCCL") ? TestError.Kind.NCCL_FAILURE : TestError.Kind.CUDA_FAILURE;
                keep(errors, new TestError(no, k, m.group(1), null, m.group(3), quoted(m.group(4)), c), no, "errors");
                anything = true;
                return true;
            }
            m = TRACE.matcher(c);
            if (m.find()) {
                keep(errors, new TestError(no, TestError.Kind.TEST_FAILURE, m.group(1), Tok.integer(m.group(2)), m.group(3), null, c), no, "errors");
                anything = true;
                return true;
            }
            m = TIMEOUT.matcher(c);
            if (m.find()) {
                String loc = m.group(3).isEmpty() ? null : m.group(3);
                keep(errors, new TestError(no, TestError.Kind.TIMEOUT, m.group(1), null, loc, "timeout " + m.group(2) + "s", c), no, "errors");
                anything = true;
                return true;
            }
            for (String p : ARG_ERRORS) {
                if (c.startsWith(p)) {
                    keep(errors, new TestError(no, TestError.Kind.ARGUMENT, null, null, null, null, c), no, "errors");
                    anything = true;
                    return true;
                }
            }
            return false;
        }

        private void readRow(String[] t, int no, String raw) {
            int end = t.length;
            String ts = null;
            if (end >= 2 && DATE.matcher(t[end - 2]).matches() && TIME.matcher(t[end - 1]).matches()) {
                ts = t[end - 2] + " " + t[end - 1];
                end -= 2;
            }
            int rest = end - 3;
            int v = layout != null ? valuesPerHalf : (rest >= 16 && rest <= 18 ? 8 : 4);
            int halves;
            int mid;
            if (rest - 2 * v >= 0 && rest - 2 * v <= 2) {
                halves = 2;
                mid = rest - 2 * v;
            } else if (rest - v >= 0 && rest - v <= 2) {
                halves = 1;
                mid = rest - v;
            } else {
                w.warn(no, "unreadable result row: " + (end) + " columns", raw);
                return;
            }
            String redop = null;
            Integer root = null;
            for (int i = 3; i < 3 + mid; i++) {
                Integer r = Tok.integer(t[i]);
                if (r != null && root == null) {
                    root = r;
                } else if (r == null && redop == null && root == null && Tok.decimal(t[i]) == null) {
                    redop = t[i];
                } else {
                    w.warn(no, "unreadable result row: unexpected '" + t[i] + "'", raw);
                    return;
                }
            }
            int at = 3 + mid;
            NcclTestsResult out = half(t, at, v);
            NcclTestsResult inp = halves == 2 ? half(t, at + v, v) : null;
            if (out == null || (halves == 2 && inp == null)) {
                w.warn(no, "unreadable result row: a value is not a number", raw);
                return;
            }
            if (halves == 1 && !halfRowWarned) {
                halfRowWarned = true;
                w.warn(no, "result rows hold only the out-of-place half (in-place columns missing)", raw);
            }
            rows.add(new NcclTestsRow(Tok.longValue(t[0]), Tok.longValue(t[1]), shared(words, t[2]), shared(words, redop),
                    root, out, inp, ts, null, no));
            anything = true;
        }

        private NcclTestsResult half(String[] t, int at, int v) {
            Double[] x = new Double[v];
            for (int i = 0; i < v; i++) {
                x[i] = Tok.decimal(t[at + i]);
                if (x[i] == null && !isNanOrInf(t[at + i])) return null;
            }
            Double time = x[0];
            Double alg = x[1];
            Double bus = x[2];
            String check = t[at + 3];
            Long wrong = null;
            Double error = null;
            Double cv = x[3];
            if (cv != null) {
                boolean isError;
                if (layout != null && layout.wrongColumn() != null) {
                    isError = layout.wrongColumn().equals("error");
                } else {
                    // Old builds print the error column with %5.0le (always an exponent), new ones the #wrong
                    // count with %6g (an exponent only from 1e+06 on).
                    isError = check.toLowerCase(Locale.ROOT).contains("e") && cv < 1000;
                }
                if (isError) error = cv;
                else wrong = Math.round(cv);
            }
            IterStats it = null;
            if (v == 8) {
                it = new IterStats(x[4], x[5], x[6], x[7], null, null, null, null, null, List.of());
            }
            return new NcclTestsResult(time, alg, bus, wrong, error, it);
        }

        NcclTestsData finish() {
            return finish(true);
        }

        /** The data read; {@code reportMissing} adds the "no content" error when nothing was recognised. */
        NcclTestsData finish(boolean reportMissing) {
            String test = startedName != null ? startedName : concludedName != null ? concludedName
                    : commandBinary != null ? commandBinary : usageProgram;
            test = baseName(test);
            boolean recognized = anything;
            if (!recognized) {
                if (reportMissing) w.error(0, "no nccl-tests content found", "");
            } else if (rows.isEmpty()) {
                if (usageProgram != null) {
                    w.warn(0, "no result rows: the output is the usage text", "");
                } else if (!errors.isEmpty()) {
                    w.warn(0, "no result rows: the run reported an error", errors.get(0).text());
                } else {
                    w.warn(0, "no result rows", "");
                }
            }
            NcclTestsParams params = paramsLine == 0 && pBlocking == null && pPerIter == null && pParallel == null ? null
                    : new NcclTestsParams(pNThread, pNGpus, pMin, pMax, pFactor, pStep, pWarmup, pIters, pAgg, pValidation,
                            pGraph, pUnalign, pBlocking, pPerIter, pSkip, pParallel, paramsLine);
            Usage usage = usageProgram == null && usageOptions == null ? null
                    : new Usage(usageProgram, usageOptions == null ? List.of() : usageOptions, usageLine);
            String ncclVersion = library != null ? ncclVersionOf(library) : logNcclVersion;
            return assemble(SourceFormat.TEXT, test, command, version, ncclVersion, headers, library, null, null, null,
                    null, params, devices, layout, rows, oob, avg, avgFailed, avgLine, errors, usage, notes,
                    ncclWarnings, ncclLogLines, started, concluded);
        }
    }

    static NcclTestsData assemble(SourceFormat format, String test, String command, String version, String ncclVersion,
                                  Integer headers, Integer library, Integer jsonVersion, String start, String end,
                                  List<String> env, NcclTestsParams params, List<NcclTestsDevice> devices,
                                  TableLayout layout, List<NcclTestsRow> rows, OutOfBounds oob, Double avg,
                                  Boolean avgFailed, Integer avgLine, List<TestError> errors, Usage usage,
                                  List<Note> notes, List<Note> ncclWarnings, int ncclLogLines, boolean started,
                                  boolean concluded) {
        LinkedHashSet<String> hosts = new LinkedHashSet<>();
        for (NcclTestsDevice d : devices) {
            if (d.host() != null) hosts.add(d.host());
        }
        Integer ranks = devices.isEmpty() ? null : devices.size();
        Boolean multi = devices.isEmpty() ? null : hosts.size() > 1;
        return new NcclTestsData(format, test, Collective.fromTestName(test), command, version, ncclVersion, headers,
                library, jsonVersion, start, end, env, params, devices, ranks, new ArrayList<>(hosts), multi, layout,
                rows, oob, avg, avgFailed, avgLine, errors, usage, notes, ncclWarnings, ncclLogLines, started, concluded);
    }

    static NcclTestsDevice device(Matcher m, int no) {
        return device(Tok.integer(m.group(1)), m.group(2) == null ? null : Tok.integer(m.group(2)),
                Tok.integer(m.group(3)), m.group(4), Tok.integer(m.group(5)), m.group(6).strip(), m.group(7).strip(), no);
    }

    static NcclTestsDevice device(Integer rank, Integer group, Integer pid, String host, Integer dev, String busId,
                                  String name, int no) {
        String pci = null;
        Integer bus = null;
        if (busId != null) {
            String b = busId.strip();
            String[] p = b.split(":");
            if (p.length == 3) {
                Long dom = Tok.hex(p[0]);
                Long bb = Tok.hex(p[1]);
                Long dd = Tok.hex(p[2]);
                if (dom != null && bb != null && dd != null && dom <= 0xffff && bb <= 0xff && dd <= 0x1f) {
                    pci = String.format(Locale.ROOT, "%04x:%02x:%02x.0", dom, bb, dd);
                    bus = (int) (long) bb;
                }
            } else if (p.length == 1) {
                Long bb = Tok.hex(b);
                if (bb != null && bb <= 0xff) bus = (int) (long) bb;
            }
        }
        return new NcclTestsDevice(rank == null ? -1 : rank, group, pid, host, dev, busId, pci, bus,
                name == null || name.isEmpty() ? null : name, no);
    }

    static String stripPrefixes(String line) {
        String s = line;
        for (int k = 0; k < 4; k++) {
            Matcher m = PREFIX.matcher(s);
            if (!m.find()) break;
            s = s.substring(m.end());
        }
        return s;
    }


    private static String stripHashes(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == '#') i++;
        return s.substring(i).strip();
    }

    private static String[] afterColon(String c) {
        int colon = c.indexOf(':');
        String rest = colon < 0 ? "" : c.substring(colon + 1).strip();
        return rest.isEmpty() ? new String[0] : Paste.words(rest);
    }

    static boolean isNanOrInf(String s) {
        String l = s.toLowerCase(Locale.ROOT);
        return l.equals("n/a") || l.equals("nan") || l.equals("-nan") || l.equals("inf") || l.equals("-inf")
                || l.equals("+inf");
    }

    private static boolean isRowShape(String[] t) {
        if (t.length < 7) return false;
        Long size = Tok.longValue(t[0]);
        Long count = Tok.longValue(t[1]);
        if (size == null || size < 0 || count == null || count < 0) return false;
        String type = t[2];
        return !type.isEmpty() && Character.isLetter(type.charAt(0)) && Tok.decimal(type) == null && !isNanOrInf(type);
    }

    private static boolean looksNumericRow(String[] t) {
        return t.length >= 5 && Tok.longValue(t[0]) != null && Tok.longValue(t[1]) != null;
    }

    private static String quoted(String rest) {
        if (rest == null) return null;
        String s = rest.strip();
        if (s.length() >= 2 && s.startsWith("'") && s.endsWith("'")) s = s.substring(1, s.length() - 1);
        s = s.strip();
        while (s.endsWith("/")) s = s.substring(0, s.length() - 1).strip();
        return s.isEmpty() ? null : s;
    }

    private static String commandOf(String c, int binaryStart) {
        int cut = -1;
        for (String p : new String[] {"$ ", "# ", "> "}) {
            int i = c.lastIndexOf(p, binaryStart);
            if (i >= 0 && i + 2 <= binaryStart) cut = Math.max(cut, i + 2);
        }
        if (c.startsWith("$ ") || c.equals("$")) cut = Math.max(cut, 2);
        String s = cut >= 0 ? c.substring(Math.min(cut, c.length())) : c;
        return s.strip();
    }

    static String baseName(String s) {
        if (s == null) return null;
        String t = s.strip();
        int slash = Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\'));
        if (slash >= 0) t = t.substring(slash + 1);
        return t.isEmpty() ? null : t;
    }

    // ---------------------------------------------------------------- JSON

    /** Maps the {@code -J} JSON (format versions 1 to 3, nccl-tests 2.17.5+) onto the same records. */
    private static final class JsonReader {
        final Warnings w;
        final TextState before;
        String text;
        int baseLine;
        int[] newlines;

        JsonReader(Warnings w, TextState before) {
            this.w = w;
            this.before = before;
        }

        NcclTestsData read(String json, int firstLine) {
            this.text = json;
            this.baseLine = firstLine;
            Object root;
            try {
                root = Json.parse(json);
            } catch (Json.JsonException e) {
                // nccl-tests writes doubles with %lf, so an infinite bandwidth comes out as a bare inf.
                String fixed = json.replaceAll("([:\\[,]\\s*)[-+]?inf(?=\\s*[,}\\]])", "$1null");
                try {
                    root = Json.parse(fixed);
                    w.warn(firstLine, "non-standard 'inf' values in the JSON were read as null", "");
                    this.text = fixed;
                } catch (Json.JsonException e2) {
                    w.error(firstLine + Math.max(0, e.line() - 1), "malformed nccl-tests JSON: " + e.getMessage(), "");
                    return before.finish(false);
                }
            } catch (RuntimeException e) {
                w.error(firstLine, "unreadable nccl-tests JSON: " + e.getMessage(), "");
                return before.finish(false);
            }
            if (!(root instanceof Map<?, ?> top) || !(top.containsKey("results") || top.containsKey("config"))) {
                w.error(firstLine, "no nccl-tests content found (a JSON object without config or results)", "");
                return before.finish(false);
            }
            indexNewlines();
            Integer jsonVersion = intOf(top.get("version"));
            String start = strOf(top.get("start_time"));
            String end = strOf(top.get("end_time"));
            List<String> args = strings(top.get("args"));
            List<String> env = strings(top.get("env"));
            Integer library = intOf(top.get("nccl_version"));
            String command = args.isEmpty() ? before.command : String.join(" ", args);
            String test = args.isEmpty() ? before.commandBinary : baseName(args.get(0));

            NcclTestsParams params = null;
            List<NcclTestsDevice> devices = new ArrayList<>();
            if (top.get("config") instanceof Map<?, ?> cfg) {
                int cfgLine = lineOf("\"config\"", 0);
                Long factor = longOf(cfg.get("step_factor"));
                params = new NcclTestsParams(intOf(cfg.get("nthreads")), intOf(cfg.get("ngpus")),
                        longOf(cfg.get("minimum_bytes")), longOf(cfg.get("maximum_bytes")), factor,
                        longOf(cfg.get("step_bytes")), intOf(cfg.get("warmup_iters")), intOf(cfg.get("iterations")),
                        intOf(cfg.get("aggregated_iterations")), intOf(cfg.get("validation")), intOf(cfg.get("graph")),
                        intOf(cfg.get("unalign")), blockingMode(args, boolOf(cfg.get("blocking_collectives"))),
                        boolOf(cfg.get("per_iter_timing")), intOf(cfg.get("per_iter_skip")),
                        boolOf(cfg.get("parallel_init")), cfgLine);
                int pos = 0;
                if (cfg.get("devices") instanceof List<?> ds) {
                    for (Object o : ds) {
                        if (!(o instanceof Map<?, ?> d)) continue;
                        pos = next("\"rank\"", pos);
                        devices.add(device(intOf(d.get("rank")), intOf(d.get("group")), intOf(d.get("pid")),
                                strOf(d.get("hostname")), intOf(d.get("device")), strOf(d.get("device_hex")),
                                strOf(d.get("device_info")), lineAt(pos)));
                    }
                }
            }
            List<NcclTestsRow> rows = new ArrayList<>();
            Map<String, String> words = new HashMap<>();
            boolean cpu = false;
            boolean perIter = false;
            if (top.get("results") instanceof List<?> rs) {
                int pos = 0;
                for (Object o : rs) {
                    if (!(o instanceof Map<?, ?> r)) continue;
                    pos = next("\"size\"", pos);
                    int no = lineAt(pos);
                    Long size = longOf(r.get("size"));
                    if (size == null) {
                        w.warn(no, "JSON result without a size was skipped", "");
                        continue;
                    }
                    if (r.get("out_of_place") instanceof Map<?, ?> m && m.containsKey("cpu_time")) cpu = true;
                    if (r.containsKey("out_of_place_per_iter") || r.containsKey("in_place_per_iter")) perIter = true;
                    String redop = strOf(r.get("redop"));
                    redop = redop == null || redop.isBlank() ? null : redop.strip();
                    Integer rootRank = r.get("root") instanceof Number n ? Integer.valueOf(n.intValue())
                            : Tok.integer(strOf(r.get("root")));
                    rows.add(new NcclTestsRow(size, longOf(r.get("count")), shared(words, strOf(r.get("type"))),
                            shared(words, redop), rootRank,
                            result(r.get("out_of_place"), r.get("out_of_place_per_iter")),
                            result(r.get("in_place"), r.get("in_place_per_iter")), null,
                            intOf(r.get("actual_iterations")), no));
                }
            }
            OutOfBounds oob = null;
            if (top.get("out_of_bounds") instanceof Map<?, ?> ob) {
                Long count = longOf(ob.get("count"));
                Boolean ok = boolOf(ob.get("okay"));
                if (count != null) oob = new OutOfBounds(count, ok != null ? ok : count == 0, lineOf("\"out_of_bounds\"", 0));
            }
            Double avg = null;
            Boolean avgFailed = null;
            Integer avgLine = null;
            Object ab = top.containsKey("average_bus_bandwidth") ? top.get("average_bus_bandwidth")
                    : top.get("average_bus_bandwidith"); // spelled so by nccl-tests 2.17.5
            if (ab instanceof Map<?, ?> a) {
                Object bw = a.containsKey("bandwidth") ? a.get("bandwidth") : a.get("bandwidith");
                avg = dblOf(bw);
                Boolean ok = boolOf(a.get("okay"));
                avgFailed = ok == null ? null : !ok;
                avgLine = lineOf("\"average_bus_band", 0);
            }
            List<TestError> errors = new ArrayList<>(before.errors);
            if (top.get("errors") instanceof List<?> es) {
                int eLine = lineOf("\"errors\"", 0);
                for (Object e : es) {
                    String s = strOf(e);
                    if (s != null && !s.isBlank()) {
                        errors.add(new TestError(eLine, TestError.Kind.NCCL_LAST_ERROR, null, null, null, s.strip(), s.strip()));
                    }
                }
            }
            TableLayout layout = rows.isEmpty() ? null
                    : new TableLayout(true, true, "#wrong", cpu, perIter, false, rows.get(0).line());
            if (rows.isEmpty()) w.warn(0, "no result rows", "");
            String ncclVersion = library != null ? ncclVersionOf(library) : before.logNcclVersion;
            return assemble(SourceFormat.JSON, test, command, before.version, ncclVersion, null, library, jsonVersion,
                    start, end, env, params, devices, layout, rows, oob, avg, avgFailed, avgLine, errors, null,
                    before.notes, before.ncclWarnings, before.ncclLogLines, false, false);
        }

        /** The {@code -z} mode from the command line; JSON only says whether blocking was on. */
        private static Integer blockingMode(List<String> args, Boolean on) {
            for (int i = 0; i + 1 < args.size(); i++) {
                if (args.get(i).equals("-z") || args.get(i).equals("--blocking")) return Tok.integer(args.get(i + 1));
            }
            return on == Boolean.FALSE ? 0 : null;
        }

        private NcclTestsResult result(Object half, Object iter) {
            if (!(half instanceof Map<?, ?> h)) return null;
            Object time = h.containsKey("time") ? h.get("time") : h.get("cpu_time");
            Double nw = dblOf(h.get("nwrong"));
            IterStats it = null;
            if (iter instanceof Map<?, ?> p) {
                List<Double> times = new ArrayList<>();
                if (p.get("times_us") instanceof List<?> ts) {
                    for (Object o : ts) {
                        Double d = dblOf(o);
                        if (d != null) times.add(d);
                    }
                }
                it = new IterStats(dblOf(p.get("min_us")), dblOf(p.get("max_us")), dblOf(p.get("p99_us")),
                        dblOf(p.get("cv_pct")), dblOf(p.get("avg_us")), dblOf(p.get("p50_us")), dblOf(p.get("p95_us")),
                        dblOf(p.get("stdev_us")), intOf(p.get("skipped_iterations")), times);
            }
            return new NcclTestsResult(dblOf(time), dblOf(h.get("alg_bw")), dblOf(h.get("bus_bw")),
                    nw == null ? null : Math.round(nw), null, it);
        }

        private void indexNewlines() {
            int n = 0;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') n++;
            }
            newlines = new int[n];
            int k = 0;
            for (int i = 0; i < text.length(); i++) {
                if (text.charAt(i) == '\n') newlines[k++] = i;
            }
        }

        private int next(String token, int from) {
            int i = text.indexOf(token, from);
            return i < 0 ? from : i + 1;
        }

        private int lineOf(String token, int from) {
            int i = text.indexOf(token, from);
            return lineAt(Math.max(0, i));
        }

        private int lineAt(int offset) {
            int lo = 0;
            int hi = newlines.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (newlines[mid] < offset) lo = mid + 1;
                else hi = mid;
            }
            return baseLine + lo;
        }
    }

    private static Integer intOf(Object o) {
        if (o instanceof Long l) return l > Integer.MAX_VALUE || l < Integer.MIN_VALUE ? null : (int) (long) l;
        if (o instanceof Double d) return Double.isFinite(d) && d == Math.rint(d) && Math.abs(d) < Integer.MAX_VALUE ? (int) (double) d : null;
        if (o instanceof String s) return Tok.integer(s);
        return null;
    }

    private static Long longOf(Object o) {
        if (o instanceof Long l) return l;
        if (o instanceof Double d) return Double.isFinite(d) && d == Math.rint(d) ? (long) (double) d : null;
        if (o instanceof String s) return Tok.longValue(s);
        return null;
    }

    private static Double dblOf(Object o) {
        if (o instanceof Double d) return Double.isFinite(d) ? d : null;
        if (o instanceof Long l) return (double) l;
        if (o instanceof String s) return Tok.decimal(s); // "nan" -> null
        return null;
    }

    private static Boolean boolOf(Object o) {
        if (o instanceof Boolean b) return b;
        if (o instanceof String s) {
            if (s.equalsIgnoreCase("true")) return true;
            if (s.equalsIgnoreCase("false")) return false;
        }
        if (o instanceof Long l) return l != 0;
        return null;
    }

    private static String strOf(Object o) {
        return o == null ? null : o instanceof String s ? s : String.valueOf(o);
    }

    private static List<String> strings(Object o) {
        List<String> out = new ArrayList<>();
        if (o instanceof List<?> l) {
            for (Object e : l) {
                if (e != null) out.add(strOf(e));
            }
        }
        return out;
    }
}
