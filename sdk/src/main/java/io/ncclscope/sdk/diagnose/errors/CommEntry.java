package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclRank;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.List;

/**
 * One communicator entry as the pass keeps it: the init line's fields (not the parser's record: the pass keeps them
 * for every node until its end, and the record holds fields no check reads), where the line is (its log's
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

    /** {@return the init line quoted from its log, or rebuilt as the parser's record prints it when the text is gone} */
    EvidenceLine quote() {
        return artifact.quote(line, new NcclRank(host, pid, rank, nranks, cudaDev, null, busId, busIdRaw, comm, commId,
                null, null, null, null, false, line).asPrinted());
    }
}
