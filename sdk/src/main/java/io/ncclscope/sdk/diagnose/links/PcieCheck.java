package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.sdk.rules.FindingSeverity.ERROR;
import static io.ncclscope.sdk.rules.FindingSeverity.INFO;
import static io.ncclscope.sdk.rules.FindingSeverity.WARNING;

import io.ncclscope.parsers.dmesg.DmesgData;
import io.ncclscope.parsers.dmesg.DmesgEvent;
import io.ncclscope.parsers.dmesg.DmesgEventType;
import io.ncclscope.parsers.nvsmi.GpuClocks;
import io.ncclscope.parsers.nvsmi.GpuLines;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.nvsmi.NvsmiGpu;
import io.ncclscope.parsers.nvsmi.PcieLink;
import io.ncclscope.parsers.pci.LinkCap;
import io.ncclscope.parsers.pci.LinkStatus;
import io.ncclscope.parsers.pci.LspciDevice;
import io.ncclscope.parsers.pci.LspciVerbose;
import io.ncclscope.parsers.pci.PciClass;
import io.ncclscope.parsers.pci.PciDescriptions;
import io.ncclscope.parsers.pci.PciDrivers;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.diagnose.internal.SliceSummaries;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * PCIE_LINK_DEGRADED from {@code lspci -vvv} (LnkSta against LnkCap), {@code nvidia-smi -q} / {@code --query-gpu}
 * (current against max generation and width) and the kernel's "available PCIe bandwidth, limited by" lines.
 *
 * <p>A narrower link than the device supports is always a finding. A slower one is not for a GPU with its full
 * width when nothing shows it busy: GPUs drop to Gen1 at idle to save power (corpus lspci/stelline-asus-esc8000a-e12-2.txt,
 * an idle RTX 6000 Ada at 2.5GT/s). NICs do not downclock, so a NIC below its speed is a finding.
 */
final class PcieCheck {

    private enum Role { GPU, NIC, OTHER }

    private static final String CODE = "PCIE_LINK_DEGRADED";

    /** Most idle links named in the summary. */
    private static final int IDLE_LABELS = 8;
    /** Most idle links quoted in the summary. */
    private static final int IDLE_LINES = 6;

    /**
     * The GPU links of one slice, seen by one source, that run slower at full width (idle, or with no load
     * information), for {@link #idleSummary}: how many, on which nodes, and the first labels and lines, as many as the
     * summary shows (the first of all are among the first of their slice).
     */
    private static final class IdleLinks {
        int count;
        final Set<String> nodes = new HashSet<>();
        final Set<String> labels = new LinkedHashSet<>();
        final List<EvidenceLine> lines = new ArrayList<>();

        /** Counts an idle link of {@code node} (null for none); its label and line are kept while among the first. */
        void add(String node, String label, Supplier<EvidenceLine> quote) {
            count++;
            nodes.add(node);
            if (labels.size() < IDLE_LABELS) labels.add((node == null ? "" : node + " ") + label);
            if (lines.size() < IDLE_LINES) lines.add(quote.get());
        }

        /** Counts the idle links of {@code other} after these; its labels and lines are kept while among the first. */
        void addAll(IdleLinks other) {
            count += other.count;
            nodes.addAll(other.nodes);
            for (String l : other.labels) {
                if (labels.size() < IDLE_LABELS) labels.add(l);
            }
            lines.addAll(other.lines.subList(0, Math.min(other.lines.size(), IDLE_LINES - lines.size())));
        }
    }

    /** The idle GPU links of each slice that lspci shows; the summary lists them before nvidia-smi's. */
    private final SliceSummaries<IdleLinks> lspciIdle = new SliceSummaries<>();
    /** The idle GPU links of each slice that nvidia-smi shows. */
    private final SliceSummaries<IdleLinks> nvsmiIdle = new SliceSummaries<>();

    /**
     * Checks one slice's links: findings into {@code lspci}, {@code nvsmi} and {@code kernel} (the order the whole
     * evidence is checked in: every lspci, then every nvidia-smi, then every kernel log); GPU links at an idle speed
     * are counted for {@link #idleSummary}, their first lines quoted now.
     */
    void add(Evidence slice, MergedFindings lspci, MergedFindings nvsmi, MergedFindings kernel) {
        IdleLinks lspciLinks = new IdleLinks();
        IdleLinks nvsmiLinks = new IdleLinks();
        for (Evidence.Item<LspciVerbose> it : slice.all(LspciVerbose.class)) {
            for (LspciDevice d : it.data().devices()) lspci(it.artifact(), d, lspci, lspciLinks);
        }
        for (Evidence.Item<NvidiaSmiData> it : slice.all(NvidiaSmiData.class)) {
            for (NvsmiGpu g : it.data().gpus()) nvsmi(it.artifact(), g, nvsmi, nvsmiLinks);
        }
        if (lspciLinks.count > 0) lspciIdle.put(slice.sliceNode(), lspciLinks);
        if (nvsmiLinks.count > 0) nvsmiIdle.put(slice.sliceNode(), nvsmiLinks);
        for (Evidence.Item<DmesgData> it : slice.all(DmesgData.class)) {
            for (DmesgEvent e : it.data().events()) {
                if (e.type() == DmesgEventType.PCIE_BANDWIDTH && e.detail() != null) kernel(it.artifact(), e, kernel);
            }
        }
    }

