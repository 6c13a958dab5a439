package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.bandwidth.HardwareModel.Expectation;
import io.ncclscope.sdk.bandwidth.HardwareModel.GpuModel;
import io.ncclscope.sdk.diagnose.Message;
import java.util.Optional;

/**
 * A node's GPU link (NVLink, else PCIe) as the hardware is and as it would be with every part healthy: the one rule
 * both {@code expect} ({@link Expectations}) and the segment verdicts ({@link NcclTestsJudge}) lower a figure by. NVLinks
 * down count from {@code nvidia-smi nvlink -s} (inactive links), or from a topology showing fewer links than the part
 * has; a PCIe link counts at the width it trained at, its healthy figure at the width it is capable of.
 *
 * @param asIs    the figure with the link as it is
 * @param healthy the figure with every link up and the PCIe link at full width
 * @param kind    {@link Degraded#NVLINK_DOWN} or {@link Degraded#PCIE_WIDTH} when {@code asIs} is below {@code healthy},
 *                else null
 * @param width   NVLinks per GPU up, or the PCIe lanes trained, of a degraded link; null when not degraded
 * @param full    the same at full health; null when not degraded
 * @param down    NVLinks per GPU down; 0 for a PCIe link or a healthy one
 */
record GpuLink(Expectation asIs, Expectation healthy, String kind, Integer width, Integer full, int down) {

    /**
     * {@return the GPU link of {@code gpus} GPUs of {@code model}; empty for fewer than 2 GPUs}
     *
     * @param model        the GPU model
     * @param gpus         GPUs (ranks) on the node
     * @param links        active NVLinks per GPU from the topology; null when not shown
     * @param nvlinksDown  NVLinks per GPU inactive ({@code nvidia-smi nvlink -s}); 0 when none or unknown
     * @param pcieGen      PCIe generation at most; null for the model's
     * @param pcieWidth    PCIe width as trained; null for x16
     * @param pcieWidthMax PCIe width the link is capable of; null when unknown
     */
    static Optional<GpuLink> of(GpuModel model, int gpus, Integer links, int nvlinksDown, Integer pcieGen, Integer pcieWidth,
                                Integer pcieWidthMax) {
        if (model == null || gpus < 2) return Optional.empty();
        if (model.hasNvlink() && links == null && nvlinksDown > 0) links = Math.max(0, model.nvlinks() - nvlinksDown);
        Expectation asIs = HardwareModel.intraNode(model, gpus, links, pcieGen, pcieWidth).orElseThrow();
        Expectation healthy = HardwareModel.intraNode(model, gpus, null, pcieGen, pcieWidthMax != null ? pcieWidthMax : pcieWidth)
                .orElseThrow();
        if (asIs.gbs() >= healthy.gbs()) return Optional.of(new GpuLink(asIs, healthy, null, null, null, 0));
        boolean nvlink = model.hasNvlink() && (links == null || links > 0);
        if (nvlink) {
            int up = links == null ? model.nvlinks() : links;
            int down = nvlinksDown > 0 ? nvlinksDown : model.nvlinks() - up;
            return Optional.of(new GpuLink(asIs, healthy, Degraded.NVLINK_DOWN, up, model.nvlinks(), down));
        }
        return Optional.of(new GpuLink(asIs, healthy, Degraded.PCIE_WIDTH, pcieWidth, pcieWidthMax, 0));
    }

    /** {@return true when a part of the link is down or narrow} */
    boolean degraded() {
        return kind != null;
    }

    /** {@return the sentence of {@code expect} that names the degraded part; null when none} */
    Message reason() {
        if (kind == null) return null;
        if (Degraded.NVLINK_DOWN.equals(kind)) {
            return Message.of(BandwidthAnalyzer.class, "expect.degraded.nvlink", "links", width, "full", full, "down", down,
                    "capped", Judge.fmt(asIs.gbs()), "healthy", Judge.fmt(healthy.gbs()));
        }
        return Message.of(BandwidthAnalyzer.class, "expect.degraded.pcie", "width", width, "max", full,
                "capped", Judge.fmt(asIs.gbs()), "healthy", Judge.fmt(healthy.gbs()));
    }
}
