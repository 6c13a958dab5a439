package io.ncclscope.parsers.net;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Paste;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.internal.Whitespace;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the output of {@code ip -d link} (and of {@code ip link}, {@code ip addr}, {@code ip -o}, {@code ip -br},
 * {@code ifconfig} old and new, and {@code ibdev2netdev [-v]}): interfaces with MTU, state, flags, MAC, addresses,
 * device kind and master, and the map of RDMA device ports to network interfaces.
 *
 * <p>Both the two-line form and the one-line {@code ip a | grep mtu} form read, with or without
 * {@code mode DEFAULT group default} (corpus iplink/trinity-187-1.txt is the old form). {@code master X} is kept
 * as printed: a bond or a VRF (iplink/netlab-1750-1.txt enslaves eth0 to VRF "mgmt"); {@code ip -d} tells which
 * by {@code kind}. {@code ibdev2netdev} lines may carry {@code column -t} spacing and trailing {@code # ...}
 * comments (iplink/cluster-health-4-1.txt). An interface listed twice is merged into one entry. Detail
 * lines this parser does not model ({@code ip -d}, {@code ip -s}, ifconfig counters) are skipped quietly.
 * Stateless and thread-safe.
 */
public final class IpLinkParser implements ToolParser<IpLinkData> {

    /** Most interfaces, addresses and RDMA map lines (each) one parse keeps. */
    static final int MAX_ITEMS = 1 << 16;

    /** Device kinds {@code ip -d} prints on the line after {@code link/...}. */
    private static final Set<String> KINDS = Set.of("bond", "bridge", "vlan", "vxlan", "macvlan", "macvtap", "ipvlan",
            "ipvtap", "veth", "ipoib", "dummy", "tun", "geneve", "gre", "gretap", "ip6gre", "ip6gretap", "ip6tnl", "ipip",
            "sit", "vrf", "team", "wireguard", "openvswitch", "nlmon", "ifb", "vcan", "can", "xfrm", "bareudp", "hsr",
            "netdevsim", "batadv", "erspan", "ip6erspan", "vti", "vti6", "macsec", "gtp", "amt", "rmnet");

    @Override
    public Kind kind() {
        return Kind.IPLINK;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        int ipHeaders = 0, rdma = 0, ifconfig = 0, oneLine = 0, brief = 0, lines = 0;
        String text = head.toString();
        HeadLines line = new HeadLines(text, 400);
        if (!HeadLines.headContainsAny(text, TABLE_TEXTS)) {
            // No RDMA link line, no header or line with an mtu, an address or an encap: only the brief form can score.
            while (line.next()) {
                if (line.isEmpty()) continue;
                lines++;
                if (!line.indented() && mayBeStateWord(line) && briefStateLine(line.text())) brief++;
            }
            return briefScore(brief, lines);
        }
        while (line.next()) {
            if (line.isEmpty()) continue;
            lines++;
            if (line.contains("==>") && line.contains(" port ") && (line.contains("(Up)") || line.contains("(Down)"))) {
                rdma++;
                continue;
            }
            // Only the first three words decide (the line is not blank, so there is at least one), and they are copied
            // only when one of the tests below may hold: a first word ending in ':', a second word of flags=, Link or
            // a state (all capitals) on a line that is not indented.
            boolean indented = line.indented();
            if (!line.wordEndsWith(0, ":") && !line.wordStartsWith(1, "flags=") && !line.wordStartsWith(1, "Link")
                    && (indented || !mayBeStateWord(line))) {
                continue;
            }
            String t = line.text();
            String[] tok = Paste.words(t, 3);
            if (tok.length >= 3 && tok[0].endsWith(":") && ToolValues.integer(tok[0].substring(0, tok[0].length() - 1)) != null) {
                if (tok[1].endsWith(":") && tok[2].startsWith("<") && t.contains(" mtu ")) ipHeaders++;
                else if (tok[2].equals("inet") || tok[2].equals("inet6")) oneLine++;
                continue;
            }
            if (tok.length >= 2 && (tok[1].startsWith("flags=") && t.contains("mtu")
                    || tok.length >= 3 && tok[1].equals("Link") && tok[2].startsWith("encap:"))) {
                ifconfig++;
                continue;
            }
            if (tok.length >= 2 && !indented && LinkState.isStateWord(tok[1])) brief++;
        }
        if (ipHeaders > 0 || rdma > 0) return 95;
        if (ifconfig > 0) return 92;
        if (oneLine > 0) return 90;
        return briefScore(brief, lines);
    }

    /** The texts that every line but a brief one that scores holds: with none in the head, only brief lines can score. */
    private static final String[] TABLE_TEXTS = {"==>", "mtu", "inet", "encap:"};

    /**
     * {@return true when {@code t}, a line that is not indented, is a brief line ({@code ib0  UP  ...}): its second word
     * is a state, and it is no numbered header or address line ({@code 2: ib0: ...})}
     */
    private static boolean briefStateLine(String t) {
        String[] tok = Paste.words(t, 3);
        if (tok.length >= 3 && tok[0].endsWith(":") && ToolValues.integer(tok[0].substring(0, tok[0].length() - 1)) != null) return false;
        return tok.length >= 2 && LinkState.isStateWord(tok[1]);
    }

    private static int briefScore(int brief, int lines) {
        if (brief >= 2 && brief * 2 >= lines) return 60;
        if (brief >= 1 && brief * 2 >= lines) return 35;
        return 0;
    }

    /** False when the current line's second word is no {@link LinkState#isStateWord state word}: it starts no capital. */
    private static boolean mayBeStateWord(HeadLines line) {
        char c = line.wordFirst(1);
        return c >= 'A' && c <= 'Z';
    }

    @Override
    public ParseResult<IpLinkData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        Reading r = new Reading(w);
        String raw;
        while ((raw = src.next()) != null) {
            r.line(raw, src.lineNumber());
        }
        return new ParseResult<>(Kind.IPLINK, r.finish(), w.toList());
    }

    private static final class InterfaceFacts {
        final String name;
        final String source;
        final int line;
        Integer index;
        String parent;
        Integer mtu;
        LinkState state;
        final List<String> flags = new ArrayList<>();
        String linkType;
        String mac;
        final List<NetAddress> addresses = new ArrayList<>();
        String kind;
        String slaveKind;
        String master;
        String qdisc;
        Integer qlen;
        Integer minMtu;
        Integer maxMtu;
        final List<String> altNames = new ArrayList<>();

        InterfaceFacts(String name, String source, int line) {
            this.name = name;
            this.source = source;
            this.line = line;
        }

        NetInterface build() {
            LinkState s = state;
            if (s == null && "ifconfig".equals(source) && !flags.isEmpty()) {
                s = flags.contains("RUNNING") ? LinkState.UP : LinkState.DOWN;
            }
            return new NetInterface(name, index, parent, mtu, s, flags, linkType, mac, addresses, kind, slaveKind, master,
                    qdisc, qlen, minMtu, maxMtu, altNames, source, line);
        }
    }

    private static final class Reading {
        final Warnings w;
        final Map<String, InterfaceFacts> ifs = new LinkedHashMap<>();
        final List<RdmaLink> rdma = new ArrayList<>();
        InterfaceFacts cur;
        int addressCount;
        boolean capped;

        Reading(Warnings w) {
            this.w = w;
        }

        void line(String raw, int ln) {
            String t = raw.strip();
            if (t.isEmpty()) return;
            if (Paste.skippedCut(w, t, ln)) return;
            if (Paste.afterPrompt(t) != null || isCommand(t)) {
                w.info(ln, "skipped a shell prompt or command line", t);
                return;
            }
            if (t.contains("==>")) {
                rdma(t, ln);
                return;
            }
            boolean indented = Whitespace.is(raw.charAt(0));
            if (!indented && t.indexOf('\\') >= 0 && startsWithIndex(t)) {
                // ip -o: one line per interface or address, parts separated by a backslash
                String[] parts = t.split("\\\\");
                if (!header(parts[0].strip(), ln)) {
                    w.warn(ln, "unrecognised ip line", t);
                    return;
                }
                for (int i = 1; i < parts.length; i++) {
                    String p = parts[i].strip();
                    if (!p.isEmpty()) detail(p, Paste.tokens(p), ln);
                }
                return;
            }
            if (!indented && startsWithIndex(t)) {
                if (!header(t, ln)) w.warn(ln, "unrecognised ip line", t);
                return;
            }
            String[] tok = Paste.tokens(t);
            if (!indented && ifconfigHeader(t, tok, ln)) return;
            if (cur != null && (indented || !brief(tok, ln, false))) {
                if (!detail(t, tok, ln) && !indented) w.info(ln, "skipped a line this parser does not read", t);
                return;
            }
            if (!indented && brief(tok, ln, true)) return;
            w.info(ln, cur == null ? "skipped text before the first interface" : "skipped a line this parser does not read", t);
        }

        private static boolean isCommand(String t) {
            return t.startsWith("ip ") || t.equals("ifconfig") || t.startsWith("ifconfig ") || t.startsWith("ibdev2netdev")
                    || t.startsWith("sudo ");
        }

        private static boolean startsWithIndex(String t) {
            int c = t.indexOf(':');
            return c > 0 && c <= 10 && ToolValues.integer(t.substring(0, c)) != null;
        }

        private InterfaceFacts find(String name, String source, int ln) {
            InterfaceFacts b = ifs.get(name);
            if (b == null) {
                if (ifs.size() >= MAX_ITEMS) {
                    cap(ln);
                    return null;
                }
                b = new InterfaceFacts(name, source, ln);
                ifs.put(name, b);
            }
            return b;
        }

        private void cap(int ln) {
            if (!capped) w.warn(ln, "more than " + MAX_ITEMS + " interfaces, addresses or map lines; the rest are not kept", "");
            capped = true;
        }

        /** {@code 2: eth0: <FLAGS> mtu 1500 ... state UP ...} or the {@code ip -o addr} form {@code 2: eth0 inet 10.0.0.1/24 ...}. */
        private boolean header(String t, int ln) {
            int c = t.indexOf(':');
            Integer index = ToolValues.integer(t.substring(0, c));
            String rest = t.substring(c + 1).strip();
            String[] tok = Paste.tokens(rest);
            if (tok.length >= 2 && !tok[0].endsWith(":") && (tok[1].equals("inet") || tok[1].equals("inet6"))) {
                InterfaceFacts b = find(tok[0], "ip", ln);
                if (b == null) return true;
                if (b.index == null) b.index = index;
                cur = b;
                String d = rest.substring(tok[0].length()).strip();
                detail(d, Paste.tokens(d), ln);
                return true;
            }
            if (tok.length < 2 || !tok[0].endsWith(":") || !tok[1].startsWith("<")) return false;
            String name = tok[0].substring(0, tok[0].length() - 1);
            String parent = null;
            int at = name.indexOf('@');
            if (at > 0) {
                parent = name.substring(at + 1);
                name = name.substring(0, at);
            }
            if (name.isEmpty()) return false;
            InterfaceFacts b = find(name, "ip", ln);
            cur = b;
            if (b == null) return true;
            if (b.index == null) b.index = index;
            if (b.parent == null) b.parent = parent;
            int lt = rest.indexOf('<');
            int gt = rest.indexOf('>', lt);
            if (gt < 0) {
                w.warn(ln, "unterminated flag list", t);
                return true;
            }
            if (b.flags.isEmpty()) flags(rest.substring(lt + 1, gt), b.flags);
            String[] kv = Paste.tokens(rest.substring(gt + 1).strip());
            for (int i = 0; i + 1 < kv.length; i++) {
                String v = kv[i + 1];
                switch (kv[i]) {
                    case "mtu" -> b.mtu = first(b.mtu, ToolValues.integer(v));
                    case "qdisc" -> b.qdisc = first(b.qdisc, v);
                    case "master" -> b.master = first(b.master, v);
                    case "state" -> b.state = first(b.state, LinkState.of(v));
                    case "qlen" -> b.qlen = first(b.qlen, ToolValues.integer(v));
                    default -> {
                        continue;
                    }
                }
                i++;
            }
            if (b.mtu == null) w.warn(ln, "interface header without an MTU", t);
            return true;
        }

        /** ifconfig headers: {@code eth0: flags=4163<UP,...>  mtu 1500} and {@code eth0  Link encap:Ethernet  HWaddr ...}. */
        private boolean ifconfigHeader(String t, String[] tok, int ln) {
            if (tok.length >= 2 && tok[1].startsWith("flags=")) {
                String name = tok[0].endsWith(":") ? tok[0].substring(0, tok[0].length() - 1) : tok[0];
                InterfaceFacts b = find(name, "ifconfig", ln);
                cur = b;
                if (b == null) return true;
                int lt = t.indexOf('<');
                int gt = lt < 0 ? -1 : t.indexOf('>', lt);
                if (gt > lt && b.flags.isEmpty()) flags(t.substring(lt + 1, gt), b.flags);
                for (int i = 2; i + 1 < tok.length; i++) {
                    if (tok[i].equals("mtu")) b.mtu = first(b.mtu, ToolValues.integer(tok[i + 1]));
                }
                return true;
            }
            if (tok.length >= 3 && tok[1].equals("Link") && tok[2].startsWith("encap:")) {
                InterfaceFacts b = find(tok[0], "ifconfig", ln);
                cur = b;
                if (b == null) return true;
                String encap = tok[2].substring(6).toLowerCase(Locale.ROOT);
                b.linkType = first(b.linkType, switch (encap) {
                    case "ethernet" -> "ether";
                    case "local" -> "loopback";
                    default -> encap;
                });
                for (int i = 3; i + 1 < tok.length; i++) {
                    if (tok[i].equals("HWaddr")) b.mac = first(b.mac, tok[i + 1]);
                }
                return true;
            }
            return false;
        }

        /** {@code ip -br link|addr}: {@code eth0  UP  52:54:00:12:34:56 <BROADCAST,...>} or {@code eth0  UP  10.0.0.1/24 fe80::1/64}. */
        private boolean brief(String[] tok, int ln, boolean take) {
            if (tok.length < 2 || !LinkState.isStateWord(tok[1]) || tok[0].endsWith(":")) return false;
            if (!take) return true;
            String name = tok[0];
            String parent = null;
            int at = name.indexOf('@');
            if (at > 0) {
                parent = name.substring(at + 1);
                name = name.substring(0, at);
            }
            InterfaceFacts b = find(name, "ip -br", ln);
            cur = b;
            if (b == null) return true;
            b.parent = first(b.parent, parent);
            b.state = first(b.state, LinkState.of(tok[1]));
            for (int i = 2; i < tok.length; i++) {
                String x = tok[i];
                if (x.startsWith("<") && x.endsWith(">")) {
                    if (b.flags.isEmpty()) flags(x.substring(1, x.length() - 1), b.flags);
                } else if (x.indexOf('/') > 0) {
                    address(b, x.indexOf(':') >= 0 ? "inet6" : "inet", x, null, ln);
                } else if (x.length() == 17 && x.charAt(2) == ':') {
                    b.mac = first(b.mac, x);
                }
            }
            return true;
        }

        /** A line under an interface header; true when it was understood (or is known noise). */
        private boolean detail(String t, String[] tok, int ln) {
            InterfaceFacts b = cur;
            if (b == null) return false;
            String k = tok[0];
            if (k.startsWith("link/")) {
                b.linkType = first(b.linkType, k.substring(5));
                if (tok.length >= 2 && !tok[1].equals("brd")) b.mac = first(b.mac, tok[1]);
                mtuRange(b, tok);
                return true;
            }
            if (k.equals("inet") || k.equals("inet6")) {
                inet(b, k, tok, ln);
                return true;
            }
            if (k.equals("altname") && tok.length >= 2) {
                if (b.altNames.size() < 64) b.altNames.add(tok[1]);
                return true;
            }
            if (k.equals("promiscuity")) {
                mtuRange(b, tok);
                return true;
            }
            if (k.equals("ether") || k.equals("infiniband") || k.equals("loop") || k.equals("unspec")) {
                // ifconfig (net-tools 2.x): "ether 52:54:00:12:34:56  txqueuelen 1000  (Ethernet)"
                b.linkType = first(b.linkType, k.equals("loop") ? "loopback" : k);
                if (!k.equals("loop") && tok.length >= 2 && !tok[1].equals("txqueuelen")) b.mac = first(b.mac, tok[1]);
                for (int i = 1; i + 1 < tok.length; i++) {
                    if (tok[i].equals("txqueuelen")) b.qlen = first(b.qlen, ToolValues.integer(tok[i + 1]));
                }
                return true;
            }
            int mtuAt = t.indexOf("MTU:");
            if (mtuAt >= 0 && "ifconfig".equals(b.source)) {
                // old ifconfig: "UP BROADCAST RUNNING MULTICAST  MTU:1500  Metric:1"
                if (b.flags.isEmpty()) {
                    for (String f : Paste.tokens(t.substring(0, mtuAt).strip())) {
                        if (!f.isEmpty()) b.flags.add(f);
                    }
                }
                String m = Paste.tokens(t.substring(mtuAt + 4).strip())[0];
                b.mtu = first(b.mtu, ToolValues.integer(m));
                return true;
            }
            if ("ip".equals(b.source)) {
                String base = k.endsWith("_slave") ? k.substring(0, k.length() - 6) : null;
                if (base != null && !base.isEmpty()) {
                    b.slaveKind = first(b.slaveKind, base);
                    return true;
                }
                if (KINDS.contains(k) && b.kind == null) {
                    b.kind = k;
                    return true;
                }
            }
            return false;
        }

        private void mtuRange(InterfaceFacts b, String[] tok) {
            for (int i = 0; i + 1 < tok.length; i++) {
                if (tok[i].equals("minmtu")) b.minMtu = first(b.minMtu, ToolValues.integer(tok[i + 1]));
                else if (tok[i].equals("maxmtu")) b.maxMtu = first(b.maxMtu, ToolValues.integer(tok[i + 1]));
            }
        }

        private void inet(InterfaceFacts b, String family, String[] tok, int ln) {
            if (tok.length < 2) return;
            String addr = tok[1];
            Integer prefix = null;
            String scope = null;
            int i = 2;
            if (addr.startsWith("addr:")) {
                // old ifconfig: "inet addr:10.0.0.1  Bcast:...  Mask:255.255.255.0", "inet6 addr: fe80::1/64 Scope:Link"
                addr = addr.substring(5);
                if (addr.isEmpty() && tok.length >= 3) {
                    addr = tok[2];
                    i = 3;
                }
            }
            for (; i < tok.length; i++) {
                String x = tok[i];
                String next = i + 1 < tok.length ? tok[i + 1] : null;
                if (x.equals("scope") && next != null) scope = next;
                else if (x.equals("netmask") && next != null) prefix = maskBits(next);
                else if (x.equals("prefixlen") && next != null) prefix = ToolValues.integer(next);
                else if (x.equals("scopeid") && next != null) {
                    int lt = next.indexOf('<');
                    if (lt >= 0 && next.endsWith(">")) scope = next.substring(lt + 1, next.length() - 1);
                } else if (x.startsWith("Mask:")) prefix = maskBits(x.substring(5));
                else if (x.startsWith("Scope:")) scope = x.substring(6).toLowerCase(Locale.ROOT);
            }
            address(b, family, addr, scope, ln, prefix);
        }

        private void address(InterfaceFacts b, String family, String text, String scope, int ln) {
            address(b, family, text, scope, ln, null);
        }

        private void address(InterfaceFacts b, String family, String text, String scope, int ln, Integer prefix) {
            String addr = text;
            int slash = text.indexOf('/');
            if (slash > 0) {
                addr = text.substring(0, slash);
                prefix = ToolValues.integer(text.substring(slash + 1));
            }
            for (NetAddress a : b.addresses) {
                if (a.address().equals(addr) && a.family().equals(family)) return; // listed twice (ip link + ip addr)
            }
            if (addressCount >= MAX_ITEMS) {
                cap(ln);
                return;
            }
            b.addresses.add(new NetAddress(family, addr, prefix, scope, ln));
            addressCount++;
        }

        /** Drops the spaces before each ')': ibdev2netdev -v pads the port state with printf "%-6s", as in "(DOWN  )". */
        private static String unpad(String s) {
            StringBuilder b = new StringBuilder(s.length());
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == ')') {
                    int k = b.length();
                    while (k > 0 && b.charAt(k - 1) == ' ') k--;
                    b.setLength(k);
                }
                b.append(c);
            }
            return b.toString();
        }

        /** {@code mlx5_0 port 1 ==> ib0 (Up)}; {@code -v}: {@code 0002:00:02.0 mlx4_0 (MT4100 - NA)  fw 2.43.7008 port 1 (ACTIVE) ==> ib0 (Down)}. */
        private void rdma(String t, int ln) {
            int hash = t.indexOf('#');
            String s = hash >= 0 ? t.substring(0, hash).strip() : t;
            int arrow = s.indexOf("==>");
            String[] left = Paste.tokens(unpad(s.substring(0, arrow).strip()));
            String[] right = Paste.tokens(s.substring(arrow + 3).strip());
            int i = 0;
            String pci = null;
            if (left.length > 1 && left[0].indexOf(':') > 0 && left[0].indexOf('.') > 0) {
                pci = ToolValues.pciAddress(left[0]);
                if (pci != null) i = 1;
            }
            if (i >= left.length || left[i].isEmpty()) {
                w.warn(ln, "ibdev2netdev line without an RDMA device", t);
                return;
            }
            String dev = left[i++];
            Integer port = null;
            String fw = null;
            String portState = null;
            StringBuilder desc = new StringBuilder();
            boolean seenPort = false;
            for (; i < left.length; i++) {
                String x = left[i];
                if (x.equals("port") && i + 1 < left.length) {
                    port = ToolValues.integer(left[++i]);
                    seenPort = true;
                } else if (x.equals("fw") && i + 1 < left.length) {
                    fw = left[++i];
                } else if (seenPort && x.startsWith("(") && x.endsWith(")")) {
                    portState = x.substring(1, x.length() - 1).toUpperCase(Locale.ROOT);
                } else if (!seenPort) {
                    if (desc.length() > 0) desc.append(' ');
                    desc.append(x);
                }
            }
            String d = desc.toString();
            if (d.startsWith("(")) {
                int close = d.indexOf(')');
                d = close > 0 ? (d.substring(1, close) + d.substring(close + 1)).strip() : d.substring(1);
            }
            String netdev = null;
            LinkState state = null;
            for (String x : right) {
                if (x.isEmpty()) continue;
                if (x.startsWith("(") && x.endsWith(")")) state = first(state, LinkState.of(x));
                else if (netdev == null && state == null) netdev = x;
            }
            if (port == null) w.warn(ln, "ibdev2netdev line without a port number", t);
            if (rdma.size() >= MAX_ITEMS) {
                cap(ln);
                return;
            }
            rdma.add(new RdmaLink(dev, port, netdev, state, portState, pci, fw, d.isEmpty() ? null : d, ln));
        }

        IpLinkData finish() {
            List<NetInterface> out = new ArrayList<>(ifs.size());
            for (InterfaceFacts b : ifs.values()) out.add(b.build());
            if (out.isEmpty() && rdma.isEmpty()) w.error(0, "no iplink content found", "");
            return new IpLinkData(out, rdma);
        }
    }

    private static void flags(String s, List<String> into) {
        for (String f : s.split(",")) {
            String x = f.strip();
            if (!x.isEmpty() && into.size() < 64) into.add(x);
        }
    }

    /** Prefix length of a dotted netmask ({@code 255.255.255.0} gives 24); null when not contiguous. */
    private static Integer maskBits(String mask) {
        String[] q = mask.split("\\.", -1);
        if (q.length != 4) return null;
        long v = 0;
        for (String p : q) {
            Integer b = ToolValues.integer(p);
            if (b == null || b < 0 || b > 255) return null;
            v = v << 8 | b;
        }
        int bits = Long.bitCount(v);
        long expect = bits == 0 ? 0 : (0xffffffffL << (32 - bits)) & 0xffffffffL;
        return v == expect ? bits : null;
    }

    private static <T> T first(T current, T candidate) {
        return current != null ? current : candidate;
    }
}
