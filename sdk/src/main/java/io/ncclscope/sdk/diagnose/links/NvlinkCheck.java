package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.sdk.rules.FindingSeverity.ERROR;
import static io.ncclscope.sdk.rules.FindingSeverity.INFO;

import io.ncclscope.parsers.nvsmi.GpuLines;
import io.ncclscope.parsers.nvsmi.GpuProducts;
import io.ncclscope.parsers.nvsmi.NvLink;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.sdk.bandwidth.HardwareModel;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.SliceSummaries;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * NVLINK_DEGRADED from {@code nvidia-smi nvlink -s}: a GPU with fewer active links, or slower ones, than the
 * other GPUs of its model (on its node or any other). A PCIe card whose NVML line says all links are inactive
 * while others have links is most often a card without a bridge (corpus nvsmi-q/siboehm-bench-nvlink-readme-2.txt:
 * three RTX A6000, two bridged): context, not a fault. On NVSwitch systems every GPU must have its links.
 */
final class NvlinkCheck {

    private static final String CODE = "NVLINK_DEGRADED";

    /**
     * A GPU that lists NVLinks or an NVML error for them, as the checks across nodes compare it: its model, how many
     * links are up, and the links themselves (three numbers when, as on a healthy node, every link is up at one speed
     * and listed in order). Its artifact is kept as a {@link Artifact#stub() stub}, to quote the GPU's lines should
     * another node's GPUs of its model show more links or faster ones.
     */
    private record GpuLinks(Artifact artifact, Integer index, String busId, String name, int line, int active, boolean error,
                            List<NvLink> links, int uniform, Double speed, int firstLine) {

        /**
         * Keeps {@code links} null when {@code uniform} (links 0..n-1 on consecutive lines, all up at one speed) stands
         * for them: n, the speed and the first line.
         */
        static GpuLinks of(Artifact artifact, NvsmiGpu gpu) {
            List<NvLink> ls = gpu.nvlinks();
            boolean same = !ls.isEmpty();
            for (int k = 0; k < ls.size() && same; k++) {
                NvLink l = ls.get(k);
                same = l.active() && l.link() == k && l.line() == ls.get(0).line() + k
                        && java.util.Objects.equals(l.speedGBs(), ls.get(0).speedGBs());
            }
            return new GpuLinks(artifact, gpu.index(), gpu.busId(), gpu.name(), gpu.line(), gpu.activeNvlinks(),
                    gpu.nvlinkError() != null, same ? null : List.copyOf(ls), same ? ls.size() : 0,
                    same ? ls.get(0).speedGBs() : null, same ? ls.get(0).line() : 0);
        }

        List<NvLink> nvlinks() {
            if (links != null) return links;
            List<NvLink> out = new ArrayList<>(uniform);
            for (int k = 0; k < uniform; k++) out.add(new NvLink(k, speed, true, null, firstLine + k));
            return out;
        }

        String label() {
            return index != null ? "GPU" + index : busId != null ? busId : "GPU?";
        }

        String model() {
            return name == null ? "?" : name;
        }

        String where() {
            return LinkText.where(artifact, label());
        }
    }

    /** The GPUs of each slice read, by the slice's node. */
    private final SliceSummaries<List<GpuLinks>> slices = new SliceSummaries<>();

    /** Keeps the GPUs of one slice that list NVLinks, for {@link #finish}. */
    void add(Evidence slice) {
        List<GpuLinks> gs = new ArrayList<>();
        for (Evidence.Item<NvidiaSmiData> it : slice.all(NvidiaSmiData.class)) {
            Artifact stub = null;
            for (NvsmiGpu g : it.data().gpus()) {
                if (g.nvlinks().isEmpty() && g.nvlinkError() == null) continue;
                if (stub == null) stub = it.artifact().stub();
                gs.add(GpuLinks.of(stub, g));
            }
        }
        if (!gs.isEmpty()) slices.put(slice.sliceNode(), gs);
    }

