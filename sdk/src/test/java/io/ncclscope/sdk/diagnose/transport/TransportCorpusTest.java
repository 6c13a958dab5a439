package io.ncclscope.sdk.diagnose.transport;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The transport analyzer over every file of the real-world corpus: a reviewed table of what it says about each file
 * where it says anything, silence everywhere else, and agreement with the manifests' ground truth.
 */
class TransportCorpusTest {

    /**
     * Reviewed against each file's manifest ground truth (file -> CODE:SEVERITY of this analyzer, in report order).
     * Single-node H200 captures (eth0 only, no RDMA) must stay INFO; the multi-node interface faults of the issue
     * threads are ERROR; transports that the log alone cannot judge (no topology given) are INFO.
     */
    static final Map<String, List<String>> TABLE = Map.ofEntries(
            // 1 rank, "NET/IB : No device found" -> NET/Socket: manifest says info only
            entry("captured/h200-1gpu/nccl/info-1rank.log", List.of("NET_SOCKET_FALLBACK:INFO")),
            entry("captured/h200-1gpu/nccl/duplicate-gpu.log", List.of("NET_SOCKET_FALLBACK:INFO")),
            entry("captured/h200-1gpu/tests/all_reduce_info.txt", List.of("NET_SOCKET_FALLBACK:INFO")),
            entry("captured/h200-1gpu-variants/nccl/bad-algo.log", List.of("NET_SOCKET_FALLBACK:INFO")),
            entry("captured/h200-1gpu-variants/nccl/bad-proto.log", List.of("NET_SOCKET_FALLBACK:INFO")),
            entry("captured/h200-1gpu-variants/nccl/bad-topo-file.log", List.of("NET_SOCKET_FALLBACK:INFO")),
            entry("captured/h200-1gpu-variants/nccl/debugfile.vm.702.txt", List.of("NET_SOCKET_FALLBACK:INFO")),
            entry("captured/h200-1gpu-variants/nccl/subsys-init-net.log", List.of("NET_SOCKET_FALLBACK:INFO")),
            // "NET_IB_DISABLED_BY_ENV (info: host has no IB anyway)"
            entry("captured/h200-1gpu/nccl/ib-disabled.log", List.of("NET_IB_DISABLED_BY_ENV:INFO")),
            // "SOCKET_IFNAME_SUSPICIOUS (loopback ... harmless only on one node)", 1 rank
            entry("captured/h200-1gpu-variants/nccl/ifname-lo.log",
                    List.of("NET_SOCKET_FALLBACK:INFO", "SOCKET_IFNAME_SUSPICIOUS:INFO")),
            entry("captured/h200-1gpu-variants/nccl/ifname-exclude-eth.log",
                    List.of("NET_SOCKET_FALLBACK:INFO", "SOCKET_IFNAME_SUSPICIOUS:INFO")),
            // RoCE without GPUDirect RDMA ("GPU Direct RDMA Disabled for HCA 0 'mlx5_0'")
            entry("nccl-logs/nccl-1537-1.txt", List.of("GDR_NOT_USED:WARNING")),
            // receive path NET/IB/0 without /GDRDMA; 0 -> 7 via direct shared memory (no topology given)
            entry("nccl-logs/nccl-392-1.txt", List.of("GDR_NOT_USED:WARNING", "P2P_NOT_USED:INFO")),
            // ip6tnl0 link-local, connect timed out; NCCL_IB_DISABLE=1, node count unknown
            entry("nccl-logs/nccl-529-1.txt", List.of("SOCKET_IFNAME_SUSPICIOUS:ERROR", "NET_IB_DISABLED_BY_ENV:INFO")),
            // peer advertised Docker's 172.17.x NAT address, two hosts
            entry("nccl-logs/nccl-929-1.txt", List.of("SOCKET_IFNAME_SUSPICIOUS:ERROR")),
            // IPoIB ib1 with only a link-local address, connect aborted
            entry("nccl-logs/nccl-975-1.txt", List.of("SOCKET_IFNAME_SUSPICIOUS:ERROR")),
            // "first WARN is harmless unless IB is wanted"
            entry("nccl-logs/nccl-tests-14-1.txt", List.of("NET_SOCKET_FALLBACK:INFO")),
            // 2.2 "Using internal Network Socket", only rank 0 of 2 visible
            entry("nccl-logs/nccl-tests-15-1.txt", List.of("NET_SOCKET_FALLBACK:INFO")),
            // intra-node SHM, no topology given
            entry("nccl-logs/nccl-tests-166-1.txt", List.of("P2P_NOT_USED:INFO")),
            // veth link-local used by NET/Socket/1 -> connect timeouts; 2 nodes over TCP
            entry("nccl-logs/oneflow-3586-1.txt", List.of("SOCKET_IFNAME_SUSPICIOUS:ERROR", "NET_SOCKET_FALLBACK:WARNING")),
            // "GPUs communicate via SHM because P2P is unavailable"
            entry("nccl-logs/open-sora-plan-386-1.txt", List.of("P2P_NOT_USED:INFO")));

