package io.ncclscope.sdk.bandwidth;

import io.ncclscope.parsers.tests.Collective;
import java.util.Locale;
import java.util.Optional;

/**
 * Expected bandwidth derived from the hardware the evidence shows, in GB/s (1e9 bytes per second, as
 * nccl-tests prints them; not GiB/s). The per-link and per-lane figures are NCCL's own topology model
 * (src/graph/topo.h: SM80 NVLink 20.0, SM90 20.6, SM100 40.1 GB/s per link; PCIe about 12/24/48 GB/s for
 * Gen3/4/5 x16), the NIC figures are the signalling rate over 8 less NCCL's usual ~4% (24 GB/s on a 200 Gb/s port).
 *
 * <p>Traps kept in mind: a single-rank run moves no data (busbw factor 0 for all_reduce); busbw under NVLS
 * or 2-node Tree can exceed every wire rate, so a measured figure above the expectation is never a fault;
 * {@code Avg bus bandwidth} averages every size and is no plateau.
 */
public final class HardwareModel {

    /** Fraction of a NIC's signalling rate NCCL reaches (24 of 25 GB/s on HDR). */
    public static final double NIC_EFFICIENCY = 0.96;
    /** Fraction of a socket NIC's rate NCCL's socket transport usually reaches (copies, TCP overhead). */
    public static final double SOCKET_EFFICIENCY = 0.8;

    private HardwareModel() {
    }

    /** NVLink generations with NCCL's per-link bandwidth in GB/s. */
    public enum NvlinkGen {
        /** Volta (V100). */ NVLINK2(20.0), /** Ampere (A100). */ NVLINK3(20.0), /** Hopper (H100, H200). */ NVLINK4(20.6),
        /** Blackwell (B200). */ NVLINK5(40.1);

        private final double perLinkGBs;

        NvlinkGen(double perLinkGBs) {
            this.perLinkGBs = perLinkGBs;
        }

        /**
         * {@return the bandwidth of one link of this generation in GB/s, as NCCL models it}
         *
         */
        public double perLinkGBs() {
            return perLinkGBs;
        }
    }

    /**
     * What a GPU's name says about its links.
     *
     * @param name     the name as the tools print it
     * @param family   short family ({@code A100}, {@code H100}, {@code RTX 2080 Ti}...)
     * @param nvlink   NVLink generation; null for parts without NVLink (PCIe cards, consumer GPUs)
     * @param nvlinks  NVLink links per GPU in the full SXM configuration; 0 without NVLink
     * @param pcieGen  PCIe generation of the part
     */
    public record GpuModel(String name, String family, NvlinkGen nvlink, int nvlinks, int pcieGen) {
        /**
         * {@return true when the part has NVLink}
         *
         */
        public boolean hasNvlink() {
            return nvlink != null && nvlinks > 0;
        }
    }

    /**
     * An expected figure and how it was derived.
     *
     * @param gbs   GB/s
     * @param basis the facts and model figures, for a person ("8x A100: 12 NVLink3 links x 20.0 GB/s")
     */
    public record Expectation(double gbs, String basis) {
    }

