package io.ncclscope.parsers.tests;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.parsers.nccl.NcclLog;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one nccl-tests run printed (text table or {@code -J} JSON). Components that the input did not hold
 * are null (lists are empty), never 0: {@code avgBusBw} 0 is a real reading (a one-rank run).
 *
 * @param format           text table or JSON
 * @param test             the binary, for example {@code all_reduce_perf} (from {@code # Collective test starting:},
 *                         the command line, the JSON {@code args} or the usage text); null when not shown
 * @param collective       the collective measured, {@code all_reduce} ...; {@code unknown} when {@code test} is unknown
 * @param command          the command line seen before the output (shell prompt line or JSON {@code args}); null if none
 * @param version          nccl-tests version from {@code # nccl-tests version 2.19.6 ...}; null when not printed
 * @param ncclVersion      NCCL library version, {@code 2.28.9}: from {@code nccl-library=} (or JSON {@code nccl_version}),
 *                         else from an NCCL {@code NCCL version 2.x.y+cudaX} line; null when not shown
 * @param ncclHeaders      the {@code nccl-headers=} code the tests were built against, for example 22809
 * @param ncclLibrary      the {@code nccl-library=} code (JSON {@code nccl_version}), for example 22809
 * @param jsonVersion      the JSON file format version (JSON only)
 * @param startTime        JSON {@code start_time}
 * @param endTime          JSON {@code end_time}
 * @param env              JSON {@code env} entries, as written; null for the text table
 * @param params           the {@code # nThread ...} parameters; null when not printed
 * @param devices          the {@code # Using devices} lines, in order
 * @param ranks            number of ranks = device lines; null when no device line was printed
 * @param hosts            distinct hosts of the device lines, in order of first appearance
 * @param multiNode        true when the devices span more than one host; null when no device line was printed
 * @param layout           the column header of the table; null when no header was printed (rows read by shape).
 *                         For JSON, the fields the results carry ({@code cpu_time}, {@code *_per_iter})
 * @param rows             result rows, in order
 * @param outOfBounds      the {@code # Out of bounds values} footer; null when not printed
 * @param avgBusBw         {@code # Avg bus bandwidth} in GB/s; null when not printed
 * @param avgBusBwFailed   true when the footer says {@code FAILED} (NCCL_TESTS_MIN_BW not met), false for {@code OK},
 *                         null when unchecked
 * @param avgBusBwLine     1-based line of the average; null when not printed
 * @param errors           errors the binary reported, in order
 * @param usage            the usage text, when the binary printed it ({@code -h} or a bad option)
 * @param notes            option and memory notes printed with the header
 * @param ncclWarnings     NCCL WARN lines interleaved with the output (NCCL_DEBUG)
 * @param ncclLogLines     number of NCCL debug lines ({@code host:pid:tid [dev] NCCL INFO ...}) skipped
 * @param ncclLog          the output read as an NCCL log (its NCCL debug lines among its other lines, line numbers the
 *                         output's), as {@link io.ncclscope.parsers.nccl.NcclLogParser} reads it; null when no NCCL
 *                         debug line was printed (or the first came after 4 Mi characters of other lines), and in a
 *                         record made by its reader rather than parsed. Not written in the record's JSON form
 *                         ({@link Json.NotWritten})
 * @param started          {@code # Collective test starting} was printed
 * @param concluded        {@code # Collective test concluded} was printed (newer versions print both)
 */
public record NcclTestsData(SourceFormat format, String test, Collective collective, String command, String version,
                            String ncclVersion, Integer ncclHeaders, Integer ncclLibrary, Integer jsonVersion,
                            String startTime, String endTime, List<String> env, NcclTestsParams params,
                            List<NcclTestsDevice> devices, Integer ranks, List<String> hosts, Boolean multiNode,
                            TableLayout layout, List<NcclTestsRow> rows, OutOfBounds outOfBounds, Double avgBusBw,
                            Boolean avgBusBwFailed, Integer avgBusBwLine, List<TestError> errors, Usage usage,
                            List<Note> notes, List<Note> ncclWarnings, int ncclLogLines,
                            @Json.NotWritten NcclLog ncclLog, boolean started, boolean concluded) {
    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param format           text table or JSON
     * @param test             the binary, for example {@code all_reduce_perf} (from {@code # Collective test starting:},
     *         the command line, the JSON {@code args} or the usage text); null when not shown
     * @param collective       the collective measured, {@code all_reduce} ...; {@code unknown} when {@code test} is unknown
     * @param command          the command line seen before the output (shell prompt line or JSON {@code args}); null if none
     * @param version          nccl-tests version from {@code # nccl-tests version 2.19.6 ...}; null when not printed
     * @param ncclVersion      NCCL library version, {@code 2.28.9}: from {@code nccl-library=} (or JSON {@code nccl_version}),
     *         else from an NCCL {@code NCCL version 2.x.y+cudaX} line; null when not shown
     * @param ncclHeaders      the {@code nccl-headers=} code the tests were built against, for example 22809
     * @param ncclLibrary      the {@code nccl-library=} code (JSON {@code nccl_version}), for example 22809
     * @param jsonVersion      the JSON file format version (JSON only)
     * @param startTime        JSON {@code start_time}
     * @param endTime          JSON {@code end_time}
     * @param env              JSON {@code env} entries, as written; null for the text table
     * @param params           the {@code # nThread ...} parameters; null when not printed
     * @param devices          the {@code # Using devices} lines, in order
     * @param ranks            number of ranks = device lines; null when no device line was printed
     * @param hosts            distinct hosts of the device lines, in order of first appearance
     * @param multiNode        true when the devices span more than one host; null when no device line was printed
     * @param layout           the column header of the table; null when no header was printed (rows read by shape).
     *         For JSON, the fields the results carry ({@code cpu_time}, {@code *_per_iter})
     * @param rows             result rows, in order
     * @param outOfBounds      the {@code # Out of bounds values} footer; null when not printed
     * @param avgBusBw         {@code # Avg bus bandwidth} in GB/s; null when not printed
     * @param avgBusBwFailed   true when the footer says {@code FAILED} (NCCL_TESTS_MIN_BW not met), false for {@code OK},
     *         null when unchecked
     * @param avgBusBwLine     1-based line of the average; null when not printed
     * @param errors           errors the binary reported, in order
     * @param usage            the usage text, when the binary printed it ({@code -h} or a bad option)
     * @param notes            option and memory notes printed with the header
     * @param ncclWarnings     NCCL WARN lines interleaved with the output (NCCL_DEBUG)
     * @param ncclLogLines     number of NCCL debug lines ({@code host:pid:tid [dev] NCCL INFO ...}) skipped
     * @param ncclLog          the output read as an NCCL log; null when no NCCL debug line was printed
     * @param started          {@code # Collective test starting} was printed
     * @param concluded        {@code # Collective test concluded} was printed (newer versions print both)
     */
    public NcclTestsData {
        env = env == null ? null : List.copyOf(env);
        devices = List.copyOf(devices);
        hosts = List.copyOf(hosts);
        rows = List.copyOf(rows);
        errors = List.copyOf(errors);
        notes = List.copyOf(notes);
        ncclWarnings = List.copyOf(ncclWarnings);
    }

    /**
     * A record without the output's NCCL log ({@code ncclLog} null): a table made or trimmed by its reader, not parsed.
     *
     * @param format           text table or JSON
     * @param test             the binary; null when not shown
     * @param collective       the collective measured
     * @param command          the command line seen before the output; null if none
     * @param version          nccl-tests version; null when not printed
     * @param ncclVersion      NCCL library version; null when not shown
     * @param ncclHeaders      the {@code nccl-headers=} code
     * @param ncclLibrary      the {@code nccl-library=} code
     * @param jsonVersion      the JSON file format version (JSON only)
     * @param startTime        JSON {@code start_time}
     * @param endTime          JSON {@code end_time}
     * @param env              JSON {@code env} entries; null for the text table
     * @param params           the {@code # nThread ...} parameters; null when not printed
     * @param devices          the {@code # Using devices} lines, in order
     * @param ranks            number of ranks; null when no device line was printed
     * @param hosts            distinct hosts of the device lines
     * @param multiNode        true when the devices span more than one host; null when no device line was printed
     * @param layout           the column header of the table; null when no header was printed
     * @param rows             result rows, in order
     * @param outOfBounds      the {@code # Out of bounds values} footer; null when not printed
     * @param avgBusBw         {@code # Avg bus bandwidth} in GB/s; null when not printed
     * @param avgBusBwFailed   true when the footer says {@code FAILED}, false for {@code OK}, null when unchecked
     * @param avgBusBwLine     1-based line of the average; null when not printed
     * @param errors           errors the binary reported, in order
     * @param usage            the usage text, when the binary printed it
     * @param notes            option and memory notes printed with the header
     * @param ncclWarnings     NCCL WARN lines interleaved with the output
     * @param ncclLogLines     number of NCCL debug lines skipped
     * @param started          {@code # Collective test starting} was printed
     * @param concluded        {@code # Collective test concluded} was printed
     */
    public NcclTestsData(SourceFormat format, String test, Collective collective, String command, String version,
                         String ncclVersion, Integer ncclHeaders, Integer ncclLibrary, Integer jsonVersion,
                         String startTime, String endTime, List<String> env, NcclTestsParams params,
                         List<NcclTestsDevice> devices, Integer ranks, List<String> hosts, Boolean multiNode,
                         TableLayout layout, List<NcclTestsRow> rows, OutOfBounds outOfBounds, Double avgBusBw,
                         Boolean avgBusBwFailed, Integer avgBusBwLine, List<TestError> errors, Usage usage,
                         List<Note> notes, List<Note> ncclWarnings, int ncclLogLines, boolean started,
                         boolean concluded) {
        this(format, test, collective, command, version, ncclVersion, ncclHeaders, ncclLibrary, jsonVersion, startTime,
                endTime, env, params, devices, ranks, hosts, multiNode, layout, rows, outOfBounds, avgBusBw,
                avgBusBwFailed, avgBusBwLine, errors, usage, notes, ncclWarnings, ncclLogLines, null, started, concluded);
    }

    /**
     * {@return this record with {@code log} as its output's NCCL log}
     *
     * @param log the output read as an NCCL log, or null
     */
    NcclTestsData withNcclLog(NcclLog log) {
        return new NcclTestsData(format, test, collective, command, version, ncclVersion, ncclHeaders, ncclLibrary,
                jsonVersion, startTime, endTime, env, params, devices, ranks, hosts, multiNode, layout, rows, outOfBounds,
                avgBusBw, avgBusBwFailed, avgBusBwLine, errors, usage, notes, ncclWarnings, ncclLogLines, log, started,
                concluded);
    }

    /**
     * {@return the rank an error line of this output belongs to: the one device its host's process drives, by the
     * {@code # Rank} lines (any process of the host when the line names no pid); null when the line names no host, or
     * that process drives no device or several (one process usually drives every GPU of its host)}
     *
     * @param e one of {@link #errors}
     */
    public Integer rankOf(TestError e) {
        if (e.host() == null) return null;
        Integer rank = null;
        int found = 0;
        for (NcclTestsDevice d : devices) {
            if (e.host().equals(d.host()) && (e.pid() == null || e.pid().equals(d.pid()))) {
                rank = d.rank();
                found++;
            }
        }
        return found == 1 ? rank : null;
    }

    /** {@return the row of the largest size (the last one of that size), if any} */
    public java.util.Optional<NcclTestsRow> largestRow() {
        NcclTestsRow best = null;
        for (NcclTestsRow r : rows) {
            if (best == null || r.size() >= best.size()) best = r;
        }
        return java.util.Optional.ofNullable(best);
    }

    /**
     * {@return the {@code NCCL_TESTS_MIN_BW} threshold the command line sets, as written ({@code 150.5}); null when it
     * sets none} The footer's {@code FAILED} ({@link #avgBusBwFailed}) is measured against it.
     */
    public String minBusBwSetting() {
        if (command == null) return null;
        Matcher m = MIN_BUS_BW.matcher(command);
        return m.find() ? m.group(1) : null;
    }

    private static final Pattern MIN_BUS_BW = Pattern.compile("NCCL_TESTS_MIN_BW=([0-9.]+)");
}
