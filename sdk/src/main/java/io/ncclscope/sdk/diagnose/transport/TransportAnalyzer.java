package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.SliceSummaries;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Which network, interfaces and HCAs NCCL picked on each host, and whether that choice is wrong: TCP where RDMA
 * exists ({@link SocketFallbackCheck}), IB switched off by the environment ({@link IbDisabledByEnvCheck}), a
 * loopback, link-local, container or management interface ({@link SocketInterfaceCheck}), nodes bootstrapping on
 * different subnets ({@link SubnetCheck}), network transfers staged through host memory ({@link GdrCheck}) and GPU
 * pairs of one node talking through host memory ({@link P2pCheck}).
 *
 * <p>Reads NCCL debug logs (also the NCCL lines inside nccl-tests output) and, for the same nodes, {@code ibstat},
 * {@code ip addr} / {@code ibdev2netdev} and {@code nvidia-smi topo -m}. Severity follows what the job loses: a
 * single-node run does not use the network, so a network choice there is context (INFO) at most.
 */
public final class TransportAnalyzer implements Analyzer.Streamed {

    /**
     * How a detail names the hosts of a statement made on several ({@code NCCL on ${hosts}}): the same statement from
     * every node of a job on loopback, or from one log per node of a bundle, is one finding listing the hosts, with
     * up to three lines more of each further host or log; the roles of an interface ({@code uses}) are merged.
     */
    static final MergedFindings.NodeListing HOSTS =
            new MergedFindings.NodeListing("hosts", TransportJob.HOSTS_SHOWN, 3, "uses");

    @Override
    public String name() {
        return "transport";
    }

    /**
     * {@return a pass that keeps a {@link NodeSummary} per slice and checks every job at finish} Jobs join logs of many
     * nodes (one communicator written per node) and judge each host's choice against that host's hardware, and
     * findings alike on many hosts merge into one, so every check runs across nodes at finish and no finding is
     * settled before.
     */
    @Override
    public Pass pass() {
        return new Pass.Summarizing() {
            private final SliceSummaries<NodeSummary> slices = new SliceSummaries<>();

            @Override
            public SliceSummary summarize(Evidence slice) {
                NodeSummary own = NodeSummary.of(Objects.requireNonNull(slice, "slice"));
                return () -> slices.put(slice.sliceNode(), own);
            }

            @Override
            public List<Finding> finish() {
                // Whole-evidence order, so that the findings do not depend on the order slices came in.
                List<LogSummary> logs = new ArrayList<>();
                List<Artifact> hardware = new ArrayList<>();
                List<String> nodes = new ArrayList<>();
                for (NodeSummary s : slices.inOrder()) {
                    logs.addAll(s.logs());
                    hardware.addAll(s.hardware());
                    nodes.addAll(s.nodes());
                }
                return check(logs, new ClusterHardware(hardware, nodes));
            }
        };
    }

    /** The checks of every job, in the order their findings are filed. */
    private static List<Finding> check(List<LogSummary> logs, ClusterHardware hw) {
        MergedFindings d = new MergedFindings();
        for (List<LogSummary> g : TransportJob.byCommunicator(logs, s -> s.commIds)) {
            TransportJob job = new TransportJob(g);
            IbDisabledByEnvCheck.check(job, hw, d);
            SocketFallbackCheck.check(job, hw, d);
            SocketInterfaceCheck.check(job, hw, d);
            SubnetCheck.check(job, hw, d);
            GdrCheck.check(job, hw, d);
            P2pCheck.check(job, hw, d);
        }
        return d.findings();
    }

    /** {@return the detail {@code key} of this package's messages, with alternating argument names and values} */
    static Message detail(String key, Object... nameValues) {
        return Message.of(TransportAnalyzer.class, key, nameValues);
    }
}
