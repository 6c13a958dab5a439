package io.ncclscope.sdk.diagnose.links;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.RecordedFindings;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;
import java.util.Objects;

/**
 * Link health on each node and across nodes, from the hardware tools' outputs: PCIe links, NVLinks, RDMA ports,
 * Ethernet links and counters, interfaces and MTUs, and the kernel log (Xid, mlx5 port events, PCIe bandwidth lines).
 * Facts from several tools about one link make one finding; artifacts with no node count as one unnamed node.
 * Stateless and thread-safe (each {@link #pass()} is not); linear in the size of the evidence.
 */
public final class LinkHealthAnalyzer implements Analyzer.Streamed {

    @Override
    public String name() {
        return "links";
    }

    /**
     * {@return a pass that checks each node as its slice comes in (findings kept with their lines quoted) and keeps,
     * for the comparisons across nodes at finish, a few facts per link} Findings come out in the order of the whole
     * evidence's slices ({@link RecordedFindings}), whatever the order slices came in.
     */
    @Override
    public Pass pass() {
        return new LinkPass();
    }

    /** {@return the sentence of detail {@code key} of this analyzer's texts, with alternating names and values} */
    static Message message(String key, Object... nameValues) {
        return Message.of(LinkHealthAnalyzer.class, key, nameValues);
    }

    /** The phases of the checks of one node, in the order the whole evidence is checked in. */
    private static final int LSPCI = 0, NVSMI = 1, KERNEL = 2, IB_DOWN = 3, ROCE_MTU = 4, IBDEV = 5, FLAPS = 6, IP = 7,
            ETHTOOL = 8, SPEEDS = 9, BONDS = 10, SIBLINGS = 11, COUNTERS = 12, XID = 13, PHASES = 14;

    /** The link-health pass: per-node checks in add, checks across nodes at finish between them. */
    private static final class LinkPass implements Pass.Summarizing {
        private final RecordedFindings recorded = new RecordedFindings(PHASES);
        private final PcieCheck pcie = new PcieCheck();
        private final NvlinkCheck nvlink = new NvlinkCheck();
        private final IbCheck ib = new IbCheck();
        private final EthCheck eth = new EthCheck();

        /**
         * {@inheritDoc} Apart: the node's ports, and the checks of one node alone (counters, Xids), each recording
         * into phases of its own; the fold runs the checks that compare nodes, in order.
         */
        @Override
        public SliceSummary summarize(Evidence slice) {
            RecordedFindings.SliceRecord s = recorded.slice(Objects.requireNonNull(slice, "slice"));
            NodePorts ports = new NodePorts(slice);
            CounterCheck.run(ports, s.into(COUNTERS));
            new XidCheck().run(slice, s.into(XID));
            return () -> {
                pcie.add(slice, s.into(LSPCI), s.into(NVSMI), s.into(KERNEL));
                nvlink.add(slice);
                ib.add(slice, ports, s.into(IB_DOWN), s.into(ROCE_MTU), s.into(IBDEV), s.into(FLAPS));
                eth.add(slice, ports, s, IP, ETHTOOL, SPEEDS, BONDS, SIBLINGS);
                recorded.keep(s);
            };
        }

        @Override
        public List<Finding> finish() {
            MergedFindings out = new MergedFindings();
            recorded.replay(LSPCI, KERNEL, out);
            pcie.idleSummary(out);
            nvlink.finish(out);
            recorded.replay(IB_DOWN, IB_DOWN, out);
            ib.rates(out);
            ib.activeMtu(out);
            recorded.replay(ROCE_MTU, ETHTOOL, out);
            eth.peers();
            recorded.replay(SPEEDS, SPEEDS, out);
            eth.mtuAcrossNodes(out);
            recorded.replay(BONDS, XID, out);
            return out.findings();
        }
    }
}
