package io.ncclscope.sdk.diagnose.links;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.diagnose.internal.Thin;
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
     * {@return a pass that keeps each slice cut down to the hardware records these checks read ({@link Thin}) and
     * checks them at finish, in the order {@link Evidence#slices()} gives} Rates, speeds, MTUs and NVLink counts are
     * compared across nodes on those records, and findings quote artifacts lazily
     * ({@link io.ncclscope.sdk.diagnose.internal.Quote}); a node's NCCL logs and nccl-tests tables are let go as its
     * slice is read. Sorting the slices makes the findings independent of the order they came in.
     */
    @Override
    public Pass pass() {
        return Thin.pass(READ, a -> null, LinkHealthAnalyzer::check);
    }

    /** The data types the link checks read; the rest of a node is let go. */
    private static final java.util.Set<Class<?>> READ = java.util.Set.of(io.ncclscope.parsers.dmesg.DmesgData.class,
            io.ncclscope.parsers.ethtool.EthtoolData.class, io.ncclscope.parsers.gids.GidsData.class,
            io.ncclscope.parsers.ib.IbstatData.class, io.ncclscope.parsers.net.IpLinkData.class,
            io.ncclscope.parsers.pci.LspciTree.class, io.ncclscope.parsers.pci.LspciVerbose.class,
            io.ncclscope.parsers.nvsmi.NvidiaSmiData.class);

    private static List<Finding> check(Evidence evidence) {
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
