package io.ncclscope.parsers.nccl;

import static io.ncclscope.parsers.internal.Digits.isDigit;
import static io.ncclscope.parsers.nccl.LineRegions.SEED;
import static io.ncclscope.parsers.nccl.LineRegions.mix;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_RINGS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_RING_RANKS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_TRANSPORTS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_TRANSPORT_VIAS;
import static io.ncclscope.parsers.nccl.NcclLogParser.MAX_TREES;

import io.ncclscope.parsers.internal.Digits;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.nccl.LimitNotices.CappedList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The channel lines: transports ({@code Channel 00/0 : 0[0] -> 1[1] [receive] via NET/IB/0/GDRDMA}), counted per
 * distinct line and per {@code via}; ring listings ({@code Channel 00/64 :    0   1   2}); {@code Trees ...} and the
 * {@code 24 coll channels, 0 nvls channels, ...} counts.
 */
final class ChannelLines {

    /** What {@link #countVia} answers for a {@code via} counted under {@code (other)}. */
    private static final int OTHER_VIA = -1;

    private final NcclLinePrefix prefix;
    private final HostsAndProcesses hostsAndProcesses;
    private final VersionLines versions;
    private final LimitNotices limits;
    private final Warnings warnings;
    private final List<TransportEntry> transports = new ArrayList<>();
    private final LongIntMap transportIndex = new LongIntMap(32);
    private long transportLines;
    private long transportsDropped;
    private final List<String> viaNames = new ArrayList<>();
    private long[] viaCounts = new long[16];
    private final LongIntMap viaIndex = new LongIntMap(16);
    private long viaOther;
    private final List<NcclRing> rings = new ArrayList<>();
    private Integer channels;
    private ChannelCounts channelCounts;
    private final List<NcclTrees> trees = new ArrayList<>();
    /** Where {@link #readNum} reads next. */
    private int cur;

    ChannelLines(NcclLinePrefix prefix, HostsAndProcesses hostsAndProcesses, VersionLines versions, LimitNotices limits,
            Warnings warnings) {
        this.prefix = prefix;
        this.hostsAndProcesses = hostsAndProcesses;
        this.versions = versions;
        this.limits = limits;
        this.warnings = warnings;
    }

    /** After {@code Channel } or {@code Ring }: a transport line (with {@code via}) or a ring listing. */
    void onChannel(String line, int no, int p) {
        int n = line.length();
        int via = line.indexOf(" via ", p);
        if (via < 0) {
            onRingListing(line, no, p);
            return;
        }
        transportLines++;
        int vs = via + 5;
        int ve = n;
        while (ve > vs && line.charAt(ve - 1) == ' ') ve--;
        long h = prefix.process != null ? prefix.process.hostHash : prefix.hostStart >= 0 ? mix(SEED, line, prefix.hostStart, prefix.hostEnd) : SEED;
        h = mix(h, hostsAndProcesses.messageHash(line));
        int idx = transportIndex.get(h);
        if (idx >= 0) {
            countTransport(transports.get(idx));
            return;
        }
        int slot = countVia(line, vs, ve);
        if (transports.size() >= MAX_TRANSPORTS) {
            transportsDropped++;
            limits.reached(CappedList.TRANSPORTS, no, "more than " + MAX_TRANSPORTS + " distinct channel connections: the rest are counted");
            return;
        }
        TransportEntry t = parseTransport(line, no, p, via, vs, ve);
        if (t == null) {
            warnings.warn(no, "channel line not understood", line);
            return;
        }
        t.viaSlot = slot;
        transports.add(t);
        transportIndex.put(h, transports.size() - 1);
    }

    /** Counts a {@code via} string; returns its slot, or {@link #OTHER_VIA} when it counts under {@code (other)}. */
    private int countVia(String line, int vs, int ve) {
        long h = mix(SEED, line, vs, ve);
        int idx = viaIndex.get(h);
        if (idx >= 0) {
            viaCounts[idx]++;
            return idx;
        } else if (viaNames.size() < MAX_TRANSPORT_VIAS) {
            viaIndex.put(h, viaNames.size());
            viaNames.add(line.substring(vs, ve));
            if (viaNames.size() > viaCounts.length) viaCounts = java.util.Arrays.copyOf(viaCounts, viaCounts.length * 2);
            viaCounts[viaNames.size() - 1] = 1;
            return viaNames.size() - 1;
        }
        viaOther++;
        return OTHER_VIA;
    }

