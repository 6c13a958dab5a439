package io.ncclscope.sdk.diagnose.links;

import static io.ncclscope.sdk.rules.FindingSeverity.CRITICAL;
import static io.ncclscope.sdk.rules.FindingSeverity.ERROR;
import static io.ncclscope.sdk.rules.FindingSeverity.INFO;
import static io.ncclscope.sdk.rules.FindingSeverity.WARNING;

import io.ncclscope.parsers.dmesg.DmesgData;
import io.ncclscope.parsers.dmesg.DmesgEvent;
import io.ncclscope.parsers.dmesg.DmesgEventType;
import io.ncclscope.parsers.dmesg.XidCatalog;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.internal.MergedFindings;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * GPU_XID from the kernel log: one finding per GPU, as severe as its worst event. Severities follow the
 * resolution buckets of NVIDIA's Xid catalogue (docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html):
 * RESTART_BM / RESET_GPU events stop the GPU for every job; RESTART_APP events with a CHECK_APP/CUDA workflow
 * (13, 31, 32, 43...) most often point to the application; NVLink Xids 144-150 carry their own Fatal/Nonfatal word.
 * A "fallen off the bus" line without an Xid number (newer drivers, probe time) is Xid 79.
 */
final class XidCheck {

    /** What an Xid means for the job, worst first within severity. */
    enum Kind {
        BUS("xid.bus"), MEMORY("xid.memory"), HUNG("xid.hung"), NVLINK("xid.nvlink"), CAUSED("xid.caused"),
        ECC_CONTAINED("xid.contained"), REMAP("xid.remap"), APP("xid.app"), INFO_ONLY("xid.info"), OTHER("xid.other");

        final String key;

        Kind(String key) {
            this.key = key;
        }
    }

    record XidClass(Kind kind, FindingSeverity severity) {
    }

    /** The class of one event; {@code fatal} is what an NVLink Xid says of itself ({@link DmesgEvent#xidFatal()}), if anything. */
    static XidClass classify(int xid, Optional<Boolean> fatal) {
        return switch (xid) {
            case 79 -> new XidClass(Kind.BUS, CRITICAL);
            case 48, 95, 140, 171, 172 -> new XidClass(Kind.MEMORY, CRITICAL);
            case 64 -> new XidClass(Kind.MEMORY, ERROR);
            case 46, 62, 119, 120, 143, 158 -> new XidClass(Kind.HUNG, CRITICAL);
            case 109, 110, 156 -> new XidClass(Kind.HUNG, ERROR);
            case 74, 136 -> new XidClass(Kind.NVLINK, CRITICAL);
            case 155 -> new XidClass(Kind.NVLINK, ERROR);
            case 137 -> new XidClass(Kind.NVLINK, WARNING);
            case 144, 145, 146, 147, 148, 149, 150 -> new XidClass(Kind.NVLINK,
                    fatal.map(f -> f ? CRITICAL : WARNING).orElse(ERROR));
            case 94 -> new XidClass(Kind.ECC_CONTAINED, WARNING);
            case 63, 92 -> new XidClass(Kind.REMAP, WARNING);
            case 8, 11, 13, 25, 31, 32, 43, 45, 69, 80 -> new XidClass(Kind.APP, WARNING);
            case 93, 106, 107, 154 -> new XidClass(Kind.INFO_ONLY, INFO);
            default -> new XidClass(Kind.OTHER, WARNING);
        };
    }

    private static final class GpuXids {
        final String device;
        final Map<Integer, Integer> counts = new LinkedHashMap<>();
        DmesgEvent worst;
        XidClass worstClass;
        Integer cause;
        final List<DmesgEvent> events = new ArrayList<>();

        GpuXids(String device) {
            this.device = device;
        }
    }

