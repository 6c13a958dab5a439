package io.ncclscope.parsers.ras;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.internal.Whitespace;
import io.ncclscope.parsers.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text status report of NCCL's RAS client ({@code ncclras}, as NCCL's docs/ras and src/ras/client_support.cc
 * print it): sections headed by a title over a {@code ====} line ({@code Job summary}, {@code Communicators... (0.00s)},
 * {@code Errors}, {@code Warnings}), the summary's counts, the communicators table, and each issue with the processes,
 * ranks and operation counts it names. Lines of no known form are skipped. The JSON status ({@code SET FORMAT json}) is
 * read into the same facts. Stateless and thread-safe.
 */
public final class RasParser implements ToolParser<RasStatus> {

    /** Most communicator rows and issues kept. */
    static final int MAX_ROWS = 10_000;

    private static final Pattern VERSION = Pattern.compile("NCCL version (\\S+)");
    private static final Pattern SUMMARY = Pattern.compile("^\\s*(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)\\s*$");
    private static final Pattern ROW = Pattern.compile(
            "^\\s*(\\d+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+(\\S+)\\s+([A-Z_]+)\\s+([A-Z_]+)\\s*$");
    private static final Pattern HEADLINE = Pattern.compile("^(#\\S+ \\([0-9a-fA-F]+\\))?\\s*(.*?)\\s*$");
    private static final Pattern PROCESS = Pattern.compile("Process (\\d+) on node (\\S+?) managing GPUs? (\\d+)");
    private static final Pattern RANK = Pattern.compile("Rank (\\d+) -- GPU (\\d+) managed by process (\\d+) on node (\\S+)");
    private static final Pattern MISSING = Pattern.compile("The missing ranks?: ([\\d, -]+)");
    private static final Pattern LAUNCHED = Pattern.compile("(\\d+) ranks? ha(?:s|ve) launched up to operation (\\d+)");

    /** Creates the parser. */
    public RasParser() {
    }

    @Override
    public Kind kind() {
        return Kind.NCCL_RAS;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = head.length() > 65536 ? head.subSequence(0, 65536).toString() : head.toString();
        boolean comms = HeadLines.headContains(h, "Communicators... (") || HeadLines.headContains(h, "Communicators...\n");
        boolean table = HeadLines.headContains(h, "Group") && HeadLines.headContains(h, "Comms") && HeadLines.headContains(h, "in group");
        int score = 0;
        if (HeadLines.headContains(h, "Job summary\n===") && (comms || table)) score = 95;
        else if (comms && table) score = 90;
        // A job's log with a RAS report pasted in: the log's kind reads more of it (its watchdog and NCCL lines).
        if (score > 0 && (HeadLines.headContains(h, "Watchdog caught") || HeadLines.headContains(h, " NCCL INFO ") || HeadLines.headContains(h, " NCCL WARN "))) score = 55;
        // The JSON status (SET FORMAT json): its communicators with their ranks' collective counts.
        if (score == 0 && HeadLines.opensWith(h, '{') && HeadLines.headContains(h, "\"communicators\"")
                && HeadLines.headContains(h, "\"nccl_version\"") && (HeadLines.headContains(h, "\"collective_counts\"") || HeadLines.headContains(h, "\"missing_ranks\""))) {
            score = 95;
        }
        return score;
    }

