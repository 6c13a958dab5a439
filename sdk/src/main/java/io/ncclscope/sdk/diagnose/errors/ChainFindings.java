package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.IbCompletionError;
import io.ncclscope.parsers.nccl.NcclInterface;
import io.ncclscope.parsers.nccl.WarnMessageFacts;
import io.ncclscope.parsers.net.NetInterfaces;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.errors.FirstCauses.GenericFailure;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * Turns the walk's cases into findings: one per distinct problem (one per shared GPU, per unreachable peer, per RDMA
 * link, per code and log otherwise), named after the earliest case, with the evidence chain root WARN line, its
 * {@code -> N} trace, the launcher's report, then the same failure elsewhere and the consequences.
 */
final class ChainFindings {

    private ChainFindings() {
    }

    /**
     * The finding a chain makes when it leads its group, as far as its own artifact tells: everything but the group's
     * size, the ranks and consequences of the other chains, the failure reports from other artifacts (they decide the
     * severity of some codes) and an interface seen working on the host in another log. Its {@code params} are names
     * and values in turn, in the finding's order; with an {@code ifaceHost}, the value of {@code iface} is null, decided
     * at the end from the interfaces of that host ({@code ""} for the log's only host). Its {@code ownWho} are the
     * labels of the lines of the root's own process ({@link Chain#ownWho}).
     */
    record Draft(String key, FindingSeverity severityFailed, FindingSeverity severity, Subject subject, Object[] args,
                 int ranksAt, Set<Integer> ranks, String[] params, String ifaceHost, String ifaceNot, List<EvidenceLine> head,
                 List<EvidenceLine> tail, List<EvidenceLine> childTail, List<String> returned, List<EvidenceLine> returnedLines,
                 Set<String> ownWho) {

        /** {@return the root's label, the {@code who} argument: {@link #args} start with {@code who} and {@code text}} */
        String who() {
            return (String) args[1];
        }

        /** {@return the root's message, the {@code text} argument} */
        String text() {
            return (String) args[3];
        }
    }

    // -- findings with a first cause ----------------------------------------------------------------------------------

    /** {@return the finding {@code first} makes when it leads its group, but for what the group adds} */
    static Draft draft(Chain first, LogIndex logIndex) {
        Signal s = first.root;
        DraftParts d = new DraftParts(first, logIndex);
        switch (first.code) {
            case Classifier.CONNECT -> connect(d);
            case Classifier.NO_IFACE -> noInterface(d);
            case Classifier.DUPLICATE -> duplicateGpu(d);
            case Classifier.IB_COMPLETION -> ibCompletion(d);
            case Classifier.IB_SETUP -> ibSetup(d);
            case Classifier.TOPO_FILE -> topoFile(d);
            case Classifier.USAGE, Classifier.REMOTE -> remote(d);
            case Classifier.ENV -> environment(d);
            case Classifier.PLUGIN -> plugin(d);
            case Classifier.MAPPING, Classifier.OFI_PROVIDER -> d.severity = FindingSeverity.ERROR;
            case Classifier.SHM -> d.env = "NCCL_SHM_DISABLE";
            case Classifier.COLLNET -> {
                // A fallback: collectives run on the point-to-point network, whatever the return codes before it.
                d.severity = FindingSeverity.INFO;
                d.severityFailed = FindingSeverity.INFO;
                d.env = "NCCL_COLLNET_ENABLE";
            }
            case Classifier.STORE_UNREACHABLE, Classifier.STORE_PORT_IN_USE -> store(d);
            default -> d.args("result", s.result != null ? s.result.toString() : Classifier.resultName(first.code));
        }
        // The interface to recommend is known at the end (rooted): its value is null until then, its place kept.
        if (d.ifaceHost != null) d.params.put("iface", null);
        if (d.key == null) d.key = "warn." + Classifier.genericKey(first.code);

        FindingText.putIf(d.params, "node", d.node);
        FindingText.putIf(d.params, "rank", s.rank == null ? null : String.valueOf(s.rank));
        FindingText.putIf(d.params, "env", d.env);
        if (!d.params.containsKey("bdf")) FindingText.putIf(d.params, "bdf", s.busId);
        if (s.hca != null && !d.params.containsKey("hca")) d.params.put("hca", s.hca);

        // The root, the lines that complete its message, its trace, then the other lines that followed it.
        List<EvidenceLine> head = new ArrayList<>(List.of(s.quote()));
        first.followers.stream().filter(first::completesRoot).limit(2).forEach(f -> head.add(f.quote()));
        head.addAll(FindingText.first(first.traces, 4));
        first.followers.stream().filter(f -> !first.completesRoot(f)).limit(3).forEach(f -> head.add(f.quote()));
        String[] flat = d.params.entrySet().stream().flatMap(e -> Stream.of(e.getKey(), e.getValue())).toArray(String[]::new);
        List<String> returned = first.results.stream().map(Classifier::codeOf).filter(Objects::nonNull).distinct().toList();
        List<EvidenceLine> returnedLines = new ArrayList<>(2);
        if (!first.traces.isEmpty()) returnedLines.add(first.traces.get(first.traces.size() - 1));
        if (!first.tail.isEmpty()) returnedLines.add(first.tail.get(0));
        return new Draft(d.key, d.severityFailed, d.severity, d.subject, d.args.toArray(), d.ranksAt, d.ranks, flat,
                d.ifaceHost, d.ifaceNot, List.copyOf(head), FindingText.first(first.tail, 4),
                FindingText.first(first.childTail, 4), returned, List.copyOf(returnedLines), Set.copyOf(first.ownWho));
    }


