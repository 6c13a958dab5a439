package io.ncclscope.sdk.bandwidth;

import static io.ncclscope.sdk.bandwidth.Judge.*;

import io.ncclscope.parsers.perftest.PerftestBwRow;
import io.ncclscope.parsers.perftest.PerftestData;
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

/** Judges perftest runs: segment 2 against the rate of the port they ran on. */
final class PerftestJudge {

    private PerftestJudge() {
    }

    static Judged judge(Artifact a, PerftestData d, HardwareSummaries hw) {
        PerftestBwRow best = null;
        for (PerftestBwRow r : d.rows()) {
            if (r.bytes() >= 65536 && r.bwAverageGbps() != null && (best == null || r.bwAverageGbps() > best.bwAverageGbps())) best = r;
        }
        if (best == null) return null;
        String node = a.node().orElse("");
        NodeHardware.ActivePort port = null;
        for (NodeHardware.ActivePort p : hw.of(node).ports()) {
            if (d.device() != null && d.device().equals(p.device())) port = p;
        }
        double measured = best.bwAverageGbps() / 8.0;
        List<EvidenceLine> ev = new ArrayList<>();
        ev.add(a.quote(best.line()));
        String basis = a.name() + ": " + d.test() + " best BW average " + fmt(best.bwAverageGbps()) + " Gb/s";
        List<Finding> out = new ArrayList<>();
        if (port == null) {
            return new Judged(new SegmentVerdict(Segment.INTER_NODE, measured, null, SegmentVerdict.UNKNOWN, basis, ev), out);
        }
        ev.add(port.quote().on(node));
        double rate = port.rateGbps();
        double ratio = best.bwAverageGbps() / rate;
        Map<String, String> params = new LinkedHashMap<>();
        if (!node.isEmpty()) params.put("node", node);
        params.put("hca", port.device());
        params.put("segment", "inter-node");
        if (ratio < WARN_RATIO) {
            out.add(new Finding("BUSBW_BELOW_EXPECTED", ratio < ERROR_RATIO ? FindingSeverity.ERROR : FindingSeverity.WARNING,
                    new Subject(node.isEmpty() ? null : node, null, null, port.device(), port.port(), null, null),
                    Message.of(BandwidthAnalyzer.class, "below.perftest", "test", d.test(), "measured", fmt(best.bwAverageGbps()),
                            "rate", fmt(rate), "hca", port.device(), "pct", Math.round(ratio * 100)),
                    ev, params));
        }
        return new Judged(new SegmentVerdict(Segment.INTER_NODE, measured, HardwareModel.lineGBs(rate),
                ratio < WARN_RATIO ? SegmentVerdict.SLOW : SegmentVerdict.OK, basis + "; port " + fmt(rate) + " Gb/s", ev), out);
    }
}
