package io.ncclscope.sdk.report;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.bandwidth.Segments;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.FinalReport.Unproven;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.Category;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Segment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What remains unproven: suspicions the evidence does not prove (findings of warning severity), and the steps of the
 * five-step method whose evidence is missing, each with the commands that would produce it.
 *
 * <p>Interim: derived here from the evidence and the diagnosis until the workflow package lands; then the missing
 * steps come from its {@code Workflow} value and this class keeps only the suspicions.
 */
final class Unknowns {

    /** Most check commands listed for one suspicion. */
    static final int MAX_COMMANDS = 3;

    private Unknowns() {
    }

    static List<Unproven> of(Evidence evidence, Diagnosis diagnosis, List<LocalizedFinding> chain, Locale l) {
        List<Unproven> out = new ArrayList<>();
        // Step 1: the minimal facts.
        List<String> missing = new ArrayList<>();
        List<String> commands = new ArrayList<>();
        if (evidence.ofKind(Kind.TOPO).isEmpty() && evidence.ofKind(Kind.NCCL_TOPO_XML).isEmpty()) {
            missing.add("nvidia-smi topo -m");
            commands.add("nvidia-smi topo -m");
        }
        if (evidence.ofKind(Kind.IBSTAT).isEmpty() && evidence.ofKind(Kind.ETHTOOL).isEmpty()) {
            missing.add("ibstat / ethtool");
            commands.add("ibstat");
            commands.add("ethtool <iface>");
        }
        if (evidence.ofKind(Kind.NCCL_LOG).isEmpty()) {
            missing.add("NCCL_DEBUG=INFO");
            commands.add("NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET <the job's command> 2>&1 | tee job.log");
        }
        if (!missing.isEmpty() && !evidence.artifacts().isEmpty()) {
            out.add(gap(1, l, Texts.t(l, "unproven.facts", "missing", String.join(", ", missing)), commands));
        }
        List<SegmentVerdict> segments = Segments.of(evidence);
        boolean slowBetweenNodes = segments.stream().anyMatch(v -> SegmentVerdict.SLOW.equals(v.verdict())
                && v.segment() != Segment.INTRA_NODE);
        boolean rdmaError = has(diagnosis, "NCCL_SYSTEM_ERROR", "IB_COMPLETION_ERROR", "IB_SETUP_FAILED",
                "NCCL_REMOTE_ERROR");
        // Step 3: the A/B switch places the fault in IB, RoCE or TCP.
        if ((slowBetweenNodes || rdmaError) && !has(diagnosis, "AB_RDMA_SUSPECT", "AB_CONGESTION_SUSPECT")) {
            out.add(gap(3, l, Texts.t(l, "unproven.ab"), List.of(
                    "mpirun -x NCCL_DEBUG=INFO all_reduce_perf -b 8 -e 8G -f 2 -g 1 > default/all_reduce.txt",
                    "mpirun -x NCCL_IB_DISABLE=1 all_reduce_perf -b 8 -e 8G -f 2 -g 1 > ib-disable/all_reduce.txt",
                    "ncclscope compare default/ ib-disable/")));
        }
        // Step 4: name the bad node.
        int hosts = evidence.all(NcclTestsData.class).stream().mapToInt(it -> it.data().hosts().size()).max().orElse(0);
        if (slowBetweenNodes && hosts > 2 && !has(diagnosis, "SLOW_NODE", "SLOW_PAIR")) {
            out.add(gap(4, l, Texts.t(l, "unproven.node", "hosts", hosts), List.of(
                    "ncclscope plan pairs --launcher slurm --gpus-per-node 8 '<nodes>'",
                    "ncclscope localize <results>/")));
        }
        // Suspicions: warnings are what the evidence alone does not prove.
        for (LocalizedFinding f : chain) {
            if (f.severity() != FindingSeverity.WARNING) continue;
            List<String> checks = new ArrayList<>();
            for (int i = 0; i < f.actions().size() && checks.size() < MAX_COMMANDS; i++) {
                Action a = f.actions().get(i);
                if (a.hasCommand() && FixArea.of(f.code(), i + 1).kind() == FixArea.Kind.CHECK) checks.add(a.command());
            }
            String subject = f.subject().label().isEmpty() ? "" : " (" + f.subject().label() + ")";
            out.add(gap(step(f.code()), l, Texts.t(l, "unproven.suspected", "title", f.title(), "subject", subject,
                    "detail", f.detail()), checks));
        }
        out.sort(java.util.Comparator.comparingInt(Unproven::step));
        return out;
    }

    private static Unproven gap(int step, Locale l, String statement, List<String> commands) {
        return new Unproven(step, Texts.t(l, "step." + step), statement, commands);
    }

    private static boolean has(Diagnosis d, String... codes) {
        for (String c : codes) {
            if (!d.withCode(c).isEmpty()) return true;
        }
        return false;
    }

    /** The step of the method a finding's proof belongs to. */
    static int step(String code) {
        if (code.startsWith("AB_")) return 3;
        Category c = Conclusions.category(code);
        return switch (c) {
            case ERROR, TRANSPORT -> 2;
            case TOPOLOGY, BANDWIDTH -> 4;
        };
    }
}
