package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.List;

/**
 * One communicator entry as the pass keeps it: the init line's fields, where the line is (its log's
 * {@linkplain Artifact#stub() stub}: quoted only when a finding shows it), and whether its log lets ranks share a GPU
 * ({@link NcclLog#multiRankGpuEnabled}, or {@code NCCL_HOSTID} set: NCCL's own duplicate check then decides).
 */
record CommEntry(Artifact artifact, int line, String host, Long pid, int rank, Integer nranks, Integer cudaDev, String busId,
              String busIdRaw, String comm, String commId, boolean multiRankAllowed) {

    /** {@return a log's communicator entries that name a communicator} */
    static List<CommEntry> of(Artifact a, NcclLog log) {
        List<CommEntry> out = new ArrayList<>();
        // With NCCL_HOSTID set, NCCL tells hosts apart by it, not by the host name the lines print: two ranks on one GPU
        // of one host name may be two hosts to NCCL, which then reports a real duplicate with its own WARN (our capture
        // h100-peer-lost/torchrun-rank1-killed.log: NCCL ran both).
        boolean multi = log.multiRankGpuEnabled() || log.environment().containsKey("NCCL_HOSTID");
        for (NcclRank r : log.ranks()) {
            if (r.commId() == null) continue;
            out.add(new CommEntry(a.stub(), r.line(), r.host(), r.pid(), r.rank(), r.nranks(), r.cudaDev(),
                    r.busId(), r.busIdRaw(), r.comm(), r.commId(), multi));
        }
        return out;
    }

    /** {@return the init line quoted from its log, or rebuilt from its fields when the log's text was not kept} */
    EvidenceLine quote() {
        return artifact.quote(line, initText());
    }

    private String initText() {
        StringBuilder sb = new StringBuilder();
        if (host != null) sb.append(host).append(':').append(pid).append(' ');
        sb.append("NCCL INFO comm ").append(comm == null ? "?" : comm).append(" rank ").append(rank);
        if (nranks != null) sb.append(" nranks ").append(nranks);
        if (cudaDev != null) sb.append(" cudaDev ").append(cudaDev);
        if (busIdRaw != null) sb.append(" busId ").append(busIdRaw);
        if (commId != null) sb.append(" commId ").append(commId);
        return sb.toString();
    }
}
