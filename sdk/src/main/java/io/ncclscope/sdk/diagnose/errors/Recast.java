package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.WarnTime;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A copy of what the errors pass keeps of one slice ({@link ErrorsAnalyzer.Kept}) with every string passed through one
 * function, and the key of the copy: a text that two copies share exactly when they are equal.
 *
 * <p>The pass keeps a node's slice as a template ({@link #toTemplate}) and makes the node's copy again when it needs it
 * ({@link #fromTemplate}). In a template the node's name is replaced by {@link #NODE} wherever it appears, and the values
 * that are each node's own by placeholders into a small table of numbers ({@link #values()}): the pid and tid NCCL
 * writes after the host ({@code host:PID:TID}, and a kept pid as a number), and the communicator ids and handles of
 * init lines ({@code commId 0x...}, {@code comm 0x...}, and a kept communicator id or handle as text), and the time
 * NCCL writes before a WARN line ({@code [2026-12-02 09:03:10]}). The nodes of a bundle that ran one job print the same
 * lines but for their names, these ids and the times of their warnings, so a thousand of them keep one
 * template between them and a few numbers each. Equal values share one table entry, so that a template also says
 * which of them were equal.
 *
 * <p>The round trip gives back every value exactly: a number is taken out only when it is written as the table gives
 * it back (decimal or lower-case hex, no leading zero, no sign), and a slice with a string that already held one of
 * the control characters a template uses, or a kept pid below zero, is no template ({@link #clashed()}: then the slice
 * is kept as it is). Other numbers, flags and enums are kept as they are. Not thread-safe; one copy per instance.
 */
final class Recast {

    /** Stands for the node's name in a template; a control character no tool output holds. */
    static final String NODE = "\u0001";
    /** Starts a placeholder for a table value written in decimal: {@code DEC index END}. */
    static final char DEC = '\u0002';
    /** Starts a placeholder for a table value written in lower-case hex, after its {@code 0x}. */
    static final char HEX = '\u0003';
    /** Ends a placeholder. */
    static final char END = '\u0004';
    /**
     * Starts a placeholder for a time NCCL writes before a WARN line ({@code [2026-12-02 09:03:10]}, its default
     * {@code NCCL_DEBUG_TIMESTAMP_FORMAT}): the table value is its fourteen digits as one number.
     */
    static final char TIME = '\u0005';

    private static final long[] NO_VALUES = {};

    /** The node taken out or put back; null when strings are kept as they are (a key only). */
    private final String node;
    private final boolean toTemplate;
    private final StringBuilder key;
    /** Making a template: the table so far and where each value is in it. Making a copy: the node's table. */
    private long[] table;
    private int size;
    private final Map<Long, Integer> index = new HashMap<>();
    private final Map<String, String> strings = new HashMap<>();
    private final Map<String, String> ids = new HashMap<>();
    private final Map<Object, Object> copies = new IdentityHashMap<>();
    private boolean clashed;

    private Recast(String node, boolean toTemplate, long[] table, StringBuilder key) {
        this.node = node;
        this.toTemplate = toTemplate;
        this.table = table;
        this.key = key;
    }

    /** {@return a recast that takes {@code node} and the ids of its processes and communicators out, writing the key} */
    static Recast toTemplate(String node) {
        return new Recast(node, true, new long[8], new StringBuilder());
    }

    /** {@return a recast that puts {@code node} and its table of {@code values} back into a template} */
    static Recast fromTemplate(String node, long[] values) {
        return new Recast(node, false, values, null);
    }

    /** {@return the key of {@code k}, kept as it is} */
    static String keyOf(ErrorsAnalyzer.Kept k) {
        Recast r = new Recast(null, false, null, new StringBuilder());
        r.kept(k);
        return r.key();
    }

    /** {@return the key of what was copied} */
    String key() {
        return key.toString();
    }

    /** {@return true when a string copied already held a character a template uses, or a pid was negative: no template} */
    boolean clashed() {
        return clashed;
    }

    /** {@return the table of values taken out of the template, in the order the placeholders number them} */
    long[] values() {
        return size == 0 ? NO_VALUES : Arrays.copyOf(table, size);
    }

    // -- what the pass keeps ------------------------------------------------------------------------------------------

    ErrorsAnalyzer.Kept kept(ErrorsAnalyzer.Kept k) {
        ErrorsAnalyzer.Kept out = new ErrorsAnalyzer.Kept();
        o(k.parts.size());
        for (ErrorsAnalyzer.Part p : k.parts) out.parts.add(part(p));
        summary(k, out);
        return out;
    }

    /** {@return the versions and interfaces of {@code k}, recast, without its parts} */
    ErrorsAnalyzer.Kept summary(ErrorsAnalyzer.Kept k) {
        ErrorsAnalyzer.Kept out = new ErrorsAnalyzer.Kept();
        summary(k, out);
        return out;
    }

    private void summary(ErrorsAnalyzer.Kept k, ErrorsAnalyzer.Kept out) {
        o(k.versions.byVersion.size());
        for (Map.Entry<String, Consistency.Versions.Seen> en : k.versions.byVersion.entrySet()) {
            Consistency.Versions.Seen s = en.getValue();
            Consistency.Versions.Seen c = new Consistency.Versions.Seen();
            String v = s(en.getKey());
            o(s.hosts.size());
            for (String h : s.hosts) c.hosts.add(s(h));
            c.where = where(s.where);
            c.seq = s.seq;
            o(s.seq);
            c.quote = line(s.quote);
            out.versions.byVersion.put(v, c);
        }
        o(k.ifaces.size());
        k.ifaces.forEach((host, i) -> {
            String h = s(host);
            ErrorsAnalyzer.Where w = where(i.where);
            o(i.seq);
            out.ifaces.put(h, new ErrorsAnalyzer.FirstIface(w, i.seq, s(i.name)));
        });
    }

    /** {@return the name of a part, recast} */
    String name(ErrorsAnalyzer.Part p) {
        return s(p.name);
    }

    /** {@return the walk of a part, recast} */
    Walk.Local walk(ErrorsAnalyzer.Part p) {
        return local(p.walk);
    }

    /** {@return a part's name, place and findings, recast, without its walk and communicator entries} */
    ErrorsAnalyzer.Part checks(ErrorsAnalyzer.Part p) {
        ErrorsAnalyzer.Part c = new ErrorsAnalyzer.Part(where(p.where), s(p.name));
        c.settings = findings(p.settings);
        c.testsDevices = findings(p.testsDevices);
        c.testsIfExplained = findings(p.testsIfExplained);
        c.testsIfNot = findings(p.testsIfNot);
        return c;
    }

    private ErrorsAnalyzer.Part part(ErrorsAnalyzer.Part p) {
        ErrorsAnalyzer.Part c = new ErrorsAnalyzer.Part(where(p.where), s(p.name));
        c.walk = p.walk == null ? null : local(p.walk);
        o(p.walk == null);
        o(p.placed.size());
        c.placed = placed(p);
        c.settings = findings(p.settings);
        c.testsDevices = findings(p.testsDevices);
        c.testsIfExplained = findings(p.testsIfExplained);
        c.testsIfNot = findings(p.testsIfNot);
        return c;
    }

    /** {@return the communicator entries of {@code p}, recast} */
    List<Consistency.Placed> placed(ErrorsAnalyzer.Part p) {
        List<Consistency.Placed> placed = new ArrayList<>(p.placed.size());
        for (Consistency.Placed x : p.placed) {
            placed.add(new Consistency.Placed(line(x.quote()), s(x.host()), pid(x.pid()), o(x.rank()), o(x.nranks()),
                    o(x.cudaDev()), s(x.busId()), s(x.busIdRaw()), id(x.comm()), id(x.commId()), o(x.multiRankAllowed())));
        }
        return List.copyOf(placed);
    }

    private ErrorsAnalyzer.Where where(ErrorsAnalyzer.Where w) {
        if (w == null) return null;
        return new ErrorsAnalyzer.Where(o(w.tests()), s(w.node()), o(w.index()));
    }

    private Walk.Local local(Walk.Local l) {
        Walk.Outcome rooted = outcome(l.rooted());
        Walk.Outcome fallback = outcome(l.fallback());
        o(l.generics().size());
        List<Walk.GenericRec> gs = new ArrayList<>(l.generics().size());
        for (Walk.GenericRec g : l.generics()) {
            gs.add(new Walk.GenericRec(o(g.rank()), s(g.host()), line(g.quote()), s(g.artifact()), finding(g.finding())));
        }
        return new Walk.Local(rooted, fallback, List.copyOf(gs), lines(l.watchLines()), finding(l.watchdog()));
    }

    private Walk.Outcome outcome(Walk.Outcome o) {
        o(o == null);
        if (o == null) return null;
        o(o.cases.size());
        List<Walk.CaseRec> cases = new ArrayList<>(o.cases.size());
        for (Walk.CaseRec r : o.cases) {
            cases.add(new Walk.CaseRec(k(r.code()), s(r.crossKey()), s(r.localKey()), o(r.rank()), o(r.otherRank()), s(r.host()),
                    s(r.who()), line(r.quote()), o(r.failed()), s(r.artifact()), draft(r.draft())));
        }
        return new Walk.Outcome(cases, strings(o.looseWho), lines(o.looseLines), strings(o.traceWho), lines(o.traceLines));
    }

    private CaseFindings.Draft draft(CaseFindings.Draft d) {
        o(d == null);
        if (d == null) return null;
        Object cached = copies.get(d);
        if (cached != null) {
            // Written again so that the key does not depend on which instances were shared.
            draftFields(d);
            return (CaseFindings.Draft) cached;
        }
        CaseFindings.Draft c = draftFields(d);
        copies.put(d, c);
        return c;
    }

    private CaseFindings.Draft draftFields(CaseFindings.Draft d) {
        Object[] args = new Object[d.args().length];
        o(args.length);
        for (int i = 0; i < args.length; i++) args[i] = d.args()[i] instanceof String str ? s(str) : o(d.args()[i]);
        String[] params = new String[d.params().length];
        o(params.length);
        for (int i = 0; i < params.length; i++) params[i] = s(d.params()[i]);
        return new CaseFindings.Draft(k(d.key()), o(d.severityFailed()), o(d.severity()), subject(d.subject()), s(d.who()), args,
                o(d.ranksAt()), o(d.ranks()), params, o(d.ifaceLater()), s(d.ifaceHost()), s(d.ifaceNot()), lines(d.head()),
                lines(d.tail()), lines(d.childTail()));
    }

    // -- findings and their parts -------------------------------------------------------------------------------------

    private List<Finding> findings(List<Finding> fs) {
        Object cached = copies.get(fs);
        o(fs.size());
        List<Finding> out = new ArrayList<>(fs.size());
        for (Finding x : fs) out.add(finding(x));
        if (cached != null) return castList(cached);
        List<Finding> c = List.copyOf(out);
        copies.put(fs, c);
        return c;
    }

    @SuppressWarnings("unchecked")
    private static List<Finding> castList(Object o) {
        return (List<Finding>) o;
    }

    private Finding finding(Finding x) {
        o(x == null);
        if (x == null) return null;
        Message m = x.detail();
        return new Finding(k(x.code()), o(x.severity()), subject(x.subject()), new Message(k(m.bundle()), k(m.key()), map(m.args())),
                lines(x.evidence()), map(x.params()));
    }

    private Subject subject(Subject x) {
        o(x == null);
        if (x == null) return null;
        return new Subject(s(x.node()), o(x.rank()), s(x.gpu()), s(x.device()), o(x.port()), s(x.iface()), s(x.peer()));
    }

    private Map<String, String> map(Map<String, String> m) {
        o(m.size());
        Map<String, String> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(s(k), s(v)));
        return out;
    }

    private List<EvidenceLine> lines(List<EvidenceLine> ls) {
        o(ls.size());
        List<EvidenceLine> out = new ArrayList<>(ls.size());
        for (EvidenceLine l : ls) out.add(line(l));
        return List.copyOf(out);
    }

    private EvidenceLine line(EvidenceLine l) {
        o(l == null);
        if (l == null) return null;
        EvidenceLine c = new EvidenceLine(s(l.artifact()), o(l.line()), s(l.text()));
        Object had = copies.putIfAbsent(l, c);
        return had != null ? (EvidenceLine) had : c;
    }

    private List<String> strings(List<String> ss) {
        o(ss.size());
        List<String> out = new ArrayList<>(ss.size());
        for (String x : ss) out.add(s(x));
        return List.copyOf(out);
    }

    // -- leaves -------------------------------------------------------------------------------------------------------

    /** A string recast (one copy per equal string), written to the key with its length. */
    private String s(String v) {
        if (v == null) {
            if (key != null) key.append('\u0002');
            return null;
        }
        String c = strings.computeIfAbsent(v, this::recast);
        if (key != null) key.append(c.length()).append(':').append(c);
        return c;
    }

    /**
     * A communicator id or handle as the pass keeps it ({@code 0x...}): taken out whole into the table when making a
     * template, else recast as any string; written to the key with its length.
     */
    private String id(String v) {
        if (!toTemplate || v == null || !v.startsWith("0x") || hexEnd(v, 2) != v.length() || !canonical(v, 2, v.length(), 16)) {
            return s(v);
        }
        String c = ids.computeIfAbsent(v, x -> "0x" + HEX + take(Long.parseUnsignedLong(x.substring(2), 16)) + END);
        if (key != null) key.append(c.length()).append(':').append(c);
        return c;
    }

    /** A pid the pass keeps as a number: its table entry, as {@code -(index + 1)}, in a template. */
    private Long pid(Long v) {
        if (v == null || node == null) return o(v);
        if (!toTemplate) return o(v < 0 ? table[(int) (-v - 1)] : v);
        if (v < 0) {
            clashed = true;
            return o(v);
        }
        return o(-(long) take(v) - 1);
    }

    private String recast(String v) {
        if (node == null) return v;
        if (!toTemplate) return putBack(v);
        if (v.indexOf(NODE.charAt(0)) >= 0 || v.indexOf(DEC) >= 0 || v.indexOf(HEX) >= 0 || v.indexOf(END) >= 0
                || v.indexOf(TIME) >= 0) {
            clashed = true;
        }
        return takeOut(v.replace(node, NODE));
    }

    /**
     * {@code t} with the pid and tid after each {@link #NODE} ({@code NODE:PID:TID}) and the ids after {@code commId 0x}
     * and {@code comm 0x} replaced by placeholders, where they are written as the table gives them back.
     */
    private String takeOut(String t) {
        StringBuilder b = null;
        int last = 0;
        int i = 0;
        while (i < t.length()) {
            char ch = t.charAt(i);
            int from = -1;
            if (ch == NODE.charAt(0) && i + 1 < t.length() && t.charAt(i + 1) == ':') {
                // NODE:PID, then :TID.
                int at = i + 2;
                int end = decEnd(t, at);
                if (!canonical(t, at, end, 18)) {
                    i++;
                    continue;
                }
                if (b == null) b = new StringBuilder(t.length());
                b.append(t, last, at).append(DEC).append(take(Long.parseLong(t.substring(at, end)))).append(END);
                last = end;
                i = end;
                if (i + 1 < t.length() && t.charAt(i) == ':') {
                    int tidEnd = decEnd(t, i + 1);
                    if (canonical(t, i + 1, tidEnd, 18)) {
                        b.append(':').append(DEC).append(take(Long.parseLong(t.substring(i + 1, tidEnd)))).append(END);
                        last = tidEnd;
                        i = tidEnd;
                    }
                }
                continue;
            }
            if (ch == '[' && WarnTime.at(t, i)) {
                // [YYYY-MM-DD hh:mm:ss]: the digits inside the brackets.
                if (b == null) b = new StringBuilder(t.length());
                b.append(t, last, i + 1).append(TIME).append(take(WarnTime.digits(t, i))).append(END);
                last = i + WarnTime.LENGTH - 1;
                i = last;
                continue;
            }
            if (ch == 'c' && t.startsWith("commId 0x", i)) from = i + 9;
            else if (ch == 'c' && t.startsWith("comm 0x", i)) from = i + 7;
            if (from >= 0) {
                int end = hexEnd(t, from);
                if (canonical(t, from, end, 16)) {
                    if (b == null) b = new StringBuilder(t.length());
                    b.append(t, last, from).append(HEX).append(take(Long.parseUnsignedLong(t.substring(from, end), 16))).append(END);
                    last = end;
                    i = end;
                    continue;
                }
            }
            i++;
        }
        if (b == null) return t;
        return b.append(t, last, t.length()).toString();
    }

    /** {@code t} with its placeholders replaced by the table's values and {@link #NODE} by the node. */
    private String putBack(String t) {
        StringBuilder b = null;
        int last = 0;
        for (int i = 0; i < t.length(); i++) {
            char ch = t.charAt(i);
            if (ch != NODE.charAt(0) && ch != DEC && ch != HEX && ch != TIME) continue;
            if (b == null) b = new StringBuilder(t.length() + 32);
            b.append(t, last, i);
            if (ch == NODE.charAt(0)) {
                b.append(node);
                last = i + 1;
            } else {
                int end = t.indexOf(END, i);
                long v = table[Integer.parseInt(t, i + 1, end, 10)];
                if (ch == TIME) {
                    WarnTime.write(b, v);
                } else {
                    b.append(ch == DEC ? Long.toString(v) : Long.toHexString(v));
                }
                last = end + 1;
                i = end;
            }
        }
        if (b == null) return t;
        return b.append(t, last, t.length()).toString();
    }

    /** {@return the index of {@code v} in the table, added when new} */
    private int take(long v) {
        Integer at = index.get(v);
        if (at != null) return at;
        if (size == table.length) table = Arrays.copyOf(table, size * 2);
        table[size] = v;
        index.put(v, size);
        return size++;
    }

    private static int decEnd(String t, int from) {
        int i = from;
        while (i < t.length() && t.charAt(i) >= '0' && t.charAt(i) <= '9') i++;
        return i;
    }

    private static int hexEnd(String t, int from) {
        int i = from;
        while (i < t.length() && Character.digit(t.charAt(i), 16) >= 0 && t.charAt(i) < 128) i++;
        return i;
    }

    /**
     * Whether {@code t[from, end)} is a number written as the table gives it back: at least one digit, no more than
     * {@code max}, lower case, and no leading zero but in {@code 0} itself.
     */
    private static boolean canonical(String t, int from, int end, int max) {
        int n = end - from;
        if (n < 1 || n > max || n > 1 && t.charAt(from) == '0') return false;
        for (int i = from; i < end; i++) {
            if (t.charAt(i) >= 'A' && t.charAt(i) <= 'F') return false;
        }
        return true;
    }

    /** A name of ours (a finding code, a message key) kept as it is, written to the key. */
    private String k(String v) {
        if (key != null) key.append('#').append(v == null ? "~" : v.length() + ":" + v);
        return v;
    }

    /** A value that is not recast (a number, a flag, an enum, a set of ranks), written to the key. */
    private <T> T o(T v) {
        if (key != null) key.append('|').append(v == null ? "~" : v.getClass().getSimpleName() + "=" + v);
        return v;
    }
}
