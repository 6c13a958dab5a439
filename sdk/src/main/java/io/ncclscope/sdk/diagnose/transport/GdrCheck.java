package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.parsers.nccl.EnvSetting;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclEvent;
import io.ncclscope.parsers.nccl.NcclTransport;
import io.ncclscope.parsers.nccl.TransportTerms;
import io.ncclscope.parsers.topo.PathType;
import io.ncclscope.parsers.topo.TopoNic;
import io.ncclscope.parsers.topo.TopoPath;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.Names;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * {@code GDR_NOT_USED}: are a host's network transfers staged through host memory? Read from its receive connections
 * without {@code /GDRDMA} (judged against the GPU/NIC path of {@code nvidia-smi topo -m} and
 * {@code NCCL_NET_GDR_LEVEL}), else from NCCL's own "GPU Direct RDMA Disabled" lines, else from a
 * {@code NCCL_NET_GDR_LEVEL} that turns GDR off everywhere.
 */
final class GdrCheck {

    static final String CODE = "GDR_NOT_USED";

    private static final int LINES = LogSummary.LINES;

    private GdrCheck() {
    }

    static void check(TransportJob job, ClusterHardware hw, MergedFindings out) {
        LogFact<EnvSetting> levelAt = job.env.get("NCCL_NET_GDR_LEVEL");
        String level = job.env("NCCL_NET_GDR_LEVEL");
        PathType reach = TransportTerms.pathLevel(level).orElse(null);
        boolean any = false;
        boolean rdma = false; // an IB device or network on any host, for a level that keeps GDR off everywhere
        for (HostFacts h : job.hosts()) {
            rdma |= !h.ibDevices.isEmpty() || h.networks.stream().anyMatch(n -> TransportTerms.isRdma(n.value().name()));
            // The receive side decides. For sends (GPU reads) NCCL uses GDR by default only on Ampere and later or on
            // GPUs with NVLink peers (NCCL_NET_GDR_READ, src/graph/paths.cc ncclTopoCheckGdr; 2.4 needed NVLink), so a
            // send line without /GDRDMA can be normal. NCCL 2.3 prints only the receive side, without "[receive]"
            // (src/transport/net.cu: "Ring %02d : %d -> %d via NET/%s/%d%s%s", /GDRDMA when the NIC takes CUDA pointers).
            if (h.connections().receives()) {
                any = true;
                if (!h.connections().without.isEmpty()) receive(job, hw, h, levelAt, reach, out);
                continue;
            }
            any |= verdicts(job, h, out);
        }
        // NCCL_NET_GDR_LEVEL=LOC turns GDR off everywhere; say so when no channel line showed it.
        if (!any && TransportJob.levelKeepsOff(reach, null) && rdma) {
            boolean single = job.span == TransportJob.Span.SINGLE_NODE;
            String env = "NCCL_NET_GDR_LEVEL=" + level;
            out.addListed(TransportAnalyzer.HOSTS, null, null, CODE, single ? FindingSeverity.INFO : FindingSeverity.WARNING,
                    Subject.JOB.withNode(job.onlyHost()),
                    TransportAnalyzer.detail(single ? "gdr.env.single" : "gdr.env", "hosts", job.where(), "env", env),
                    List.of(levelAt.quote()), "env", env, "node", job.onlyHost());
        }
    }

