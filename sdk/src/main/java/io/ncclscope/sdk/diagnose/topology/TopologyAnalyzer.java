package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;

/** SKELETON: replaced by the real analyzer. */
public final class TopologyAnalyzer implements Analyzer {
    @Override
    public String name() {
        return "topology";
    }

    @Override
    public List<Finding> analyze(Evidence evidence) {
        return List.of();
    }
}