    private static Role role(LspciDevice d) {
        PciClass cls = d.pciClass();
        if (PciDrivers.mellanox(d.driver()) || PciDescriptions.mellanox(d.description()) || cls == PciClass.NETWORK) {
            return Role.NIC;
        }
        boolean display = cls == PciClass.DISPLAY || cls == PciClass.PROCESSING_ACCELERATOR;
        // the BMC's VGA (ASPEED, Matrox) is a display controller too, but no GPU of NCCL's
        boolean gpu = PciDrivers.gpu(d.driver()) || (display && PciDescriptions.gpuVendor(d.description()));
        return gpu ? Role.GPU : Role.OTHER;
    }

    /**
     * Fabric NICs (ConnectX, BlueField, wide links) carry NCCL's traffic; a x1 onboard NIC is most likely the
     * management port, where a slow link costs nothing to training.
     */
    private static boolean fabric(LspciDevice d, LinkCap cap) {
        return PciDrivers.fabricNic(d.driver()) || PciDescriptions.mellanox(d.description())
                || PciDescriptions.mellanox(d.vpdProductName()) || (cap.width() != null && cap.width() >= 8);
    }

    private static void lspci(Artifact a, LspciDevice d, MergedFindings sink, IdleLinks idle) {
        LinkCap cap = d.linkCap();
        LinkStatus sta = d.linkStatus();
        // Ports (root, switch) show the width of whatever sits below them; only endpoints tell a degraded link.
        if (cap == null || sta == null || d.portOrBridge()) return;
        boolean narrow = cap.width() != null && sta.width() != null && sta.width() > 0 && sta.width() < cap.width();
        boolean slow = cap.speedGTs() != null && sta.speedGTs() != null && sta.speedGTs() < cap.speedGTs();
        if (!narrow && !slow) return;
        Role role = role(d);
        String bdf = d.bdf();
        String name = d.description() == null ? (d.deviceClass() == null ? "PCI device" : d.deviceClass()) : d.description();
        Subject s = LinkText.subject(a);
        s = role == Role.GPU ? s.withGpu(bdf) : s.withDevice(bdf);
        String speed = gts(sta.speedGTs());
        String capSpeed = gts(cap.speedGTs());
        if (narrow) {
            String key = role == Role.GPU ? "pcie.width.gpu" : role == Role.NIC ? "pcie.width.nic" : "pcie.width.other";
            FindingSeverity sev = role == Role.GPU || (role == Role.NIC && fabric(d, cap)) ? ERROR : WARNING;
            sink.addLines(LinkText.key(a, bdf, d.line()), CODE, sev, s,
                    LinkHealthAnalyzer.message(key, "name", name, "bdf", label(bdf), "width", sta.width(),
                            "capWidth", cap.width(), "speed", speed, "capSpeed", capSpeed),
                    lspciLines(a, d), "bdf", bdf, "node", LinkText.node(a));
        } else if (role == Role.NIC) {
            sink.addLines(LinkText.key(a, bdf, d.line()), CODE, fabric(d, cap) ? ERROR : WARNING, s,
                    LinkHealthAnalyzer.message("pcie.speed.nic", "name", name, "bdf", label(bdf), "width",
                            sta.width(), "speed", speed, "capSpeed", capSpeed),
                    lspciLines(a, d), "bdf", bdf, "node", LinkText.node(a));
        } else if (role == Role.GPU) {
            idle.add(LinkText.node(a), label(bdf) + " " + speed + " < " + capSpeed, () -> a.quote(sta.line()));
        }
        // Other devices (NVMe, RAID, USB) at a lower speed with full width: not on NCCL's path, and often a slot of
        // an older generation; not worth a finding.
    }

    /** LnkSta, LnkCap and the device header. */
    private static List<EvidenceLine> lspciLines(Artifact a, LspciDevice d) {
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(a.quote(d.linkStatus().line()));
        ev.add(a.quote(d.linkCap().line()));
        if (d.line() != d.linkStatus().line() && d.line() != d.linkCap().line()) ev.add(a.quote(d.line()));
        return ev;
    }

