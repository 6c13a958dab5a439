package io.ncclscope.sdk.diagnose.errors;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Runs the errors analyzer over every file of the real corpus and holds its findings to a reviewed table, one row per
 * file where it reports anything, written from each manifest row's ground truth. Every other file must get nothing of
 * WARNING or worse. Every finding of the table must render in English and Chinese with no placeholder left.
 */
class ErrorsAnalyzerCorpusTest {

    /**
     * Reviewed: file -> CODE:SEVERITY of this analyzer (sorted). Notes give the manifest's conclusion where the code is
     * a choice.
     */
    static final Map<String, String> TABLE = new LinkedHashMap<>();

    static {
        // Hangs: all ranks on one SeqNum (collective hang) or different SeqNums and a late watchdog (pytorch-118369).
        TABLE.put("nccl-logs/llamafactory-6269-1.txt", "NCCL_WATCHDOG_TIMEOUT:CRITICAL");
        TABLE.put("nccl-logs/llamafactory-7396-1.txt", "NCCL_WATCHDOG_TIMEOUT:CRITICAL");
        TABLE.put("nccl-logs/ofa-271-1.txt", "NCCL_WATCHDOG_TIMEOUT:CRITICAL");
        TABLE.put("nccl-logs/pytorch-118369-1.txt", "NCCL_WATCHDOG_TIMEOUT:CRITICAL");
        TABLE.put("nccl-logs/sglang-1693-1.txt", "NCCL_WATCHDOG_TIMEOUT:CRITICAL");
        // Two ranks on one GPU, from PyTorch's 'Last error' only (no WARN line in the paste).
        TABLE.put("nccl-logs/megatron-lm-661-1.txt", "NCCL_DUPLICATE_GPU:CRITICAL");
        TABLE.put("nccl-logs/nccl-1241-1.txt", "NCCL_DUPLICATE_GPU:CRITICAL");
        TABLE.put("captured/h200-1gpu/nccl/duplicate-gpu.log", "NCCL_DUPLICATE_GPU:CRITICAL");
        // OOM on local rank 3 is the root; rank 0's closed connections are consequences (manifest).
        TABLE.put("nccl-logs/nccl-1235-1.txt", "NCCL_OUT_OF_MEMORY:CRITICAL");
        TABLE.put("nccl-logs/open-sora-plan-386-1.txt", "NCCL_OUT_OF_MEMORY:CRITICAL");
        // Manifest flag says CUDA_ERROR (out of memory during NCCL init): NCCL_OUT_OF_MEMORY is that CUDA error, named.
        TABLE.put("captured/h200-1gpu-variants/nccl/oom.log", "NCCL_OUT_OF_MEMORY:CRITICAL");
        TABLE.put("nccl-logs/nccl-1283-1.txt", "CUDA_ERROR:CRITICAL");
        // RDMA completion errors: status 12 (retry exceeded) is the root, later status 5 (flushed) follow.
        TABLE.put("nccl-logs/nccl-1405-1.txt", "IB_COMPLETION_ERROR:CRITICAL");
        TABLE.put("nccl-logs/nccl-1814-1.txt", "IB_COMPLETION_ERROR:CRITICAL");
        TABLE.put("nccl-logs/nccl-426-1.txt", "IB_COMPLETION_ERROR:CRITICAL");
        TABLE.put("nccl-logs/nccl-tests-252-1.txt", "IB_COMPLETION_ERROR:CRITICAL");
        TABLE.put("nccl-logs/stanford-alpaca-207-1.txt", "IB_COMPLETION_ERROR:CRITICAL");
        // libfabric UNDELIVERABLE (RC 113): fabric unreachable, not an IB/RoCE completion.
        TABLE.put("nccl-logs/nccl-1928-1.txt", "NCCL_REMOTE_ERROR:CRITICAL");
        TABLE.put("nccl-logs/nccl-2076-1.txt", "NCCL_REMOTE_ERROR:CRITICAL");
        // Connect failures: link-local ip6tnl0 / ib1, Docker bridge 172.17, bootstrap timeout, 10.0.0.2 abort.
        TABLE.put("nccl-logs/nccl-529-1.txt", "NCCL_CONNECT_FAILED:CRITICAL");
        TABLE.put("nccl-logs/nccl-975-1.txt", "NCCL_CONNECT_FAILED:CRITICAL, NCCL_SYSTEM_ERROR:ERROR");
        TABLE.put("nccl-logs/nccl-929-1.txt", "NCCL_CONNECT_FAILED:CRITICAL, NCCL_NO_SOCKET_INTERFACE:CRITICAL");
        TABLE.put("nccl-logs/nccl-tests-15-1.txt", "NCCL_CONNECT_FAILED:CRITICAL, NCCL_SYSTEM_ERROR:ERROR");
        TABLE.put("nccl-logs/nccl-tests-166-1.txt", "NCCL_CONNECT_FAILED:CRITICAL, NCCL_SYSTEM_ERROR:ERROR");
        // Only 'connect ... timed out, retrying' INFO lines over the veth socket device: a fault, not yet a failure.
        TABLE.put("nccl-logs/oneflow-3586-1.txt", "NCCL_CONNECT_FAILED:ERROR");
        TABLE.put("nccl-logs/nccl-tests-14-1.txt", "NCCL_NO_SOCKET_INTERFACE:CRITICAL");
        TABLE.put("captured/h200-1gpu/nccl/bad-ifname.log", "NCCL_NO_SOCKET_INTERFACE:CRITICAL");
        TABLE.put("captured/h200-1gpu/nccl/warn-only.log", "NCCL_NO_SOCKET_INTERFACE:CRITICAL");
        TABLE.put("nccl-logs/nccl-577-1.txt", "NCCL_INTERNAL_ERROR:CRITICAL");
        // 'message truncated': mismatched operations or NCCL_PROTO between ranks (ncclInvalidUsage in current NCCL).
        TABLE.put("nccl-logs/nccl-626-1.txt", "NCCL_INVALID_USAGE:CRITICAL");
        TABLE.put("captured/h200-1gpu-variants/nccl/bad-topo-file.log", "NCCL_INTERNAL_ERROR:ERROR, NCCL_TOPO_FILE_INVALID:CRITICAL");
        // Single-rank runs: NCCL printed nothing, the analyzer only notes the value ("an analyzer may note it").
        TABLE.put("captured/h200-1gpu-variants/nccl/bad-algo.log", "NCCL_ENV_INVALID:INFO");
        TABLE.put("captured/h200-1gpu-variants/nccl/bad-proto.log", "NCCL_ENV_INVALID:INFO");
        TABLE.put("captured/h200-1gpu-variants/nccl/debug-file.log", "NCCL_DEBUG_FILE_REDIRECTED:INFO");
        // nccl-tests failures without NCCL_DEBUG output: the generic NCCL result names the finding; its message
        // points at /dev/shm for a single node (nccl-473: --ipc=host fixed it), at bootstrap/interfaces across nodes
        // (nccl-tests-219), at PCIe P2P on GeForce cards (nccl-tests-280). The test's own failure beside it, a WARNING.
        TABLE.put("nccl-tests/nccl-473-1.txt", "NCCL_SYSTEM_ERROR:CRITICAL, NCCL_TESTS_FAILED:WARNING");
        TABLE.put("nccl-tests/nccl-tests-219-1.txt", "NCCL_INTERNAL_ERROR:CRITICAL, NCCL_TESTS_FAILED:WARNING");
        TABLE.put("nccl-tests/nccl-tests-280-1.txt", "CUDA_ERROR:CRITICAL, NCCL_TESTS_FAILED:WARNING");
        // Wrong values only at 4 GiB in an old nccl-tests: the known test bug (maintainer), not corruption.
        TABLE.put("nccl-tests/nccl-tests-37-1.txt", "NCCL_TESTS_FAILED:WARNING");
        TABLE.put("captured/h200-1gpu-variants/tests/min-bw-fail.txt", "NCCL_TESTS_FAILED:INFO");
        TABLE.put("captured/h200-1gpu-variants/tests/bad-arg.txt", "NCCL_TESTS_FAILED:WARNING");
    }