    /** What the code of a chain decides of its draft, filled in by the check of that code. */
    private static final class DraftParts {
        final Chain first;
        final LogIndex logIndex;
        /** The log's NCCL variables; none for an nccl-tests output. */
        final Map<String, String> settings;
        final String node;
        final Integer port;
        final String peer;
        String usedIface;
        final Map<String, String> params = new LinkedHashMap<>();
        Subject subject;
        final List<Object> args;
        String key;
        String env;
        FindingSeverity severity = FindingSeverity.CRITICAL;
        FindingSeverity severityFailed = FindingSeverity.CRITICAL;
        int ranksAt = -1;
        Set<Integer> ranks;
        /** The host whose interface seen working in any log is recommended at the end; null when the log tells. */
        String ifaceHost;
        String ifaceNot;

        DraftParts(Chain first, LogIndex logIndex) {
            Signal s = first.root;
            this.first = first;
            this.logIndex = logIndex;
            this.settings = logIndex == null ? Map.of() : logIndex.env;
            this.node = s.host != null ? s.host : s.artifact.node().orElse(null);
            this.port = s.peerPort != null ? s.peerPort : WarnMessageFacts.port(s.text);
            this.peer = s.peer != null && !WarnMessageFacts.isMaskedAddress(s.peer) ? s.peer : null;
            this.usedIface = usedIface(s, logIndex);
            String gpu = s.busId != null ? s.busId : s.cudaDev != null ? "cudaDev " + s.cudaDev : null;
            this.subject = new Subject(node, s.rank, gpu, s.hca, null, null, null);
            this.args = new ArrayList<>(List.of("who", s.who(), "text", s.text == null ? "" : s.text));
            this.key = first.key;
        }

        /** Adds names and values in turn to the message's arguments; a null value reads {@code ?} ({@link Message#of}). */
        void args(Object... namesAndValues) {
            Collections.addAll(args, namesAndValues);
        }
    }

