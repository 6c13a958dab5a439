package io.ncclscope.sdk.bandwidth;

import static io.ncclscope.sdk.bandwidth.Judge.*;

import io.ncclscope.parsers.nvbandwidth.NvbandwidthData;
import io.ncclscope.parsers.nvbandwidth.NvbwTestcase;
import io.ncclscope.sdk.bandwidth.HardwareModel.GpuModel;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Segment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Judges nvbandwidth copies: segment 1 against the GPU's PCIe or NVLink model. */
final class NvbandwidthJudge {

    private NvbandwidthJudge() {
    }

    /**
     * Segment 1 from an nvbandwidth matrix: the weakest unidirectional copy against the GPU's PCIe (host copies)
     * or NVLink/PCIe (device-to-device) model. Bidirectional and all-to-one tests are not line rates: not judged.
     */
    static Judged judge(Artifact a, NvbandwidthData d, NvbwTestcase tc) {
        String name = tc.name();
        if (name == null || tc.matrix().isEmpty() || name.contains("bidirectional") || !name.contains("memcpy")) return null;
        boolean d2d = name.startsWith("device_to_device");
        boolean host = name.startsWith("host_to_device") || name.startsWith("device_to_host");
        if (!d2d && !host) return null;
        Double min = null;
        int minRow = -1;
        for (int r = 0; r < tc.matrix().size(); r++) {
            for (Double v : tc.matrix().get(r)) {
                if (v != null && v > 0 && (min == null || v < min)) {
                    min = v;
                    minRow = r;
                }
            }
        }
        if (min == null) return null;
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(a.quote(tc.line()));
        String basis = a.name() + ": " + name + " weakest pair " + fmt(min) + " GB/s";
        Optional<GpuModel> model = d.devices().stream().map(x -> HardwareModel.gpu(x.name())).flatMap(Optional::stream).findFirst();
        // GH200 reaches host memory over NVLink-C2C, not PCIe: the model has no figure for it.
        if (host && model.isPresent() && model.get().family().contains("GH200")) model = Optional.empty();
        if (model.isEmpty()) return new Judged(new SegmentVerdict(Segment.INTRA_NODE, min, null, SegmentVerdict.UNKNOWN, basis, ev), List.of());
        GpuModel g = model.get();
        double exp;
        String eb;
        if (d2d && g.hasNvlink()) {
            exp = HardwareModel.nvlinkGBs(g.nvlink(), g.nvlinks());
            eb = g.family() + ": " + g.nvlinks() + " " + g.nvlink() + " links";
        } else {
            exp = HardwareModel.pcieGBs(g.pcieGen(), 16);
            eb = g.family() + ": PCIe Gen" + g.pcieGen() + " x16";
        }
        double ratio = min / exp;
        d.devices().stream().filter(x -> x.name() != null).findFirst().ifPresent(x -> ev.add(a.quote(x.line())));
        List<Finding> out = new ArrayList<>();
        if (ratio < WARN_RATIO) {
            Map<String, String> params = new LinkedHashMap<>();
            params.put("segment", "intra-node");
            a.node().ifPresent(n -> params.put("node", n));
            out.add(new Finding("BUSBW_BELOW_EXPECTED", ratio < ERROR_RATIO ? FindingSeverity.ERROR : FindingSeverity.WARNING,
                    a.node().map(Subject::node).orElse(Subject.JOB),
                    Message.of(BandwidthAnalyzer.class, "below.nvbandwidth", "test", name, "measured", fmt(min),
                            "expected", fmt(exp), "pct", Math.round(ratio * 100), "basis", eb),
                    ev, params));
        }
        return new Judged(new SegmentVerdict(Segment.INTRA_NODE, min, exp, ratio < WARN_RATIO ? SegmentVerdict.SLOW : SegmentVerdict.OK,
                basis + "; expected " + eb, ev), out);
    }
}