    static List<Finding> analyze(String file) {
        Evidence e = Evidence.builder().addText(file, Corpus.read(file)).build();
        return new ErrorsAnalyzer().analyze(e);
    }

    static String summary(List<Finding> fs) {
        TreeSet<String> s = new TreeSet<>();
        for (Finding f : fs) s.add(f.code() + ":" + f.severity());
        return String.join(", ", s);
    }

    @Test
    void everyCorpusFileGetsItsReviewedFindings() {
        Corpus.assumePresent();
        List<String> wrong = new ArrayList<>();
        int seen = 0;
        for (Corpus.Entry entry : Corpus.entries()) {
            List<Finding> fs = analyze(entry.file());
            String expected = TABLE.get(entry.file());
            if (expected != null) {
                seen++;
                if (!summary(fs).equals(expected)) wrong.add(entry.file() + ": expected [" + expected + "] got [" + summary(fs) + "]");
            } else {
                for (Finding f : fs) {
                    if (f.severity().atLeast(FindingSeverity.WARNING)) wrong.add(entry.file() + ": unexpected " + f.code() + ":" + f.severity());
                }
            }
        }
        assertThat(wrong).isEmpty();
        assertThat(seen).isEqualTo(TABLE.size());
    }

    @Test
    void healthyLogsAndTablesGetNothing() {
        Corpus.assumePresent();
        for (String f : List.of("nccl-logs/nccl-1189-1.txt", "nccl-logs/aws-ofi-nccl-715-1.txt", "nccl-logs/nccl-988-1.txt",
                "nccl-logs/nccl-1537-1.txt", "nccl-logs/nccl-392-1.txt", "nccl-logs/nccl-179-1.txt", "nccl-logs/nccl-1866-1.txt",
                "nccl-logs/nccl-629-1.txt", "nccl-logs/tinygrad-open-gpu-kernel-modules-22-1.txt",
                "captured/h200-1gpu/nccl/info-1rank.log", "captured/h200-1gpu/nccl/ib-disabled.log",
                "captured/h200-1gpu-variants/nccl/ifname-lo.log", "captured/h200-1gpu-variants/nccl/debugfile.vm.702.txt",
                // Sanitised fixture: every GPU prints bus 0x00, one process drives eight devices - not one GPU.
                "nccl-tests/superbenchmark-testdata-nccl_allgather.txt", "nccl-tests/oci-hpc-oke-readme-1.txt",
                "captured/h200-1gpu/tests/all_reduce.txt", "captured/h200-1gpu-variants/tests/help.txt")) {
            assertThat(analyze(f)).as(f).isEmpty();
        }
    }

    @Test
    void everyFindingOfTheTableRendersInBothLanguages() {
        Corpus.assumePresent();
        for (String file : TABLE.keySet()) {
            for (Finding f : analyze(file)) {
                for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
                    LocalizedFinding lf = Diagnosis.localize(f, l);
                    assertThat(lf.detail()).as(file + " " + l).isNotBlank().doesNotContain("${");
                    assertThat(lf.title()).isNotBlank();
                    for (Action a : lf.actions()) assertThat(a.command()).doesNotContain("${");
                }
                assertThat(f.detail().render(Locale.SIMPLIFIED_CHINESE)).as(file)
                        .isNotEqualTo(f.detail().render(Locale.ENGLISH));
                assertThat(f.evidence()).as(file).isNotEmpty();
                assertThat(f.evidence()).allSatisfy(e -> assertThat(e.text()).isNotBlank());
            }
        }
    }
}