    private static void connect(DraftParts d) {
        Signal s = d.first.root;
        String reason = reason(s.text);
        String root = bootstrapRoot(d);
        d.args("reason", reason, "target", s.peer == null ? null : s.peer + (d.port != null ? "<" + d.port + ">" : ""),
                "address", s.peer, "iface", d.usedIface, "count", d.first.count());
        if (s.peer == null && s.text != null && s.text.contains("[Proxy Service")) {
            // A proxy's Connect that failed with a system error and no WARN of its own (a weak cause, not a retry).
            d.key = "connect.proxy";
        } else if (d.first.weak) {
            d.severity = FindingSeverity.ERROR;
            d.severityFailed = FindingSeverity.ERROR;
            NcclInterface dev = d.logIndex == null ? null : d.logIndex.socketDeviceUsed(s.host);
            if (dev != null && NetInterfaces.reachesNoOtherNode(dev.name(), dev.address())) {
                d.key = "connect.retry.iface";
                d.usedIface = dev.name();
                d.args("index", dev.index(), "device", dev.name(), "deviceAddress", dev.address());
            } else {
                d.key = "connect.retry";
            }
        } else if (root != null) {
            // Every rank but the root connects to the bootstrap root at init: a refused or timed-out connection there
            // is a connect failure to the root, not an error of a remote rank.
            d.key = root.isEmpty() ? "connect.bootstrap.noaddr" : "connect.bootstrap";
            d.args("root", root.isEmpty() ? null : root);
        } else if (s.peer == null) {
            d.key = "connect.nopeer";
        } else if (NetInterfaces.isLinkLocal(s.peer) && d.usedIface != null) {
            d.key = "connect.linklocal";
        } else if (NetInterfaces.isDockerDefaultBridge(s.peer)) {
            d.key = "connect.docker";
        } else {
            d.key = "connect";
        }
        d.subject = d.subject.withPeer(d.peer).withIface(d.usedIface);
        FindingText.putIf(d.params, "peer", d.peer);
        FindingText.putIf(d.params, "port", d.port == null ? null : String.valueOf(d.port));
        String local = recommend(d.logIndex, s.host, d.usedIface, s.peer);
        if (local != null) {
            FindingText.putIf(d.params, "iface", local);
        } else {
            d.ifaceHost = s.host == null ? "" : s.host;
            d.ifaceNot = d.usedIface;
        }
    }

    /**
     * The bootstrap root a failed connect went to: its address, empty when this NCCL version does not print it, null
     * when the connect was not to the root (not under bootstrap.cc, made by rank 0 itself, or to another address
     * than the root's). The root's address is NCCL_COMM_ID's host or the bootstrap address of rank 0's host.
     */
    private static String bootstrapRoot(DraftParts d) {
        Signal s = d.first.root;
        if (!d.first.viaBootstrap || s.rank != null && s.rank == 0) return null;
        String root = rootAddress(d.logIndex);
        if (s.peer == null) return root == null ? "" : root;
        if (root == null || !root.equals(s.peer) && !root.startsWith(s.peer + ":")) return null;
        return s.peer + (d.port != null ? "<" + d.port + ">" : "");
    }

    private static String rootAddress(LogIndex logIndex) {
        if (logIndex == null) return null;
        String commId = logIndex.env.get("NCCL_COMM_ID");
        if (commId != null && !commId.isBlank()) return commId.strip();
        return logIndex.bootstrapAddressOfRank(0);
    }

    /**
     * PyTorch's c10d store: the address a rank could not reach, or the port its server could not listen on (the
     * address it printed there is a local wildcard, no peer).
     */
    private static void store(DraftParts d) {
        boolean listening = Classifier.STORE_PORT_IN_USE.equals(d.first.code);
        String peer = listening ? null : d.peer;
        d.args("peer", peer, "port", d.port);
        if (!listening && peer == null) d.key = d.key + ".nopeer";
        d.subject = d.subject.withPeer(peer);
        FindingText.putIf(d.params, "peer", peer);
        FindingText.putIf(d.params, "port", d.port == null ? null : String.valueOf(d.port));
    }