    /**
     * {@return the model a GPU name implies; empty for names the model does not know}
     *
     * @param name a GPU name as the tools print it
     */
    public static Optional<GpuModel> gpu(String name) {
        if (name == null) return Optional.empty();
        String n = name.toUpperCase(Locale.ROOT);
        boolean pcieCard = n.contains("PCIE") || n.contains("NVL") && !n.contains("NVLINK");
        if (n.contains("GB200") || n.contains("B200") || n.contains("B100") || n.contains("B300"))
            return Optional.of(new GpuModel(name, "B200", NvlinkGen.NVLINK5, 18, 5));
        if (n.contains("GH200")) return Optional.of(new GpuModel(name, "GH200", NvlinkGen.NVLINK4, 18, 5));
        if (n.contains("H100") || n.contains("H200") || n.contains("H800") || n.contains("H20")) {
            String fam = n.contains("H200") ? "H200" : n.contains("H800") ? "H800" : n.contains("H20") && !n.contains("H200") ? "H20" : "H100";
            if (pcieCard && !n.contains("NVL")) return Optional.of(new GpuModel(name, fam, null, 0, 5));
            int links = fam.equals("H800") ? 8 : 18;
            return Optional.of(new GpuModel(name, fam, NvlinkGen.NVLINK4, links, 5));
        }
        if (n.contains("A100") || n.contains("A800")) {
            if (pcieCard) return Optional.of(new GpuModel(name, "A100", null, 0, 4));
            return Optional.of(new GpuModel(name, n.contains("A800") ? "A800" : "A100", NvlinkGen.NVLINK3,
                    n.contains("A800") ? 8 : 12, 4));
        }
        if (n.contains("V100")) {
            if (pcieCard) return Optional.of(new GpuModel(name, "V100", null, 0, 3));
            return Optional.of(new GpuModel(name, "V100", NvlinkGen.NVLINK2, 6, 3));
        }
        if (n.contains("RTX 20") || n.contains("TITAN RTX") || n.contains("T4") && !n.contains("RTX")
                || n.contains("GTX 10") || n.contains("P100") && pcieCard)
            return Optional.of(new GpuModel(name, family(name), null, 0, 3));
        if (n.contains("RTX 30") || n.contains("RTX 40") || n.contains("RTX A") || n.contains("A40")
                || n.contains("A30") || n.contains("A10") || n.contains("L40") || n.contains("L4")
                || n.contains("RTX 6000 ADA"))
            return Optional.of(new GpuModel(name, family(name), null, 0, 4));
        if (n.contains("RTX 50") || n.contains("RTX PRO")) return Optional.of(new GpuModel(name, family(name), null, 0, 5));
        return Optional.empty();
    }

    private static String family(String name) {
        String s = name.replaceAll("(?i)nvidia|geforce|tesla", "").trim().replaceAll("\\s+", " ");
        return s.isEmpty() ? name : s;
    }

    /**
     * {@return NCCL's model of a GPU's NVLink bandwidth: links x per-link GB/s}
     *
     * @param gen   the NVLink generation
     * @param links links per GPU
     */
    public static double nvlinkGBs(NvlinkGen gen, int links) {
        return gen.perLinkGBs() * links;
    }

    /**
     * {@return NCCL's model of a PCIe link: about 12 GB/s for Gen3 x16, doubling per generation, in proportion to the width}
     *
     * @param gen   PCIe generation
     * @param width lanes
     */
    public static double pcieGBs(int gen, int width) {
        if (gen < 1 || width < 1) return 0;
        double x16 = 12.0 * Math.pow(2, Math.max(0, gen - 3));
        if (gen < 3) x16 = 12.0 / Math.pow(2, 3 - gen);
        return x16 * width / 16.0;
    }

    /**
     * {@return what NCCL reaches on one RDMA port of {@code rateGbps} (HDR 200 -> 24, NDR 400 -> 48 GB/s)}
     *
     * @param rateGbps the port rate in Gb/s
     */
    public static double nicGBs(double rateGbps) {
        return rateGbps / 8.0 * NIC_EFFICIENCY;
    }

    /**
     * {@return the signalling rate of a port in GB/s, without any efficiency (HDR 200 Gb/s = 25 GB/s)}
     *
     * @param rateGbps the port rate in Gb/s
     */
    public static double lineGBs(double rateGbps) {
        return rateGbps / 8.0;
    }

    /**
     * {@return what NCCL's socket transport reaches over a TCP NIC of {@code speedMbps}}
     *
     * @param speedMbps the link speed in Mb/s
     */
    public static double tcpGBs(double speedMbps) {
        return speedMbps / 8000.0 * SOCKET_EFFICIENCY;
    }

