package io.ncclscope.parsers.tests;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.internal.Whitespace;
import io.ncclscope.parsers.nccl.InterleavedNcclLog;
import io.ncclscope.parsers.nccl.NcclLog;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.List;
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
 * Values printed as {@code N/A}, {@code nan} or {@code inf} are null. Stateless and thread-safe. The text is read by
 * {@code TextOutputReader} (with {@code ResultTable}, {@code RunParameters} and {@code TestFailures}), the JSON by
 * {@code JsonOutputReader}.
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
        if (HeadLines.headContains(h, "\"nccl_version\"") && (HeadLines.headContains(h, "\"results\"") || HeadLines.headContains(h, "\"minimum_bytes\""))
                && (firstNonBlank(h) == '{' || HeadLines.headContains(h, "\n{"))) {
            return 96;
        }
        // Each pattern runs only where its literal part occurs: String.contains is an intrinsic scan, a regex find()
        // over the whole head is not, and detection runs every parser's sniff on every pasted input.
        boolean device = HeadLines.headContains(h, "Pid") && S_DEVICE.matcher(h).find();
        if (HeadLines.headContains(h, "nccl-tests version") && S_VERSION.matcher(h).find()) return 98;
        if (HeadLines.headContains(h, "nThread") && S_NTHREAD.matcher(h).find()) return 96;
        if (HeadLines.headContains(h, "algbw") && S_COLUMNS.matcher(h).find()) return 95;
        if (HeadLines.headContains(h, "USAGE") && S_USAGE.matcher(h).find()) return 93;
        if ((HeadLines.headContains(h, "Out of bounds values") || HeadLines.headContains(h, "Avg bus bandwidth")) && S_FOOTER.matcher(h).find()) return 92;
        if (HeadLines.headContains(h, "invalid sizes for 'minbytes' and 'maxbytes'")) return 90;
        if (HeadLines.headContains(h, ": Test ") && S_FAIL.matcher(h).find()) return device ? 92 : 90;
        // Result rows pasted without the header above them (the table alone, or cut from a longer log).
        if (headerlessRows(h) >= 2) return 75;
        // Device lines alone also open NCCL logs captured from a test run (corpus nccl-logs/nccl-1866-1.txt):
        // too weak to claim the input.
        if (device) return 30;
        return 0;
    }

    /** nccl-tests' data type names, the third column of a result row. */
    private static final java.util.Set<String> ROW_TYPES = java.util.Set.of("int8", "uint8", "int32", "uint32", "int64",
            "uint64", "half", "float", "double", "bfloat16", "f8e4m3", "f8e5m2", "fp8_e4m3", "fp8_e5m2");

    /**
     * {@return how many of the first 200 lines are result rows: size, count, a data type name, then at least six more
     * columns} Launcher prefixes are stripped first, as the reader strips them.
     */
    private static int headerlessRows(String h) {
        int rows = 0;
        HeadLines line = new HeadLines(h, Integer.MAX_VALUE);
        for (int count = 0; count < 200 && line.next(); count++) {
            // Looked for in place (the words hold no whitespace, so the stripped line holds them as the line does).
            if (!line.contains("loat") && !line.contains("int") && !line.contains("half") && !line.contains("double")
                    && !line.contains("f8")) {
                continue;
            }
            String[] t = io.ncclscope.parsers.internal.Paste.words(TextOutputReader.stripPrefixes(line.raw()).strip());
            if (t.length >= 9 && ROW_TYPES.contains(t[2]) && ResultTable.isRowShape(t)) rows++;
        }
        return rows;
    }

    private static char firstNonBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!Whitespace.is(c)) return c;
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
        TextOutputReader st = new TextOutputReader(w);
        NcclLines nccl = new NcclLines(limits);
        String line;
        while ((line = src.next()) != null) {
            int no = src.lineNumber();
            if (st.json == null && !st.substantive() && line.stripLeading().startsWith("{")) {
                st.json = new StringBuilder(Math.max(256, line.length() + 1));
                st.jsonLine = no;
            }
            if (st.json != null) {
                st.json.append(line).append('\n');
            } else {
                st.line(line, no);
            }
            nccl.accept(line, no, st.ncclLogLines > 0);
        }
        NcclTestsData data;
        if (st.json != null) {
            JsonOutputReader jr = new JsonOutputReader(w, st);
            data = jr.read(st.json.toString(), st.jsonLine);
        } else {
            data = st.finish();
        }
        NcclLog log = nccl.finish();
        return new ParseResult<>(Kind.NCCL_TESTS, log == null ? data : data.withNcclLog(log), w.toList());
    }

    /**
     * The output read as an NCCL log as it is read, once it shows an NCCL debug line: every line goes to the log,
     * nccl-tests' own too, as {@link io.ncclscope.parsers.nccl.NcclLogParser} would read the whole output. The lines
     * before the first NCCL line are held (up to {@link #MAX_HELD_CHARS}) and given to the log when that line comes, so
     * that an output without NCCL lines, the common case, sets up no log; past that bound the log takes them at once and
     * reads on, so that an NCCL line however late is still read.
     */
    private static final class NcclLines {
        /** Characters of lines held before the first NCCL line; past them the log is read from then on regardless. */
        static final long MAX_HELD_CHARS = 4L << 20;

        private final ParseLimits limits;
        private final List<String> held = new ArrayList<>();
        private int firstHeld;
        private long heldChars;
        private InterleavedNcclLog log;
        private boolean ncclSeen;

        NcclLines(ParseLimits limits) {
            this.limits = limits;
        }

        /** Reads the next line; {@code ncclSeen} once the output has shown an NCCL debug line, this one included. */
        void accept(String line, int no, boolean ncclSeen) {
            this.ncclSeen = ncclSeen;
            if (log != null) {
                log.accept(line, no);
                return;
            }
            heldChars += line.length();
            if (!ncclSeen && heldChars <= MAX_HELD_CHARS) {
                if (held.isEmpty()) firstHeld = no;
                held.add(line);
                return;
            }
            // The first NCCL line, or more held than the bound: the log reads what was held, then every line as it comes.
            log = new InterleavedNcclLog(limits);
            // Line numbers run without a gap (from the first line of the part of a paste this output is).
            for (int i = 0; i < held.size(); i++) log.accept(held.get(i), firstHeld + i);
            held.clear();
            log.accept(line, no);
        }

        /** {@return the log read; null when no NCCL line came} */
        NcclLog finish() {
            return log == null || !ncclSeen ? null : log.finish();
        }
    }
}
