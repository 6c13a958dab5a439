package io.ncclscope.parsers.pci;

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
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads the output of {@code lspci -tv} (also {@code lspci -t}, {@code -tvnn}): the PCI tree with
 * root buses ({@code -+-[0000:00]-+-...}), bridges and their bus ranges ({@code +-01.1-[61-73]--}),
 * empty bridges ({@code -[c2]--}) and chains of bridges on one line.
 *
 * <p>lspci draws a function's children starting at the column of its branch glyph ({@code +-} or
 * {@code \-}); continuation lines repeat that column, so the parser keeps, per column, the bridge
 * or root bus whose branch starts there. Bridges carry no name in {@code -tv} output. Functions
 * behind a bridge sit on its secondary bus. Nesting deeper than {@value #MAX_DEPTH} bridges and more
 * than {@value #MAX_DEVICES} functions are dropped with a warning.
 */
public final class LspciTreeParser implements ToolParser<LspciTree> {

    /** Most bridges kept between a root bus and a function. */
    public static final int MAX_DEPTH = 64;

    /** Most functions kept. */
    public static final int MAX_DEVICES = 100_000;

    private static final int HOST = 0;
    private static final int ROOT = 1;
    private static final int DEVICE = 2;

    @Override
    public Kind kind() {
        return Kind.LSPCI_TREE;
    }

    @Override
    public int sniff(CharSequence head) {
        int rootLabels = 0;
        int branches = 0;
        int lines = 0;
        // The lines' bounds from HeadLines (found once for every sniffer while detection shares the head).
        HeadLines line = new HeadLines(head.toString(), Integer.MAX_VALUE);
        while (lines < 2000 && line.next()) {
            int end = line.rawTo();
            int i = line.rawFrom();
            while (i < end && (head.charAt(i) == ' ' || head.charAt(i) == '|')) i++;
            if (i < end) {
                char c = head.charAt(i);
                if (c == '-' && i + 1 < end) {
                    char d = head.charAt(i + 1);
                    if ((d == '+' || d == '\\') && i + 3 < end && head.charAt(i + 2) == '-' && head.charAt(i + 3) == '[') {
                        rootLabels++;
                    } else if (d == '[' && rootLabelAt(head, i + 1, end)) {
                        rootLabels++;
                    }
                } else if ((c == '+' || c == '\\') && i + 1 < end && head.charAt(i + 1) == '-') {
                    if (i + 2 < end && head.charAt(i + 2) == '[') {
                        rootLabels++;
                    } else if (deviceTokenAt(head, i + 2, end)) {
                        branches++;
                    }
                }
            }
            lines++;
        }
        if (rootLabels > 0 && (branches > 0 || rootLabels >= 2)) return 92;
        if (rootLabels > 0) return 75;
        if (branches >= 3) return 80;
        if (branches > 0) return 40;
        return 0;
    }

    private static boolean rootLabelAt(CharSequence s, int i, int end) {
        // [dddd:bb] or [bb]
        int close = -1;
        for (int k = i + 1; k < end && k < i + 12; k++) {
            if (s.charAt(k) == ']') {
                close = k;
                break;
            }
        }
        if (close < 0) return false;
        int len = close - i - 1;
        if (len != 2 && len != 7) return false;
        for (int k = i + 1; k < close; k++) {
            char c = s.charAt(k);
            if (!(isHex(c) || (c == ':' && len == 7 && k == i + 5))) return false;
        }
        return true;
    }

    private static boolean deviceTokenAt(CharSequence s, int i, int end) {
        return i + 3 < end && isHex(s.charAt(i)) && isHex(s.charAt(i + 1)) && s.charAt(i + 2) == '.'
                && s.charAt(i + 3) >= '0' && s.charAt(i + 3) <= '7';
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    /** Mutable tree element while parsing: the host (all root buses), a root bus, or a function. */
    private static final class TreeElement {
        final int type;
        final int line;
        int domain;
        int bus;
        int dev;
        int fn;
        Integer sec;
        Integer sub;
        String desc;
        String bdf;
        String id; // a root bus's dddd:bb
        String dom; // a root bus's dddd
        int depth = -1; // root-bus functions have depth 0
        TreeElement root;
        TreeElement parent;
        final List<TreeElement> kids = new ArrayList<>();

        TreeElement(int type, int line) {
            this.type = type;
            this.line = line;
        }
    }

    @Override
    public ParseResult<LspciTree> parse(Reader in, ParseLimits limits) throws IOException {
        Warnings w = new Warnings(limits.maxWarnings());
        LineSource src = LineSource.table(in, w, limits);
        TreeReader reader = new TreeReader(w);
        String raw;
        while ((raw = src.next()) != null) {
            reader.line(raw, src.lineNumber());
        }
        if (reader.flat.isEmpty()) {
            w.error(0, "no lspci-tree content found", "");
        }
        List<PciRootBus> rootRecords = new ArrayList<>();
        for (TreeElement r : reader.roots) {
            List<PciNode> kids = new ArrayList<>();
            for (TreeElement k : r.kids) kids.add(toNode(k));
            rootRecords.add(new PciRootBus(r.id, r.domain, r.bus, kids, r.line));
        }
        List<TreeDevice> devices = new ArrayList<>(reader.flat.size());
        for (TreeElement d : reader.flat) {
            String parent = d.parent != null && d.parent.type == DEVICE ? d.parent.bdf : null;
            devices.add(new TreeDevice(d.bdf, d.desc, parent, d.root.id, d.depth, d.sec != null, d.sec, d.sub, d.line));
        }
        return new ParseResult<>(kind(), new LspciTree(rootRecords, devices), w.toList());
    }

    /** The tree being read, line by line: each line a chain of branches, root buses, bridges and functions. */
    private static final class TreeReader {
        final Warnings w;
        final List<TreeElement> roots = new ArrayList<>();
        final List<TreeElement> flat = new ArrayList<>();
        final Set<String> seen = new HashSet<>();
        /** The element each branch column of the lines above hangs from. */
        final TreeMap<Integer, TreeElement> byCol = new TreeMap<>();
        boolean full;
        /** Where the walk along the current line is, and the element it is under. */
        int at;
        TreeElement cur;

        TreeReader(Warnings w) {
            this.w = w;
        }

        void line(String raw, int ln) {
            String s = raw.indexOf('\t') >= 0 ? expandTabs(raw) : raw;
            String t = s.strip();
            if (t.isEmpty() || Paste.isNoise(t)) return;
            if (full) return;
            int n = s.length();
            int i = 0;
            while (i < n && (s.charAt(i) == ' ' || s.charAt(i) == '|')) i++;
            if (i >= n) return; // a line of branch bars only
            char c = s.charAt(i);
            if ((c == '+' || c == '\\') && i + 1 < n && s.charAt(i + 1) == '-') {
                cur = byCol.get(i);
                if (cur == null) {
                    w.warn(ln, "tree branch at column " + (i + 1) + " has no parent above it; line skipped", ToolValues.excerpt(t));
                    return;
                }
                i += 2;
            } else if (c == '-' && i + 1 < n && (s.charAt(i + 1) == '+' || s.charAt(i + 1) == '\\' || s.charAt(i + 1) == '[')) {
                cur = new TreeElement(HOST, ln);
                byCol.clear();
                i += 1;
            } else {
                w.info(ln, "not an lspci tree line; skipped", ToolValues.excerpt(t));
                return;
            }
            at = i;
            walk(s, t, ln);
        }

        /** Walks the chain of elements on this line from {@link #at}. */
        private void walk(String s, String t, int ln) {
            int n = s.length();
            while (at < n && cur != null) {
                int i = at;
                char c = s.charAt(i);
                if ((c == '+' || c == '\\') && i + 1 < n && s.charAt(i + 1) == '-') {
                    byCol.tailMap(i, true).clear();
                    byCol.put(i, cur);
                    at = i + 2;
                    continue;
                }
                if (c == '-' && i + 1 < n && s.charAt(i + 1) == '-') {
                    at = i + 2;
                    continue;
                }
                if (c == '[' && cur.type == HOST) {
                    int close = s.indexOf(']', i);
                    TreeElement r = close < 0 ? null : rootBus(s.substring(i + 1, close), ln);
                    if (r == null) {
                        w.warn(ln, "unreadable root bus label; rest of line skipped", ToolValues.excerpt(t));
                        break;
                    }
                    roots.add(r);
                    cur = r;
                    i = close + 1;
                    if (i < n && s.charAt(i) == '-') i++;
                    at = i;
                    continue;
                }
                if (cur.type != HOST && i + 3 < n && deviceTokenAt(s, i, n)
                        && (i + 4 == n || s.charAt(i + 4) == ' ' || s.charAt(i + 4) == '-')) {
                    if (function(s, t, ln)) continue;
                    break;
                }
                w.warn(ln, "unexpected text in lspci tree line at column " + (i + 1) + "; rest of line skipped", ToolValues.excerpt(t));
                break;
            }
        }

        /**
         * The function ({@code 00.0}) at {@link #at}, a bridge with its bus range ({@code -[01]--}) or a leaf with its
         * description; true when the walk goes on along the line (under the bridge).
         */
        private boolean function(String s, String t, int ln) {
            int n = s.length();
            int i = at;
            if (cur.type == DEVICE && cur.depth + 1 > MAX_DEPTH) {
                w.warn(ln, "tree nests deeper than " + MAX_DEPTH + " bridges; rest of line dropped", ToolValues.excerpt(t));
                return false;
            }
            if (flat.size() >= MAX_DEVICES) {
                w.warn(ln, "more than " + MAX_DEVICES + " functions; the rest were not kept", ToolValues.excerpt(t));
                full = true;
                return false;
            }
            TreeElement d = new TreeElement(DEVICE, ln);
            d.parent = cur;
            d.root = cur.type == ROOT ? cur : cur.root;
            d.depth = cur.type == ROOT ? 0 : cur.depth + 1;
            d.domain = d.root.domain;
            d.bus = cur.type == ROOT ? cur.bus : cur.sec;
            d.dev = (int) (long) ToolValues.hex(s.substring(i, i + 2)); // two checked hex digits
            d.fn = s.charAt(i + 3) - '0';
            d.bdf = d.root.dom + ':' + hex2(d.bus) + ':' + hex2(d.dev) + '.' + d.fn;
            if (!seen.add(d.bdf)) {
                w.warn(ln, "function " + d.bdf + " appears twice in the tree", ToolValues.excerpt(t));
            }
            cur.kids.add(d);
            flat.add(d);
            i += 4;
            if (i + 1 < n && s.charAt(i) == '-' && s.charAt(i + 1) == '[') {
                int close = s.indexOf(']', i);
                int[] range = close < 0 ? null : busRange(s.substring(i + 2, close));
                if (range == null) {
                    w.warn(ln, "unreadable bridge bus range after " + d.bdf + "; rest of line skipped", ToolValues.excerpt(t));
                    return false;
                }
                d.sec = range[0];
                d.sub = range[1];
                cur = d;
                i = close + 1;
                // "]-" from the bridge, then "-" before the bus: "-[01]--+-00.0", "-[02]----00.0", "-[c2]--".
                for (int k = 0; k < 2 && i < n && s.charAt(i) == '-'; k++) i++;
                at = i;
                return true;
            }
            String desc = s.substring(i).strip();
            d.desc = desc.isEmpty() ? null : desc;
            cur = null;
            return false;
        }
    }

    /** Depth is capped at {@link #MAX_DEPTH}, so this recursion is bounded. */
    private static PciNode toNode(TreeElement d) {
        List<PciNode> kids = new ArrayList<>(d.kids.size());
        for (TreeElement k : d.kids) kids.add(toNode(k));
        return new PciNode(d.bdf, d.domain, d.bus, d.dev, d.fn, d.desc, d.sec, d.sub, kids, d.line);
    }

    /** A root bus from the text inside {@code [...]}: {@code 0000:00} or, from old lspci, {@code 00}. */
    private static TreeElement rootBus(String label, int line) {
        String dom = "0";
        String bus = label;
        int colon = label.indexOf(':');
        if (colon >= 0) {
            dom = label.substring(0, colon);
            bus = label.substring(colon + 1);
        }
        if (dom.isEmpty() || dom.length() > 4 || bus.length() != 2) return null;
        Long d = ToolValues.hex(dom);
        Long b = ToolValues.hex(bus);
        if (d == null || b == null) return null;
        TreeElement r = new TreeElement(ROOT, line);
        r.domain = (int) (long) d;
        r.bus = (int) (long) b;
        r.dom = String.format(Locale.ROOT, "%04x", r.domain);
        r.id = r.dom + ':' + hex2(r.bus);
        return r;
    }

    /** {@code 61-73} or {@code 01} as {secondary, subordinate}; null when unreadable. */
    private static int[] busRange(String text) {
        int dash = text.indexOf('-');
        String a = dash < 0 ? text : text.substring(0, dash);
        String b = dash < 0 ? text : text.substring(dash + 1);
        if (a.length() != 2 || b.length() != 2) return null;
        Long x = ToolValues.hex(a);
        Long y = ToolValues.hex(b);
        if (x == null || y == null) return null;
        return new int[] {(int) (long) x, (int) (long) y};
    }

    private static String hex2(int v) {
        return new String(new char[] {Character.forDigit((v >> 4) & 0xf, 16), Character.forDigit(v & 0xf, 16)});
    }

    private static String expandTabs(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\t') {
                do {
                    sb.append(' ');
                } while (sb.length() % 8 != 0);
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
