package io.ncclscope.parsers.topoxml;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.parsers.internal.HeadLines;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.ToolValues;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.internal.Whitespace;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the NCCL topology XML that a job writes with {@code NCCL_TOPO_DUMP_FILE=topo.xml} (the same format
 * {@code NCCL_TOPO_FILE} reads): {@code <system version="1"><cpu ...><pci busid=... link_speed=... link_width=...>
 * <gpu dev=... sm=... rank=... gdr=.../>...<nic><net name=... speed=... gdr=.../></nic>}.
 *
 * <p>A small tolerant tag scanner, no DTDs, entities beyond the five predefined and numeric ones, or
 * namespaces: NCCL writes none. A file cut short (NCCL itself then fails with "XML Parse : Unexpected EOF",
 * corpus captured/h200-1gpu-variants/nccl/bad-topo-file.log) gives warnings and whatever was read, never an
 * exception. {@code link_width="0"} as written inside a VM (captured/h200-1gpu/nccl/topo-dump.xml) is kept as 0:
 * NCCL printed it.
 *
 * <p>Stateless and thread-safe.
 */
public final class NcclTopoXmlParser implements ToolParser<NcclTopoXmlData> {

    /** Most elements read; the rest are skipped with one warning. */
    public static final int MAX_ELEMENTS = 200_000;
    /** Deepest element nesting kept. */
    public static final int MAX_DEPTH = 64;
    /** Longest tag (between {@code <} and {@code >}) read. */
    public static final int MAX_TAG = 64 * 1024;

    private static final int SNIFF_CHARS = 64 * 1024;

    @Override
    public Kind kind() {
        return Kind.NCCL_TOPO_XML;
    }

    @Override
    public int sniff(CharSequence head) {
        if (head == null) return 0;
        String h = (head.length() > SNIFF_CHARS ? head.subSequence(0, SNIFF_CHARS) : head).toString();
        if (HeadLines.headContains(h, "<system version=")) return 98;
        boolean cpu = HeadLines.headContains(h, "<cpu ");
        boolean pci = HeadLines.headContains(h, "<pci busid=");
        boolean gpu = HeadLines.headContains(h, "<gpu dev=");
        boolean net = HeadLines.headContains(h, "<net name=");
        if (cpu && (pci || gpu || net)) return 90;
        if (pci && gpu) return 85;
        if (HeadLines.headContains(h, "<nic>") && net) return 80;
        return 0;
    }

