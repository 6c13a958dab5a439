package io.ncclscope.sdk.bandwidth;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.tests.NcclTestsDevice;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * RANK_MAPPING_INCONSISTENT from an nccl-tests device list: one rank number listed on two hosts before any result row.
 * nccl-tests built without {@code MPI=1} and started by {@code mpirun -np N} runs N independent single-node tests, each
 * printing its own header and ranks from 0, their tables interleaved (corpus-more nccl-tests/nccl-tests-182-1: Rank 0/1
 * on testgpu1 and on testgpu2, two "Avg bus bandwidth" lines). Nothing crossed the network, so the figures say nothing
 * about it. Two runs pasted one after the other list their second devices after the first run's rows: not this.
 */
final class RepeatedRanks {

    private RepeatedRanks() {
    }

    /** Adds the finding to {@code out} when a rank of {@code t}'s device list sits on two hosts. */
    static void check(Artifact a, NcclTestsData t, List<Finding> out) {
        int firstRow = Integer.MAX_VALUE;
        for (NcclTestsRow r : t.rows()) firstRow = Math.min(firstRow, r.line());
        Map<Integer, NcclTestsDevice> firstOfRank = new LinkedHashMap<>();
        List<NcclTestsDevice> repeated = new ArrayList<>();
        TreeSet<String> hosts = new TreeSet<>();
        for (NcclTestsDevice d : t.devices()) {
            if (d.host() == null || d.line() > firstRow) continue;
            NcclTestsDevice first = firstOfRank.putIfAbsent(d.rank(), d);
            if (first != null && !first.host().equals(d.host())) {
                if (repeated.isEmpty()) repeated.add(first);
                repeated.add(d);
                hosts.add(first.host());
                hosts.add(d.host());
            }
        }
        if (repeated.isEmpty()) return;
        List<EvidenceLine> ev = new ArrayList<>();
        for (NcclTestsDevice d : repeated) {
            if (ev.size() < 6) ev.add(a.quote(d.line()));
        }
        NcclTestsDevice d = repeated.get(1);
        out.add(new Finding("RANK_MAPPING_INCONSISTENT", FindingSeverity.ERROR, Subject.JOB,
                Message.of(BandwidthAnalyzer.class, "ranks.repeated", "rank", d.rank(), "hosts", String.join(", ", hosts)),
                ev, Map.of("hosts", String.join(",", hosts))));
    }
}
