package io.ncclscope.sdk.diagnose.tools;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Failed and missing tools as facts. Codes: GPU_DRIVER_UNREACHABLE, GPU_NOT_FOUND, GPU_LOST (what nvidia-smi printed
 * instead of data, quoted from its output or from the manifest's note of the step), COLLECT_STEPS_FAILED and
 * COLLECT_TOOLS_MISSING (the manifest's outcomes). Each node alone decides its findings.
 *
 * <p>Stateless and thread-safe (each {@link #pass()} is not); linear in the size of the evidence.
 */
public final class ToolsAnalyzer implements Analyzer.Streamed {

    @Override
    public String name() {
        return "tools";
    }

    /** {@return a pass that checks each slice apart and hands its findings on at once} */
    @Override
    public Pass pass() {
        return new Pass.Summarizing() {
            private final List<Finding> ready = new ArrayList<>();

            @Override
            public SliceSummary summarize(Evidence slice) {
                String node = Objects.requireNonNull(slice, "slice").sliceNode();
                List<Finding> found = new ArrayList<>();
                DriverFailures.check(node, slice, found);
                CollectSteps.check(node, slice, found);
                return () -> ready.addAll(found);
            }

            @Override
            public List<Finding> drain() {
                List<Finding> out = List.copyOf(ready);
                ready.clear();
                return out;
            }

            @Override
            public List<Finding> finish() {
                return drain();
            }
        };
    }
}