    private static void nvsmi(Artifact a, NvsmiGpu g, MergedFindings sink, IdleLinks idle) {
        PcieLink p = g.pcie();
        if (p == null) return;
        String gpu = g.index() != null ? "GPU" + g.index() : g.busId();
        String bdf = g.busId();
        Subject s = LinkText.subject(a).withGpu(gpu == null ? bdf : gpu);
        String where = gpu != null && bdf != null && !gpu.equals(bdf) ? gpu + " (" + bdf + ")" : (gpu == null ? "?" : gpu);
        boolean narrow = p.widthCurrent() != null && p.widthMax() != null && p.widthCurrent() > 0 && p.widthCurrent() < p.widthMax();
        boolean slow = p.genCurrent() != null && p.genMax() != null && p.genCurrent() < p.genMax();
        if (narrow) {
            List<EvidenceLine> ev = pcieLines(a, p, true);
            sink.addLines(LinkText.key(a, bdf, g.line()), CODE, ERROR, s,
                    LinkHealthAnalyzer.message("pcie.width.gpu", "name", g.name(), "bdf", where,
                            "width", p.widthCurrent(), "capWidth", p.widthMax(), "speed", gen(p.genCurrent()),
                            "capSpeed", gen(p.genMax())),
                    ev, "bdf", bdf, "gpu", gpu, "node", LinkText.node(a));
        } else if (slow) {
            GpuClocks c = g.clocks();
            if (busy(c)) {
                List<EvidenceLine> ev = pcieLines(a, p, false);
                if (c.line() > 0) ev.add(a.quote(c.line())); // the clocks line
                sink.addLines(LinkText.key(a, bdf, g.line()), CODE, WARNING, s,
                        LinkHealthAnalyzer.message("pcie.gen.busy", "gpu", where, "gen", p.genCurrent(), "max", p.genMax(),
                                "clock", c.smMhz(), "maxClock", c.maxSmMhz()),
                        ev, "bdf", bdf, "gpu", gpu, "node", LinkText.node(a));
            } else {
                idle.add(LinkText.node(a), where + " Gen" + p.genCurrent() + " < Gen" + p.genMax(),
                        () -> pcieLines(a, p, false).get(0));
            }
        }
        if (p.genHostMax() != null && p.genDeviceMax() != null && p.genHostMax() < p.genDeviceMax()) {
            sink.addLines(LinkText.key(a, bdf, g.line()) + "/host", CODE, WARNING, s,
                    LinkHealthAnalyzer.message("pcie.hostMax", "gpu", where, "host", p.genHostMax(), "device", p.genDeviceMax()),
                    pcieLines(a, p, false), "bdf", bdf, "gpu", gpu, "node", LinkText.node(a));
        }
    }

    /** True when the SM clock is at half its maximum or more: the GPU is working, not idling. */
    private static boolean busy(GpuClocks c) {
        return c != null && c.smMhz() != null && c.maxSmMhz() != null && c.maxSmMhz() > 0 && c.smMhz() >= 0.5 * c.maxSmMhz();
    }

    private void kernel(Artifact a, DmesgEvent e, MergedFindings sink) {
        boolean nic = PciDrivers.fabricNic(e.driver());
        boolean narrow = e.pcieNarrowerThanCapable();
        if (!nic && !narrow) return; // a GPU probed at an idle speed says nothing
        String bdf = e.device();
        sink.addLines(LinkText.key(a, bdf, e.line()), CODE, nic ? ERROR : WARNING, LinkText.subject(a).withDevice(bdf),
                LinkHealthAnalyzer.message("pcie.kernel", "driver", e.driver(), "bdf", label(bdf),
                        "gbps", LinkText.num(e.pcieGbps()), "limit", e.detail()),
                List.of(a.quote(e.line(), e.message())), "bdf", bdf, "node", LinkText.node(a));
    }

    /** PCIE_LINK_DEGRADED (INFO): the GPU links at an idle speed of every node, in one finding. */
    void idleSummary(MergedFindings sink) {
        IdleLinks all = new IdleLinks();
        for (SliceSummaries<IdleLinks> source : List.of(lspciIdle, nvsmiIdle)) source.inOrder().forEach(all::addAll);
        if (all.count == 0) return;
        String list = String.join(", ", all.labels) + (all.count > all.labels.size() ? ", …" : "");
        Subject s = all.nodes.size() == 1 ? Subject.node(all.nodes.iterator().next()) : Subject.JOB;
        sink.addLines("idle", CODE, INFO, s, LinkHealthAnalyzer.message("pcie.idle", "count", all.count, "list", list),
                all.lines, "node", s.node());
    }

    /**
     * The "PCIe Generation" and "Link Width" lines of a -q GPU, those of the section in question first ("Current"
     * before "Max"), or the CSV row and its header; the link's first line when the text shows none.
     */
    private static List<EvidenceLine> pcieLines(Artifact a, PcieLink p, boolean width) {
        List<EvidenceLine> out = a.hasText() && p.line() > 0 ? LinkText.quotes(a, GpuLines.pcieLink(a.text(), p, width))
                : new ArrayList<>();
        if (out.isEmpty()) out.add(a.quote(p.line()));
        return out;
    }

    private static String label(String bdf) {
        return bdf == null ? "?" : bdf;
    }

    private static String gts(Double v) {
        return v == null ? "?" : LinkText.num(v) + "GT/s";
    }

    private static String gen(Integer g) {
        return g == null ? "?" : "Gen" + g;
    }
}
