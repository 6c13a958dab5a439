package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;

/** SKELETON: replaced by the real analyzer. */
public final class BandwidthAnalyzer implements Analyzer {
    @Override
    public String name() {
        return "bandwidth";
    }

    @Override
    public List<Finding> analyze(Evidence evidence) {
        return List.of();
    }
}