    /** Receive connections without GDRDMA on host {@code h}, judged by the GPU/NIC path and NCCL_NET_GDR_LEVEL. */
    private static void receive(TransportJob job, ClusterHardware hw, HostFacts h, LogFact<EnvSetting> levelAt, PathType reach,
                                MergedFindings out) {
        HostConnections c = h.connections();
        LogFact<NcclTransport> t = c.without.get(0);
        LogFact<IbDevice> dev = job.ibDevice(h, TransportTerms.netDevice(t.value().via()));
        String hca = dev == null ? null : dev.value().device();
        Integer gpu = t.value().toDev() != null ? t.value().toDev() : job.gpuOf(t.value().toRank());
        ClusterHardware.TopologyRecord topo = hw.topology(h.name, job.alone());
        TopoPath path = null;
        EvidenceLine topoLine = null;
        if (topo != null && gpu != null && hca != null) {
            TopoNic nic = topo.data().nic(hca).orElse(null);
            if (nic != null && topo.hasMatrix()) {
                path = topo.path("GPU" + gpu, nic.name());
                topoLine = topo.gpuLine("GPU" + gpu);
            }
        }
        boolean onPath = path != null && path.type().isPath();
        int near = (reach != null ? reach : TransportTerms.DEFAULT_LEVEL).rank();
        String key;
        if (TransportJob.levelKeepsOff(reach, path)) key = "gdr.recv.env";
        else if (onPath && path.type().rank() <= near) key = "gdr.recv.near";
        else if (onPath) key = "gdr.recv.far";
        else if (c.withGdr != null) key = "gdr.recv.partial";
        else key = "gdr.recv";
        FindingSeverity sev = key.equals("gdr.recv.far") ? FindingSeverity.INFO : FindingSeverity.WARNING;
        String env = key.equals("gdr.recv.env") ? "NCCL_NET_GDR_LEVEL=" + job.env("NCCL_NET_GDR_LEVEL") : null;
        List<Object> args = new ArrayList<>(Arrays.asList("vias", Names.upTo(c.withoutVias, 3), "without", c.withoutCount,
                "total", c.recvCount));
        if (hca != null) Collections.addAll(args, "hca", hca);
        if (gpu != null && path != null) Collections.addAll(args, "gpu", "GPU" + gpu, "path", path.word());
        if (env != null) Collections.addAll(args, "env", env);
        List<EvidenceLine> ev = new ArrayList<>();
        for (LogFact<NcclTransport> w : c.without.subList(0, Math.min(LINES, c.without.size()))) ev.add(w.quote());
        if (c.withGdr != null) ev.add(c.withGdr.quote());
        if (dev != null) ev.add(dev.quote());
        ev.add(topoLine);
        if (levelAt != null && env != null) ev.add(levelAt.quote());
        out.addListed(TransportAnalyzer.HOSTS, h.name, job.where(), CODE, sev, Subject.JOB.withDevice(hca),
                TransportAnalyzer.detail(key, args.toArray()), ev, "hca", hca, "env", env);
    }

    /**
     * No channel lines: NCCL's own verdict per HCA. "NET/IB : GPU Direct RDMA Disabled for HCA 0 'mlx5_0'" means the
     * HCA cannot register GPU memory (no peermem, no DMA-BUF; corpus nccl-1537-1.txt); the 2.4 form with
     * "(distance 4 >= 2)" is NCCL keeping GDR off for a far NIC, a topology matter. True when it made a finding.
     */
    private static boolean verdicts(TransportJob job, HostFacts h, MergedFindings out) {
        List<String> hcas = new ArrayList<>();
        List<EvidenceLine> lines = new ArrayList<>();
        List<EvidenceLine> far = new ArrayList<>();
        for (LogFact<NcclEvent> e : h.events) {
            if (e.value().kind() != EventKind.GDR_DISABLED) continue;
            String m = e.value().message() == null ? "" : e.value().message();
            EvidenceLine l = e.quote();
            if (TransportTerms.isGdrDistance(m)) {
                if (far.size() < LINES) far.add(l);
                continue;
            }
            String name = TransportTerms.gdrHca(m).orElse(null);
            if (name != null && !hcas.contains(name)) hcas.add(name);
            if (lines.size() < LINES) lines.add(l);
        }
        if (!lines.isEmpty()) {
            boolean single = job.span == TransportJob.Span.SINGLE_NODE;
            String hl = String.join(", ", hcas);
            if (!h.networks.isEmpty()) lines.add(h.networks.get(0).quote());
            out.addListed(TransportAnalyzer.HOSTS, h.name, job.where(), CODE, single ? FindingSeverity.INFO : FindingSeverity.WARNING,
                    Subject.JOB.withDevice(hcas.size() == 1 ? hcas.get(0) : null),
                    TransportAnalyzer.detail(single ? "gdr.nic.single" : "gdr.nic", "hcas", hl.isEmpty() ? "?" : hl), lines,
                    "hca", String.join(",", hcas));
            return true;
        }
        if (!far.isEmpty()) {
            out.addListed(TransportAnalyzer.HOSTS, h.name, job.where(), CODE, FindingSeverity.INFO, Subject.JOB,
                    TransportAnalyzer.detail("gdr.distance"), far);
            return true;
        }
        return false;
    }
}
