package io.ncclscope.parsers.perftest;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the console output of the perftest RDMA benchmarks ({@code ib_write_bw -d mlx5_0 --report_gbits HOST},
 * and {@code ib_read_bw}, {@code ib_send_bw}, {@code ib_atomic_bw}, {@code ib_write_lat}, {@code ib_read_lat},
 * {@code ib_send_lat}), server or client side: the header box ({@code RDMA_Write BW Test}, {@code Device},
 * {@code Link type}, {@code Mtu}, {@code GID index} ...), the {@code local address} / {@code remote address} and
 * {@code GID} lines, the bandwidth table ({@code #bytes #iterations BW peak BW average MsgRate}, with the optional
 * {@code BW min}, {@code #sl}, per-port and {@code CPU_Util} columns) or the latency table ({@code t_min ... 99.9%}),
 * and the errors a failed run prints (connection, key exchange, QP set-up, completion).
 *
 * <p>Formats follow linux-rdma/perftest {@code src/perftest_parameters.[ch]} and {@code perftest_communication.[ch]}
 * (2018 to 2025 releases, including builds that print {@code MiB/sec}). BW printed in {@code MB/sec} or
 * {@code MiB/sec} is 2^20 bytes per second; {@code Gb/sec} ({@code --report_gbits}) is 10^9 bits per second;
 * rows carry both the printed value and Gb/s. Markdown emphasis ({@code **5544.28**}), tabs, CUDA set-up lines,
 * libibverbs warnings and wrapper log lines are tolerated. Stateless and thread-safe.
 */
public final class PerftestParser implements ToolParser<PerftestData> {

    @Override
    public Kind kind() {
        return Kind.PERFTEST;
    }

    // ---------------------------------------------------------------- sniff

    private static final Pattern S_TITLE = Pattern.compile(
            "(?m)^[ \\t]*(?:Send|Send_imm|RDMA_Write|RDMA_Write_imm|RDMA_Read|Atomic)\\b[ A-Za-z_]{0,60}\\b(?:BW|Latency)\\b[ A-Za-z]{0,30}Test[ \\t]*$");
    private static final Pattern S_TABLE = Pattern.compile("#bytes\\s+(?:#sl\\s+)?#iterations\\s+(?:BW peak|t_min|t_avg)");
    private static final Pattern S_BOX = Pattern.compile("(?m)^[ \\t]*(?:Dual-port|Number of qps|Connection type)[ \\t]*:");
    private static final Pattern TOOL = Pattern.compile("\\b(ib_(?:write|read|send|atomic)_(?:bw|lat))\\b");
    private static final String[] S_ERRORS = {
        "ethernet_read_keys", "Failed to exchange data between server and clients", "Unable to Connect the HCA's through the link",
        "Unable to init the socket connection", "Unable to open file descriptor for socket connection",
        "Couldn't read remote address", "Failed to modify QP to RTS", "Waiting for client to connect",
    };

    @Override
    public int sniff(CharSequence head) {
        if (head == null || head.length() == 0) return 0;
        String h = head.toString();
        // Regexes only where their literal part occurs (see NcclTestsParser.sniff).
        if (HeadLines.headContains(h, "Test") && S_TITLE.matcher(h).find()) return 95;
        if (HeadLines.headContains(h, "#iterations") && S_TABLE.matcher(h).find()) return 95;
        if (HeadLines.headContains(h, "Transport type") && S_BOX.matcher(h).find()) return 90;
        int errors = 0;
        for (String e : S_ERRORS) {
            if (HeadLines.headContains(h, e)) errors++;
        }
        boolean tool = HeadLines.headContains(h, "ib_") && TOOL.matcher(h).find();
        if (errors > 0 && tool) return 88;
        if (errors >= 2) return 82;
        if (tool && HeadLines.headContains(h, "Couldn't connect to")) return 85;
        if (errors == 1) return 70;
        if (tool) return 40;
        return 0;
    }

    // ---------------------------------------------------------------- parse

    @Override
    public ParseResult<PerftestData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        PerftestReader st = new PerftestReader(w);
        String line;
        while ((line = src.next()) != null) {
            st.line(line, src.lineNumber());
        }
        return new ParseResult<>(Kind.PERFTEST, st.finish(), w.toList());
    }

    /** Most runs, address lines, notes, commands or errors kept (memory stays bounded on huge inputs). */
    static final int MAX_KEPT = 4096;

    private static final Pattern DASHES = Pattern.compile("^-{20,}$");
    private static final Set<String> VERBS = Set.of("Send", "Send_imm", "RDMA_Write", "RDMA_Write_imm", "RDMA_Read", "Atomic");
    private static final Pattern PICKED = Pattern.compile("\\[pid = \\d+, dev = (\\d+)\\] device name = \\[([^\\]]*)\\]");
    private static final Pattern PICKING = Pattern.compile("Picking device No\\. (\\d+)");
    private static final Pattern CUMEMALLOC = Pattern.compile("of a (\\d+) bytes GPU buffer");
    private static final Pattern ERROR_START = Pattern.compile("(?:Unable to |Couldn't |Failed to |Failed status|Completion with error|Error: )");
    private static final Pattern SIDE_LABEL = Pattern.compile("^(server|client)(?: side)? error\\s*:?\\s*$", Pattern.CASE_INSENSITIVE);

    /** Short options of perftest's getopt string that take a value. */
    private static final String SHORT_WITH_VALUE = "wypdimsntuSxcqIoMrQAlDfBTLEJjKkXW";
    /** Long options of perftest that take a value (from {@code long_options} in perftest_parameters.c). */
    private static final Set<String> LONG_WITH_VALUE = Set.of("port", "ib-dev", "ib-port", "mtu", "size", "iters",
            "tx-depth", "qp-timeout", "sl", "gid-index", "connection", "qp", "vector", "inline_size", "outs", "tos",
            "hop_limit", "MGID", "rx-depth", "cq-mod", "atomic_type", "post_list", "duration", "margin", "source_mac",
            "dest_mac", "dest_ip", "source_ip", "dest_port", "source_port", "ethertype", "limit_bw", "limit_msgrate",
            "report-counters", "force-link", "remote_mac", "local_mac", "remote_ip", "local_ip", "remote_port",
            "local_port", "pkey_index", "burst_size", "typical_pkt_size", "rate_limit", "rate_limit_type", "rate_units",
            "output", "out_json_file", "latency_gap", "flow_label", "retry_count", "payload_file_path",
            "use_cuda_bus_id", "cuda_mem_type", "use_musa", "use_musa_bus_id", "use_rocm", "use_neuron", "use_hl",
            "use_mlu", "use_opencl", "opencl_platform_id", "use_ib_dm_dmabuf", "gpu_touch", "mmap", "mmap-offset", "dlid",
            "tclass", "wait_destroy", "flows", "flows_burst", "reply_every", "vlan_pcp", "recv_post_list",
            "aes_block_size", "kek_path", "credentials_path", "data_enc_keys_number", "data_enc_key_app_path",
            "log_dci_streams", "log_active_dci_streams", "congest_type", "bind_source_ip", "cqe_poll", "tph_mem", "cpu_id",
            "ph", "pin_cores", "numa_node");

    /** A table column. */
    private enum Column { BYTES, SL, ITERS, PEAK, AVG, MSGRATE, BWMIN, P1BW, P1MSG, P2BW, P2MSG, CPU, TMIN, TMAX, TTYP, TAVG, TSTDEV, P99, P999, TPS, OTHER }

    /** One run being read. */
    private static final class RunB {
        String test;
        Operation op = Operation.UNKNOWN;
        Measure measure = Measure.UNKNOWN;
        boolean bidi;
        boolean postList;
        final Map<String, String> header = new LinkedHashMap<>();
        final List<PerftestAddress> local = new ArrayList<>();
        final List<PerftestAddress> remote = new ArrayList<>();
        PerftestAddress lastAddress;
        boolean lastRemote;
        List<Column> columns;
        String bwUnit;
        Double toGbps;
        final List<PerftestBwRow> rows = new ArrayList<>();
        final List<PerftestLatRow> lat = new ArrayList<>();
        int line;
        boolean inBox;

        boolean hasRows() {
            return !rows.isEmpty() || !lat.isEmpty();
        }

        String tool() {
            String stem = op.toolStem();
            if (stem == null || measure == Measure.UNKNOWN) return null;
            return "ib_" + stem + (measure == Measure.BW ? "_bw" : "_lat");
        }

        String h(String key) {
            String v = header.get(key);
            return v == null || v.isEmpty() ? null : v;
        }

        Integer hi(String key) {
            String v = h(key);
            if (v == null) return null;
            int b = v.indexOf('[');
            return ToolValues.integer(b > 0 ? v.substring(0, b) : v);
        }

        Boolean hb(String key) {
            String v = h(key);
            if (v == null) return null;
            if (v.equalsIgnoreCase("ON")) return true;
            if (v.equalsIgnoreCase("OFF")) return false;
            return null;
        }

        PerftestRun toRun() {
            return new PerftestRun(test, op, measure, tool(), bidi, h("Device"), h("Link type"), h("Connection type"),
                    hi("Mtu"), hi("GID index"), hi("Number of qps"), header, local, remote, bwUnit, rows, lat, line);
        }
    }

    private static final class PerftestReader {
        final Warnings w;
        final List<RunB> runs = new ArrayList<>();
        RunB cur;
        Side side;
        Side errorSide;
        Boolean peakMeasured;
        Integer cudaIndex;
        String cudaName;
        Long cudaBytes;
        int cudaLine;
        final List<PerftestCommand> commands = new ArrayList<>();
        final List<PerftestError> errors = new ArrayList<>();
        final List<PerftestNote> notes = new ArrayList<>();
        boolean anything;
        boolean capWarned;

        PerftestReader(Warnings w) {
            this.w = w;
        }

        void line(String raw, int no) {
            String t = raw.replace('\t', ' ').strip();
            if (t.isEmpty()) return;
            if (t.equals("# [cut]") || t.equals("[cut]") || t.equals("...") || t.startsWith("```")) {
                w.info(no, "skipped paste marker", t);
                return;
            }
            if (DASHES.matcher(t).matches()) {
                if (cur != null && cur.inBox && !cur.header.isEmpty()) cur.inBox = false;
                return;
            }
            if (t.chars().allMatch(c -> c == '*')) return;
            if (t.startsWith("*") && t.contains("Waiting for client to connect")) {
                side = Side.SERVER;
                anything = true;
                return;
            }
            String[] tok = Paste.words(t);
            if (VERBS.contains(tok[0]) && tok[tok.length - 1].equals("Test") && tok.length >= 3) {
                title(tok, t, no);
                return;
            }
            if (t.startsWith("#bytes")) {
                tableHeader(t, no);
                return;
            }
            if (t.startsWith("local address:") || t.startsWith("remote address:")) {
                address(t, no);
                return;
            }
            if ((t.startsWith("GID:") || t.startsWith("MGID:")) && cur != null && cur.lastAddress != null) {
                gid(t, no);
                return;
            }
            if (cur != null && cur.columns != null) {
                String r = t.replace("**", "");
                String[] rt = Paste.words(r);
                Long bytes = rt.length == 0 ? null : ToolValues.longValue(rt[0]);
                if (bytes != null && bytes >= 0) {
                    row(rt, no, t);
                    return;
                }
            }
            if (t.startsWith("WARNING:")) {
                if (t.contains("BW peak won't be measured")) peakMeasured = false;
                keep(notes, new PerftestNote(no, t), no, "notes");
                anything = true;
                return;
            }
            if (t.contains("Waiting for client rdma_cm QP to connect")) {
                side = Side.SERVER;
                keep(notes, new PerftestNote(no, t), no, "notes");
                return;
            }
            if (cur != null && cur.inBox && t.indexOf(':') > 0) {
                keyValues(t);
                return;
            }
            Matcher sl = SIDE_LABEL.matcher(t);
            if (sl.matches()) {
                errorSide = sl.group(1).equalsIgnoreCase("server") ? Side.SERVER : Side.CLIENT;
                return;
            }
            Matcher tm = TOOL.matcher(t);
            if (tm.find()) {
                command(t, tm, no);
                return;
            }
            if (cuda(t, no)) return;
            if (t.startsWith("libibverbs:") || t.startsWith("Conflicting CPU frequency") || t.startsWith("Warning:")
                    || t.startsWith("INFO:") || t.startsWith("Please run the same command")) {
                keep(notes, new PerftestNote(no, t), no, "notes");
                return;
            }
            if (error(t, no)) return;
            w.info(no, "skipped line", t);
        }

        private void title(String[] tok, String t, int no) {
            RunB r = new RunB();
            r.test = t;
            r.op = Operation.fromVerb(tok[0]);
            for (String x : tok) {
                if (x.equals("BW")) r.measure = Measure.BW;
                else if (x.equals("Latency")) r.measure = Measure.LAT;
                else if (x.equals("Bidirectional")) r.bidi = true;
                else if (x.equals("List")) r.postList = true;
            }
            r.line = no;
            r.inBox = true;
            addRun(r, no);
            anything = true;
        }

        private void keyValues(String t) {
            int i = 0;
            int n = t.length();
            while (i < n) {
                int colon = t.indexOf(':', i);
                if (colon < 0) break;
                String key = t.substring(i, colon).strip();
                int j = colon + 1;
                while (j < n && t.charAt(j) == ' ') j++;
                int k = j;
                while (k < n && t.charAt(k) != ' ') k++;
                if (!key.isEmpty() && cur.header.size() < MAX_KEPT) cur.header.putIfAbsent(key, t.substring(j, k));
                i = k;
            }
        }

        private void address(String t, int no) {
            boolean remote = t.startsWith("remote");
            if (cur == null) newImplicitRun(no);
            String[] tok = Paste.words(t.substring(t.indexOf(':') + 1));
            Integer lid = null, out = null;
            Long qpn = null, psn = null, rkey = null, srqn = null;
            String vaddr = null;
            for (int i = 0; i + 1 < tok.length; i += 2) {
                String v = tok[i + 1];
                switch (tok[i]) {
                    case "LID" -> lid = toInt(ToolValues.hex(v));
                    case "QPN" -> qpn = ToolValues.hex(v);
                    case "PSN" -> psn = ToolValues.hex(v);
                    case "RKey" -> rkey = ToolValues.hex(v);
                    case "VAddr" -> vaddr = v;
                    case "OUT" -> out = toInt(ToolValues.hex(v));
                    case "SRQn" -> srqn = ToolValues.hex(v);
                    default -> {
                    }
                }
            }
            PerftestAddress a = new PerftestAddress(remote, lid, qpn, psn, rkey, vaddr, out, srqn, null, null, null, no);
            keep(remote ? cur.remote : cur.local, a, no, "address lines");
            cur.lastAddress = a;
            cur.lastRemote = remote;
            cur.inBox = false;
            anything = true;
        }

        private void gid(String t, int no) {
            String raw = t.substring(t.indexOf(':') + 1).strip();
            PerftestAddress a = cur.lastAddress;
            if (a.gid() != null) {
                w.info(no, "second GID line for one address was skipped", t);
                return;
            }
            String[] p = raw.split(":");
            String hex = null;
            String ipv4 = null;
            if (p.length == 16) {
                int[] b = new int[16];
                boolean ok = true;
                for (int i = 0; i < 16; i++) {
                    Integer v = ToolValues.integer(p[i]);
                    if (v == null || v < 0 || v > 255) {
                        ok = false;
                        break;
                    }
                    b[i] = v;
                }
                if (ok) {
                    StringBuilder sb = new StringBuilder(39);
                    for (int i = 0; i < 16; i += 2) {
                        if (i > 0) sb.append(':');
                        sb.append(String.format(Locale.ROOT, "%02x%02x", b[i], b[i + 1]));
                    }
                    hex = sb.toString();
                    boolean mapped = b[10] == 255 && b[11] == 255;
                    for (int i = 0; i < 10 && mapped; i++) mapped = b[i] == 0;
                    if (mapped) ipv4 = b[12] + "." + b[13] + "." + b[14] + "." + b[15];
                }
            }
            if (hex == null) w.warn(no, "unreadable GID", t);
            PerftestAddress g = new PerftestAddress(a.remote(), a.lid(), a.qpn(), a.psn(), a.rkey(), a.vaddr(), a.outReads(),
                    a.srqn(), raw, hex, ipv4, a.line());
            List<PerftestAddress> list = a.remote() ? cur.remote : cur.local;
            int idx = list.lastIndexOf(a);
            if (idx >= 0) list.set(idx, g);
            cur.lastAddress = g;
        }

        private void newImplicitRun(int no) {
            RunB r = new RunB();
            r.line = no;
            addRun(r, no);
        }

        private void addRun(RunB r, int no) {
            keep(runs, r, no, "runs");
            cur = r; // past the cap, a run is read but not kept
        }

        private <T> void keep(List<T> list, T item, int no, String what) {
            if (list.size() < MAX_KEPT) {
                list.add(item);
            } else if (!capWarned) {
                capWarned = true;
                w.warn(no, "more than " + MAX_KEPT + " " + what + "; the rest were not kept", "");
            }
        }

        private void tableHeader(String t, int no) {
            if (cur == null || cur.hasRows() || cur.columns != null) newImplicitRun(no);
            cur.inBox = false;
            String[] tok = Paste.words(t);
            List<String> labels = new ArrayList<>();
            for (int i = 0; i < tok.length; i++) {
                String x = tok[i];
                boolean join = (x.equals("BW") || x.equals("MsgRate") || x.endsWith("%") || x.equals("tps"))
                        && i + 1 < tok.length;
                if (join) {
                    labels.add(x + " " + tok[++i]);
                } else {
                    labels.add(x);
                }
            }
            List<Column> cols = new ArrayList<>();
            String unit = null;
            for (String l : labels) {
                String k = l.toLowerCase(Locale.ROOT);
                Column c;
                if (k.equals("#bytes")) c = Column.BYTES;
                else if (k.equals("#sl")) c = Column.SL;
                else if (k.equals("#iterations")) c = Column.ITERS;
                else if (k.startsWith("bw peak")) c = Column.PEAK;
                else if (k.startsWith("bw average")) c = Column.AVG;
                else if (k.startsWith("bw min")) c = Column.BWMIN;
                else if (k.startsWith("bw port1")) c = Column.P1BW;
                else if (k.startsWith("bw port2")) c = Column.P2BW;
                else if (k.startsWith("msgrate port1")) c = Column.P1MSG;
                else if (k.startsWith("msgrate port2")) c = Column.P2MSG;
                else if (k.startsWith("msgrate")) c = Column.MSGRATE;
                else if (k.startsWith("cpu_util")) c = Column.CPU;
                else if (k.startsWith("t_min")) c = Column.TMIN;
                else if (k.startsWith("t_max")) c = Column.TMAX;
                else if (k.startsWith("t_typical")) c = Column.TTYP;
                else if (k.startsWith("t_avg")) c = Column.TAVG;
                else if (k.startsWith("t_stdev")) c = Column.TSTDEV;
                else if (k.startsWith("99.9%")) c = Column.P999;
                else if (k.startsWith("99%")) c = Column.P99;
                else if (k.startsWith("tps")) c = Column.TPS;
                else c = Column.OTHER;
                if ((c == Column.PEAK || c == Column.AVG) && unit == null) {
                    int a = l.indexOf('[');
                    int b = l.indexOf(']', a + 1);
                    if (a >= 0 && b > a) unit = l.substring(a + 1, b);
                }
                cols.add(c);
            }
            cur.columns = cols;
            if (cur.measure == Measure.UNKNOWN) {
                if (cols.contains(Column.PEAK) || cols.contains(Column.AVG)) cur.measure = Measure.BW;
                else if (cols.contains(Column.TAVG) || cols.contains(Column.TMIN)) cur.measure = Measure.LAT;
            }
            if (unit != null) {
                cur.bwUnit = unit;
                String u = unit.toLowerCase(Locale.ROOT);
                if (u.startsWith("gb")) cur.toGbps = 1.0;
                else if (u.startsWith("mb") || u.startsWith("mib")) cur.toGbps = 8.0 * 1048576.0 / 1e9;
                else w.warn(no, "unknown bandwidth unit '" + unit + "': Gb/s figures left out", t);
            }
            anything = true;
        }

        private void row(String[] rt, int no, String raw) {
            List<Column> cols = cur.columns;
            if (rt.length < cols.size()) {
                w.warn(no, "result row is cut short: " + rt.length + " of " + cols.size() + " columns", raw);
            } else if (rt.length > cols.size()) {
                w.warn(no, "result row has more values than the header has columns; extra values ignored", raw);
            }
            Long bytes = null, iters = null;
            Integer slv = null;
            Double[] v = new Double[Column.values().length];
            for (int i = 0; i < cols.size() && i < rt.length; i++) {
                Column c = cols.get(i);
                switch (c) {
                    case BYTES -> bytes = ToolValues.longValue(rt[i]);
                    case ITERS -> iters = ToolValues.longValue(rt[i]);
                    case SL -> slv = ToolValues.integer(rt[i]);
                    default -> {
                        Double d = ToolValues.decimal(rt[i]);
                        if (d == null && !rt[i].equalsIgnoreCase("N/A")) {
                            w.warn(no, "unreadable value '" + rt[i] + "' in result row", raw);
                        }
                        v[c.ordinal()] = d;
                    }
                }
            }
            if (bytes == null) {
                w.warn(no, "unreadable result row", raw);
                return;
            }
            boolean lat = cur.measure == Measure.LAT
                    || (cur.measure == Measure.UNKNOWN && (cols.contains(Column.TAVG) || cols.contains(Column.TMIN)));
            if (lat) {
                cur.lat.add(new PerftestLatRow(bytes, iters, v[Column.TMIN.ordinal()], v[Column.TMAX.ordinal()],
                        v[Column.TTYP.ordinal()], v[Column.TAVG.ordinal()], v[Column.TSTDEV.ordinal()], v[Column.P99.ordinal()],
                        v[Column.P999.ordinal()], v[Column.TPS.ordinal()], v[Column.CPU.ordinal()], no));
            } else {
                Double f = cur.toGbps;
                cur.rows.add(new PerftestBwRow(bytes, iters, v[Column.PEAK.ordinal()], v[Column.AVG.ordinal()],
                        gbps(v[Column.PEAK.ordinal()], f), gbps(v[Column.AVG.ordinal()], f), v[Column.MSGRATE.ordinal()],
                        gbps(v[Column.BWMIN.ordinal()], f), slv, gbps(v[Column.P1BW.ordinal()], f), v[Column.P1MSG.ordinal()],
                        gbps(v[Column.P2BW.ordinal()], f), v[Column.P2MSG.ordinal()], v[Column.CPU.ordinal()], no));
            }
            anything = true;
        }

        private void command(String t, Matcher tm, int no) {
            // A wrapper may name the tool twice ("run ib_write_bw server on host: taskset -c 28 ib_write_bw -d ..."):
            // the command is the last occurrence, the words before it may say which side it is.
            int start = tm.start(1);
            String tool = tm.group(1);
            while (tm.find()) {
                start = tm.start(1);
                tool = tm.group(1);
            }
            String text = t.substring(start).strip();
            String before = " " + t.substring(0, start).toLowerCase(Locale.ROOT).replace(':', ' ') + " ";
            Side s;
            if (before.contains(" server ")) s = Side.SERVER;
            else if (before.contains(" client ")) s = Side.CLIENT;
            else s = hasPeer(Paste.words(text)) ? Side.CLIENT : Side.SERVER;
            keep(commands, new PerftestCommand(no, tool, s, text), no, "commands");
            anything = true;
        }

        private boolean cuda(String t, int no) {
            boolean isCuda = t.contains("CUDA") || t.contains("cuMemAlloc") || t.contains("GPU buffer")
                    || t.startsWith("[pid = ") || t.startsWith("Picking device") || t.contains("cuda");
            if (!isCuda) return false;
            if (cudaLine == 0) cudaLine = no;
            Matcher m = PICKED.matcher(t);
            if (m.find()) {
                cudaIndex = ToolValues.integer(m.group(1));
                cudaName = m.group(2).strip();
            }
            m = PICKING.matcher(t);
            if (m.find()) cudaIndex = ToolValues.integer(m.group(1));
            if (t.contains("picking first") && cudaIndex == null) cudaIndex = 0;
            m = CUMEMALLOC.matcher(t);
            if (m.find()) cudaBytes = ToolValues.longValue(m.group(1));
            keep(notes, new PerftestNote(no, t), no, "notes");
            anything = true;
            return true;
        }

        private boolean error(String t, int no) {
            Matcher m = ERROR_START.matcher(t);
            boolean starts = m.find() && m.start() == 0;
            boolean known = t.contains("ethernet_read_keys") || t.contains("Completion with error")
                    || t.contains("Couldn't") || t.contains("Unable to") || t.contains("Failed to")
                    || t.startsWith("IB device") || t.contains("No IB devices found");
            if (!starts && !known) return false;
            // Split messages perftest printed without a newline between them (fixed by perftest PR #228).
            List<String> parts = new ArrayList<>();
            int from = 0;
            m = ERROR_START.matcher(t);
            while (m.find()) {
                if (m.start() > from + 1 && t.charAt(m.start() - 1) == ' ' && t.charAt(m.start() - 2) != ':') {
                    String piece = t.substring(from, m.start()).strip();
                    if (!piece.isEmpty()) parts.add(piece);
                    from = m.start();
                }
            }
            parts.add(t.substring(from).strip());
            Side s = errorSide != null ? errorSide : side;
            for (String p : parts) {
                keep(errors, new PerftestError(no, s, category(p), p), no, "errors");
            }
            anything = true;
            return true;
        }

        PerftestData finish() {
            if (!anything) {
                w.error(0, "no perftest content found", "");
            } else if (runs.stream().noneMatch(RunB::hasRows)) {
                if (!errors.isEmpty()) w.warn(0, "no result rows: the run failed", errors.get(0).text());
                else w.warn(0, "no result rows (the output ends before the result table)", "");
            }
            RunB first = runs.isEmpty() ? new RunB() : runs.get(0);
            List<PerftestRun> others = new ArrayList<>();
            for (int i = 1; i < runs.size(); i++) others.add(runs.get(i).toRun());
            Side s = side;
            if (s == null && !commands.isEmpty()) {
                Side c0 = commands.get(0).side();
                boolean same = commands.stream().allMatch(c -> c.side() == c0);
                if (same) s = c0;
            }
            String tool = first.tool();
            String command = commands.isEmpty() ? null : commands.get(0).text();
            if (tool == null && !commands.isEmpty()) tool = commands.get(0).tool();
            CudaInfo cuda = cudaLine == 0 ? null : new CudaInfo(cudaIndex, cudaName, cudaBytes, cudaLine);
            if (s != null) {
                for (int i = 0; i < errors.size(); i++) {
                    PerftestError e = errors.get(i);
                    if (e.side() == null) errors.set(i, new PerftestError(e.line(), s, e.category(), e.text()));
                }
            }
            return new PerftestData(first.test, first.op, first.measure, tool, first.bidi, first.postList, s, command,
                    first.h("Device"), first.h("Transport type"), first.h("Link type"), first.h("Connection type"),
                    first.hi("Mtu"), first.hi("GID index"), first.hi("Number of qps"), first.hi("TX depth"),
                    first.hi("RX depth"), first.hi("CQ Moderation"), first.hi("Post List"), first.hi("Max inline data"),
                    first.hi("Outstand reads"), first.hb("Dual-port"), first.hb("Using SRQ"), first.h("PCIe relax order"),
                    first.h("ibv_wr* API"), first.hb("rdma_cm QPs"), first.h("Data ex. method"), first.header,
                    first.local, first.remote, first.bwUnit, first.rows, first.lat, peakMeasured, cuda, commands, errors,
                    notes, others, first.line);
        }
    }

    static PerftestError.Category category(String p) {
        String l = p.toLowerCase(Locale.ROOT);
        if (l.contains("completion with error") || l.contains("wc status") || l.contains("failed status")) {
            return PerftestError.Category.COMPLETION;
        }
        if (l.contains("read remote address") || l.contains("exchange data") || l.contains("read to socket")
                || l.contains("write to socket") || l.contains("send local address") || l.contains("read_keys")
                || l.contains("hand shake") || l.contains("handshake")) {
            return PerftestError.Category.DATA_EXCHANGE;
        }
        if (l.contains("modify qp") || l.contains("connect the hca") || l.contains("create qp") || l.contains("qp to rt")
                || l.contains("create ah")) {
            return PerftestError.Category.QP_SETUP;
        }
        if (l.contains("couldn't connect") || l.contains("socket connection") || l.contains("establish connection")
                || l.contains("rdma_cm") || l.contains("rdma_client") || l.contains("rdma_server") || l.contains("resolve")) {
            return PerftestError.Category.CONNECTION;
        }
        if (l.contains("ib device") || l.contains("no ib devices") || l.contains("get context") || l.contains("get device")
                || l.contains("infiniband/roce device") || l.contains("open device")) {
            return PerftestError.Category.DEVICE;
        }
        if (l.contains(" mr") || l.contains("memory") || l.contains("allocate") || l.contains("buffer")) {
            return PerftestError.Category.MEMORY;
        }
        return PerftestError.Category.OTHER;
    }

    /** True when a perftest command (tokens from the tool name on) names a peer, i.e. runs as the client. */
    static boolean hasPeer(String[] tok) {
        for (int i = 1; i < tok.length; i++) {
            String x = tok[i];
            if (x.isEmpty() || x.contains("$") || x.contains("*") || x.contains("(") || x.contains(")") || x.contains("&")
                    || x.contains("|") || x.contains(">") || x.contains("<") || x.contains("`")) {
                continue;
            }
            if (x.startsWith("--")) {
                String name = x.substring(2);
                if (name.indexOf('=') >= 0) continue;
                if (LONG_WITH_VALUE.contains(name)) i++;
                else if (name.equals("use_cuda") && i + 1 < tok.length && ToolValues.integer(tok[i + 1]) != null) i++;
                continue;
            }
            if (x.startsWith("-") && x.length() >= 2) {
                if (x.length() == 2 && SHORT_WITH_VALUE.indexOf(x.charAt(1)) >= 0) i++;
                continue;
            }
            if (ToolValues.decimal(x) != null) continue;
            return true;
        }
        return false;
    }


    /** {@code v} times {@code factor}, rounded to 6 decimals (the printed figures have 2). */
    private static Double gbps(Double v, Double factor) {
        return v == null || factor == null ? null : Math.round(v * factor * 1e6) / 1e6;
    }

    private static Integer toInt(Long v) {
        return v == null || v > Integer.MAX_VALUE ? null : (int) (long) v;
    }
}