    /**
     * {@return nccl-tests' bus-bandwidth factor (busbw = algbw x factor); null for an unknown collective}
     *
     * @param c      the collective
     * @param nranks ranks in the communicator
     */
    public static Double busBwFactor(Collective c, int nranks) {
        return c == null ? null : c.busBwFactor(nranks);
    }

    /**
     * {@return expected busbw of a collective on one node: NVLink when the GPU has it (links from the topology
     * when known), else the PCIe link} The ring reaches about the per-GPU link bandwidth; NVLS may exceed it.
     *
     * @param gpu   the GPU model
     * @param ranks ranks on the node
     * @param links NVLink links per GPU seen in the evidence, or null to take the model's full count
     * @param pcieGen PCIe generation seen, or null to take the model's
     * @param pcieWidth PCIe width seen, or null for x16
     */
    public static Optional<Expectation> intraNode(GpuModel gpu, int ranks, Integer links, Integer pcieGen, Integer pcieWidth) {
        if (gpu == null || ranks < 2) return Optional.empty();
        int l = links != null ? links : gpu.nvlinks();
        if (gpu.nvlink() != null && l > 0) {
            double v = nvlinkGBs(gpu.nvlink(), l);
            return Optional.of(new Expectation(v, String.format(Locale.ROOT, "%s: %d %s links x %.1f GB/s",
                    gpu.family(), l, gpu.nvlink(), gpu.nvlink().perLinkGBs())));
        }
        int g = pcieGen != null ? pcieGen : gpu.pcieGen();
        int w = pcieWidth != null ? pcieWidth : 16;
        return Optional.of(new Expectation(pcieGBs(g, w), String.format(Locale.ROOT, "%s: PCIe Gen%d x%d (no NVLink) %.0f GB/s",
                gpu.family(), g, w, pcieGBs(g, w))));
    }

    /**
     * The busbw a healthy multi-node run of {@code gpu}'s platform reached over one NIC, measured: a floor for
     * a run whose NICs the evidence does not show (any working network of that platform clears it). Empty for
     * platforms without such a measurement. The one known: GH200 on Slingshot-11, 22.9 GB/s all_reduce busbw
     * between 2 nodes with one GH200 each over one 200 Gb/s NIC (corpus nccl-tests/cscs-docs-sarus-gh200-1.txt,
     * CSCS Alps documentation), where the same site's run without its network backend (CXI hook off) made 5.4.
     *
     * @param gpu the GPU model found, or null when unknown
     * @return the measured floor, or empty when none is known for the platform
     */
    public static Optional<Expectation> networkFloor(GpuModel gpu) {
        if (gpu != null && "GH200".equals(gpu.family())) {
            return Optional.of(new Expectation(22.9, "all_reduce, 2 nodes x 1 GH200, one 200 Gb/s Slingshot-11 NIC each,"
                    + " measured on CSCS Alps"));
        }
        return Optional.empty();
    }

    /**
     * {@return expected busbw of a collective across nodes: the smaller of the node's GPU links and its NICs
     * ({@code nics} ports of {@code rateGbps} each)} A ring crosses each NIC once per step, so busbw is
     * about the node's NIC bandwidth (2 nodes x 8 HDR: 8 x 24 = 192 GB/s).
     *
     * @param intra    the intra-node expectation, or null when unknown
     * @param nics     NIC ports per node
     * @param rateGbps the rate of each port in Gb/s
     */
    public static Expectation endToEnd(Expectation intra, int nics, double rateGbps) {
        double net = nics * nicGBs(rateGbps);
        String nb = String.format(Locale.ROOT, "%d x %.0f Gb/s NICs per node x %.2f = %.0f GB/s", nics, rateGbps, NIC_EFFICIENCY, net);
        if (intra != null && intra.gbs() < net) return new Expectation(intra.gbs(), intra.basis() + "; " + nb);
        return new Expectation(net, intra == null ? nb : nb + "; " + intra.basis());
    }
}
