package io.ncclscope.sdk.diagnose.links;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.RecordedFindings;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;
import java.util.Objects;

/**
 * Link health on each node and across nodes, from the hardware tools' outputs: PCIe links ({@code lspci -vvv},
 * {@code nvidia-smi -q}), NVLinks ({@code nvidia-smi nvlink -s}), RDMA ports ({@code ibstat}, {@code ibstatus},
 * {@code ibv_devinfo}), Ethernet links and counters ({@code ethtool}, {@code ethtool -S}), interfaces and MTUs
 * ({@code ip link}, {@code ip addr}, {@code ibdev2netdev}, {@code show_gids}) and the kernel log (Xid, mlx5 port
 * events, PCIe bandwidth lines).
 *
 * <p>Codes: PCIE_LINK_DEGRADED, NVLINK_DEGRADED, IB_PORT_NOT_ACTIVE, IB_RATE_DEGRADED, ETH_LINK_DOWN,
 * ETH_SPEED_DEGRADED, MTU_MISMATCH, NIC_ERROR_COUNTERS, PFC_PAUSE_STORM, ROCE_TRAFFIC_NOT_LOSSLESS, GPU_XID.
 * Facts from several tools about one link make one finding. Comparisons across nodes (rates, speeds, MTUs,
 * NVLink counts) use every node in the evidence; artifacts with no node count as one unnamed node.
 *
 * <p>Stateless and thread-safe (each {@link #pass()} is not); linear in the size of the evidence.
 */
public final class LinkHealthAnalyzer implements Analyzer {

    @Override
    public String name() {
        return "links";
    }

    /** The same as feeding {@code evidence.slices()} to {@link #pass()}: one code path for whole and streamed. */
    @Override
    public List<Finding> analyze(Evidence evidence) {
        return pass().run(evidence);
    }

    /**
     * {@return a pass that checks each node as its slice comes in and keeps, for the checks across nodes, a few facts
     * per link} What one node shows alone (a narrow PCIe link, a port down, error counters, Xids) is found in
     * {@link Pass#add} and kept as findings, their lines quoted then; link rates, speeds, MTUs, NVLink counts and GPU
     * links at an idle speed are compared across nodes at finish on small records, whose artifacts stay as
     * {@link io.ncclscope.sdk.evidence.Artifact#stub() stubs} to quote the few that differ. Findings are handed out
     * in the order of the whole evidence's slices ({@link RecordedFindings}), so they do not depend on the order slices came in.
     */
    @Override
    public Pass pass() {
        return new LinkPass();
    }

    /** The phases of the checks of one node, in the order the whole evidence is checked in. */
    private static final int LSPCI = 0, NVSMI = 1, KERNEL = 2, IB_DOWN = 3, ROCE_MTU = 4, IBDEV = 5, FLAPS = 6, IP = 7,
            ETHTOOL = 8, SPEEDS = 9, BONDS = 10, SIBLINGS = 11, COUNTERS = 12, XID = 13, PHASES = 14;

    /** The link-health pass: per-node checks in add, checks across nodes at finish between them. */
    private static final class LinkPass implements Pass {
        private final RecordedFindings recorded = new RecordedFindings(PHASES);
        private final PcieCheck pcie = new PcieCheck();
        private final NvlinkCheck nvlink = new NvlinkCheck();
        private final IbCheck ib = new IbCheck();
        private final EthCheck eth = new EthCheck();

        @Override
        public void add(Evidence slice) {
            RecordedFindings.SliceRecord s = recorded.slice(Objects.requireNonNull(slice, "slice"));
            NodeNetworks networks = new NodeNetworks(slice);
            pcie.add(slice, s.into(LSPCI), s.into(NVSMI), s.into(KERNEL));
            nvlink.add(slice);
            ib.add(slice, networks, s.into(IB_DOWN), s.into(ROCE_MTU), s.into(IBDEV), s.into(FLAPS));
            eth.add(slice, networks, s, IP, ETHTOOL, SPEEDS, BONDS, SIBLINGS);
            new CounterCheck().run(slice, s.into(COUNTERS));
            new XidCheck().run(slice, s.into(XID));
            recorded.keep(s);
        }

        @Override
        public List<Finding> finish() {
            MergedFindings out = new MergedFindings();
            recorded.replay(LSPCI, out);
            recorded.replay(NVSMI, out);
            recorded.replay(KERNEL, out);
            pcie.idleSummary(out);
            nvlink.finish(out);
            recorded.replay(IB_DOWN, out);
            ib.rates(out);
            ib.activeMtu(out);
            recorded.replay(ROCE_MTU, out);
            recorded.replay(IBDEV, out);
            recorded.replay(FLAPS, out);
            recorded.replay(IP, out);
            recorded.replay(ETHTOOL, out);
            eth.peers();
            recorded.replay(SPEEDS, out);
            eth.mtuAcrossNodes(out);
            recorded.replay(BONDS, out);
            recorded.replay(SIBLINGS, out);
            recorded.replay(COUNTERS, out);
            recorded.replay(XID, out);
            return out.findings();
        }
    }
}
