package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A copy of what the errors pass keeps of one slice ({@link ErrorsAnalyzer.Kept}) with every string passed through one
 * function, and the key of the copy: a text that two copies share exactly when they are equal.
 *
 * <p>The pass keeps a node's slice as a template, its node name replaced by {@link #NODE} wherever it appears
 * ({@link #toTemplate}), and makes the node's copy again when it needs it ({@link #fromTemplate}): the nodes of a bundle
 * that ran one job print the same lines but for their names, so a thousand of them keep one template between them.
 * The round trip gives back every string exactly, as long as none held {@link #NODE} to begin with ({@link #clashed()}:
 * then the slice is kept as it is). Numbers, flags and enums are kept as they are. Not thread-safe; one copy per instance.
 */
final class Recast {

    /** Stands for the node's name in a template; a control character no tool output holds. */
    static final String NODE = "\u0001";

    private final UnaryOperator<String> f;
    private final boolean check;
    private final StringBuilder key;
    private final Map<String, String> strings = new HashMap<>();
    private final Map<Object, Object> copies = new IdentityHashMap<>();
    private boolean clashed;

    private Recast(UnaryOperator<String> f, boolean check, StringBuilder key) {
        this.f = f;
        this.check = check;
        this.key = key;
    }

    /** {@return a recast that takes {@code node} out of every string, writing the key} */
    static Recast toTemplate(String node) {
        return new Recast(s -> s.replace(node, NODE), true, new StringBuilder());
    }

    /** {@return a recast that puts {@code node} back into a template's strings} */
    static Recast fromTemplate(String node) {
        return new Recast(s -> s.replace(NODE, node), false, null);
    }

    /** {@return the key of {@code k}, kept as it is} */
    static String keyOf(ErrorsAnalyzer.Kept k) {
        Recast r = new Recast(UnaryOperator.identity(), false, new StringBuilder());
        r.kept(k);
        return r.key();
    }

    /** {@return the key of what was copied} */
    String key() {
        return key.toString();
    }

    /** {@return true when a string copied already held {@link #NODE}: the copy is no template} */
    boolean clashed() {
        return clashed;
    }

    // -- what the pass keeps ------------------------------------------------------------------------------------------

    ErrorsAnalyzer.Kept kept(ErrorsAnalyzer.Kept k) {
        ErrorsAnalyzer.Kept out = new ErrorsAnalyzer.Kept();
        o(k.parts.size());
        for (ErrorsAnalyzer.Part p : k.parts) out.parts.add(part(p));
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
        return out;
    }

    private ErrorsAnalyzer.Part part(ErrorsAnalyzer.Part p) {
        ErrorsAnalyzer.Part c = new ErrorsAnalyzer.Part(where(p.where), s(p.name));
        c.walk = p.walk == null ? null : local(p.walk);
        o(p.walk == null);
        o(p.placed.size());
        List<Consistency.Placed> placed = new ArrayList<>(p.placed.size());
        for (Consistency.Placed x : p.placed) {
            placed.add(new Consistency.Placed(line(x.quote()), s(x.host()), o(x.pid()), o(x.rank()), o(x.nranks()),
                    o(x.cudaDev()), s(x.busId()), s(x.busIdRaw()), s(x.comm()), s(x.commId()), o(x.multiRankAllowed())));
        }
        c.placed = List.copyOf(placed);
        c.settings = findings(p.settings);
        c.testsDevices = findings(p.testsDevices);
        c.testsIfExplained = findings(p.testsIfExplained);
        c.testsIfNot = findings(p.testsIfNot);
        return c;
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
        if (check && v.contains(NODE)) clashed = true;
        String c = strings.computeIfAbsent(v, f);
        if (key != null) key.append(c.length()).append(':').append(c);
        return c;
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