    /** Compares the GPUs of each model over every slice, in slice order. */
    void finish(MergedFindings sink) {
        Map<String, List<GpuLinks>> byModel = new LinkedHashMap<>();
        for (List<GpuLinks> gs : slices.inOrder()) {
            for (GpuLinks g : gs) byModel.computeIfAbsent(g.model(), k -> new ArrayList<>()).add(g);
        }
        for (List<GpuLinks> gs : byModel.values()) model(gs, sink);
    }

    private void model(List<GpuLinks> gs, MergedFindings sink) {
        GpuLinks best = null;
        double maxSpeed = 0;
        for (GpuLinks g : gs) {
            if (best == null || g.active() > best.active()) best = g;
            for (NvLink l : g.nvlinks()) {
                if (l.active() && l.speedGBs() != null) maxSpeed = Math.max(maxSpeed, l.speedGBs());
            }
        }
        int maxActive = best.active();
        if (maxActive == 0) {
            allInactive(gs, sink);
            return;
        }
        // Every GPU of the model below the model's own count alike (or a lone GPU below it) is no design: each is judged
        // against the model (two nodes' corpus-more nvsmi-q/azhpc-diagnostics-73-1, links 3 and 5 inactive on both, were
        // read as "inactive on every GPU alike").
        if (belowItsModel(best)) {
            for (GpuLinks g : gs) loneBelowItsModel(g, sink);
            return;
        }
        for (GpuLinks g : gs) {
            int active = g.active();
            List<String> down = new ArrayList<>();
            List<String> slow = new ArrayList<>();
            List<EvidenceLine> ev = new ArrayList<>();
            for (NvLink l : g.nvlinks()) {
                if (!l.active()) {
                    down.add(Integer.toString(l.link()));
                    ev.add(g.artifact().quote(l.line()));
                } else if (l.speedGBs() != null && maxSpeed > 0 && l.speedGBs() < 0.9 * maxSpeed) {
                    slow.add(l.link() + " (" + LinkText.num(l.speedGBs()) + " GB/s)");
                    ev.add(g.artifact().quote(l.line()));
                }
            }
            // Fewer links listed and none of them inactive is a paste cut short, not a fault: nvidia-smi nvlink -s prints
            // every link, an inactive one as <inactive> (corpus-more nvsmi-q/nccl-tests-228-1, k8s-test-infra-371-1).
            boolean cutShort = active < maxActive && down.isEmpty() && !g.error();
            if ((active >= maxActive || cutShort) && slow.isEmpty()) continue; // links inactive on every GPU alike: by design
            if (g.line() > 0) ev.add(0, g.artifact().quote(g.line()));
            if (g.error()) {
                ev.addAll(LinkText.quotes(g.artifact(), GpuLines.nvlinkError(g.artifact().text(), g.line())));
            }
            ev.addAll(bestLines(best));
            String key = LinkText.key(g.artifact()) + "/" + g.label();
            var subject = LinkText.subject(g.artifact()).withGpu(g.label()).withPeer(best.where());
            if (active == 0 && g.error() && !GpuProducts.onNvlinkBaseboard(g.model())) {
                sink.addLines(key, CODE, INFO, subject,
                        LinkHealthAnalyzer.message("nvlink.unbridged", "gpu", g.label(), "model", g.model(),
                                "peer", best.where(), "peerActive", maxActive),
                        ev, "gpu", g.label(), "node", LinkText.node(g.artifact()), "peer", best.where());
                continue;
            }
            String detail = active < maxActive ? "nvlink.fewer" : "nvlink.slow";
            sink.addLines(key, CODE, ERROR, subject,
                    LinkHealthAnalyzer.message(detail, "gpu", g.label(), "model", g.model(), "active", active,
                            "peer", best.where(), "peerActive", maxActive,
                            "down", down.isEmpty() ? "-" : String.join(", ", down),
                            "slow", slow.isEmpty() ? "-" : String.join(", ", slow), "speed", LinkText.num(maxSpeed)),
                    ev, "gpu", g.label(), "node", LinkText.node(g.artifact()), "peer", best.where());
        }
    }

