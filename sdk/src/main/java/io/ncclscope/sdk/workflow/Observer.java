package io.ncclscope.sdk.workflow;

import io.ncclscope.parsers.dmesg.DmesgData;
import io.ncclscope.parsers.dmesg.DmesgEvent;
import io.ncclscope.parsers.dmesg.DmesgEventType;
import io.ncclscope.parsers.ethtool.EthtoolData;
import io.ncclscope.parsers.ethtool.EthtoolInterface;
import io.ncclscope.parsers.gids.GidEntry;
import io.ncclscope.parsers.gids.GidsData;
import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbPort;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.parsers.nccl.NetworkChoice;
import io.ncclscope.parsers.net.IpLinkData;
import io.ncclscope.parsers.net.NetInterface;
import io.ncclscope.parsers.net.RdmaLink;
import io.ncclscope.parsers.numa.NumaTopology;
import io.ncclscope.parsers.nvbandwidth.NvbandwidthData;
import io.ncclscope.parsers.nvbandwidth.NvbwDevice;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.parsers.pci.LspciDevice;
import io.ncclscope.parsers.pci.LspciVerbose;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.parsers.topo.TopoGpu;
import io.ncclscope.parsers.topo.TopoNic;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.parsers.topoxml.NcclTopoXmlData;
import io.ncclscope.parsers.topoxml.PciPlace;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.localize.Localizer;
import io.ncclscope.sdk.localize.PairResult;
import io.ncclscope.sdk.rules.Category;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.RuleCatalog;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads evidence and its diagnosis into checklist observations and facts. Pure: it reads parsed data and quotes lines
 * through {@link Artifact#quote}, never files of its own.
 */
final class Observer {

    /** Launchers recognised on a command line, first match wins: each name as a word of the line, compiled once. */
    private static final List<String> LAUNCHERS = List.of("torchrun", "deepspeed", "srun", "mpirun", "mpiexec", "accelerate");
    private static final List<Pattern> LAUNCHER_WORDS =
            LAUNCHERS.stream().map(l -> Pattern.compile(".*(^|[\\s/$])" + l + "(\\s.*|$)")).toList();

    private static final Pattern IB_OFF = Pattern.compile("NCCL_IB_DISABLE=1\\b");
    private static final Pattern IB_OFF_NAME = Pattern.compile("(?i)ib[-_]?(disable|off)|no[-_]?ib");

    private final List<Observation> out = new ArrayList<>();
    private final Set<String> failed = new HashSet<>();
    private Facts facts = Facts.NONE;
    /** False for the reading of a run as failed ({@link Fold#read}): only its observations are kept, its facts equal the other's. */
    private boolean factsKept = true;

    private Observer() {
    }

    /** The observations and facts of {@code evidence}, judged with {@code diagnosis} (a run whose lines prove an error did not complete). */
    static Observer read(Evidence evidence, Diagnosis diagnosis) {
        Fold f = new Fold();
        for (Evidence slice : evidence.slices()) f.add(slice);
        diagnosis.findings().forEach(f::finding);
        return f.finish();
    }

    /**
     * Evidence observed one slice at a time; the diagnosis comes at the end. Each artifact is read when its slice comes,
     * into small records: an NCCL log or nccl-tests table is read both as a run that completed and as one that failed,
     * and {@link #finish} picks the reading the diagnosis backs (which runs failed is known only once every analyzer has
     * seen every node). What it holds stays bounded however many nodes come: the observations that can still be among
     * the {@link Workflow#MAX_ENTRIES} a workflow keeps ({@link Candidates}), the facts merged as they come
     * ({@link FactsFold}), the first hosts, and the first pairwise sources. Not thread-safe.
     */
    static final class Fold {
        private final Candidates observations = new Candidates(Workflow.MAX_ENTRIES);
        private final FactsFold facts = new FactsFold();
        /** The first hosts in natural order: the facts' node list and the node a bare node-list observation names. */
        private final java.util.TreeSet<String> hosts = new java.util.TreeSet<>(Evidence::compareNodes);
        /** The first artifact of each slice's node, for nodes that can still be the first host. */
        private final Map<String, String> firstArtifact = new java.util.HashMap<>();
        /** The pairwise results' slices, in slice order, as far as their sources fill {@link Observation#MAX_LINKS}. */
        private final java.util.TreeMap<String, List<EvidenceLine>> pairSources = new java.util.TreeMap<>(Evidence.SLICE_NODE_ORDER);
        private boolean pairsOfNoNode;
        private List<EvidenceLine> noNodeSources = List.of();
        private int pairCount;
        /** Runs the findings so far prove failed, among those the observations hold (pruned past {@code failedLimit}). */
        private final Set<String> failed = new HashSet<>();
        private int failedLimit = FAILED_LIMIT;
        private static final int FAILED_LIMIT = 1_024;

        void add(Evidence slice) {
            read(slice).fold();
        }

        /**
         * Reads every artifact of {@code slice} into observations and facts, apart from this fold's state (any thread);
         * the fold returned adds them, on the fold's thread in slice order.
         */
        Pass.SliceSummary read(Evidence slice) {
            Observer o = new Observer();
            Candidates.Made made = new Candidates.Made();
            for (Artifact a : slice.artifacts()) {
                Object d = a.result().data();
                if (d instanceof NcclLog || d instanceof NcclTestsData) {
                    Observer ok = new Observer();
                    ok.artifact(a);
                    Observer bad = new Observer();
                    bad.failed.add(a.name());
                    bad.factsKept = false;
                    bad.artifact(a);
                    made.run(a.name(), ok.out, bad.out);
                    o.facts = o.facts.merge(ok.facts);
                } else {
                    o.artifact(a);
                }
            }
            for (Observation x : o.out) made.plain(x);
            List<PairResult> found = Localizer.read(slice);
            Facts own = o.facts;
            List<String> sliceHosts = slice.hosts();
            return () -> fold(slice, sliceHosts, made, own, found);
        }

        private void fold(Evidence slice, List<String> sliceHosts, Candidates.Made made, Facts own, List<PairResult> found) {
            String node = slice.sliceNode();
            if (node != null) firstArtifact.put(node, slice.artifacts().get(0).name());
            for (String h : sliceHosts) {
                hosts.add(h);
                if (hosts.size() > Facts.MAX_ENTRIES) hosts.pollLast();
            }
            if (!hosts.isEmpty()) {
                String min = hosts.first();
                firstArtifact.keySet().removeIf(n -> Evidence.compareNodes(n, min) > 0);
            }
            observations.add(made);
            facts.add(node, own);
            if (!found.isEmpty()) {
                pairCount += found.size();
                List<EvidenceLine> sources = new ArrayList<>();
                for (PairResult r : found) {
                    if (r.source() != null && sources.size() < Observation.MAX_LINKS) sources.add(r.source());
                }
                if (node == null) {
                    pairsOfNoNode = true;
                    noNodeSources = sources;
                } else {
                    pairSources.put(node, sources);
                    // Slices after the first that fill the links give none.
                    int n = noNodeSources.size();
                    String cut = null;
                    for (Map.Entry<String, List<EvidenceLine>> e : pairSources.entrySet()) {
                        if (n >= Observation.MAX_LINKS) {
                            cut = e.getKey();
                            break;
                        }
                        n += e.getValue().size();
                    }
                    if (cut != null) pairSources.tailMap(cut, true).clear();
                }
            }
        }

        /**
         * Takes one finding of the diagnosis: a finding of the errors category at error severity or worse proves that
         * the runs its lines come from did not complete. Only runs the observations still hold are remembered.
         */
        void finding(Finding f) {
            boolean error = RuleCatalog.find(f.code()).map(r -> r.category() == Category.ERROR).orElse(false);
            if (!error || !f.severity().atLeast(FindingSeverity.ERROR)) return;
            for (EvidenceLine e : f.evidence()) failed.add(e.artifact());
            if (failed.size() >= failedLimit) {
                failed.retainAll(observations.runs());
                failedLimit = Math.max(FAILED_LIMIT, 2 * failed.size());
            }
        }

        Observer finish() {
            Observer o = new Observer();
            o.failed.addAll(failed);
            List<String> nodes = List.copyOf(hosts);
            facts.hosts(nodes);
            o.facts = facts.facts();
            o.out.addAll(observations.choose(o.failed));
            if (!nodes.isEmpty() && !observations.hasNodeList(o.failed)) {
                String first = firstArtifact.get(nodes.get(0));
                if (first != null) o.out.add(new Observation(Need.NODE_LIST, null, null, List.of(new Link(null, first, 0, ""))));
            }
            if (pairCount > 0) {
                List<Link> links = new ArrayList<>();
                List<List<EvidenceLine>> ordered = new ArrayList<>();
                if (pairsOfNoNode) ordered.add(noNodeSources);
                ordered.addAll(pairSources.values());
                for (List<EvidenceLine> sources : ordered) {
                    for (EvidenceLine l : sources) if (links.size() < Observation.MAX_LINKS) links.add(Link.of(null, l));
                }
                o.out.add(new Observation(Need.PAIRWISE, null, pairCount + " pairs", links));
            }
            return o;
        }
    }

    /** Reads one artifact into this observer. */
    private void artifact(Artifact a) {
        Object d = a.result().data();
        if (d instanceof NcclLog l) log(a, l);
        else if (d instanceof NcclTestsData t) tests(a, t);
        else if (d instanceof Topology t) topo(a, t);
        else if (d instanceof IbstatData i) ibstat(a, i);
        else if (d instanceof EthtoolData e) ethtool(a, e);
        else if (d instanceof NumaTopology n) add(Need.NODE_NUMA, a, null, a.quote(n.nodes().isEmpty() ? 0 : n.nodes().get(0).line()));
        else if (d instanceof DmesgData m) dmesg(a, m);
        else if (d instanceof IpLinkData ip) iplink(a, ip);
        else if (d instanceof NvidiaSmiData s) nvsmi(a, s);
        else if (d instanceof GidsData g) gids(a, g);
        else if (d instanceof NcclTopoXmlData x) topoXml(a, x);
        else if (d instanceof LspciVerbose v) lspci(a, v);
        else if (d instanceof NvbandwidthData b) nvbandwidth(a, b);
        if (!factsKept) return;
        List<String> healthy = ActiveHcas.healthy(d);
        if (!healthy.isEmpty()) facts = facts.merge(new Facts(List.of(), null, List.of(), List.of(), List.of(), List.of(), null, null,
                Map.of(), null, healthy));
    }

    List<Observation> observations() {
        return out;
    }

    Facts facts() {
        return facts;
    }

    private void add(Need need, Artifact a, String value, EvidenceLine... lines) {
        List<Link> links = new ArrayList<>();
        for (EvidenceLine e : lines) if (e != null) links.add(Link.of(null, e));
        if (links.isEmpty()) links.add(new Link(null, a.name(), 0, ""));
        out.add(new Observation(need, a.node().orElse(null), value, links));
    }

    private void addJob(Need need, Artifact a, String value, EvidenceLine... lines) {
        List<Link> links = new ArrayList<>();
        for (EvidenceLine e : lines) if (e != null) links.add(Link.of(null, e));
        if (links.isEmpty()) links.add(new Link(null, a.name(), 0, ""));
        out.add(new Observation(need, null, value, links));
    }

    private void facts(List<String> nodes, Integer gpn, List<String> gpus, List<String> ifs, List<String> netdevs,
                       List<String> hcas, String network, String launcher, Map<String, String> env, String version) {
        facts = facts.merge(new Facts(nodes, gpn, gpus, ifs, netdevs, hcas, network, launcher, env, version));
    }

    static String launcher(String command) {
        if (command == null) return null;
        String c = command.toLowerCase(Locale.ROOT);
        for (int i = 0; i < LAUNCHERS.size(); i++) {
            String l = LAUNCHERS.get(i);
            if (c.contains(l) && LAUNCHER_WORDS.get(i).matcher(c).matches()) return l;
        }
        if (c.contains("torch.distributed.run") || c.contains("torch.distributed.launch")) return "torchrun";
        return null;
    }

    private void log(Artifact a, NcclLog l) {
        boolean bad = failed.contains(a.name());
        // Step 1: the log itself, its hosts, the ranks' GPUs, the launcher and environment.
        EvidenceLine first = !l.warnings().isEmpty() ? a.quote(l.warnings().get(0).line(), l.warnings().get(0).text())
                : !l.launcherErrors().isEmpty() ? a.quote(l.launcherErrors().get(0).line())
                : !l.events().isEmpty() ? a.quote(l.events().get(0).line())
                : !l.ranks().isEmpty() ? a.quote(l.ranks().get(0).line()) : null;
        addJob(Need.ERROR_LOG, a, bad ? "error" : null, first);
        if (!l.hosts().isEmpty() && !l.ranks().isEmpty()) addJob(Need.NODE_LIST, a, null, a.quote(l.ranks().get(0).line()));
        // A rank line names a CUDA device and bus id, never the GPU model: it does not answer "GPU model and count".
        EnvSetting ifname = null;
        boolean ibOff = false;
        List<EvidenceLine> envLines = new ArrayList<>();
        for (EnvSetting s : l.envSettings()) {
            if (envLines.size() < 2) envLines.add(a.quote(s.line(), s.name() + "=" + s.value()));
            if ("NCCL_SOCKET_IFNAME".equals(s.name()) && ifname == null) ifname = s;
            if ("NCCL_IB_DISABLE".equals(s.name()) && "1".equals(s.value())) ibOff = true;
        }
        if ("1".equals(l.environment().get("NCCL_IB_DISABLE"))) ibOff = true;
        if (l.command() != null || !l.envSettings().isEmpty()) addJob(Need.LAUNCH_ENV, a, null, envLines.toArray(EvidenceLine[]::new));
        // Step 2: the network and interfaces NCCL chose, the interface setting, a multi-node init that completed.
        List<EvidenceLine> net = new ArrayList<>();
        for (NetworkChoice n : l.networks()) if (net.size() < 2) net.add(a.quote(n.line()));
        for (NcclInterface i : l.interfaces()) if (net.size() < 3) net.add(a.quote(i.line()));
        if (!net.isEmpty()) addJob(Need.NET_CHOICE, a, l.network(), net.toArray(EvidenceLine[]::new));
        // "NET/IB : No device found." answers step 3's question of which RDMA devices the job can see: none.
        l.events(io.ncclscope.parsers.nccl.EventKind.NET_IB_NO_DEVICE).stream().findFirst()
                .ifPresent(ev -> add(Need.RDMA_DEVICES, a, "none", a.quote(ev.line())));
        if (ifname != null) addJob(Need.IFNAME_SET, a, ifname.value(), a.quote(ifname.line(), "NCCL_SOCKET_IFNAME=" + ifname.value()));
        NcclRank complete = l.ranks().stream().filter(r -> Boolean.TRUE.equals(r.initComplete())).findFirst().orElse(null);
        boolean multi = l.hosts().size() >= 2 || l.ranks().stream().anyMatch(r -> r.nNodes() != null && r.nNodes() >= 2);
        if (multi && complete != null && !bad) addJob(Need.MINIMAL_RUN, a, null, a.quote(complete.line()));
        // Step 3: a log of the default run (RDMA allowed) or of the TCP run, and whether that one completed.
        if (multi || bad) {
            if (ibOff) addJob(Need.AB_IB_DISABLED, a, bad ? "failed" : complete != null ? "completed" : null, envLines.toArray(EvidenceLine[]::new));
            else if (l.network() != null || bad) addJob(Need.AB_DEFAULT, a, bad ? "failed" : l.network(), first);
        }
        if (!factsKept) return;
        List<String> ifs = new ArrayList<>();
        for (NcclInterface i : l.interfaces()) ifs.add(i.name());
        List<String> hcas = new ArrayList<>();
        for (io.ncclscope.parsers.nccl.IbDevice d : l.ibDevices()) hcas.add(d.device());
        Map<String, String> env = new LinkedHashMap<>();
        l.environment().forEach((k, v) -> {
            if (k.startsWith("NCCL_")) env.put(k, v);
        });
        facts(l.hosts(), null, List.of(), ifs, List.of(), hcas, l.network(), launcher(l.command()), env, l.ncclVersion());
    }

    private void tests(Artifact a, NcclTestsData t) {
        boolean bad = failed.contains(a.name()) || !t.errors().isEmpty();
        NcclTestsDevice dev = t.devices().isEmpty() ? null : t.devices().get(0);
        if (dev != null && dev.host() != null) addJob(Need.NODE_LIST, a, null, a.quote(dev.line()));
        if (dev != null && dev.name() != null) addJob(Need.GPU_INVENTORY, a, null, a.quote(dev.line()));
        String cmd = t.command();
        if (cmd != null) addJob(Need.LAUNCH_ENV, a, null, a.quote(0, cmd));
        boolean multi = t.hosts().size() >= 2;
        NcclTestsRow last = t.largestRow().orElse(null);
        if (multi && last != null && !bad) {
            boolean ibOff = ibDisabled(a, t);
            addJob(Need.MINIMAL_RUN, a, null, a.quote(last.line()));
            addJob(ibOff ? Need.AB_IB_DISABLED : Need.AB_DEFAULT, a, "measured", a.quote(last.line()));
        }
        if (!factsKept) return;
        Integer gpn = t.ranks();
        if (multi && gpn != null) gpn = Math.max(1, gpn / t.hosts().size());
        List<String> gpus = new ArrayList<>();
        for (NcclTestsDevice d : t.devices()) if (d.name() != null) gpus.add(d.name());
        facts(t.hosts(), gpn, gpus, List.of(), List.of(), List.of(), null, launcher(cmd), Map.of(), t.ncclVersion());
    }

    /** Whether a table was run with {@code NCCL_IB_DISABLE=1}: its command line, -J env, NCCL's lines, or its file name. */
    private static boolean ibDisabled(Artifact a, NcclTestsData t) {
        if (t.command() != null && IB_OFF.matcher(t.command()).find()) return true;
        if (t.env() != null && t.env().stream().anyMatch(e -> IB_OFF.matcher(e).find())) return true;
        if (IB_OFF_NAME.matcher(a.name()).find()) return true;
        if (t.ncclLogLines() > 0) {
            for (String line : a.text()) if (line.contains("NCCL_IB_DISABLE set by environment to 1")) return true;
        }
        return false;
    }

    private void topo(Artifact a, Topology t) {
        if (t.gpus().isEmpty() && t.nics().isEmpty()) return;
        EvidenceLine header = a.quote(t.line());
        add(Need.TOPO_MATRIX, a, null, header);
        // The matrix counts GPUs but names no model: "GPU model and count" needs nvidia-smi or the tests' device lines.
        // The CPU and NUMA affinity columns answer half of the NUMA question; numactl -H the other half.
        TopoGpu g = t.gpus().isEmpty() ? null : t.gpus().get(0);
        if (g != null && (g.cpuAffinity() != null || g.numaAffinity() != null)) add(Need.NODE_NUMA, a, null, a.quote(g.line()));
        List<String> hcas = new ArrayList<>();
        for (TopoNic n : t.nics()) if (n.device() != null) hcas.add(n.device());
        facts(List.of(), t.gpus().isEmpty() ? null : t.gpus().size(), List.of(), List.of(), List.of(), hcas, null, null, Map.of(), null);
    }

    private void ibstat(Artifact a, IbstatData d) {
        if (d.devices().isEmpty()) {
            // An ibstat that lists no device (and says so) is the answer "no RDMA device here".
            if (!d.toolErrors().isEmpty()) add(Need.RDMA_DEVICES, a, "none", a.quote(d.toolErrors().get(0).line()));
            return;
        }
        add(Need.RDMA_DEVICES, a, d.devices().size() + " devices", a.quote(d.devices().get(0).line()));
        List<String> hcas = new ArrayList<>();
        EvidenceLine rate = null;
        for (IbDevice dev : d.devices()) {
            hcas.add(dev.name());
            for (IbPort p : dev.ports()) {
                if (rate == null && p.rateGbps() != null) rate = a.quote(p.line());
            }
        }
        if (rate != null) {
            add(Need.NIC_INVENTORY, a, null, rate);
            add(Need.NODE_NIC_RATE, a, null, rate);
        }
        facts(List.of(), null, List.of(), List.of(), List.of(), hcas, null, null, Map.of(), null);
    }

    private void ethtool(Artifact a, EthtoolData d) {
        List<String> names = new ArrayList<>();
        for (EthtoolInterface i : d.interfaces()) {
            if (i.name() != null) names.add(i.name());
            if (i.speedMbps() != null) {
                add(Need.NIC_INVENTORY, a, null, a.quote(i.line()));
                add(Need.NODE_NIC_RATE, a, null, a.quote(i.line()));
            }
            if (!i.counters().isEmpty()) {
                Integer line = i.counterLines() == null || i.counterLines().isEmpty() ? null : i.counterLines().values().iterator().next();
                add(Need.NODE_COUNTERS, a, null, a.quote(line == null ? i.line() : line));
            }
        }
        facts(List.of(), null, List.of(), List.of(), names, List.of(), null, null, Map.of(), null);
    }

    private void dmesg(Artifact a, DmesgData d) {
        DmesgEvent xid = d.events().stream().filter(e -> e.type() == DmesgEventType.XID).findFirst().orElse(null);
        DmesgEvent any = d.events().isEmpty() ? null : d.events().get(0);
        EvidenceLine line = xid != null ? a.quote(xid.line()) : any != null ? a.quote(any.line()) : null;
        add(Need.KERNEL_LOG, a, xid != null ? "xid" : null, line);
        add(Need.NODE_XID, a, xid != null ? "xid" : null, line);
    }

    private void iplink(Artifact a, IpLinkData d) {
        rdmaMap(a, d.rdmaMap());
        if (d.interfaces().isEmpty()) return;
        add(Need.IFACE_LIST, a, null, a.quote(d.interfaces().get(0).line()));
        List<String> names = new ArrayList<>();
        for (NetInterface i : d.interfaces()) names.add(i.name());
        facts(List.of(), null, List.of(), List.of(), names, List.of(), null, null, Map.of(), null);
    }

    /** {@code ibdev2netdev}: the RDMA devices visible where it ran, each with the netdev on its port. */
    private void rdmaMap(Artifact a, List<RdmaLink> map) {
        if (map.isEmpty()) return;
        rdmaDevices(a, map.get(0).line(), map.stream().map(RdmaLink::rdmaDevice), map.stream().map(RdmaLink::netdev));
    }

    /** {@code show_gids}: the RDMA devices (and their GIDs) visible where it ran, a container's own included. */
    private void gids(Artifact a, GidsData d) {
        if (d.gids().isEmpty()) return;
        rdmaDevices(a, d.gids().get(0).line(), d.gids().stream().map(GidEntry::device), d.gids().stream().map(GidEntry::netdev));
    }

    /** The RDMA devices a tool listed from {@code line} on (RDMA_DEVICES), with them and their ports' netdevs as facts. */
    private void rdmaDevices(Artifact a, int line, Stream<String> devices, Stream<String> netdevs) {
        List<String> hcas = devices.filter(Objects::nonNull).distinct().toList();
        add(Need.RDMA_DEVICES, a, hcas.size() + " devices", a.quote(line));
        facts(List.of(), null, List.of(), List.of(), netdevs.filter(Objects::nonNull).distinct().toList(), hcas, null, null,
                Map.of(), null);
    }

    /** NCCL's topology dump ({@code NCCL_TOPO_DUMP_FILE}): NCCL's own map of GPUs and NICs on the PCI tree. */
    private void topoXml(Artifact a, NcclTopoXmlData d) {
        if (d.gpus().isEmpty()) return;
        add(Need.TOPO_MATRIX, a, null, a.quote(d.gpus().get(0).line()));
        List<String> hcas = new ArrayList<>();
        // The NICs on the PCI tree: a socket interface NCCL places under a CPU is no RDMA device.
        for (PciPlace p : d.placedNets()) if (p.net().name() != null) hcas.add(p.net().name());
        facts(List.of(), d.gpus().size(), List.of(), List.of(), List.of(), hcas, null, null, Map.of(), null);
    }

    /** {@code lspci -vvv}: the NVIDIA GPUs it lists, by model, answer "GPU model and count". */
    private void lspci(Artifact a, LspciVerbose d) {
        List<LspciDevice> gpus = d.devices().stream().filter(LspciDevice::nvidiaGpu).toList();
        if (gpus.isEmpty()) return;
        add(Need.GPU_INVENTORY, a, gpus.size() + " GPUs", a.quote(gpus.get(0).line()));
    }

    /** {@code nvbandwidth}: the devices it lists, by name, answer "GPU model and count". */
    private void nvbandwidth(Artifact a, NvbandwidthData d) {
        List<NvbwDevice> named = d.devices().stream().filter(v -> v.name() != null).toList();
        if (named.isEmpty()) return;
        add(Need.GPU_INVENTORY, a, named.size() + " GPUs", a.quote(named.get(0).line()));
        Set<String> models = new LinkedHashSet<>();
        for (NvbwDevice v : named) models.add(v.name());
        facts(List.of(), named.size(), List.copyOf(models), List.of(), List.of(), List.of(), null, null, Map.of(), null);
    }

    /**
     * The line that names the model: {@code nvidia-smi -q} starts a GPU with its bus id and prints "Product Name" a few
     * lines on; {@code -L} and the tables print both on the GPU's line.
     */
    private static int modelLine(Artifact a, int from, String model) {
        for (int n = from; n < from + 40; n++) {
            java.util.Optional<String> l = a.line(n);
            if (l.isEmpty()) break;
            if (l.get().contains(model)) return n;
        }
        return from;
    }

    private void nvsmi(Artifact a, NvidiaSmiData d) {
        if (d.gpus().isEmpty()) return;
        // Only a GPU listed with its model answers "GPU model and count".
        d.gpus().stream().filter(g -> g.name() != null).findFirst()
                .ifPresent(g -> add(Need.GPU_INVENTORY, a, d.gpus().size() + " GPUs", a.quote(modelLine(a, g.line(), g.name()))));
        Set<String> models = new LinkedHashSet<>();
        for (NvsmiGpu g : d.gpus()) if (g.name() != null) models.add(g.name());
        facts(List.of(), d.gpus().size(), List.copyOf(models), List.of(), List.of(), List.of(), null, null, Map.of(), null);
    }
}
