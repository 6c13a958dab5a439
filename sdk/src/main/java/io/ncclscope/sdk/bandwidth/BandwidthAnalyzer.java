package io.ncclscope.sdk.bandwidth;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;

/**
 * The three bandwidth segments and curve health: every nccl-tests table and perftest run is placed in its
 * segment, its plateau held against what the hardware found should give ({@link HardwareModel}), and its
 * curve checked for dips, in-place disagreement, latency spikes and wrong results. Stateless, thread-safe.
 */
public final class BandwidthAnalyzer implements Analyzer.Streamed {

    @Override
    public String name() {
        return "bandwidth";
    }

    /**
     * {@return a pass keeping, per node, a small hardware summary (GPU model, NVLink count, active IB ports, fastest
     * Ethernet link; nodes alike share one) and handing over each finding as it settles} A table naming its own node
     * is judged when its slice comes, and its findings are handed over by {@link Pass#drain()}; one naming another
     * node's host waits for {@code finish} as a slim copy of the rows its plateau comes from. The single-rank runs of
     * one host in a slice become one finding with their slice; those naming no host, one finding for the job at
     * {@code finish}.
     */
    @Override
    public Pass pass() {
        return new Pass.Summarizing() {
            private final MeasurementFold fold = new MeasurementFold(MeasurementFold.Keep.FINDINGS);

            @Override
            public SliceSummary summarize(Evidence slice) {
                return fold.read(java.util.Objects.requireNonNull(slice, "slice"))::run;
            }

            @Override
            public List<Finding> drain() {
                return fold.drain();
            }

            @Override
            public List<Finding> finish() {
                return fold.findings();
            }
        };
    }
}
