package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.TransportTerms;
import io.ncclscope.parsers.nccl.TransportType;
import io.ncclscope.parsers.topo.MatrixType;
import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.parsers.topo.TopoMatrix;
import io.ncclscope.parsers.topo.TopoPath;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Names;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code P2P_NOT_USED}: do GPU pairs of one host talk through host memory (SHM, or NET between ranks of one host)?
 * Judged against {@code NCCL_P2P_DISABLE} / {@code NCCL_P2P_LEVEL} and the pair's path in {@code nvidia-smi topo -m}:
 * an error over NVLink, a warning within NCCL's P2P distance.
 */
final class P2pCheck {

    static final String CODE = "P2P_NOT_USED";

    private P2pCheck() {
    }

    static void check(TransportJob job, ClusterHardware hw, MergedFindings out) {
        PathType level = TransportTerms.pathLevel(job.env("NCCL_P2P_LEVEL")).orElse(null);
        LogFact<EnvSetting> envAt = null;
        if (job.envOn("NCCL_P2P_DISABLE")) envAt = job.env.get("NCCL_P2P_DISABLE");
        else if (level != null && level.rank() < PathType.PXB.rank()) envAt = job.env.get("NCCL_P2P_LEVEL");
        boolean any = false;
        boolean several = false;
        for (HostFacts h : job.hosts()) {
            any |= host(job, hw, h, envAt, level, out);
            several |= h.severalLocal;
        }
        if (!any && envAt != null && (job.envOn("NCCL_P2P_DISABLE") || level == PathType.X)) {
            String env = TransportJob.setting(envAt);
            out.addListed(TransportAnalyzer.HOSTS, null, null, CODE, several ? FindingSeverity.WARNING : FindingSeverity.INFO,
                    Subject.JOB.withNode(job.onlyHost()),
                    TransportAnalyzer.detail(several ? "p2p.envonly" : "p2p.envonly.local", "hosts", job.where(), "env", env),
                    List.of(envAt.quote()), "env", env, "node", job.onlyHost());
        }
    }

    /** The pairs of GPUs of host {@code h} that do not use P2P; true when there are some. */
    private static boolean host(TransportJob job, ClusterHardware hw, HostFacts h, LogFact<EnvSetting> envAt, PathType level,
                                MergedFindings out) {
        List<LogFact<NcclTransport>> intra = new ArrayList<>();
        boolean net = false;
        for (LogFact<NcclTransport> t : h.connections().intra) {
            NcclTransport v = t.value();
            if (v.type() == TransportType.SHM) {
                intra.add(t);
            } else if (v.type() == TransportType.NET) {
                String a = job.rankHost.get(v.fromRank());
                String b = job.rankHost.get(v.toRank());
                if (a != null && a.equals(b) && a.equals(h.name)) {
                    intra.add(t);
                    net = true;
                }
            }
        }
        if (intra.isEmpty()) return false;
        NcclTransport t0 = intra.get(0).value();
        Integer ga = t0.fromDev() != null ? t0.fromDev() : job.gpuOf(t0.fromRank());
        Integer gb = t0.toDev() != null ? t0.toDev() : job.gpuOf(t0.toRank());
        ClusterHardware.TopologyRecord topo = hw.topology(h.name, job.alone());
        TopoPath path = null;
        TopoPath status = null;
        EvidenceLine topoLine = null;
        if (topo != null && ga != null && gb != null && !ga.equals(gb)) {
            String a = "GPU" + ga, b = "GPU" + gb;
            path = topo.path(a, b);
            for (MatrixType mt : List.of(MatrixType.P2P_READ, MatrixType.P2P_WRITE, MatrixType.P2P)) {
                TopoMatrix pm = topo.data().matrixOf(mt).orElse(null);
                if (pm != null && status == null) status = pm.path(a, b).orElse(null);
            }
            topoLine = topo.gpuLine(a);
        }
        String env = envAt == null ? null : TransportJob.setting(envAt);
        boolean envExplains = env != null
                && (job.envOn("NCCL_P2P_DISABLE") || path == null || TransportJob.levelKeepsOff(level, path));
        boolean nv = path != null && path.isNvLink();
        boolean onPath = path != null && path.type().isPath();
        String key;
        if (envExplains) key = onPath ? "p2p.env.topo" : "p2p.env";
        else if (net) key = "p2p.net";
        else if (status != null && status.type().isP2pStatus() && status.type() != PathType.OK) key = "p2p.unsupported";
        else if (nv) key = "p2p.nvlink";
        // Within NCCL's P2P distance: PXB by default (src/graph/paths.cc ncclTopoCheckP2p), or NCCL_P2P_LEVEL.
        else if (onPath && path.type().rank() <= (level != null ? level : TransportTerms.DEFAULT_LEVEL).rank()) key = "p2p.near";
        else if (onPath) key = "p2p.far";
        else key = "p2p.unknown";
        FindingSeverity sev = switch (key) {
            case "p2p.env", "p2p.env.topo" -> nv ? FindingSeverity.ERROR : FindingSeverity.WARNING;
            case "p2p.nvlink" -> FindingSeverity.ERROR;
            case "p2p.net", "p2p.near" -> FindingSeverity.WARNING;
            default -> FindingSeverity.INFO;
        };
        List<Object> args = new ArrayList<>(Arrays.asList("pairs", pairs(intra), "via", vias(intra)));
        if (path != null) Collections.addAll(args, "gpus", "GPU" + ga + "-GPU" + gb, "path", path.word());
        if (status != null && key.equals("p2p.unsupported")) {
            Collections.addAll(args, "gpus", "GPU" + ga + "-GPU" + gb, "status", status.word());
        }
        if (envExplains) Collections.addAll(args, "env", env);
        List<EvidenceLine> ev = new ArrayList<>();
        for (LogFact<NcclTransport> t : intra.subList(0, Math.min(LogSummary.LINES, intra.size()))) ev.add(t.quote());
        if (envExplains) ev.add(envAt.quote());
        ev.add(topoLine);
        out.addListed(TransportAnalyzer.HOSTS, h.name, job.where(), CODE, sev, Subject.JOB,
                TransportAnalyzer.detail(key, args.toArray()), ev, "env", env);
        return true;
    }

    /**
     * {@return the pairs the connections join, as a detail lists them: GPU pairs when the log prints device indexes
     * (2.19+), so that every node of a job with the same pattern reads the same; global rank pairs otherwise}
     */
    private static String pairs(List<LogFact<NcclTransport>> intra) {
        Set<String> pairs = new LinkedHashSet<>();
        for (LogFact<NcclTransport> t : intra) {
            NcclTransport v = t.value();
            if (v.fromDev() != null && v.toDev() != null) {
                pairs.add("GPU" + Math.min(v.fromDev(), v.toDev()) + "<->GPU" + Math.max(v.fromDev(), v.toDev()));
            } else {
                pairs.add("rank " + Math.min(v.fromRank(), v.toRank()) + "<->rank " + Math.max(v.fromRank(), v.toRank()));
            }
        }
        return Names.upTo(new ArrayList<>(pairs), 6);
    }

    /** {@return the paths the connections take ({@code SHM/direct/direct}), the first two} */
    private static String vias(List<LogFact<NcclTransport>> intra) {
        Set<String> vias = new LinkedHashSet<>();
        for (LogFact<NcclTransport> t : intra) vias.add(t.value().via());
        return Names.upTo(new ArrayList<>(vias), 2);
    }
}