    /** {@code 00/0 : 0[0] -> 1[1] [receive] via NET/IB/0/GDRDMA}. */
    private TransportEntry parseTransport(String line, int no, int p, int via, int vs, int ve) {
        cur = p;
        long ch = readNum(line, via);
        if (ch < 0) return null;
        Integer conn = null;
        if (cur < via && line.charAt(cur) == '/') {
            cur++;
            long c = readNum(line, via);
            if (c >= 0) conn = (int) c;
        }
        int colon = line.indexOf(" : ", cur);
        if (colon < 0 || colon >= via) return null;
        cur = colon + 3;
        while (cur < via && line.charAt(cur) == ' ') cur++;
        long from = readNum(line, via);
        if (from < 0) return null;
        String fromX = bracket(line, via);
        int arrow = line.indexOf("-> ", cur);
        if (arrow < 0 || arrow >= via) return null;
        cur = arrow + 3;
        long to = readNum(line, via);
        if (to < 0) return null;
        String toX = bracket(line, via);
        Direction dir = null;
        int lb = line.indexOf('[', cur);
        if (lb >= 0 && lb < via) {
            if (line.startsWith("[send]", lb)) dir = Direction.SEND;
            else if (line.startsWith("[receive]", lb)) dir = Direction.RECEIVE;
        }
        String v = line.substring(vs, ve);
        TransportType type;
        if (v.startsWith("P2P")) type = TransportType.P2P;
        else if (v.startsWith("SHM") || v.startsWith("direct shared memory")) type = TransportType.SHM;
        else if (v.startsWith("NET")) type = TransportType.NET;
        else if (v.startsWith("COLLNET")) type = TransportType.COLLNET;
        else type = TransportType.UNKNOWN;
        String net = null;
        Boolean gdr = null;
        if (type == TransportType.NET) {
            int s1 = v.indexOf('/');
            int s2 = s1 < 0 ? -1 : v.indexOf('/', s1 + 1);
            net = s1 < 0 ? null : v.substring(s1 + 1, s2 < 0 ? v.length() : s2);
            gdr = v.contains("/GDRDMA");
        }
        TransportEntry t = new TransportEntry();
        t.channel = (int) ch;
        t.conn = conn;
        t.from = (int) from;
        t.to = (int) to;
        if (fromX != null) {
            if (bracketIsDevice(fromX)) t.fromDev = ToolValues.integer(fromX);
            else t.fromBus = ToolValues.ncclInt64BusId(fromX);
        }
        if (toX != null) {
            if (bracketIsDevice(toX)) t.toDev = ToolValues.integer(toX);
            else t.toBus = ToolValues.ncclInt64BusId(toX);
        }
        t.dir = dir;
        t.via = v;
        t.type = type;
        t.net = net;
        t.gdr = gdr;
        t.host = hostsAndProcesses.host(line);
        t.line = no;
        t.count = 1;
        return t;
    }

    /**
     * Whether a {@code rank[x]} value is a device index or a bus id: NCCL 2.5 to 2.18 print the bus id ({@code %lx}),
     * 2.4 and 2.19+ a device index ({@code %d}). Without a version line, one or two decimal digits read as a device.
     */
    private boolean bracketIsDevice(String x) {
        int versionCode = versions.versionCode();
        if (versionCode > 0) return versionCode >= 21900 || versionCode < 20500;
        if (x.length() > 2) return false;
        for (int i = 0; i < x.length(); i++) {
            if (!isDigit(x.charAt(i))) return false;
        }
        return true;
    }

    private String bracket(String line, int limit) {
        if (cur < limit && line.charAt(cur) == '[') {
            int e = line.indexOf(']', cur);
            if (e > cur && e < limit) {
                String x = line.substring(cur + 1, e);
                cur = e + 1;
                while (cur < limit && line.charAt(cur) == ' ') cur++;
                return x;
            }
        }
        while (cur < limit && line.charAt(cur) == ' ') cur++;
        return null;
    }

    /** {@code 00/64 :    0   1   2} (graph-only {@code Ring 00 : 0 -> 0 -> 0} lines are skipped). */
    void onRingListing(String line, int no, int p) {
        int n = line.length();
        cur = p;
        long ch = readNum(line, n);
        if (ch < 0) return;
        Integer nch = null;
        if (cur < n && line.charAt(cur) == '/') {
            cur++;
            long c = readNum(line, n);
            if (c >= 0) nch = (int) c;
        }
        if (!line.startsWith(" :", cur) || line.indexOf("->", cur) >= 0) return;
        if (nch != null && (channels == null || nch > channels)) channels = nch;
        if (rings.size() >= MAX_RINGS) {
            limits.reached(CappedList.RINGS, no, "more than " + MAX_RINGS + " ring listings: the rest are not kept");
            return;
        }
        if (hostsAndProcesses.seenBefore(line)) return;
        List<Integer> order = new ArrayList<>();
        cur += 2;
        while (cur < n && order.size() < MAX_RING_RANKS) {
            while (cur < n && line.charAt(cur) == ' ') cur++;
            long r = readNum(line, n);
            if (r < 0) break;
            order.add((int) r);
        }
        rings.add(new NcclRing((int) ch, nch, order, hostsAndProcesses.host(line), no));
    }

