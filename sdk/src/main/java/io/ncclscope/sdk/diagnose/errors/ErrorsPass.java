package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.dmesg.DmesgData;
import io.ncclscope.parsers.nccl.InterfaceKind;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.net.NetInterfaces;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.diagnose.hangs.HangPass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The errors pass, in the shape of every analyzer, as the package notes lay out: per artifact ({@link #summarize}) its
 * walk to its first causes and own checks, kept as an {@link ArtifactSummary}; across artifacts as they come the NCCL
 * versions and each host's first usable interface; at {@link #finish()}, in the order of the whole evidence, the chains
 * joined ({@link ChainGroups}), the versions compared, the waiting checks and the rank mapping. A finding no other
 * artifact can change is handed over by {@link #drain()} right after its slice.
 */
final class ErrorsPass implements Pass.Summarizing {

    /** Groups whose leader is remembered to let go of later chains' drafts; past this many, drafts stay. */
    private static final int LEADERS_KEPT = 64;

    /** Per artifact that leaves something, in the order added. */
    private final List<ArtifactSummary> artifacts = new ArrayList<>();
    /** The NCCL versions printed, over every artifact added. */
    private final VersionCheck versions = new VersionCheck();
    /** Per host, its first usable interface so far in the order of the whole evidence. */
    private final Map<String, FirstInterface> firstInterfaces = new HashMap<>();
    /**
     * Per group of chains that can span artifacts (one unreachable peer) and reading, where the chain that leads it so
     * far is: a later chain of the group lets its draft go, so that a thousand nodes failing to reach one peer keep
     * one draft.
     */
    private final Map<String, ArtifactPlace> leaders = new HashMap<>();
    /** Findings of one artifact's own data that nothing else can change, until {@link #drain()} hands them over. */
    private final List<Finding> settled = new ArrayList<>();
    /** Whether some artifact has a first cause: then every artifact's first-cause reading is joined. */
    private boolean anyRooted;
    /** Whether some artifact has a first cause that is not a weak one: then a kill by a signal elsewhere yields to it. */
    private boolean anyFirstCause;
    /** The hang analyzer: its findings replace the watchdog findings of the hang they explain. */
    private final HangPass hangs = new HangPass();

    /** The first usable interface of a host, and where it was printed. */
    private record FirstInterface(ArtifactPlace place, int seq, String name) {

        boolean before(FirstInterface o) {
            return place.before(seq, o.place, o.seq);
        }
    }

    /**
     * {@inheritDoc} Apart: each NCCL log's and nccl-tests table's walk to its first causes and own checks. The fold
     * adds the versions, the first interfaces, the hang analyzer's reading and the summaries.
     */
    @Override
    public SliceSummary summarize(Evidence slice) {
        Objects.requireNonNull(slice, "slice");
        List<Artifact> arts = slice.artifacts();
        String node = slice.sliceNode();
        List<ArtifactSummary> read = new ArrayList<>();
        List<Finding> kills = new ArrayList<>(0);
        for (int i = 0; i < arts.size(); i++) {
            Artifact a = arts.get(i);
            Optional<NcclLog> log = a.data(NcclLog.class);
            if (log.isPresent()) read.add(ofLog(new ArtifactPlace(false, node, i), a, log.get()));
            Optional<NcclTestsData> tests = a.data(NcclTestsData.class);
            if (tests.isPresent()) read.add(ofTests(new ArtifactPlace(true, node, i), a, tests.get()));
            Optional<DmesgData> kernel = a.data(DmesgData.class);
            if (kernel.isPresent()) kills.addAll(KernelKills.of(a, kernel.get()));
        }
        return () -> fold(slice, read, kills);
    }

    private void fold(Evidence slice, List<ArtifactSummary> read, List<Finding> kills) {
        hangs.add(slice);
        settled.addAll(kills); // the kernel's word on a kill: nothing in another artifact changes it
        for (ArtifactSummary p : read) {
            versions.add(p.place, p.versions);
            for (int seq = 0; seq < p.interfaces.size(); seq++) {
                ArtifactSummary.UsableInterface i = p.interfaces.get(seq);
                firstInterfaces.merge(i.host(), new FirstInterface(p.place, seq, i.name()),
                        (had, now) -> now.before(had) ? now : had);
            }
            p.versions = List.of();
            p.interfaces = List.of();
            keep(p);
        }
    }

    private void keep(ArtifactSummary p) {
        settle(p);
        if (p.walk != null) {
            anyRooted |= !p.walk.rooted().cases().isEmpty();
            anyFirstCause |= p.walk.firstCause();
            lead(p.place, p.walk.rooted(), "rooted|");
            if (p.walk.fallback() != null) lead(p.place, p.walk.fallback(), "fallback|");
            if (p.walk.yielded() != null) lead(p.place, p.walk.yielded(), "yielded|");
        }
        if (!p.empty()) artifacts.add(p);
    }

    /**
     * Hands over what no other artifact can change: settings findings other than an unusable variable (a WARN finding
     * elsewhere may name the same one), and the nccl-tests checks once it is known whether the walk explains the
     * table's failure (its own first cause does), or when it does not matter (the checks say the same either way).
     */
    private void settle(ArtifactSummary p) {
        List<Finding> envs = new ArrayList<>();
        for (Finding f : p.settings) (f.code().equals(Classifier.ENV) ? envs : settled).add(f);
        p.settings = envs.size() == p.settings.size() ? p.settings : List.copyOf(envs);
        if (p.walk != null && !p.walk.rooted().cases().isEmpty()) {
            settled.addAll(p.testsIfExplained);
        } else if (!p.testsDependOnCause()) {
            settled.addAll(p.testsIfNot);
        } else {
            return;
        }
        p.testsIfExplained = List.of();
        p.testsIfNot = List.of();
    }

    @Override
    public List<Finding> drain() {
        List<Finding> out = List.copyOf(settled);
        settled.clear();
        return out;
    }

    /** Lets go of the drafts of chains that an earlier chain of their group (of another artifact) leads. */
    private void lead(ArtifactPlace place, ChainReading o, String reading) {
        for (int i = 0; i < o.cases().size(); i++) {
            ChainSummary r = o.cases().get(i);
            if (r.crossKey() == null || r.draft() == null) continue;
            String key = reading + r.group();
            ArtifactPlace had = leaders.get(key);
            if (had != null && had.compareTo(place) < 0) {
                o.follows(i);
            } else if (had != null || leaders.size() < LEADERS_KEPT) {
                leaders.put(key, place);
            }
        }
    }

    /** A log's summary: what reads only the log ({@link #fold} adds the rest). */
    private static ArtifactSummary ofLog(ArtifactPlace place, Artifact a, NcclLog log) {
        ArtifactSummary p = new ArtifactSummary(place, a.name(), new FirstCauses(a, log).settle());
        p.placed = List.copyOf(CommEntry.of(a, log));
        p.versions = VersionCheck.printed(a, log);
        p.interfaces = usableInterfaces(a, log);
        p.settings = List.copyOf(Settings.check(a, log));
        return p;
    }

    /** The usable interfaces a log prints, in its order, each with its host: {@link #fold} keeps each host's first. */
    private static List<ArtifactSummary.UsableInterface> usableInterfaces(Artifact a, NcclLog log) {
        List<ArtifactSummary.UsableInterface> out = new ArrayList<>(0);
        for (NcclInterface i : log.interfaces()) {
            if (i.kind() != InterfaceKind.BOOTSTRAP && i.kind() != InterfaceKind.SOCKET) continue;
            if (NetInterfaces.reachesNoOtherNode(i.name(), i.address())) continue;
            out.add(new ArtifactSummary.UsableInterface(i.host() != null ? i.host() : a.node().orElse(""), i.name()));
        }
        return out;
    }

    /** A table's summary: what reads only the table ({@link #fold} adds the rest). */
    private static ArtifactSummary ofTests(ArtifactPlace place, Artifact a, NcclTestsData t) {
        ArtifactSummary p = new ArtifactSummary(place, a.name(), new FirstCauses(a, t).settle());
        p.testsDevices = List.copyOf(TestsChecks.testsDevices(a, t));
        p.versions = VersionCheck.printed(a, t);
        p.testsIfExplained = List.copyOf(TestsChecks.check(a, t, true));
        p.testsIfNot = t.errors().isEmpty() ? p.testsIfExplained : List.copyOf(TestsChecks.check(a, t, false));
        return p;
    }

    @Override
    public List<Finding> finish() {
        List<Finding> out = new ArrayList<>();
        finish(out::add);
        return out;
    }

    /** {@inheritDoc} Each finding goes to {@code sink} as it is made; none are gathered in a list. */
    @Override
    public void finish(Consumer<Finding> sink) {
        FindingsMade out = new FindingsMade(sink);
        List<ArtifactSummary> ordered = new ArrayList<>(artifacts);
        ordered.sort((a, b) -> a.place.compareTo(b.place)); // not Comparator.comparing: see Diagnosis.ORDER
        Map<String, String> good = new HashMap<>();
        firstInterfaces.forEach((host, f) -> good.put(host, f.name()));
        Set<String> wanted = new HashSet<>();
        List<ArtifactChains> walks = new ArrayList<>();
        for (ArtifactSummary p : ordered) {
            if (p.testsDependOnCause()) wanted.add(p.name);
            if (p.walk != null) walks.add(p.walk);
        }
        ChainGroups join = new ChainGroups(anyRooted, anyFirstCause, good, wanted);
        // Watchdog findings wait: a hang the hang analyzer explains is one finding of its own, not one per log.
        List<Finding> watchdogs = new ArrayList<>();
        join.run(walks, f -> {
            if (f.code().equals(Classifier.WATCHDOG)) watchdogs.add(f);
            else out.add(f);
        });
        List<Finding> hung = hangs.finish();
        // With errors of their own and no watchdog, the hang analyzer only adds a rank that died silently: the
        // peers' lost connections (NCCL_REMOTE_ERROR) follow from it.
        if (!out.codes.isEmpty() && watchdogs.isEmpty()) {
            hung = hung.stream().filter(f -> f.code().equals(HangPass.DIED)).toList();
        }
        (hung.isEmpty() ? watchdogs : hung).forEach(out::add);
        // What the later checks read of the walk's findings (and of the watchdogs' when nothing else failed).
        Set<String> codes = new HashSet<>(out.codes);
        versions.finish(codes).forEach(out::add);
        checks(ordered, codes, join.withCause(), out);
        // The rank mapping makes no ENV finding and no nccl-tests check reads it: it is checked last.
        mapping(ordered, join.dupKeys(), codes, out);
    }

    /** Where the findings go, with what the later steps read of those made before. */
    private static final class FindingsMade {
        private final Consumer<Finding> sink;
        private final Set<String> codes = new HashSet<>();
        private final Set<String> envReported = new HashSet<>();

        FindingsMade(Consumer<Finding> sink) {
            this.sink = sink;
        }

        void add(Finding f) {
            codes.add(f.code());
            if (f.code().equals(Classifier.ENV) && f.params().containsKey("env")) envReported.add(f.params().get("env"));
            sink.accept(f);
        }

        void addAll(List<Finding> fs) {
            fs.forEach(this::add);
        }
    }

    /**
     * Adds the checks of each artifact: nccl-tests' duplicate devices unless a WARN line reported one, the settings
     * (an unusable variable only when no WARN finding named it), and the nccl-tests checks, as explained by a chain of
     * their own output or not.
     */
    private static void checks(List<ArtifactSummary> ordered, Set<String> codes, Set<String> withCause, FindingsMade out) {
        boolean devices = !codes.contains(Classifier.DUPLICATE);
        Set<String> envReported = new HashSet<>(out.envReported);
        for (ArtifactSummary p : ordered) {
            if (devices) out.addAll(p.testsDevices);
            for (Finding f : p.settings) {
                if (!f.code().equals(Classifier.ENV) || !envReported.contains(f.params().get("env"))) out.add(f);
            }
            out.addAll(withCause.contains(p.name) ? p.testsIfExplained : p.testsIfNot);
        }
    }

    /**
     * Adds the rank mapping findings: the communicators with two entries or more, in the order of their first entry in
     * the whole evidence, each with its entries in that order ({@link RankMappingCheck}).
     */
    private static void mapping(List<ArtifactSummary> ordered, Set<String> dupKeys, Set<String> codes,
            FindingsMade out) {
        Map<String, List<CommEntry>> byComm = new LinkedHashMap<>();
        for (ArtifactSummary p : ordered) {
            for (CommEntry e : p.placed) byComm.computeIfAbsent(e.commId(), k -> new ArrayList<>()).add(e);
        }
        byComm.forEach((comm, entries) -> {
            if (entries.size() > 1) RankMappingCheck.check(comm, entries, dupKeys, codes, out::add);
        });
    }
}
