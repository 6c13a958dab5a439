package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.List;

/**
 * The three bandwidth segments and curve health: every nccl-tests table and perftest run is placed in its
 * segment, its plateau held against what the hardware found should give ({@link HardwareModel}), and its
 * curve checked for dips, in-place disagreement, latency spikes and wrong results. Stateless, thread-safe.
 */
public final class BandwidthAnalyzer implements Analyzer {

    @Override
    public String name() {
        return "bandwidth";
    }

    @Override
    public List<Finding> analyze(Evidence evidence) {
        List<Finding> out = new ArrayList<>();
        for (Judge.Judged j : Judge.all(evidence)) out.addAll(j.findings());
        return out;
    }
}