    static List<String> files;

    @BeforeAll
    static void corpus() {
        Corpus.assumePresent();
        try (Stream<Path> s = Files.walk(Corpus.root())) {
            files = s.filter(Files::isRegularFile)
                    .map(p -> Corpus.root().relativize(p).toString().replace('\\', '/'))
                    .filter(f -> !f.startsWith("manifest-") && !f.equals("README.md"))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> files() {
        corpus();
        return files;
    }

    static List<Finding> analyze(String file) {
        try {
            String text = new String(Files.readAllBytes(Corpus.root().resolve(file)), StandardCharsets.UTF_8);
            Evidence e = Evidence.builder().addText(file, text).build();
            return Diagnosis.run(e, List.of(new TransportAnalyzer())).findings();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> codes(List<Finding> fs) {
        List<String> out = new ArrayList<>();
        for (Finding f : fs) out.add(f.code() + ":" + f.severity());
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyCorpusFileGivesWhatTheReviewedTableSays(String file) {
        List<Finding> fs = analyze(file);
        assertThat(codes(fs)).as(file).containsExactlyElementsOf(TABLE.getOrDefault(file, List.of()));
    }

    @Test
    void theTableNamesOnlyFilesThatExist() {
        assertThat(files).containsAll(TABLE.keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFindingRendersInEnglishAndChinese(String file) {
        for (Finding f : analyze(file)) {
            String en = f.detail().render(Locale.ENGLISH);
            String zh = f.detail().render(Locale.SIMPLIFIED_CHINESE);
            assertThat(en).as(file).doesNotContain("${").isNotBlank();
            assertThat(zh).as(file).doesNotContain("${").isNotEqualTo(en).containsPattern("[\\u4e00-\\u9fff]");
            assertThat(Diagnosis.localize(f, Locale.SIMPLIFIED_CHINESE).actions()).isNotEmpty();
        }
    }

    @Test
    void filesTheManifestsCallHealthyGetNothingAboveInfo() {
        for (Corpus.Entry e : Corpus.entries()) {
            String gt = (e.facts() + " " + e.flags()).toLowerCase(Locale.ROOT);
            boolean healthy = gt.startsWith("healthy") || gt.contains(" healthy") || e.flags().strip().equals("none")
                    || e.flags().startsWith("none;") || e.flags().startsWith("none ");
            if (!healthy || !files.contains(e.file())) continue;
            for (Finding f : analyze(e.file())) {
                assertThat(f.severity()).as(e.file() + " " + f.code()).isEqualTo(FindingSeverity.INFO);
            }
        }
    }

    @Test
    void theH200CapturesNeverWarn() {
        for (String f : files) {
            if (!f.startsWith("captured/")) continue;
            assertThat(analyze(f)).as(f).allSatisfy(x -> assertThat(x.severity()).isEqualTo(FindingSeverity.INFO));
        }
    }

    @Test
    void theWholeH200BundleIsOneNodeAndHealthy() throws IOException {
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve("captured/h200-1gpu")).build();
        Diagnosis d = Diagnosis.run(e, List.of(new TransportAnalyzer()));
        assertThat(d.healthy()).isTrue();
        // The same statement from three logs of host vm is one finding with their lines.
        List<Finding> fallback = d.withCode("NET_SOCKET_FALLBACK");
        assertThat(fallback).hasSize(1);
        assertThat(fallback.get(0).subject().node()).isEqualTo("vm");
        assertThat(fallback.get(0).evidence()).extracting(l -> l.artifact()).contains(
                "h200-1gpu/nccl/info-1rank.log", "h200-1gpu/nccl/duplicate-gpu.log");
        assertThat(d.withCode("NET_IB_DISABLED_BY_ENV")).hasSize(1);
    }
}
