package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The three bandwidth segments and curve health: every nccl-tests table and perftest run is placed in its
 * segment, its plateau held against what the hardware found should give ({@link HardwareModel}), and its
 * curve checked for dips, in-place disagreement, latency spikes and wrong results. Stateless, thread-safe.
 */
public final class BandwidthAnalyzer implements Analyzer {

    @Override
    public String name() {
        return "bandwidth";
    }

    /** Whole evidence goes through the same pass as streamed slices: one code path. */
    @Override
    public List<Finding> analyze(Evidence evidence) {
        return pass().run(evidence);
    }

    /**
     * {@return a pass keeping, per node, a small hardware summary (GPU model, NVLink count, active IB ports, fastest
     * Ethernet link), the findings of curve checks and, per nccl-tests table, a slim copy of the rows its plateau
     * comes from} Tables are judged at {@code finish}: a table may name hosts whose hardware comes in another slice.
     */
    @Override
    public Pass pass() {
        return new Pass() {
            private final Judge.Fold fold = new Judge.Fold(Judge.Fold.Keep.FINDINGS);

            @Override
            public void add(Evidence slice) {
                fold.add(java.util.Objects.requireNonNull(slice, "slice"));
            }

            @Override
            public List<Finding> finish() {
                List<Finding> out = new ArrayList<>();
                for (Judge.Judged j : fold.finish()) out.addAll(j.findings());
                return groupSingleRankRuns(out);
            }
        };
    }

    /**
     * Single-rank runs are context, not problems: several of them on one node become one INFO finding
     * naming the tests, so a bundle of many such tables does not bury the real findings.
     */
    static List<Finding> groupSingleRankRuns(List<Finding> findings) {
        Map<String, List<Finding>> singles = new LinkedHashMap<>();
        for (Finding f : findings) {
            if (f.code().equals("SINGLE_RANK_RUN")) {
                singles.computeIfAbsent(String.valueOf(f.subject().node()), k -> new ArrayList<>()).add(f);
            }
        }
        List<Finding> out = new ArrayList<>();
        Set<String> emitted = new HashSet<>();
        for (Finding f : findings) {
            if (!f.code().equals("SINGLE_RANK_RUN")) {
                out.add(f);
                continue;
            }
            String node = String.valueOf(f.subject().node());
            List<Finding> group = singles.get(node);
            if (group.size() == 1) {
                out.add(f);
            } else if (emitted.add(node)) {
                List<String> tests = new ArrayList<>();
                List<EvidenceLine> ev = new ArrayList<>();
                for (Finding g : group) {
                    String t = g.detail().args().get("test");
                    if (t != null && !tests.contains(t)) tests.add(t);
                    if (!g.evidence().isEmpty()) ev.add(g.evidence().get(0));
                }
                out.add(new Finding("SINGLE_RANK_RUN", FindingSeverity.INFO, f.subject(),
                        Message.of(BandwidthAnalyzer.class, "single.many", "count", group.size(), "tests", String.join(", ", tests)),
                        ev, f.params()));
            }
        }
        return out;
    }
}
