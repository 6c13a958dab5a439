package io.ncclscope.sdk.compare;

import io.ncclscope.parsers.nccl.IbDevice;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Says which nccl-tests runs to make next, in the seed's order (推荐的测试套路): one node first (is the node itself
 * fine?), then two nodes with the fewest variables, the A/B switches there (default, then {@code NCCL_IB_DISABLE=1}),
 * then scale out node by node. Every command carries {@code NCCL_DEBUG=INFO} so the next evidence shows the network
 * and transports NCCL chose. Runs already present in the evidence are not asked for again.
 */
public final class AbPlanner {

    private static final String TEST = "all_reduce_perf -b 8 -e 8G -f 2";

    private AbPlanner() {
    }

    /**
     * {@return the next runs for an evidence set (one side or a whole bundle)}
     *
     * @param evidence one side or a whole bundle
     */
    public static List<PlannedRun> plan(Evidence evidence) {
        return plan(List.of(evidence), null);
    }

    /**
     * {@return the next runs, given every evidence set read and, when one was made, the A/B comparison}
     *
     * @param sets       every evidence set read
     * @param comparison the A/B comparison; null when none was made
     */
    public static List<PlannedRun> plan(List<Evidence> sets, Comparison comparison) {
        List<Run> runs = new ArrayList<>();
        List<String> hcas = new ArrayList<>();
        for (Evidence e : sets) {
            runs.addAll(Comparison.runs(e));
            for (Evidence.Item<NcclLog> it : e.all(NcclLog.class)) {
                for (IbDevice d : it.data().ibDevices()) if (d.device() != null && !hcas.contains(d.device())) hcas.add(d.device());
            }
        }
        int gpn = 8;
        boolean single = false;
        boolean two = false;
        boolean twoIbOff = false;
        int maxNodes = 0;
        List<String> hosts = new ArrayList<>();
        for (Run r : runs) {
            if (!r.judgeable()) continue;
            Integer n = r.nodes();
            if (r.gpusPerNode() != null) gpn = r.gpusPerNode();
            else if (n == null && r.ranks() != null) gpn = r.ranks();
            if (n == null) n = 1;
            maxNodes = Math.max(maxNodes, n);
            if (n == 1) single = true;
            if (n == 2) {
                Map<String, Setting> s = Switches.read(null, null, List.of(r));
                if ("1".equals(Switches.effective(s, "NCCL_IB_DISABLE"))) twoIbOff = true;
                else two = true;
                if (hosts.isEmpty()) hosts.addAll(r.data().hosts());
            }
        }
        if (comparison != null) {
            for (Side s : List.of(comparison.a(), comparison.b())) {
                if (s.nodes() != null && s.nodes() == 2 && "1".equals(Switches.effective(s.settings(), "NCCL_IB_DISABLE"))) {
                    twoIbOff = true;
                }
            }
        }
        String h = hosts.size() >= 2 ? hosts.get(0) + ":" + gpn + "," + hosts.get(1) + ":" + gpn : "nodeA:" + gpn + ",nodeB:" + gpn;
        String two0 = "mpirun -np " + (2 * gpn) + " -H " + h + " -x NCCL_DEBUG=INFO";
        List<PlannedRun> out = new ArrayList<>();
        if (!single) {
            add(out, "single-node", "plan.singleNode", "NCCL_DEBUG=INFO " + TEST + " -g " + gpn, "gpus", gpn);
        }
        if (!two) {
            add(out, "two-node", "plan.twoNode", two0 + " " + TEST + " -g 1", "gpus", gpn);
        }
        if (!twoIbOff) {
            add(out, "ab", "plan.ibOff", two0 + " -x NCCL_IB_DISABLE=1 " + TEST + " -g 1", "gpus", gpn);
        }
        Comparison.Reading reading = comparison == null ? null : comparison.reading();
        if (reading == Comparison.Reading.RDMA_SUSPECT) {
            List<String> list = hcas.isEmpty() ? List.of("<one HCA from ibstat>") : hcas;
            for (String hca : list.subList(0, Math.min(list.size(), 8))) {
                add(out, "follow-up", "plan.hcaSubset", two0 + " -x NCCL_IB_HCA==" + hca + " " + TEST + " -g 1", "hca", hca);
            }
            add(out, "follow-up", "plan.gdrOff", two0 + " -x NCCL_NET_GDR_LEVEL=LOC " + TEST + " -g 1");
        } else if (reading == Comparison.Reading.CONGESTION_SUSPECT) {
            add(out, "follow-up", "plan.repeat", "for i in 1 2 3; do " + two0 + " " + TEST + " -g 1; done");
        }
        if (maxNodes >= 1 && (single || two)) {
            Set<Integer> next = new LinkedHashSet<>();
            for (int n : new int[] {3, 4, 8, 16}) if (n > Math.max(2, maxNodes)) next.add(n);
            int k = 0;
            for (int n : next) {
                if (k++ == 2) break;
                add(out, "scale-out", "plan.scaleOut", "mpirun -np " + (n * gpn) + " -N " + gpn
                        + " --hostfile hosts.txt -x NCCL_DEBUG=INFO " + TEST + " -g 1", "nodes", n);
            }
        }
        return out;
    }

    private static void add(List<PlannedRun> out, String stage, String key, String command, Object... args) {
        out.add(new PlannedRun(out.size() + 1, stage, Message.of(AbPlanner.class, key, args), command));
    }
}
