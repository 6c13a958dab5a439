package io.ncclscope.sdk.diagnose.links;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;

/** SKELETON: replaced by the real analyzer. */
public final class LinkHealthAnalyzer implements Analyzer {
    @Override
    public String name() {
        return "links";
    }

    @Override
    public List<Finding> analyze(Evidence evidence) {
        return List.of();
    }
}
