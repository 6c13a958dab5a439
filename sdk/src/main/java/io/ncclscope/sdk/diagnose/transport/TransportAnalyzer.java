package io.ncclscope.sdk.diagnose.transport;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;

/** SKELETON: replaced by the real analyzer. */
public final class TransportAnalyzer implements Analyzer {
    @Override
    public String name() {
        return "transport";
    }

    @Override
    public List<Finding> analyze(Evidence evidence) {
        return List.of();
    }
}
