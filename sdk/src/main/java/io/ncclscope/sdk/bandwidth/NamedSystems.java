package io.ncclscope.sdk.bandwidth;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The systems {@code ncclscope expect} knows by name: the GPU, GPUs per node and the compute NICs of common reference
 * designs and cloud instances, each with the public description it comes from (docs/expect.md lists them).
 */
public final class NamedSystems {

    private NamedSystems() {
    }

    /**
     * One named system.
     *
     * @param name     the name {@code expect} takes ({@code h100-sxm-8x400g})
     * @param gpu      the GPU's name, as the tools print it
     * @param gpus     GPUs per node
     * @param nics     compute NICs per node, as NCCL uses them
     * @param rateGbps each NIC's rate in Gb/s
     * @param what     the system in a few words
     * @param source   where its figures come from
     */
    public record NamedSystem(String name, String gpu, int gpus, int nics, double rateGbps, String what, String source) {

        /** {@return the node profile of the system} */
        public NodeProfile profile() {
            List<NodeProfile.Nic> list = new ArrayList<>();
            for (int i = 0; i < nics; i++) list.add(new NodeProfile.Nic("nic" + i, 1, rateGbps, null, true));
            return new NodeProfile(name, gpu, gpus, null, 0, null, null, null, list, List.of(), null, false,
                    List.of(what, "source: " + source));
        }
    }

    private static final List<NamedSystem> ALL = List.of(
            new NamedSystem("h100-sxm-8x400g", "NVIDIA H100 80GB HBM3", 8, 8, 400,
                    "8x H100 SXM5 (NVLink4, 18 links per GPU, NVSwitch), 8x 400 Gb/s NDR InfiniBand (ConnectX-7), one per GPU",
                    "NVIDIA DGX H100 / HGX H100 reference design (DGX H100 User Guide, hardware overview)"),
            new NamedSystem("h200-sxm", "NVIDIA H200", 8, 8, 400,
                    "8x H200 SXM (NVLink4, 18 links per GPU, NVSwitch), 8x 400 Gb/s NDR InfiniBand (ConnectX-7), one per GPU",
                    "NVIDIA DGX H200 / HGX H200 reference design (DGX H200 User Guide, hardware overview)"),
            new NamedSystem("a100-sxm-8x200g", "NVIDIA A100-SXM4-80GB", 8, 8, 200,
                    "8x A100 SXM4 (NVLink3, 12 links per GPU, NVSwitch), 8x 200 Gb/s HDR InfiniBand (ConnectX-6), one per GPU",
                    "NVIDIA DGX A100 reference design (DGX A100 User Guide, network ports)"),
            new NamedSystem("b200-8x400g", "NVIDIA B200", 8, 8, 400,
                    "8x B200 (NVLink5, 18 links per GPU, NVSwitch), 8x 400 Gb/s InfiniBand (ConnectX-7), one per GPU",
                    "NVIDIA DGX B200 reference design (DGX B200 User Guide, hardware overview)"),
            new NamedSystem("aws-p4de", "NVIDIA A100-SXM4-80GB", 8, 4, 100,
                    "AWS p4d/p4de.24xlarge: 8x A100 SXM4, 4x 100 Gb/s EFA (400 Gb/s in all)",
                    "AWS EC2 P4 instance page (400 Gbps EFA networking)"),
            new NamedSystem("aws-p5", "NVIDIA H100 80GB HBM3", 8, 8, 400,
                    "AWS p5.48xlarge: 8x H100 SXM5, 32x 100 Gb/s EFA; aws-ofi-nccl drives the four next to each GPU as one"
                            + " 400 Gb/s rail, so 8x 400 Gb/s",
                    "AWS EC2 P5 instance page (3200 Gbps EFA networking); aws-ofi-nccl README (multi-rail per GPU)"),
            new NamedSystem("gcp-a3mega", "NVIDIA H100 80GB HBM3", 8, 8, 200,
                    "GCP A3 Mega: 8x H100 SXM5, 8x 200 Gb/s GPU NICs with GPUDirect-TCPXO",
                    "Google Cloud GPU machine types (A3 Mega: 1,800 Gbps GPU-to-GPU networking)"),
            new NamedSystem("gcp-a3high", "NVIDIA H100 80GB HBM3", 8, 4, 200,
                    "GCP A3 High: 8x H100 SXM5, 4x 200 Gb/s GPU NICs with GPUDirect-TCPX",
                    "Google Cloud GPU machine types (A3 High: 1,000 Gbps networking, GPUDirect-TCPX)"),
            new NamedSystem("oci-bm-gpu4.8", "NVIDIA A100-SXM4-40GB", 8, 8, 200,
                    "OCI BM.GPU4.8: 8x A100 SXM4, 16x 100 Gb/s RoCE ports, two per GPU: 8x 200 Gb/s",
                    "Oracle Cloud compute shapes (BM.GPU4.8: 1,600 Gbps RDMA cluster network)"),
            new NamedSystem("gh200-slingshot", "NVIDIA GH200 120GB", 4, 4, 200,
                    "CSCS Alps node: 4x GH200, 4x 200 Gb/s Slingshot-11 NICs, one per GPU",
                    "CSCS Alps documentation (hardware: GH200 nodes, Slingshot-11)"));

    /** {@return every named system, in the order the docs list them} */
    public static List<NamedSystem> all() {
        return ALL;
    }

    /** {@return the names of every named system} */
    public static List<String> names() {
        return ALL.stream().map(NamedSystem::name).toList();
    }

    /**
     * {@return the system of that name (case ignored); empty for none}
     *
     * @param name a name such as {@code h100-sxm-8x400g}
     */
    public static Optional<NamedSystem> find(String name) {
        String n = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
        return ALL.stream().filter(s -> s.name().equals(n)).findFirst();
    }
}