    @Override
    public ParseResult<NcclTopoXmlData> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        Scanner sc = new Scanner(w);
        String line;
        while ((line = src.next()) != null) {
            sc.line(line, src.lineNumber());
        }
        sc.end(src.lineNumber());
        return new ParseResult<>(kind(), new Builder(w).build(sc.roots, sc.elements), w.toList());
    }

    // ---------------------------------------------------------------- generic element tree

    /** An element as scanned. */
    private static final class Node {
        final String name;
        final Map<String, String> attrs;
        final int line;
        final List<Node> children = new ArrayList<>();

        Node(String name, Map<String, String> attrs, int line) {
            this.name = name;
            this.attrs = attrs;
            this.line = line;
        }

        String attr(String k) {
            return attrs.get(k);
        }
    }

    private enum Mode { OUT, TAG, COMMENT, SKIP }

    /** A tolerant tag scanner: turns lines into a tree of {@link Node}s. */
    private static final class Scanner {
        private final Warnings w;
        final List<Node> roots = new ArrayList<>();
        private final ArrayList<Node> stack = new ArrayList<>();
        private final StringBuilder tag = new StringBuilder();
        private int tagLine;
        private char quote;
        private Mode mode = Mode.OUT;
        private int commentDashes;
        int elements;
        private boolean elementCap;
        private int tooDeep;

        Scanner(Warnings w) {
            this.w = w;
        }

        void line(String s, int n) {
            StringBuilder outside = null;
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (mode) {
                    case OUT -> {
                        if (c == '<') {
                            mode = Mode.TAG;
                            tag.setLength(0);
                            tagLine = n;
                            quote = 0;
                        } else if (!Whitespace.is(c)) {
                            if (outside == null) outside = new StringBuilder();
                            if (outside.length() < 200) outside.append(c);
                        } else if (outside != null && outside.length() < 200) {
                            outside.append(c);
                        }
                    }
                    case COMMENT -> {
                        if (c == '>' && commentDashes >= 2) mode = Mode.OUT;
                        commentDashes = c == '-' ? commentDashes + 1 : 0;
                    }
                    case SKIP -> {
                        if (c == '>') mode = Mode.OUT;
                    }
                    case TAG -> {
                        if (quote != 0) {
                            if (c == quote) quote = 0;
                            tag.append(c);
                        } else if (c == '>') {
                            mode = Mode.OUT;
                            finishTag(tag.toString(), tagLine);
                        } else {
                            if (c == '"' || c == '\'') quote = c;
                            tag.append(c);
                            if (tag.length() == 3 && tag.charAt(0) == '!' && tag.charAt(1) == '-' && tag.charAt(2) == '-') {
                                mode = Mode.COMMENT;
                                commentDashes = 0;
                            }
                        }
                        if (mode == Mode.TAG && tag.length() > MAX_TAG) {
                            w.warn(tagLine, "tag longer than " + MAX_TAG + " characters skipped", ToolValues.excerpt(tag.substring(0, 80)));
                            mode = Mode.SKIP;
                            tag.setLength(0);
                        }
                    }
                    default -> {
                    }
                }
            }
            if (mode == Mode.TAG) tag.append(' ');
            if (outside != null) {
                String t = outside.toString().strip();
                if (t.startsWith("$ ") || t.startsWith("# [cut") || t.equals("...")) {
                    w.info(n, "non-XML line skipped", ToolValues.excerpt(t));
                } else {
                    w.warn(n, "text outside tags ignored", ToolValues.excerpt(t));
                }
            }
        }

        void end(int lastLine) {
            if (mode == Mode.TAG || mode == Mode.SKIP) {
                w.warn(tagLine, "input ends inside a tag (truncated?); the tag was dropped", ToolValues.excerpt(tag.toString()));
            } else if (mode == Mode.COMMENT) {
                w.warn(lastLine, "input ends inside a comment (truncated?)", "");
            }
            if (!stack.isEmpty()) {
                StringBuilder open = new StringBuilder();
                for (int i = stack.size() - 1; i >= 0; i--) {
                    open.append('<').append(stack.get(i).name).append('>');
                }
                w.warn(lastLine, "XML ends before " + open + " closed (truncated?); what was read is kept", "");
                stack.clear();
            }
        }

        private void finishTag(String t, int n) {
            if (t.isEmpty()) {
                w.warn(n, "empty tag <> ignored", "");
                return;
            }
            char f = t.charAt(0);
            if (f == '?' || f == '!') return; // prolog, DOCTYPE
            if (f == '/') {
                close(t.substring(1).strip(), n);
                return;
            }
            boolean selfClose = t.endsWith("/");
            String body = selfClose ? t.substring(0, t.length() - 1) : t;
            int i = 0;
            while (i < body.length() && !Whitespace.is(body.charAt(i))) i++;
            String name = body.substring(0, i);
            if (!validName(name)) {
                w.warn(n, "not a tag: <" + ToolValues.excerpt(t) + ">", ToolValues.excerpt(t));
                return;
            }
            Map<String, String> attrs = attributes(body, i, n);
            if (elements >= MAX_ELEMENTS) {
                if (!elementCap) w.warn(n, "more than " + MAX_ELEMENTS + " elements; the rest were skipped", "");
                elementCap = true;
                return;
            }
            elements++;
            Node node = new Node(name, attrs, n);
            if (stack.size() >= MAX_DEPTH) {
                if (tooDeep++ == 0) w.warn(n, "elements nested deeper than " + MAX_DEPTH + " were skipped", ToolValues.excerpt(t));
                return;
            }
            if (stack.isEmpty()) roots.add(node);
            else stack.get(stack.size() - 1).children.add(node);
            if (!selfClose) stack.add(node);
        }

        private void close(String name, int n) {
            for (int i = stack.size() - 1; i >= 0; i--) {
                if (stack.get(i).name.equals(name)) {
                    if (i != stack.size() - 1) {
                        w.warn(n, "</" + name + "> closes unclosed <" + stack.get(stack.size() - 1).name + ">", "");
                    }
                    while (stack.size() > i) stack.remove(stack.size() - 1);
                    return;
                }
            }
            if (tooDeep == 0) w.warn(n, "closing tag </" + name + "> with no open element", "");
        }

        private static boolean validName(String s) {
            if (s.isEmpty() || s.length() > 64) return false;
            char c = s.charAt(0);
            if (!(Character.isLetter(c) || c == '_')) return false;
            for (int i = 1; i < s.length(); i++) {
                char d = s.charAt(i);
                if (!(Character.isLetterOrDigit(d) || d == '_' || d == '-' || d == '.' || d == ':')) return false;
            }
            return true;
        }

        private Map<String, String> attributes(String s, int from, int n) {
            Map<String, String> out = new LinkedHashMap<>();
            int i = from;
            int len = s.length();
            while (i < len && out.size() < 256) {
                while (i < len && Whitespace.is(s.charAt(i))) i++;
                if (i >= len) break;
                int ks = i;
                while (i < len && !Whitespace.is(s.charAt(i)) && s.charAt(i) != '=') i++;
                String key = s.substring(ks, i);
                while (i < len && Whitespace.is(s.charAt(i))) i++;
                if (i >= len || s.charAt(i) != '=') {
                    w.warn(n, "attribute " + ToolValues.excerpt(key) + " has no value", ToolValues.excerpt(s));
                    continue;
                }
                i++;
                while (i < len && Whitespace.is(s.charAt(i))) i++;
                String value;
                if (i < len && (s.charAt(i) == '"' || s.charAt(i) == '\'')) {
                    char q = s.charAt(i);
                    int vs = i + 1;
                    int ve = s.indexOf(q, vs);
                    if (ve < 0) {
                        w.warn(n, "attribute " + ToolValues.excerpt(key) + " has no closing quote", ToolValues.excerpt(s));
                        ve = len;
                    }
                    value = s.substring(vs, ve);
                    i = Math.min(len, ve + 1);
                } else {
                    int vs = i;
                    while (i < len && !Whitespace.is(s.charAt(i))) i++;
                    value = s.substring(vs, i);
                    w.warn(n, "attribute " + ToolValues.excerpt(key) + " is not quoted", ToolValues.excerpt(s));
                }
                out.putIfAbsent(key, decode(value));
            }
            return out;
        }

        /** Replaces the five predefined entities and numeric references. */
        static String decode(String v) {
            if (v.indexOf('&') < 0) return v;
            StringBuilder sb = new StringBuilder(v.length());
            int i = 0;
            while (i < v.length()) {
                char c = v.charAt(i);
                int semi = c == '&' ? v.indexOf(';', i) : -1;
                if (semi > i && semi - i <= 10) {
                    String ent = v.substring(i + 1, semi);
                    String rep = switch (ent) {
                        case "amp" -> "&";
                        case "lt" -> "<";
                        case "gt" -> ">";
                        case "quot" -> "\"";
                        case "apos" -> "'";
                        default -> {
                            Long cp = null;
                            if (ent.startsWith("#x") || ent.startsWith("#X")) cp = ToolValues.hex(ent.substring(2));
                            else if (ent.startsWith("#")) cp = ToolValues.longValue(ent.substring(1));
                            yield cp != null && cp > 0 && cp <= Character.MAX_CODE_POINT ? new String(Character.toChars((int) (long) cp)) : null;
                        }
                    };
                    if (rep != null) {
                        sb.append(rep);
                        i = semi + 1;
                        continue;
                    }
                }
                sb.append(c);
                i++;
            }
            return sb.toString();
        }
    }

    // ---------------------------------------------------------------- typed records

    /** Turns the element tree into records, collecting the flat lists in document order. */
    private static final class Builder {
        private final Warnings w;
        private final List<TopoGpu> gpus = new ArrayList<>();
        private final List<TopoNet> nets = new ArrayList<>();
        private final List<TopoNvLink> nvlinks = new ArrayList<>();

        Builder(Warnings w) {
            this.w = w;
        }

        NcclTopoXmlData build(List<Node> roots, int elements) {
            String version = null;
            List<TopoCpu> cpus = new ArrayList<>();
            boolean system = false;
            for (Node r : roots) {
                switch (r.name) {
                    case "system" -> {
                        if (!system) version = r.attr("version");
                        system = true;
                        for (Node c : r.children) {
                            if (c.name.equals("cpu")) cpus.add(cpu(c));
                            else other(c, "system");
                        }
                    }
                    case "cpu" -> cpus.add(cpu(r));
                    default -> other(r, "the document");
                }
            }
            if (!system && !cpus.isEmpty()) w.warn(0, "no <system> element; <cpu> elements read at top level", "");
            if (!system && cpus.isEmpty()) {
                w.error(0, "no nccl-topo-xml content found", "");
            }
            return new NcclTopoXmlData(version, cpus, gpus, nets, nvlinks, elements);
        }

        private void other(Node n, String where) {
            w.info(n.line, "element <" + n.name + "> in " + where + " not read", "");
        }

        private TopoCpu cpu(Node c) {
            Integer numa = ToolValues.integer(c.attr("numaid"));
            List<TopoPci> pcis = new ArrayList<>();
            List<TopoNet> direct = new ArrayList<>();
            for (Node ch : c.children) {
                switch (ch.name) {
                    case "pci" -> pcis.add(pci(ch, numa, 0));
                    case "nic" -> nic(ch, null, numa, direct);
                    case "net" -> direct.add(net(ch, null, numa));
                    default -> other(ch, "<cpu>");
                }
            }
            return new TopoCpu(numa, c.attr("host_hash"), c.attr("affinity"), c.attr("arch"), c.attr("vendor"),
                    ToolValues.integer(c.attr("familyid")), ToolValues.integer(c.attr("modelid")), pcis, direct, c.line);
        }

        private static String bus(String raw) {
            if (raw == null) return null;
            String b = raw.indexOf(':') >= 0 ? ToolValues.pciAddress(raw) : null;
            return b != null ? b : raw.strip();
        }

        private TopoPci pci(Node p, Integer numa, int depth) {
            String busId = bus(p.attr("busid"));
            String speed = p.attr("link_speed");
            Double gts = ToolValues.gtPerSec(speed);
            Integer width = ToolValues.integer(p.attr("link_width"));
            List<TopoPci> children = new ArrayList<>();
            List<TopoNet> pciNets = new ArrayList<>();
            TopoGpu gpu = null;
            for (Node ch : p.children) {
                switch (ch.name) {
                    case "pci" -> children.add(pci(ch, numa, depth + 1));
                    case "gpu" -> {
                        TopoGpu g = gpu(ch, busId, speed, gts, width, numa);
                        if (gpu == null) gpu = g;
                        else w.warn(ch.line, "a second <gpu> under one <pci>", "");
                    }
                    case "nic" -> nic(ch, busId, numa, pciNets);
                    case "net" -> pciNets.add(net(ch, busId, numa));
                    default -> other(ch, "<pci>");
                }
            }
            return new TopoPci(busId, p.attr("class"), p.attr("vendor"), p.attr("device"), p.attr("subsystem_vendor"),
                    p.attr("subsystem_device"), speed, gts, width, children, gpu, pciNets, p.line);
        }

        private TopoGpu gpu(Node g, String busId, String speed, Double gts, Integer width, Integer numa) {
            // Flat list in document order: add the GPU before its NVLinks are collected.
            int at = gpus.size();
            gpus.add(null);
            List<TopoNvLink> links = new ArrayList<>();
            for (Node ch : g.children) {
                if (ch.name.equals("nvlink")) {
                    TopoNvLink l = new TopoNvLink(busId, bus(ch.attr("target")), ToolValues.integer(ch.attr("count")),
                            ch.attr("tclass"), ch.line);
                    links.add(l);
                    nvlinks.add(l);
                } else {
                    other(ch, "<gpu>");
                }
            }
            TopoGpu out = new TopoGpu(busId, ToolValues.integer(g.attr("dev")), ToolValues.integer(g.attr("rank")), ToolValues.integer(g.attr("sm")),
                    bool(g.attr("gdr")), speed, gts, width, numa, links, g.line);
            gpus.set(at, out);
            return out;
        }

        private void nic(Node nic, String busId, Integer numa, List<TopoNet> into) {
            for (Node ch : nic.children) {
                if (ch.name.equals("net")) into.add(net(ch, busId, numa));
                else other(ch, "<nic>");
            }
        }

        private TopoNet net(Node n, String busId, Integer numa) {
            TopoNet out = new TopoNet(n.attr("name"), ToolValues.integer(n.attr("dev")), ToolValues.longValue(n.attr("speed")),
                    ToolValues.integer(n.attr("port")), n.attr("guid"), bool(n.attr("gdr")), ToolValues.decimal(n.attr("latency")),
                    ToolValues.integer(n.attr("maxconn")), bool(n.attr("coll")), busId, numa, n.line);
            nets.add(out);
            return out;
        }

        private static Boolean bool(String v) {
            if (v == null) return null;
            return switch (v.strip()) {
                case "1", "true" -> Boolean.TRUE;
                case "0", "false" -> Boolean.FALSE;
                default -> null;
            };
        }
    }
}