    @Override
    public ParseResult<RasStatus> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        BufferedReader text = new BufferedReader(in);
        if (startsWithBrace(text)) return new ParseResult<>(Kind.NCCL_RAS, readJson(text, limits, w), w.toList());
        LineSource src = LineSource.table(text, w, limits);
        String version = null;
        Integer nodes = null;
        Integer procs = null;
        Integer gpus = null;
        List<RasCommunicators> rows = new ArrayList<>();
        List<RasIssue> issues = new ArrayList<>();
        String section = "";
        String previous = null;
        IssueDraft draft = null;
        String line;
        while ((line = src.next()) != null) {
            int no = src.lineNumber();
            if (line.startsWith("===") && previous != null) {
                // The title over this rule was read as an issue's headline: it is the next section's title.
                if (draft != null && draft.line == no - 1 && draft.text.length() == 0) draft = null;
                if (draft != null) draft = finish(draft, issues);
                section = previous.trim();
                previous = line;
                continue;
            }
            if (previous != null && !previous.startsWith("===") && !previous.isBlank() && section.isEmpty()
                    && version == null) {
                Matcher v = VERSION.matcher(previous);
                if (v.find()) version = v.group(1);
            }
            previous = line;
            if (line.isBlank()) continue;
            Matcher m;
            if (section.startsWith("Job summary")) {
                if ((m = SUMMARY.matcher(line)).matches()) {
                    nodes = small(m.group(1));
                    procs = small(m.group(4));
                    gpus = small(m.group(5));
                }
            } else if (section.startsWith("Communicators")) {
                if ((m = ROW.matcher(line)).matches() && rows.size() < MAX_ROWS) {
                    Integer g = small(m.group(1));
                    if (g != null) rows.add(new RasCommunicators(g, m.group(2), m.group(3), m.group(4), m.group(5),
                            m.group(6), m.group(7), m.group(8), no));
                }
            } else if (section.equals("Errors") || section.equals("Warnings")) {
                if (!Whitespace.is(line.charAt(0))) {
                    if (draft != null) draft = finish(draft, issues);
                    if (issues.size() >= MAX_ROWS) continue;
                    m = HEADLINE.matcher(line);
                    if (!m.matches() || !m.group(2).matches("[A-Z][A-Z0-9_ ]*")) continue;
                    String rest = m.group(2);
                    int sp = rest.lastIndexOf(' ');
                    draft = new IssueDraft(section.equals("Errors"), sp >= 0 ? rest.substring(sp + 1) : rest, m.group(1), no);
                } else if (draft != null) {
                    draft.detail(line.trim(), no);
                }
            }
        }
        if (draft != null) finish(draft, issues);
        if (version == null && previous != null) {
            Matcher v = VERSION.matcher(previous);
            if (v.find()) version = v.group(1);
        }
        if (rows.isEmpty() && issues.isEmpty() && nodes == null) w.error(0, "no RAS status report found", "");
        return new ParseResult<>(Kind.NCCL_RAS, new RasStatus(version, nodes, procs, gpus, rows, issues), w.toList());
    }

    /** {@return true when the first character that is not white space is an opening brace}; nothing is consumed */
    private static boolean startsWithBrace(BufferedReader in) throws IOException {
        in.mark(4096);
        int c;
        int n = 0;
        do {
            c = in.read();
        } while (c >= 0 && Character.isWhitespace(c) && ++n < 4000);
        in.reset();
        return c == '{';
    }

    private static RasStatus readJson(Reader in, ParseLimits limits, Warnings w) throws IOException {
        StringBuilder sb = new StringBuilder();
        char[] buf = new char[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            if (sb.length() + (long) n > limits.maxTableChars()) {
                w.error(0, "the RAS status is longer than " + limits.maxTableChars() + " characters; not read", "");
                return new RasStatus(null, null, null, null, List.of(), List.of());
            }
            sb.append(buf, 0, n);
        }
        try {
            return RasJsonReading.read(Json.parse(sb), w);
        } catch (Json.JsonException e) {
            w.error(e.line(), "not JSON: " + e.getMessage(), "");
            return new RasStatus(null, null, null, null, List.of(), List.of());
        }
    }

    private static IssueDraft finish(IssueDraft d, List<RasIssue> issues) {
        issues.add(d.build());
        return null;
    }

    private static Integer small(String digits) {
        return digits.length() > 9 ? null : Integer.valueOf(digits);
    }

    private static Long number(String digits) {
        return digits.length() > 18 ? null : Long.valueOf(digits);
    }

    /** An issue while its detail lines come. */
    private static final class IssueDraft {
        final boolean error;
        final String kind;
        final String comm;
        final int line;
        final StringBuilder text = new StringBuilder();
        final List<RasProcess> processes = new ArrayList<>();
        final Map<Long, Integer> launched = new LinkedHashMap<>();

        IssueDraft(boolean error, String kind, String comm, int line) {
            this.error = error;
            this.kind = kind;
            this.comm = comm;
            this.line = line;
        }

        void detail(String d, int no) {
            if (text.length() < 512) text.append(text.length() > 0 ? "; " : "").append(d);
            if (processes.size() >= 4096) return;
            Matcher m;
            if ((m = RANK.matcher(d)).find()) {
                processes.add(new RasProcess(small(m.group(1)), small(m.group(2)), number(m.group(3)), m.group(4), no));
            } else if ((m = PROCESS.matcher(d)).find()) {
                processes.add(new RasProcess(null, small(m.group(3)), number(m.group(1)), m.group(2), no));
            } else if ((m = MISSING.matcher(d)).find()) {
                for (String r : m.group(1).split("[, ]+")) {
                    if (!r.isBlank() && !r.contains("-") && processes.size() < 4096) {
                        processes.add(new RasProcess(small(r.trim()), null, null, null, no));
                    }
                }
            } else if ((m = LAUNCHED.matcher(d)).find()) {
                Long op = number(m.group(2));
                Integer n = small(m.group(1));
                if (op != null && n != null) launched.put(op, n);
            }
        }

        RasIssue build() {
            String t = text.length() > 512 ? text.substring(0, 512) : text.toString();
            return new RasIssue(error, kind, comm, t, processes, launched, line);
        }
    }
}