    private static void noInterface(DraftParts d) {
        Signal s = d.first.root;
        boolean commId = "noiface.commid".equals(d.key);
        String about = commId ? "NCCL_COMM_ID" : WarnMessageFacts.variableAbout(s.text, d.settings);
        String var = about != null ? about : "NCCL_SOCKET_IFNAME";
        String value = d.settings.get(var);
        if (value != null && !commId && !"noiface.family".equals(d.key) && !"noiface.subnet".equals(d.key)) d.key = "noiface.env";
        d.args("env", var, "value", value);
        if (value != null && value.matches("[A-Za-z0-9_.:-]+")) d.subject = d.subject.withIface(value);
        d.env = value != null ? var : null;
        d.ifaceHost = d.node == null ? "" : d.node;
        d.ifaceNot = value;
    }

    private static void duplicateGpu(DraftParts d) {
        Signal s = d.first.root;
        d.ranks = new TreeSet<>();
        if (s.rank != null) d.ranks.add(s.rank);
        if (s.otherRank != null) d.ranks.add(s.otherRank);
        // NCCL 2.30's message names no d.ranks: the init lines of that GPU do.
        if (d.logIndex != null && s.busId != null) {
            for (var r : d.logIndex.ranks) {
                if (s.busId.equals(r.busId()) && (s.host == null || s.host.equals(r.host()))) d.ranks.add(r.rank());
            }
        }
        d.args("ranks", "?", "gpu", FindingText.gpu(s.busIdRaw, s.busId), "node", d.node);
        d.ranksAt = d.args.size() - 5;
        if ("duplicate".equals(d.key) && d.node == null) d.key = "duplicate.nohost";
        d.subject = new Subject(d.node, s.rank, s.busId != null ? s.busId : s.busIdRaw, null, null, null, null);
        FindingText.putIf(d.params, "bdf", s.busId);
    }

    private static void ibCompletion(DraftParts d) {
        Signal s = d.first.root;
        d.args("status", s.status, "statusName", IbCompletionError.statusName(s.status), "vendor", s.vendorError, "peer", s.peer,
                "count", d.first.count());
        if (s.peer == null) d.key = d.key + ".nopeer";
        d.subject = d.subject.withPeer(d.peer);
        FindingText.putIf(d.params, "peer", d.peer);
        FindingText.putIf(d.params, "hca", s.hca);
    }

    private static void ibSetup(DraftParts d) {
        Signal s = d.first.root;
        // Without a failed return code or launcher error the job went on (a GDR sysfs probe in a VM, say).
        d.severity = FindingSeverity.WARNING;
        FindingText.putIf(d.params, "hca", s.hca);
        d.env = "ib.setup.crossnic".equals(d.key) ? "NCCL_CROSS_NIC"
                : "ib.setup.gid".equals(d.key) ? "NCCL_IB_GID_INDEX" : "ib.setup.ece".equals(d.key) ? "NCCL_IB_ECE_ENABLE" : null;
    }

    private static void topoFile(DraftParts d) {
        String path = d.settings.get("NCCL_TOPO_FILE");
        d.args("path", path);
        if (path == null && "topo.file".equals(d.key)) d.key = "topo.file.nopath";
        // A file NCCL could not open is ignored: the job goes on with the detected topology.
        d.severity = "topo.file.open".equals(d.key) ? FindingSeverity.WARNING : FindingSeverity.ERROR;
        d.env = "NCCL_TOPO_FILE";
    }

