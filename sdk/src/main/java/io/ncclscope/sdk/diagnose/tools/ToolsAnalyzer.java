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

    /** {@return a pass that checks each slice as it comes and hands its findings on at once} */
    @Override
    public Pass pass() {
        return new Pass() {
            private final List<Finding> ready = new ArrayList<>();

            @Override
            public void add(Evidence slice) {
                Objects.requireNonNull(slice, "slice");
                String node = slice.sliceNode();
                DriverFailures.check(node, slice, ready);
                CollectSteps.check(node, slice, ready);
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