    /**
     * A run of ring listings read once the ring list is full and that was announced ({@link NcclLogScanner#fold}): what
     * {@link #onRingListing} does with them, the channel count widened to their largest {@code /N}.
     *
     * @param largest the largest channel count among them, or null when none has one
     */
    void ringListingsPastCap(Integer largest) {
        if (largest != null && (channels == null || largest > channels)) channels = largest;
    }

    /** {@return true when the ring list is full (then {@link #onRingListing} keeps no more)} */
    boolean ringsFull() {
        return rings.size() >= MAX_RINGS;
    }

    /** {@return true when the trees list is full (then {@link #onTrees} keeps no more)} */
    boolean treesFull() {
        return trees.size() >= MAX_TREES;
    }

    /**
     * {@return true, with the line counted as {@link #onChannel} counts it, when the transport line of {@code process}
     * whose message has {@code messageHash} is a connection kept; false (and nothing counted) when not}
     *
     * @param process     the line's process
     * @param messageHash its message's {@link LineRegions#messageHash}
     */
    boolean countKeptTransport(ProcessEntry process, long messageHash) {
        int idx = transportIndex.get(mix(process.hostHash, messageHash));
        if (idx < 0) return false;
        transportLines++;
        countTransport(transports.get(idx));
        return true;
    }

    private void countTransport(TransportEntry t) {
        t.count++;
        if (t.viaSlot >= 0) viaCounts[t.viaSlot]++;
        else viaOther++;
    }

    boolean hasChannelCounts() {
        return channelCounts != null;
    }

    /** {@code 24 coll channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer}. */
    void onChannelCounts(String line, int no, int m) {
        Integer coll = null;
        Integer collnet = null;
        Integer nvls = null;
        Integer p2p = null;
        Integer perPeer = null;
        for (String part : line.substring(m).split(",")) {
            String s = part.trim();
            int sp = s.indexOf(' ');
            if (sp < 0) continue;
            Integer v = ToolValues.integer(s.substring(0, sp));
            String what = s.substring(sp + 1);
            switch (what) {
                case "coll channels" -> coll = v;
                case "collnet channels" -> collnet = v;
                case "nvls channels" -> nvls = v;
                case "p2p channels" -> p2p = v;
                case "p2p channels per peer" -> perPeer = v;
                default -> {
                }
            }
        }
        channelCounts = new ChannelCounts(coll, collnet, nvls, p2p, perPeer, no);
    }

    void onTrees(String line, int no, int p) {
        if (trees.size() >= MAX_TREES || hostsAndProcesses.seenBefore(line)) return;
        String spec = line.substring(Math.min(p, line.length())).trim();
        trees.add(new NcclTrees(spec.length() > 512 ? spec.substring(0, 512) : spec, hostsAndProcesses.host(line), no));
    }

    /** Reads digits at {@link #cur} (before {@code limit}), advancing it; {@link Digits#NO_NUMBER} when there are none. */
    private long readNum(String s, int limit) {
        int e = cur;
        while (e < limit && e - cur < 18 && isDigit(s.charAt(e))) e++;
        if (e == cur) return Digits.NO_NUMBER;
        long v = Digits.value(s, cur, e);
        cur = e;
        return v;
    }

    List<NcclTransport> transports() {
        List<NcclTransport> tr = new ArrayList<>(transports.size());
        for (TransportEntry t : transports) {
            tr.add(new NcclTransport(t.channel, t.conn, t.from, t.to, t.fromDev, t.toDev, t.fromBus, t.toBus, t.dir, t.via,
                    t.type, t.net, t.gdr, t.host, t.line, t.count));
        }
        return tr;
    }

    /** Lines per {@code via}, then {@code (other)} past the cap. */
    Map<String, Long> viaCounts() {
        Map<String, Long> via = new LinkedHashMap<>();
        for (int i = 0; i < viaNames.size(); i++) via.put(viaNames.get(i), viaCounts[i]);
        if (viaOther > 0) via.put("(other)", viaOther);
        return via;
    }

    long transportLines() {
        return transportLines;
    }

    long transportsDropped() {
        return transportsDropped;
    }

    List<NcclRing> rings() {
        return rings;
    }

    Integer channels() {
        return channels;
    }

    ChannelCounts channelCounts() {
        return channelCounts;
    }

    List<NcclTrees> trees() {
        return trees;
    }
}