    private static void remote(DraftParts d) {
        Signal s = d.first.root;
        String rc = WarnMessageFacts.ofiReturnCode(s.text);
        String errno = WarnMessageFacts.connectionErrnoName(rc);
        d.args("peer", s.peer, "rc", rc == null ? "?" : rc, "errno", errno == null ? "?" : errno,
                "result", s.result == null ? Classifier.resultName(d.first.code) : s.result.toString());
        if (("remote.lost".equals(d.key) || "remote.store".equals(d.key)) && s.peer == null) d.key = d.key + ".nopeer";
        String peerHost = "remote.lost".equals(d.key) && d.logIndex != null ? d.logIndex.hostOfAddress(s.peer) : null;
        if ("remote.lost".equals(d.key) && WarnMessageFacts.isLoopbackPeer(s.peer)) {
            // A socket to this node itself (corpus-more nccl-tests-217-1, a one-rank run): no peer node holds the cause.
            d.key = "remote.lost.local";
        } else if (peerHost != null) {
            // The cause is in the peer's log: name the host and ranks whose log to read.
            d.key = "remote.lost.host";
            d.args("peerHost", peerHost);
        }
        d.subject = d.subject.withPeer(d.peer);
        FindingText.putIf(d.params, "peer", d.peer);
        FindingText.putIf(d.params, "port", d.port == null || d.peer == null ? null : String.valueOf(d.port));
    }

    private static void environment(DraftParts d) {
        Signal s = d.first.root;
        // 'XML Import Channel', 'Could not open XML graph file': the file NCCL_GRAPH_FILE names.
        String var = "env.graph".equals(d.key) ? "NCCL_GRAPH_FILE" : "env.net".equals(d.key) ? "NCCL_NET"
                : WarnMessageFacts.variableAbout(s.text, d.settings);
        String value = var == null ? null : d.settings.get(var);
        d.args("env", var == null ? "NCCL_*" : var, "value", value);
        d.env = var;
        d.severity = FindingSeverity.WARNING;
    }

    private static void plugin(DraftParts d) {
        String var = d.settings.containsKey("NCCL_NET_PLUGIN") ? "NCCL_NET_PLUGIN" : "NCCL_NET";
        String value = d.settings.get(var);
        d.args("env", var, "value", value);
        d.env = var;
        d.severity = FindingSeverity.WARNING;
    }

    /**
     * {@return the finding of a group of chains, made from its first chain's draft and what the group adds}
     *
     * @param first           the group's first chain in the order of the whole evidence
     * @param failed          whether the job failed from it (its own trace or report, or a failure report that joined it)
     * @param genericTail     the failure reports with no cause text that joined it, the first four
     * @param group           the group; its consequences are emptied of the root's label
     * @param goodIfaceByHost each host's first usable interface in the whole evidence
     */
    static Finding rooted(ChainSummary first, boolean failed, List<EvidenceLine> genericTail, ChainGroups.Group group,
            Map<String, String> goodIfaceByHost) {
        Draft d = first.draft();
        List<Object> args = new ArrayList<>(Arrays.asList(d.args()));
        args.set(1, d.who() + (group.size > 1 ? " (+" + (group.size - 1) + ")" : ""));
        if (d.ranks() != null) {
            Set<Integer> all = new TreeSet<>(d.ranks());
            all.addAll(group.ranks);
            args.set(d.ranksAt(), all.isEmpty() ? "?" : FindingText.join(all));
        }
        String key = d.key();
        Set<String> victims = group.victims;
        // The root's own process does not follow from the root: neither its label nor any label its other lines carry.
        victims.remove(d.who());
        victims.removeAll(d.ownWho());
        if (!victims.isEmpty()) {
            key = key + ".then";
            args.addAll(List.of("victims", FindingText.list(victims)));
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < d.params().length; i += 2) params.put(d.params()[i], d.params()[i + 1]);
        if (d.ifaceHost() != null) {
            String good = goodIfaceByHost.get(d.ifaceHost());
            String iface = good != null && !good.equals(d.ifaceNot()) ? good : null;
            if (iface == null || iface.isBlank()) params.remove("iface");
            else params.put("iface", iface);
        }
        List<EvidenceLine> tail = new ArrayList<>(d.tail());
        tail.addAll(genericTail);
        tail.addAll(d.childTail());
        List<EvidenceLine> ev = new QuotedLines(Finding.MAX_EVIDENCE)
                .addAll(d.head(), Integer.MAX_VALUE)
                .addAll(tail, 4)
                .addAll(group.roots, 3)
                .addAll(group.victimLines, 3)
                .lines();
        FindingSeverity severity = failed ? d.severityFailed() : d.severity();
        return new Finding(first.code(), severity, d.subject(), Message.of(ErrorsAnalyzer.class, key, args.toArray()), ev, params);
    }

