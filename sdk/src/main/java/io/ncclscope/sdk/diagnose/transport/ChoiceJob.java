package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclLogParser;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.parsers.nccl.TransportType;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One NCCL job as the whole evidence shows it, every fact of its logs kept: what {@link TransportAnalyzer#choices}
 * reports per host. The checks read the compact {@link Job} instead. Built once per call; not shared between threads.
 */
final class ChoiceJob {

    /** Whether a job spans nodes. */
    enum Tri { YES, NO, UNKNOWN }

    /**
     * One NCCL log: an nccl-log artifact, or the NCCL lines inside an nccl-tests artifact.
     *
     * @param testsMultiNode for NCCL lines inside an nccl-tests output, that output's own multi-node verdict; else null
     */
    record Src(Artifact artifact, NcclLog log, Boolean testsMultiNode) {
    }

    /** A record of a log with the log it came from. */
    record At<T>(Src src, T value) {
        EvidenceLine quote(int line, String fallback) {
            return src.artifact().quote(line, fallback);
        }
    }

    /** The facts of one host. */
    static final class Host {
        final String name;
        final List<At<NcclInterface>> interfaces = new ArrayList<>();
        final List<At<NetworkChoice>> networks = new ArrayList<>();
        final List<At<NcclTransport>> transports = new ArrayList<>();
        final List<At<NcclEvent>> events = new ArrayList<>();
        final List<At<IbDevice>> ibDevices = new ArrayList<>();
        final List<At<NcclRank>> ranks = new ArrayList<>();

        Host(String name) {
            this.name = name;
        }
    }

    final List<Src> srcs;
    /** Hosts in order of appearance; a log without host prefixes contributes its artifact's node, or {@code null}. */
    final Map<String, Host> hosts = new LinkedHashMap<>();
    /** NCCL variables: the first setting of each name (NCCL's own lines before the command line's). */
    final Map<String, At<EnvSetting>> env = new LinkedHashMap<>();
    /** Rank to host, from the rank lines (ranks of the largest communicator win). */
    final Map<Integer, String> rankHost = new HashMap<>();
    final Tri multiNode;
    /** Nodes the job spans, when it can be told; null otherwise. */
    final Integer nodeCount;

    private ChoiceJob(List<Src> srcs) {
        this.srcs = List.copyOf(srcs);
        for (Src s : srcs) index(s);
        int[] count = new int[1];
        this.multiNode = spans(count);
        this.nodeCount = count[0] > 0 ? count[0] : null;
    }

    /** The jobs of {@code evidence}: nccl-log artifacts and nccl-tests artifacts that carry NCCL debug lines. */
    static List<ChoiceJob> of(Evidence evidence) {
        List<Src> srcs = sources(evidence);
        // Logs of one communicator written per node (NCCL_DEBUG_FILE, one file per host) are one job.
        List<ChoiceJob> out = new ArrayList<>();
        for (List<Src> g : Job.byCommunicator(srcs, s -> s.log().ranks().stream().map(NcclRank::commId).toList())) {
            out.add(new ChoiceJob(g));
        }
        return out;
    }

    static List<Src> sources(Evidence evidence) {
        List<Src> out = new ArrayList<>();
        for (Artifact a : evidence.artifacts()) {
            Object d = a.result().data();
            if (d instanceof NcclLog l) {
                out.add(new Src(a, l, null));
            } else if (d instanceof NcclTestsData t) {
                Src s = source(a, t);
                if (s != null) out.add(s);
            }
        }
        return out;
    }

    /** {@return the NCCL debug lines of an nccl-tests output as a log; null when it has none} */
    static Src source(Artifact a, NcclTestsData t) {
        // The nccl-tests parser counts the NCCL debug lines it skips; read them as a log (line numbers kept).
        if (t.ncclLogLines() == 0 || !a.hasText()) return null;
        NcclLog log = reparse(a);
        return log == null ? null : new Src(a, log, t.multiNode());
    }

    private static NcclLog reparse(Artifact a) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; ; i++) {
            var l = a.line(i);
            if (l.isEmpty()) break;
            sb.append(l.get()).append('\n');
        }
        try {
            ParseResult<NcclLog> r = new NcclLogParser().parse(new StringReader(sb.toString()), ParseLimits.DEFAULTS);
            return r.data();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String defaultHost(Src s) {
        if (s.log().hosts().size() == 1) return s.log().hosts().get(0);
        return s.artifact().node().orElse(null);
    }

    private Host host(Src s, String lineHost) {
        String h = lineHost != null ? lineHost : defaultHost(s);
        return hosts.computeIfAbsent(h, Host::new);
    }

    private void index(Src s) {
        NcclLog l = s.log();
        for (String h : l.hosts()) hosts.computeIfAbsent(h, Host::new);
        for (NcclInterface i : l.interfaces()) host(s, i.host()).interfaces.add(new At<>(s, i));
        for (NetworkChoice c : l.networks()) host(s, c.host()).networks.add(new At<>(s, c));
        for (NcclTransport t : l.transports()) host(s, t.host()).transports.add(new At<>(s, t));
        for (NcclEvent e : l.events()) host(s, e.host()).events.add(new At<>(s, e));
        for (IbDevice d : l.ibDevices()) host(s, d.host()).ibDevices.add(new At<>(s, d));
        int largest = 0;
        for (NcclRank r : l.ranks()) {
            host(s, r.host()).ranks.add(new At<>(s, r));
            if (r.nranks() != null) largest = Math.max(largest, r.nranks());
        }
        for (NcclRank r : l.ranks()) {
            String h = r.host() != null ? r.host() : defaultHost(s);
            if (h != null && (r.nranks() == null || r.nranks() == largest)) rankHost.putIfAbsent(r.rank(), h);
        }
        // NCCL's own "X set by environment to Y" lines first: they say what the process really saw.
        for (EnvSetting e : l.envSettings()) if ("nccl".equals(e.origin())) env.putIfAbsent(e.name(), new At<>(s, e));
        for (EnvSetting e : l.envSettings()) env.putIfAbsent(e.name(), new At<>(s, e));
    }

    private List<String> names;
    private Map<Integer, Integer> gpus;

    /** The hosts with a name, in order. */
    List<String> hostNames() {
        if (names == null) {
            List<String> out = new ArrayList<>();
            for (String h : hosts.keySet()) if (h != null) out.add(h);
            names = List.copyOf(out);
        }
        return names;
    }

    /** The value of an NCCL variable; null when not set. */
    String env(String name) {
        At<EnvSetting> e = env.get(name);
        return e == null ? null : e.value().value();
    }

    /** True when an NCCL variable is set to a true integer ({@code 1}, {@code 2}...), NCCL's reading of booleans. */
    boolean envOn(String name) {
        return Job.on(env(name));
    }

    private Tri spans(int[] count) {
        int maxNodes = 0;
        int maxRanks = 0;
        boolean localAll = false;
        boolean localFewer = false;
        Set<String> named = new LinkedHashSet<>(hostNames());
        boolean net = false;
        for (Src s : srcs) {
            for (NcclRank r : s.log().ranks()) {
                if (r.nNodes() != null) maxNodes = Math.max(maxNodes, r.nNodes());
                if (r.nranks() != null) maxRanks = Math.max(maxRanks, r.nranks());
                if (r.localRanks() != null && r.nranks() != null) {
                    if (r.localRanks() < r.nranks()) localFewer = true;
                    if (r.localRanks().equals(r.nranks())) localAll = true;
                }
            }
            for (NcclTransport t : s.log().transports()) {
                if (t.type() == TransportType.NET || t.type() == TransportType.COLLNET) net = true;
            }
        }
        Boolean testsMulti = null;
        for (Src s : srcs) {
            if (s.testsMultiNode() != null) {
                // Its "on HOST" names need not match the NCCL prefixes (localhost vs hostname): only its verdict counts.
                testsMulti = testsMulti == null ? s.testsMultiNode() : testsMulti || s.testsMultiNode();
            }
        }
        // NET between ranks means NCCL saw them on different hosts, unless P2P and SHM are both switched off.
        boolean netIntra = envOn("NCCL_P2P_DISABLE") && envOn("NCCL_SHM_DISABLE");
        if (maxNodes > 1) {
            count[0] = maxNodes;
            return Tri.YES;
        }
        if (named.size() > 1) {
            count[0] = named.size();
            return Tri.YES;
        }
        if ((net && !netIntra) || localFewer || Boolean.TRUE.equals(testsMulti)) return Tri.YES;
        if (maxNodes == 1 || Boolean.FALSE.equals(testsMulti) || localAll || maxRanks == 1) {
            count[0] = 1;
            return Tri.NO;
        }
        // Every rank of the communicator seen, all on one host.
        if (maxRanks > 0 && named.size() <= 1) {
            Set<Integer> seen = new java.util.HashSet<>();
            for (Src s : srcs) {
                for (NcclRank r : s.log().ranks()) if (r.nranks() != null && r.nranks() == maxRanks) seen.add(r.rank());
            }
            if (seen.size() == maxRanks) {
                count[0] = 1;
                return Tri.NO;
            }
        }
        return Tri.UNKNOWN;
    }

    /** The GPU index ({@code 3} of {@code GPU3}) of a rank on a host: NVML index when printed, else the CUDA device. */
    Integer gpuOf(int rank) {
        if (gpus == null) {
            gpus = new HashMap<>();
            for (Host h : hosts.values()) {
                for (At<NcclRank> r : h.ranks) {
                    Integer g = r.value().nvmlDev() != null ? r.value().nvmlDev() : r.value().cudaDev();
                    if (g != null) gpus.putIfAbsent(r.value().rank(), g);
                }
            }
        }
        return gpus.get(rank);
    }

    /** Fallback text of a line when the artifact kept none. */
    static String text(NcclInterface i) {
        String a = i.address() == null ? "" : ":" + i.address();
        return switch (i.kind()) {
            case BOOTSTRAP -> "NCCL INFO Bootstrap : Using " + i.name() + a;
            case SOCKET -> "NCCL INFO NET/Socket : Using " + (i.index() == null ? "" : "[" + i.index() + "]") + i.name() + a;
            case OOB -> "NCCL INFO NET/IB : Using ... ; OOB " + i.name() + a;
            default -> "NCCL INFO " + i.name() + a;
        };
    }

    static String text(NetworkChoice c) {
        return "NCCL INFO Using network " + c.name();
    }

    static String text(NcclEvent e) {
        return "NCCL " + e.level() + " " + (e.message() == null ? "" : e.message());
    }

    static String text(EnvSetting e) {
        return e.name() + " set by environment to " + e.value();
    }

    static String text(NcclTransport t) {
        return String.format(Locale.ROOT, "NCCL INFO Channel %02d : %d -> %d%s via %s", t.channel(), t.fromRank(), t.toRank(),
                t.direction() == null ? "" : " [" + t.direction() + "]", t.via());
    }

    static String text(IbDevice d) {
        return "NCCL INFO NET/IB : Using [" + d.index() + "]" + d.device() + (d.port() == null ? "" : ":" + d.port()) + "/" + d.linkLayer();
    }
}
