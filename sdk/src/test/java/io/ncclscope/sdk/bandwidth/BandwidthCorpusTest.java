package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Every nccl-tests, perftest, nvbandwidth and captured file through the analyzer against a reviewed table of
 * {@code file -> code:SEVERITY:segment} (sorted, joined with a space). Files not listed give nothing.
 * Reasoning per row, from the manifests' ground truth, is in the comments. Silent by review: the healthy
 * baselines (A100 NVSwitch superbenchmark tables judged ok; p4de, p5, eks-p5, aws-batch, EKS EFA, B200, A3 Mega,
 * OCI, nccl-tests-119/252, 5kpro: no NIC facts in the table, so no expectation and no finding), the failed runs
 * (nccl-473, 219, 280: the errors analyzer's), nccl-tests-37 (out-of-bounds, the errors analyzer's), nccl-445
 * (PCIe-bound 4.9 GB/s, but the paste names no GPU, so no expectation: with the node's nvidia-smi -q it would be
 * judged), dstack a3high (TCPX, ~50 GB/s, manifest: documented normal; no NIC facts), every nvbandwidth file (not
 * judged yet) and every perftest file (no port rate in the files; measured only from rows of 64 KiB or more).
 *
 * <p>No corpus file is a 3-node cliff: no manifest row and no table spans three or more hosts with a lower plateau
 * than a 2-node run of the same hardware ({@link #theCorpusHoldsNoRunOfThreeOrMoreNodesYet} notices when one arrives);
 * the knee is tested on the synthetic examples/scaling tables (ScalingTest, CompareCommandTest). No corpus table is an
 * {@code NCCL_TESTS_SPLIT} run either (every device line says {@code Group 0}); SplitRailsTest uses examples/split.
 */
class BandwidthCorpusTest {

    static final Map<String, String> EXPECTED = new TreeMap<>(Map.ofEntries(
            // Single-rank runs (manifest: "single rank, bandwidth meaningless"): only the INFO note, never a verdict.
            Map.entry("captured/h200-1gpu-variants/tests/alltoallv.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/blocking.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/gather.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/graph.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/half.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/hypercube.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/iter.json", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/json-iter.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/min-bw-fail.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/no-check.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/reduce.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/scatter.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu-variants/tests/timeout-opt.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu/tests/all_gather.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu/tests/all_reduce.json", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu/tests/all_reduce.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu/tests/all_reduce_info.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu/tests/alltoall.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu/tests/broadcast.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu/tests/reduce_scatter.txt", "SINGLE_RANK_RUN:INFO:-"),
            Map.entry("captured/h200-1gpu/tests/sendrecv.txt", "SINGLE_RANK_RUN:INFO:-"),
            // 1 rank of a 2080 Ti, in-place reduce a no-op (manifest: must not be reported as real bandwidth).
            Map.entry("nccl-tests/anthony-hoo-autodl-2080ti-3.txt", "SINGLE_RANK_RUN:INFO:-"),
            // 2x 2080 Ti, PCIe Gen3, P2P not supported: alltoall 4.6 GB/s against 12 GB/s of Gen3 x16 -> slow, segment 1.
            Map.entry("nccl-tests/anthony-hoo-autodl-2080ti-4.txt", "BUSBW_BELOW_EXPECTED:ERROR:intra-node"),
            // Excerpt stops at 44 MiB before the reported degradation (manifest): no plateau, INFO only.
            Map.entry("nccl-tests/aws-ofi-nccl-65-1.txt", "BW_CURVE_ANOMALY:INFO:end-to-end"),
            // CXI hook disabled (manifest, doc-confirmed): 32 MiB dip and 163-373 us small-message spikes, and 5.4 GB/s
            // against the 22.9 GB/s floor of the healthy GH200 run (sarus-gh200-1, one NIC): slow, end-to-end. The
            // table has no NIC facts, so the floor decides (WARNING); with the nodes' ibstat it is an ERROR
            // against the NICs (BandwidthAnalyzerTest).
            Map.entry("nccl-tests/cscs-docs-nccl-gh200-2.txt", "BUSBW_BELOW_EXPECTED:WARNING:end-to-end BW_CURVE_ANOMALY:WARNING:end-to-end BW_CURVE_ANOMALY:WARNING:end-to-end"),
            // sendrecv between 2 nodes, 1 GPU each (segment 2), excerpt cut after 4 KB: no plateau, INFO only.
            Map.entry("nccl-tests/nccl-tests-214-1.txt", "BW_CURVE_ANOMALY:INFO:inter-node")
    ));

    static final BandwidthAnalyzer ANALYZER = new BandwidthAnalyzer();

    static String codes(List<Finding> fs) {
        return fs.stream().map(f -> f.code() + ":" + f.severity() + ":" + f.params().getOrDefault("segment", "-"))
                .sorted().collect(Collectors.joining(" "));
    }

    static List<String> files() {
        return Corpus.entries().stream().map(Corpus.Entry::file)
                .filter(f -> f.startsWith("nccl-tests/") || f.startsWith("perftest/") || f.startsWith("nvbandwidth/")
                        || f.startsWith("captured/"))
                .sorted().toList();
    }

    @Test
    void theCorpusHoldsNoRunOfThreeOrMoreNodesYet() throws Exception {
        Corpus.assumePresent();
        // When a real 3-node (or larger) table arrives, this fails: add it to EXPECTED and to the scaling tests.
        for (String file : files()) {
            Evidence e = Evidence.builder().addPath(Corpus.root().resolve(file)).build();
            for (Evidence.Item<io.ncclscope.parsers.tests.NcclTestsData> it : e.all(io.ncclscope.parsers.tests.NcclTestsData.class)) {
                assertThat(it.data().hosts()).as(file).hasSizeLessThan(3);
                assertThat(it.data().devices()).as(file).allSatisfy(d -> assertThat(d.group()).isIn(null, 0));
            }
        }
    }

    @Test
    void everyBandwidthFileMatchesTheReviewedTable() throws Exception {
        Corpus.assumePresent();
        Map<String, String> actual = new TreeMap<>();
        for (String file : files()) {
            Evidence e = Evidence.builder().addPath(Corpus.root().resolve(file)).build();
            List<Finding> fs = ANALYZER.analyze(e);
            String c = codes(fs);
            if (!c.isEmpty()) actual.put(file, c);
            if (Boolean.getBoolean("ncclscope.bw.print")) {
                System.out.println("FILE " + file + " -> " + c + "  SEG " + Segments.summary(Segments.of(e)));
                for (LocalizedFinding lf : new Diagnosis(fs).localized(Locale.ENGLISH)) System.out.println("   " + lf.detail());
            }
        }
        assertThat(actual).isEqualTo(EXPECTED);
    }
}