    // -- findings with no cause text ----------------------------------------------------------------------------------

    /** {@return the finding of a failure report with no cause text, when no chain claims it} */
    static Finding generic(GenericFailure g) {
        String gk = Classifier.genericKey(g.code());
        String node = g.host() != null ? g.host() : g.artifact().node().orElse(null);
        String key;
        List<Object> args = new ArrayList<>();
        if (g.tests() != null) {
            key = "tests." + gk;
            if (Classifier.SYSTEM.equals(g.code()) && g.tests().hosts() <= 1) key = "tests.system.single";
            if (Classifier.INTERNAL.equals(g.code()) && g.tests().hosts() > 1) key = "tests.internal.multinode";
            if (Classifier.CUDA.equals(g.code()) && g.tests().geforce() && g.tests().ranks() != null && g.tests().ranks() > 1) {
                key = "tests.cuda.geforce";
            }
            Collections.addAll(args, "node", node, "location", g.location(), "reason", g.reason(), "ranks", g.tests().ranks(),
                    "hosts", g.tests().hosts());
        } else {
            key = "report." + gk;
            String who = g.rank() != null ? "rank " + g.rank() : "NCCL";
            Collections.addAll(args, "who", who, "text", g.text() == null ? "" : g.text(), "reason", g.reason(),
                    "result", Classifier.resultName(g.code()), "version", g.version());
        }
        Map<String, String> params = FindingText.params("node", node, "rank", g.rank() == null ? null : String.valueOf(g.rank()));
        Subject subject = new Subject(node, g.rank(), null, null, null, null, null);
        List<EvidenceLine> ev = List.of(g.artifact().quote(g.line(), g.text()));
        return new Finding(g.code(), FindingSeverity.CRITICAL, subject, Message.of(ErrorsAnalyzer.class, key, args.toArray()),
                ev, params);
    }

    // -- helpers ------------------------------------------------------------------------------------------------------
    /** The interface a failed connection went through: the scope of a link-local peer, else the host's only one. */
    private static String usedIface(Signal s, LogIndex logIndex) {
        Optional<String> zone = NetInterfaces.zone(s.peer);
        if (zone.isPresent()) return zone.get();
        if (logIndex == null) return null;
        return FindingText.onlyOne(logIndex.interfaces(s.host).stream().map(NcclInterface::name));
    }

    /**
     * The interface to pin NCCL_SOCKET_IFNAME to, as far as the log tells: another interface of the host that can reach
     * other nodes, else the one used when nothing speaks against it; null when the log has none (then one seen working on
     * that host in another log, at the end).
     */
    private static String recommend(LogIndex logIndex, String host, String used, String peer) {
        if (logIndex != null) {
            for (NcclInterface i : logIndex.interfaces(host)) {
                if (!NetInterfaces.reachesNoOtherNode(i.name(), i.address()) && !i.name().equals(used)) return i.name();
            }
            if (used != null && (peer == null || !NetInterfaces.isLinkLocal(peer) && !NetInterfaces.isDockerDefaultBridge(peer))) {
                for (NcclInterface i : logIndex.interfaces(host)) {
                    if (i.name().equals(used) && !NetInterfaces.reachesNoOtherNode(i.name(), i.address())) return used;
                }
            }
        }
        return null;
    }

    /** The system's reason after {@code failed :} ({@code Connection timed out}), else the whole message. */
    private static String reason(String text) {
        String reason = WarnMessageFacts.systemReason(text);
        return reason != null ? reason : text == null ? "?" : text;
    }
}
