package io.ncclscope.parsers.tests;

import io.ncclscope.parsers.internal.ToolValues;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;

/** The records both forms of nccl-tests output (text table and {@code -J} JSON) are read into, built the same way. */
final class NcclTestsRecords {

    private NcclTestsRecords() {
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
        return device(ToolValues.integer(m.group(1)), m.group(2) == null ? null : ToolValues.integer(m.group(2)),
                ToolValues.integer(m.group(3)), m.group(4), ToolValues.integer(m.group(5)), m.group(6).strip(), m.group(7).strip(), no);
    }

    static NcclTestsDevice device(Integer rank, Integer group, Integer pid, String host, Integer dev, String busId,
                                  String name, int no) {
        String pci = null;
        Integer bus = null;
        if (busId != null) {
            String b = busId.strip();
            String[] p = b.split(":");
            if (p.length == 3) {
                Long dom = ToolValues.hex(p[0]);
                Long bb = ToolValues.hex(p[1]);
                Long dd = ToolValues.hex(p[2]);
                if (dom != null && bb != null && dd != null && dom <= 0xffff && bb <= 0xff && dd <= 0x1f) {
                    pci = String.format(Locale.ROOT, "%04x:%02x:%02x.0", dom, bb, dd);
                    bus = (int) (long) bb;
                }
            } else if (p.length == 1) {
                Long bb = ToolValues.hex(b);
                if (bb != null && bb <= 0xff) bus = (int) (long) bb;
            }
        }
        return new NcclTestsDevice(rank == null ? -1 : rank, group, pid, host, dev, busId, pci, bus,
                name == null || name.isEmpty() ? null : name, no);
    }

    /** Everything read from a text table; also carries what a JSON reader needs from lines before it. */
    /**
     * {@code s}, or the equal string this table already holds: every row of a table repeats its type and redop
     * ({@code float}, {@code sum}), and a bundle of a thousand nodes holds a hundred thousand rows.
     */
    static String shared(Map<String, String> words, String s) {
        if (s == null) return null;
        String seen = words.putIfAbsent(s, s);
        return seen != null ? seen : s;
    }

    static String baseName(String s) {
        if (s == null) return null;
        String t = s.strip();
        int slash = Math.max(t.lastIndexOf('/'), t.lastIndexOf('\\'));
        if (slash >= 0) t = t.substring(slash + 1);
        return t.isEmpty() ? null : t;
    }
}
