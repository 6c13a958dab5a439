package io.ncclscope.sdk.diagnose.links;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.internal.FindingCollector;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;

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
 * <p>Stateless and thread-safe; linear in the size of the evidence.
 */
public final class LinkHealthAnalyzer implements Analyzer {

    @Override
    public String name() {
        return "links";
    }

    @Override
    public List<Finding> analyze(Evidence evidence) {
        Ctx ctx = new Ctx(evidence);
        FindingCollector sink = new FindingCollector();
        new PcieCheck().run(evidence, sink);
        new NvlinkCheck().run(evidence, sink);
        new IbCheck(ctx).run(evidence, sink);
        new EthCheck(ctx).run(evidence, sink);
        new CounterCheck().run(evidence, sink);
        new XidCheck().run(evidence, sink);
        return sink.findings();
    }
}
