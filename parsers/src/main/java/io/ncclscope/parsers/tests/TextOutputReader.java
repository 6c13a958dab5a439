package io.ncclscope.parsers.tests;

import io.ncclscope.parsers.internal.LauncherPrefix;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.internal.Whitespace;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Everything read from the text output of an nccl-tests binary, line by line: the header ({@code # nccl-tests version},
 * {@code # nThread ...} options, notes), the device lines ({@code #  Rank  0 Group  0 Pid ... device  0 [0x1b] H100}),
 * the result table and its footer ({@link ResultTable}), failures ({@link TestFailures}) and the usage text. Also
 * carries what a {@link JsonOutputReader} needs from the lines before a {@code -J} JSON object.
 */
final class TextOutputReader {

    /**
     * What launchers and wrappers put in front of each line: mpirun {@code [1,0]<stdout>:}, srun {@code 0: }, pdsh
     * {@code host: }, and a log timestamp with an optional level and logger name ({@code kubectl logs --timestamps}'s
     * {@code 2024-05-01T10:00:01.123456789Z }, a Python runner's {@code 2024-05-01 10:00:01,123 INFO launcher: }); a
     * logger name is not the host nccl-tests names its failures with ({@code fastmoe: Test NCCL failure}, corpus
     * nccl-tests/nccl-473-1), nor the {@code USAGE:} that heads nccl-tests' usage text. The other launchers' prefixes
     * are read by {@link LauncherPrefix}.
     */
    private static final Pattern PREFIX = Pattern.compile(
            "^\\s*(?:\\[\\d+,\\d+\\]<std(?:out|err)>:|\\d{1,6}: |[\\w.-]{1,253}: (?=\\s*[#\\d])"
                    + "|\\d{4}-\\d\\d-\\d\\d[T ]\\d\\d:\\d\\d:\\d\\d(?:[.,]\\d+)?(?:Z|[+-]\\d\\d:?\\d\\d)?"
                    + "(?: +-?(?:INFO|DEBUG|WARNING|WARN|ERROR)\\b)?(?: +-?\\s*(?!USAGE:)[\\w.\\[\\]-]{1,64}:(?! Test ))? )");
    /**
     * An NCCL_DEBUG line: {@code host:pid:tid [dev] }, after NCCL 2.28's time stamp ({@code [2025-06-20 02:14:03] }, the
     * default of NCCL_DEBUG_TIMESTAMP_FORMAT on its WARN lines; corpus-more nccl-logs/nccl-tests-324-1.txt).
     */
    private static final Pattern NCCL_LOG = Pattern.compile("^(?:\\[[\\d:. /-]{8,40}\\] )?[^\\s:\\[]+ ?:\\d+:\\d+ \\[\\d+\\] ");
    private static final Pattern NCCL_VERSION_LINE = Pattern.compile("NCCL version (\\d+\\.\\d+\\.\\d+)");
    private static final Pattern TESTS_VERSION = Pattern.compile(
            "^nccl-tests version (\\S+)(?: nccl-headers=(\\d+))?(?: nccl-library=(\\d+))?");
    private static final Pattern DEVICE = Pattern.compile(
            "^Rank\\s+(\\d+)\\s+(?:Group\\s+(\\d+)\\s+)?Pid\\s+(\\d+)\\s+on\\s+(\\S+)\\s+device\\s+(\\d+)\\s+\\[([^\\]]*)\\]\\s*(.*)$");
    private static final Pattern PERF_BINARY = Pattern.compile("(?:^|[\\s/=])([A-Za-z0-9_]+_perf)(?:_mpi)?(?=\\s|$)");
    private static final Pattern SKIPS = Pattern.compile("skips first (\\d+) iterations");

    /** Most notes, NCCL WARN lines, errors or device lines kept (memory stays bounded on huge inputs). */
    static final int MAX_KEPT = 65_536;

    final Warnings w;
    /** The {@code -J} JSON object being collected, from its first line on; null while the input is text. */
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
    final RunParameters params = new RunParameters();
    final List<NcclTestsDevice> devices = new ArrayList<>();
    final ResultTable table;
    final List<TestError> errors = new ArrayList<>();
    String usageProgram;
    int usageLine;
    List<String> usageOptions;
    boolean inUsage;
    final List<Note> notes = new ArrayList<>();
    final List<Note> ncclWarnings = new ArrayList<>();
    int ncclLogLines;
    boolean secondRun;
    boolean anything;
    boolean capWarned;

    TextOutputReader(Warnings w) {
        this.w = w;
        this.table = new ResultTable(w);
    }

    /** True once anything of nccl-tests' own was read (a JSON object after that is not the whole input). */
    boolean substantive() {
        return anything;
    }

    void line(String raw, int no) {
        String body = stripPrefixes(raw);
        boolean indented = !body.isEmpty() && Whitespace.is(body.charAt(0));
        String trimmed = body.strip();
        if (inUsage) {
            if (indented && !trimmed.isEmpty()) {
                continueUsage(trimmed);
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
        if (readNcclLine(c, no) || readHeaderLine(c, no)) return;
        String[] t = Paste.words(c);
        if (readTableLine(c, t, hashed, no, trimmed)) return;
        readOtherLine(c, t, no, trimmed);
    }

    /** An indented line of the usage text: a new option, or the continuation of the last one. */
    private void continueUsage(String trimmed) {
        if (trimmed.startsWith("[") || usageOptions.isEmpty()) {
            if (usageOptions.size() < MAX_KEPT) usageOptions.add(trimmed);
        } else {
            int last = usageOptions.size() - 1;
            if (usageOptions.get(last).length() < 4096) {
                usageOptions.set(last, usageOptions.get(last) + " " + trimmed);
            }
        }
    }

    /** NCCL_DEBUG lines between the table's lines and a bare {@code NCCL version} line. */
    private boolean readNcclLine(String c, int no) {
        if (c.indexOf(':') > 0 && NCCL_LOG.matcher(c).lookingAt()) {
            ncclLogLines++;
            Matcher v = NCCL_VERSION_LINE.matcher(c);
            if (logNcclVersion == null && v.find()) logNcclVersion = v.group(1);
            if (c.contains(" WARN ")) keep(ncclWarnings, new Note(no, c), no, "NCCL WARN lines");
            return true;
        }
        if (c.startsWith("NCCL version ")) {
            Matcher v = NCCL_VERSION_LINE.matcher(c);
            if (logNcclVersion == null && v.find()) logNcclVersion = v.group(1);
            return true;
        }
        return false;
    }

    /** The header: versions, the test's name, the {@code nThread ...} options, notes, {@code Using devices}. */
    private boolean readHeaderLine(String c, int no) {
        if (c.startsWith("nccl-tests version")) {
            Matcher m = TESTS_VERSION.matcher(c);
            if (m.find()) {
                newRunCheck(no, c);
                if (version == null) {
                    version = m.group(1);
                    headers = m.group(2) == null ? null : ToolValues.integer(m.group(2));
                    library = m.group(3) == null ? null : ToolValues.integer(m.group(3));
                }
                anything = true;
                return true;
            }
        }
        if (c.startsWith("Collective test starting:")) {
            if (startedName == null) startedName = c.substring(c.indexOf(':') + 1).strip();
            started = true;
            anything = true;
            return true;
        }
        if (c.startsWith("Collective test concluded:")) {
            if (concludedName == null) concludedName = c.substring(c.indexOf(':') + 1).strip();
            concluded = true;
            anything = true;
            return true;
        }
        if (c.startsWith("nThread ")) {
            newRunCheck(no, c);
            if (params.paramsLine == 0) params.read(c, no);
            anything = true;
            return true;
        }
        return readOptionNote(c, no);
    }

    /** Notes the header prints about options: blocking, per-iteration timing, parallel init, JSON output... */
    private boolean readOptionNote(String c, int no) {
        if (c.startsWith("Blocking Enabled")) {
            if (c.contains("no barrier")) params.blocking = 2;
            else if (c.contains("outer iteration")) params.blocking = 3;
            else params.blocking = 1;
            keep(notes, new Note(no, c), no, "notes");
            return true;
        }
        if (c.startsWith("Per-Iteration Report")) {
            params.perIter = true;
            Matcher m = SKIPS.matcher(c);
            if (m.find()) params.skip = ToolValues.integer(m.group(1));
            keep(notes, new Note(no, c), no, "notes");
            return true;
        }
        if (c.startsWith("Parallel Init Enabled")) {
            params.parallel = true;
            keep(notes, new Note(no, c), no, "notes");
            return true;
        }
        if (c.startsWith("Reducing maxBytes") || c.startsWith("Writing JSON output") || c.startsWith("skipping json output")
                || c.startsWith("GPU memory usage")) {
            keep(notes, new Note(no, c), no, "notes");
            anything = true;
            return true;
        }
        if (c.equals("Using devices")) {
            anything = true;
            return true;
        }
        return false;
    }

    /** Device lines, the table's column titles and rows, its footer, and {@code # error:} lines. */
    private boolean readTableLine(String c, String[] t, boolean hashed, int no, String trimmed) {
        if (c.startsWith("Rank")) {
            Matcher m = DEVICE.matcher(c);
            if (m.find()) {
                if (!secondRun) keep(devices, NcclTestsRecords.device(m, no), no, "device lines");
                anything = true;
                return true;
            }
        }
        if (c.contains("out-of-place") || c.equals("in-place") || c.startsWith("in-place ")) {
            anything = true;
            return true;
        }
        if (t.length >= 4 && t[0].equals("size") && t[1].equals("count") && t[2].equals("type")) {
            table.readLayout(t, no);
            anything = true;
            return true;
        }
        if (c.startsWith("(B)") && c.contains("(elements)")) return true;
        if (c.startsWith("Out of bounds values")) {
            if (table.readOutOfBounds(c, no, trimmed)) anything = true;
            return true;
        }
        if (c.startsWith("Avg bus bandwidth")) {
            if (table.readAverage(c, no, trimmed)) anything = true;
            return true;
        }
        if (hashed && c.startsWith("error:")) {
            String text = c.substring(6).strip();
            keep(errors, new TestError(no, TestError.Kind.NCCL_LAST_ERROR, null, null, null, text, c), no, "errors");
            anything = true;
            return true;
        }
        if (ResultTable.isRowShape(t)) {
            if (table.readRow(t, no, trimmed)) anything = true;
            return true;
        }
        return false;
    }

    /** Failures, the usage text, option notes, the command line, and what is left. */
    private void readOtherLine(String c, String[] t, int no, String trimmed) {
        TestError failure = TestFailures.failureOf(c, no);
        if (failure != null) {
            keep(errors, failure, no, "errors");
            anything = true;
            return;
        }
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
            if (command == null && table.rows.isEmpty() && !c.startsWith("[")) {
                command = commandOf(c, b.start(1));
                commandBinary = b.group(1);
            }
            return;
        }
        if (ResultTable.looksNumericRow(t)) {
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
        if (!table.rows.isEmpty() && !secondRun) {
            secondRun = true;
            w.warn(no, "another run starts here; its rows are appended to the first run's", c);
        }
    }

    NcclTestsData finish() {
        return finish(true);
    }

    /** The data read; {@code reportMissing} adds the "no content" error when nothing was recognised. */
    NcclTestsData finish(boolean reportMissing) {
        String test = startedName != null ? startedName : concludedName != null ? concludedName
                : commandBinary != null ? commandBinary : usageProgram;
        test = NcclTestsRecords.baseName(test);
        boolean recognized = anything;
        if (!recognized) {
            if (reportMissing) w.error(0, "no nccl-tests content found", "");
        } else if (table.rows.isEmpty()) {
            if (usageProgram != null) {
                w.warn(0, "no result rows: the output is the usage text", "");
            } else if (!errors.isEmpty()) {
                w.warn(0, "no result rows: the run reported an error", errors.get(0).text());
            } else {
                w.warn(0, "no result rows", "");
            }
        }
        Usage usage = usageProgram == null && usageOptions == null ? null
                : new Usage(usageProgram, usageOptions == null ? List.of() : usageOptions, usageLine);
        String ncclVersion = library != null ? NcclTestsParser.ncclVersionOf(library) : logNcclVersion;
        return NcclTestsRecords.assemble(SourceFormat.TEXT, test, command, version, ncclVersion, headers, library, null,
                null, null, null, params.toRecord(), devices, table.layout, table.rows, table.oob, table.avg,
                table.avgFailed, table.avgLine, errors, usage, notes, ncclWarnings, ncclLogLines, started, concluded);
    }

    static String stripPrefixes(String line) {
        String s = line;
        for (int k = 0; k < 4; k++) {
            // Every prefix of PREFIX holds a colon; most lines of a table hold none. The shapes it does not know
            // (torchrun, Ray, journald, docker compose, cat -n...) are the NCCL log's: one reader for both.
            Matcher m = s.indexOf(':') < 0 ? null : PREFIX.matcher(s);
            if (m != null && m.lookingAt()) {
                s = s.substring(m.end());
                continue;
            }
            int launcher = new LauncherPrefix().end(s);
            // NCCL 2.28's own "[2025-06-20 02:14:03] " before its header is its line's (NCCL_LOG reads it)
            if (launcher == 0 || NCCL_LOG.matcher(s).lookingAt()) break;
            s = s.substring(launcher);
        }
        return s;
    }

    private static String stripHashes(String s) {
        int i = 0;
        while (i < s.length() && s.charAt(i) == '#') i++;
        return s.substring(i).strip();
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
}