    void run(Evidence evidence, MergedFindings sink) {
        for (Evidence.Item<DmesgData> it : evidence.all(DmesgData.class)) {
            Map<String, GpuXids> gpus = new LinkedHashMap<>();
            List<DmesgEvent> aer = new ArrayList<>();
            for (DmesgEvent e : it.data().events()) {
                if (e.type() == DmesgEventType.PCIE_AER) aer.add(e);
                Integer xid = e.reportedXid();
                if (xid == null) continue;
                GpuXids g = gpus.computeIfAbsent(e.device() == null ? "?" : e.device(), k -> new GpuXids(e.device()));
                g.counts.merge(xid, 1, Integer::sum);
                g.events.add(e);
                XidClass c = classify(xid, e.xidFatal());
                // Xid 45 is the cleanup after an earlier error: it is as bad as the error it names.
                if (xid == 45 && e.causedByXid() != null) {
                    XidClass cause = classify(e.causedByXid(), Optional.empty());
                    if (cause.severity().compareTo(c.severity()) > 0) {
                        c = new XidClass(Kind.CAUSED, cause.kind() == Kind.NVLINK ? CRITICAL : cause.severity());
                        g.cause = e.causedByXid();
                    }
                }
                if (g.worst == null || c.severity().compareTo(g.worstClass.severity()) > 0) {
                    g.worst = e;
                    g.worstClass = c;
                }
            }
            for (GpuXids g : gpus.values()) emit(it.artifact(), it.data(), g, aer, sink);
        }
    }

    private void emit(Artifact a, DmesgData data, GpuXids g, List<DmesgEvent> aer, MergedFindings sink) {
        DmesgEvent w = g.worst;
        int xid = w.reportedXid();
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(a.quote(w.line(), w.message()));
        for (int n = w.line() + 1; n <= Math.min(w.endLine(), w.line() + 2); n++) ev.add(a.quote(n)); // continuation lines
        // A few more events, other Xid numbers first; each quote may re-read a large log, so keep them few.
        java.util.Set<Integer> shown = new java.util.HashSet<>();
        shown.add(w.xid());
        for (int pass = 0; pass < 2; pass++) {
            for (DmesgEvent e : g.events) {
                if (ev.size() >= 6) break;
                if (e == w || (pass == 0 && !shown.add(e.xid()))) continue;
                if (pass == 1 && ev.stream().anyMatch(x -> x.line() == e.line())) continue;
                ev.add(a.quote(e.line(), e.message()));
            }
        }
        if (g.worstClass.kind() == Kind.BUS) {
            for (int k = 0; k < aer.size() && k < 2; k++) ev.add(a.quote(aer.get(k).line(), aer.get(k).message()));
        }
        StringBuilder list = new StringBuilder();
        g.counts.forEach((x, n) -> list.append(list.length() > 0 ? ", " : "").append(x).append(n > 1 ? " ×" + n : ""));
        String gpu = g.device == null ? "PCI:..." : g.device; // a paste with the address redacted
        String uuid = g.device == null ? null : data.gpuUuids().get(g.device);
        String name = XidCatalog.mnemonic(xid).orElse("Xid " + xid);
        String link = w.link() != null && w.link() >= 0 ? Integer.toString(w.link()) : "-";
        // nvidia-smi's lost-GPU line pasted with the kernel lines (corpus-more dmesg/returnn-1486-1.txt): no Xid was logged.
        boolean noXid = w.type() == DmesgEventType.GPU_FALLEN_OFF_BUS && "nvidia-smi".equals(w.driver());
        Message detail = noXid
                ? LinkHealthAnalyzer.message("xid.lost", "gpu", gpu, "reason", w.detail())
                : LinkHealthAnalyzer.message(g.worstClass.kind().key, "gpu", gpu + (uuid == null ? "" : " (" + uuid + ")"),
                        "xid", xid, "name", name, "list", list,
                        "cause", g.cause, "causeName", g.cause == null ? null : XidCatalog.mnemonic(g.cause).orElse(null),
                        "process", w.process() == null ? "?" : w.process(), "link", link,
                        "severity", w.xidSeverity() == null ? "-" : w.xidSeverity());
        sink.addLines(LinkText.key(a) + "/" + gpu, "GPU_XID", g.worstClass.severity(), LinkText.subject(a).withGpu(g.device),
                detail, ev, "gpu", g.device, "bdf", g.device, "node", LinkText.node(a));
    }
}
