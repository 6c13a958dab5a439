package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The artifacts' walks joined into the evidence's chains and turned into findings, reading the walks one at a time.
 *
 * <p>Each artifact's walk settles its own chains ({@link ArtifactChains}); what links them across artifacts is small: the
 * evidence's first chain (consequences of an artifact with no cause of its own join it), the first chain of each rank
 * (a failure report with no cause text joins the chain of its rank), and the groups of chains that span artifacts (one
 * shared GPU, one unreachable peer: their size, ranks, other roots and consequences). So the walks are read three
 * times in the order of the whole evidence, each reading keeping only what the next one needs:
 * <ol>
 *   <li>the facts: how many chains, the first one, the first chain of each rank and of each group across artifacts;</li>
 *   <li>what reaches a chain from elsewhere: consequences and watchdog lines that join the first chain, the other
 *       chains of its group; and the failure reports with no cause text each chain takes;</li>
 *   <li>the findings, one per group, made when its first chain is read, with what its own artifact adds to it.</li>
 * </ol>
 * What the third reading makes is what joining every walk at once makes: the chains in the order of the whole evidence
 * (an artifact's chains in line order); consequences with no cause in their own process on the artifact's first chain,
 * else the evidence's first; processes that only returned error codes on the artifact's first chain; a failure report
 * with no cause text on the first chain of its rank or of its host in its artifact, else the artifact's first chain,
 * else the evidence's first, and its own finding only when there is no chain at all; watchdog reports as consequences
 * of the artifact's first chain, else the evidence's first, and their own findings only when nothing else failed. A
 * kill by a signal (a weak cause) is read as a consequence when some artifact has a first cause that is not weak: the
 * launcher takes the other ranks down after one failed, whichever node's log says so ({@link ArtifactChains#yielded}).
 *
 * <p>Holds a few numbers per rank and per group across artifacts, and at most a few quoted lines per chain that
 * something from another artifact or a failure report reaches (the labels of consequences joining a chain, all of
 * them, to count them).
 * One instance per analysis; not thread-safe.
 */
final class ChainGroups {

    /** Failure reports with no cause text a finding quotes. */
    private static final int TAIL = 4;

    private final boolean anyRooted;
    private final boolean anyFirstCause;
    private final Map<String, String> goodIfaceByHost;
    private final Set<String> wanted;

    // -- the facts (first reading) ------------------------------------------------------------------------------------

    private long chains;
    private long generics;
    /** The evidence's first chain, as {@link #pos}; -1 with none. */
    private long first = -1;
    /** The first chain of each rank. */
    private final Map<Integer, Long> rankFirst = new HashMap<>();
    /** The first chain of each group across artifacts, by {@code code|crossKey}. */
    private final Map<String, Long> crossFirst = new HashMap<>();

    // -- what reaches a chain from another artifact (second reading) --------------------------------------------------

    /**
     * What joins the evidence's first chain: the consequences and watchdog lines of its own artifact and of every
     * artifact with no chain, in the order of the whole evidence.
     */
    private final Joining firstJoins = new Joining();
    /** Per chain that failure reports with no cause text join, from any artifact. */
    private final Map<Long, JoinedReports> joined = new HashMap<>();
    /**
     * Per first chain of a group with more than one chain: what the group's other chains add, those of its own artifact
     * first, then those of later artifacts.
     */
    private final Map<Long, Group> others = new HashMap<>();

    // -- what the findings leave (third reading) ----------------------------------------------------------------------

    private final Set<String> withCause = new HashSet<>();
    private final Set<String> dupKeys = new HashSet<>();

    /**
     * @param anyRooted       whether some artifact has a first cause: then every artifact's first-cause reading is
     *                        joined, else each one's fallback
     * @param anyFirstCause   whether some artifact has a first cause that is not a weak one: then an artifact whose
     *                        chain is a kill by a signal joins its reading where the kill yields (a consequence)
     * @param goodIfaceByHost each host's first usable interface in the whole evidence, to recommend
     * @param wanted          the artifacts whose {@link #withCause()} is asked
     */
    ChainGroups(boolean anyRooted, boolean anyFirstCause, Map<String, String> goodIfaceByHost, Set<String> wanted) {
        this.anyRooted = anyRooted;
        this.anyFirstCause = anyFirstCause;
        this.goodIfaceByHost = goodIfaceByHost;
        this.wanted = wanted;
    }

    /** {@return the artifacts among those wanted with a chain or a failure report that makes its own finding} */
    Set<String> withCause() {
        return withCause;
    }

    /** {@return the groups of the duplicate GPU chains ({@code dup|host|busId})} */
    Set<String> dupKeys() {
        return dupKeys;
    }

    /** Reads the walks and hands each finding to {@code out} as it is made. */
    void run(List<ArtifactChains> walks, Consumer<Finding> out) {
        for (int order = 0; order < walks.size(); order++) facts(order, walks.get(order));
        if (chains > 0) {
            for (int order = 0; order < walks.size(); order++) reaches(order, walks.get(order));
        }
        for (int order = 0; order < walks.size(); order++) findings(order, walks.get(order), out);
    }

    private static long pos(int order, int index) {
        return (long) order << 32 | index;
    }

    private static int orderOf(long pos) {
        return (int) (pos >>> 32);
    }

    private ChainReading outcome(ArtifactChains l) {
        if (anyFirstCause && l.yielded() != null) return l.yielded();
        return anyRooted || l.fallback() == null ? l.rooted() : l.fallback();
    }

    private void facts(int order, ArtifactChains l) {
        List<ChainSummary> cases = outcome(l).cases();
        for (int i = 0; i < cases.size(); i++) {
            ChainSummary r = cases.get(i);
            long at = pos(order, i);
            chains++;
            if (first < 0) first = at;
            if (r.rank() != null) rankFirst.putIfAbsent(r.rank(), at);
            if (r.crossKey() != null) crossFirst.putIfAbsent(r.group(), at);
        }
        generics += l.generics().size();
    }

    /**
     * The chain a failure report with no cause text joins: the first of its rank, or of its host in its artifact,
     * whichever comes first; else the artifact's first chain; else the evidence's first. Only when there are chains.
     */
    private long target(ArtifactChains.UncausedReport g, int order, List<ChainSummary> cases) {
        long best = Long.MAX_VALUE;
        if (g.rank() != null) {
            Long r = rankFirst.get(g.rank());
            if (r != null) best = r;
        }
        if (g.host() != null) {
            for (int i = 0; i < cases.size(); i++) {
                if (g.host().equals(cases.get(i).host())) {
                    best = Math.min(best, pos(order, i));
                    break;
                }
            }
        }
        if (best != Long.MAX_VALUE) return best;
        return cases.isEmpty() ? first : pos(order, 0);
    }

    private void reaches(int order, ArtifactChains l) {
        ChainReading o = outcome(l);
        List<ChainSummary> cases = o.cases();
        // Consequences and watchdog lines of an artifact with no chain join the evidence's first chain, as its own do.
        if (cases.isEmpty() || order == orderOf(first)) firstJoins.add(o, l);
        Map<String, Long> localFirst = new HashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            ChainSummary r = cases.get(i);
            long at = pos(order, i);
            long leader = r.crossKey() != null ? crossFirst.get(r.group()) : localFirst.computeIfAbsent(r.group(), k -> at);
            if (leader == at) continue;
            Group g = others.computeIfAbsent(leader, k -> new Group());
            g.join(r);
            // Only an artifact's first chain takes consequences: here one of a group that an earlier artifact leads.
            if (i == 0) g.consequences(Joining.of(o, l), o);
        }
        // Failure reports join a chain of any artifact, their own included, in the order of the whole evidence.
        for (ArtifactChains.UncausedReport g : l.generics()) {
            joined.computeIfAbsent(target(g, order, cases), k -> new JoinedReports()).report(g.quote(), g.finding().code());
        }
    }

    private void findings(int order, ArtifactChains l, Consumer<Finding> out) {
        ChainReading o = outcome(l);
        List<ChainSummary> cases = o.cases();
        if (chains == 0) {
            // No chain anywhere: each failure report makes its own finding, one per code and artifact.
            Set<String> codes = new HashSet<>();
            for (ArtifactChains.UncausedReport g : l.generics()) {
                if (wanted.contains(g.artifact())) withCause.add(g.artifact());
                if (codes.add(g.finding().code())) out.accept(g.finding());
            }
            if (generics == 0 && l.watchdog() != null) out.accept(l.watchdog());
            return;
        }
        Set<String> local = new HashSet<>();
        for (int i = 0; i < cases.size(); i++) {
            ChainSummary r = cases.get(i);
            if (wanted.contains(r.artifact())) withCause.add(r.artifact());
            long at = pos(order, i);
            boolean leads = r.crossKey() != null ? crossFirst.get(r.group()) == at : local.add(r.group());
            if (!leads) continue;
            // A duplicate GPU's chains always have a key across artifacts: the host and bus id.
            if (r.code().equals(Classifier.DUPLICATE)) dupKeys.add(r.crossKey());
            findings(order, i, l, o, out);
        }
    }

    /**
     * The finding of the group chain {@code i} of this artifact leads, and the results it returned to the application
     * ({@link ReturnedResults}).
     */
    private void findings(int order, int i, ArtifactChains l, ChainReading o, Consumer<Finding> out) {
        List<ChainSummary> cases = o.cases();
        ChainSummary r = cases.get(i);
        long at = pos(order, i);
        JoinedReports reports = joined.getOrDefault(at, JoinedReports.NONE);
        Group g = new Group();
        g.rank(r);
        // An artifact's first chain takes its consequences; the evidence's first, those of the artifacts with no chain too.
        if (i == 0) g.consequences(at == first ? firstJoins : Joining.of(o, l), o);
        Group rest = others.get(at);
        if (rest != null) g.add(rest);
        // Processes of this artifact that only returned error codes failed from the artifact's first chain.
        List<String> returned = new ArrayList<>(reports.codes);
        if (i == 0) returned.addAll(o.traceCodes());
        boolean failed = r.failed() || !reports.tail.isEmpty() || i == 0 && !o.traceCodes().isEmpty();
        Finding cause = ChainFindings.rooted(r, failed, reports.tail, g, goodIfaceByHost);
        out.accept(cause);
        List<EvidenceLine> returnLines = new ArrayList<>(reports.tail);
        if (i == 0) addUpTo(returnLines, o.traceLines(), TAIL + 1);
        ReturnedResults.of(r.draft(), cause, returned, returnLines).forEach(out);
    }

    private static <T> void addUpTo(List<T> to, List<T> from, int max) {
        for (int i = 0; i < from.size() && to.size() < max; i++) to.add(from.get(i));
    }

    /** The consequences with no chain of their own and the watchdog lines that join an artifact's first chain. */
    private static final class Joining {
        final List<String> loose = new ArrayList<>();
        final List<EvidenceLine> looseLines = new ArrayList<>(ArtifactChains.KEPT);
        final List<EvidenceLine> watchLines = new ArrayList<>(ArtifactChains.KEPT);

        /** {@return what an artifact's own consequences add to its first chain} */
        static Joining of(ChainReading o, ArtifactChains l) {
            Joining j = new Joining();
            j.add(o, l);
            return j;
        }

        /** Adds the consequences and watchdog lines of an artifact, after those of the artifacts added before. */
        void add(ChainReading o, ArtifactChains l) {
            loose.addAll(o.looseWho());
            addUpTo(looseLines, o.looseLines(), ArtifactChains.KEPT);
            addUpTo(watchLines, l.watchLines(), ArtifactChains.KEPT);
        }
    }

    /** The failure reports with no cause text that join one chain, from any artifact. */
    private static final class JoinedReports {
        /** Joins nothing; never written. */
        static final JoinedReports NONE = new JoinedReports();
        /** The first {@value #TAIL} failure reports, in the order of the whole evidence. */
        final List<EvidenceLine> tail = new ArrayList<>(0);
        /** The codes of the failure reports joined (the results they name), in order, each once. */
        final List<String> codes = new ArrayList<>(0);

        /** A failure report joined (added in the order of the whole evidence), {@code code} the code of the result it names. */
        void report(EvidenceLine quote, String code) {
            if (!codes.contains(code)) codes.add(code);
            if (tail.size() < TAIL) tail.add(quote);
        }
    }

    /** A group of chains, as its finding reads it. */
    static final class Group {
        /** How many chains. */
        int size = 1;
        /** The ranks and other ranks of every chain. */
        final Set<Integer> ranks = new TreeSet<>();
        /** The roots of the second to fourth chains. */
        final List<EvidenceLine> roots = new ArrayList<>(0);
        /** The labels of the consequences of every chain, in order. */
        final LinkedHashSet<String> victims = new LinkedHashSet<>();
        /** The first three consequence lines of the chains, in order. */
        final List<EvidenceLine> victimLines = new ArrayList<>(0);

        void rank(ChainSummary r) {
            if (r.rank() != null) ranks.add(r.rank());
            if (r.otherRank() != null) ranks.add(r.otherRank());
        }

        /** Adds a chain after the group's first. */
        void join(ChainSummary c) {
            size++;
            rank(c);
            if (roots.size() < 3) roots.add(c.quote());
        }

        /** Adds what joins an artifact's first chain, then the processes of that artifact that only returned error codes. */
        void consequences(Joining joins, ChainReading o) {
            victims.addAll(joins.loose);
            victims.addAll(o.traceWho());
            for (List<EvidenceLine> ls : List.of(joins.looseLines, o.traceLines(), joins.watchLines)) {
                addUpTo(victimLines, ls, ArtifactChains.KEPT);
            }
        }

        /** Adds the group's other chains (the {@code size} of {@code others} counts them only). */
        void add(Group others) {
            size += others.size - 1;
            ranks.addAll(others.ranks);
            addUpTo(roots, others.roots, 3);
            victims.addAll(others.victims);
            addUpTo(victimLines, others.victimLines, ArtifactChains.KEPT);
        }
    }
}