    /**
     * A lone GPU of its model (no other to compare with) that lists every link its model has, some of them
     * {@code <inactive>}: degraded against the model's own count ({@link HardwareModel.GpuModel#nvlinks()}: V100 SXM2 6,
     * A100 SXM4 12, H100/H200 SXM 18, from NVIDIA's data sheets). Corpus-more nvsmi-q/azhpc-diagnostics-73-1: one
     * V100-SXM2 with links 3 and 5 inactive. A GPU with no active link is {@link #allInactive}'s.
     */
    private static void loneBelowItsModel(GpuLinks g, MergedFindings sink) {
        if (g.active == 0 || !belowItsModel(g)) return;
        List<String> down = new ArrayList<>();
        List<EvidenceLine> ev = new ArrayList<>();
        if (g.line > 0) ev.add(g.artifact.quote(g.line));
        for (NvLink l : g.nvlinks()) {
            if (!l.active()) {
                down.add(Integer.toString(l.link()));
                ev.add(g.artifact.quote(l.line()));
            }
        }
        sink.addLines(LinkText.key(g.artifact) + "/" + g.label(), CODE, ERROR, LinkText.subject(g.artifact).withGpu(g.label()),
                LinkHealthAnalyzer.message("nvlink.model", "gpu", g.label(), "model", g.model(), "active", g.active,
                        "links", g.nvlinks().size(), "down", String.join(", ", down)),
                ev, "gpu", g.label(), "node", LinkText.node(g.artifact));
    }

    /** Whether {@code g} lists every link its model has, some of them inactive, on a baseboard. */
    private static boolean belowItsModel(GpuLinks g) {
        HardwareModel.GpuModel model = HardwareModel.gpu(g.name).orElse(null);
        return model != null && model.hasNvlink() && !g.error && GpuProducts.onNvlinkBaseboard(g.model()) && g.nvlinks().size() == model.nvlinks()
                && g.active < model.nvlinks();
    }

    /** Every GPU of a model lists links and none is active: on a baseboard the fabric is not up. */
    private void allInactive(List<GpuLinks> gs, MergedFindings sink) {
        Map<String, List<GpuLinks>> byNode = new LinkedHashMap<>();
        for (GpuLinks g : gs) {
            if (!g.nvlinks().isEmpty() && GpuProducts.onNvlinkBaseboard(g.model())) {
                byNode.computeIfAbsent(LinkText.key(g.artifact()), k -> new ArrayList<>()).add(g);
            }
        }
        for (List<GpuLinks> n : byNode.values()) {
            GpuLinks first = n.get(0);
            int links = 0;
            List<EvidenceLine> ev = new ArrayList<>();
            for (GpuLinks g : n) {
                links += g.nvlinks().size();
                if (ev.size() < 6) {
                    ev.add(g.artifact().quote(g.line()));
                    ev.add(g.artifact().quote(g.nvlinks().get(0).line()));
                }
            }
            sink.addLines(LinkText.key(first.artifact()) + "/all", CODE, ERROR, LinkText.subject(first.artifact()),
                    LinkHealthAnalyzer.message("nvlink.none", "gpus", n.size(), "links", links, "model", first.model()),
                    ev, "node", LinkText.node(first.artifact()));
        }
    }

    /** The lines of the GPU with the most links: its own, and its first active link's. */
    private static List<EvidenceLine> bestLines(GpuLinks best) {
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(best.artifact().quote(best.line()));
        best.nvlinks().stream().filter(NvLink::active).findFirst().ifPresent(l -> ev.add(best.artifact().quote(l.line())));
        return ev;
    }
}
