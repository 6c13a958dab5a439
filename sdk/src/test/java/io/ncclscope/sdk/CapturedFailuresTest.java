package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The NCCL 2.28 failures provoked on the device machine ({@code examples/captured/h200-nccl-fail} and
 * {@code h100-nccl-retry}, {@code h100-peer-lost}, whose {@code HOW.md} say how each was made): every file gets the codes at WARNING or worse a correct diagnosis names, and the finding's text
 * names the setting that was wrong where the log shows it.
 */
class CapturedFailuresTest {

    private static final Path DIR = Path.of("../examples/captured");

    /** file -> codes at WARNING or worse, sorted, then a phrase the first of them must say ("" for none). */
    private static final Map<String, String[]> EXPECTED = new TreeMap<>(Map.ofEntries(
            Map.entry("h200-nccl-fail/buffsize-tiny.log", new String[] {"NCCL_ENV_INVALID", "NCCL_BUFFSIZE=1 bytes"}),
            Map.entry("h200-nccl-fail/comm-id-unreachable.log", new String[] {"NCCL_NO_SOCKET_INTERFACE NCCL_SYSTEM_ERROR", "NCCL_COMM_ID"}),
            Map.entry("h200-nccl-fail/debug-warn.log", new String[] {"NCCL_NO_SOCKET_INTERFACE", "no socket interface found"}),
            Map.entry("h200-nccl-fail/duplicate-gpu.rank0.log", new String[] {"NCCL_DUPLICATE_GPU", "0, 1"}),
            Map.entry("h200-nccl-fail/duplicate-gpu.rank1.log", new String[] {"NCCL_DUPLICATE_GPU", "0, 1"}),
            Map.entry("h200-nccl-fail/ib-hca-bogus.log", new String[] {"", ""}),
            Map.entry("h200-nccl-fail/ifname-prefix-none.log", new String[] {"NCCL_NO_SOCKET_INTERFACE", "NCCL_SOCKET_IFNAME==ib0"}),
            Map.entry("h200-nccl-fail/net-bogus.log", new String[] {"NCCL_ENV_INVALID", "NCCL_NET"}),
            Map.entry("h200-nccl-fail/net-ib-no-ib.log", new String[] {"NCCL_ENV_INVALID", "IB on a node without InfiniBand"}),
            Map.entry("h200-nccl-fail/net-plugin-missing.log", new String[] {"NCCL_NET_PLUGIN_MISSING", "/opt/missing/libnccl-net-none.so"}),
            Map.entry("h200-nccl-fail/oom-before-init.log", new String[] {"NCCL_OUT_OF_MEMORY", "out of memory"}),
            Map.entry("h200-nccl-fail/p2p-level-bogus.log", new String[] {"", ""}),
            Map.entry("h200-nccl-fail/socket-family-bad.log", new String[] {"NCCL_ENV_INVALID", "NCCL_SOCKET_FAMILY=AF_INET9"}),
            Map.entry("h200-nccl-fail/topo-missing.log", new String[] {"NCCL_TOPO_FILE_INVALID", "/nonexistent/topo.xml"}),
            // NCCL 2.28's refused connects retried while the root starts are no finding; retries run out are one
            Map.entry("h100-nccl-retry/late-root.rank0.log", new String[] {"NCCL_DUPLICATE_GPU SOCKET_IFNAME_SUSPICIOUS", "0, 1"}),
            Map.entry("h100-nccl-retry/late-root.rank1.log", new String[] {"NCCL_DUPLICATE_GPU SOCKET_IFNAME_SUSPICIOUS", "0, 1"}),
            Map.entry("h100-nccl-retry/no-root.rank1.log", new String[] {"NCCL_CONNECT_FAILED SOCKET_IFNAME_SUSPICIOUS",
                "bootstrap root at 127.0.0.1:29998"}),
            // A peer killed in all_reduce: the survivor's socket closed is a remote error naming the peer; the killed
            // rank's own log says nothing of its end. lo and NCCL_IB_DISABLE=1 are the provocation's (HOW.md).
            Map.entry("h100-peer-lost/rank1-killed.rank0.log", new String[] {
                "NCCL_REMOTE_ERROR NET_IB_DISABLED_BY_ENV SOCKET_IFNAME_SUSPICIOUS", "the connection to localhost was closed or reset"}),
            Map.entry("h100-peer-lost/rank1-killed.rank1.log", new String[] {"NET_IB_DISABLED_BY_ENV SOCKET_IFNAME_SUSPICIOUS",
                "NCCL_IB_DISABLE=1"}),
            Map.entry("h100-peer-lost/rank0-killed.rank1.log", new String[] {
                "NCCL_REMOTE_ERROR NET_IB_DISABLED_BY_ENV SOCKET_IFNAME_SUSPICIOUS", "the connection to localhost was closed or reset"}),
            Map.entry("h100-peer-lost/rank0-killed.rank0.log", new String[] {"NET_IB_DISABLED_BY_ENV SOCKET_IFNAME_SUSPICIOUS",
                "NCCL_IB_DISABLE=1"}),
            Map.entry("h100-peer-lost/torchrun-rank1-killed.log", new String[] {"NCCL_REMOTE_ERROR NET_IB_DISABLED_BY_ENV "
                + "P2P_NOT_USED RANK_KILLED_BY_SIGNAL SOCKET_IFNAME_SUSPICIOUS", "because of the RANK_KILLED_BY_SIGNAL above"})));

    static Stream<Arguments> files() {
        return EXPECTED.keySet().stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void eachProvokedFailureIsNamed(String file) throws Exception {
        Path path = DIR.resolve(file);
        assertThat(path).isRegularFile();
        Diagnosis d = NcclScope.diagnose(Evidence.builder().addPath(path).build());
        String[] want = EXPECTED.get(file);
        assertThat(String.join(" ", CorpusVerdictTest.raised(d))).as(file).isEqualTo(want[0]);
        if (want[0].isEmpty()) return;
        String first = want[0].split(" ")[0];
        Finding f = d.findings().stream().filter(x -> x.code().equals(first)).findFirst().orElseThrow();
        assertThat(f.severity().atLeast(FindingSeverity.WARNING)).isTrue();
        assertThat(f.detail().render(Locale.ENGLISH)).as(file).contains(want[1]);
        assertThat(f.detail().render(Locale.SIMPLIFIED_CHINESE)).as(file).doesNotContain("${");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyCapturedFileIsListed(String file) throws Exception {
        List<String> logs = new ArrayList<>();
        for (String folder : List.of("h200-nccl-fail", "h100-nccl-retry", "h100-peer-lost")) {
            try (Stream<Path> s = Files.list(DIR.resolve(folder))) {
                s.map(p -> folder + "/" + p.getFileName()).filter(n -> n.endsWith(".log")).forEach(logs::add);
            }
        }
        assertThat(logs).containsAll(EXPECTED.keySet()).hasSize(EXPECTED.size()).contains(file);
    }

    /**
     * torchrun's two workers, rank 1 killed by SIGKILL in all_reduce: the kill is the first cause (torchrun's table names
     * it), rank 0's ncclRemoteError follows from it; the '-> 3' of the IB plugin NCCL_IB_DISABLE=1 turned down at init
     * ('Failed to initialize NET plugin IB') is no failure of the killed rank (it was NCCL_INTERNAL_ERROR); the two
     * ranks on one GPU of one host name are no duplicate GPU: NCCL_HOSTID made them two hosts to NCCL, which ran both.
     */
    @org.junit.jupiter.api.Test
    void aKilledPeerIsTheCauseAndTheSurvivorsRemoteErrorFollowsFromIt() throws Exception {
        Diagnosis d = NcclScope.diagnose(Evidence.builder().addPath(DIR.resolve("h100-peer-lost/torchrun-rank1-killed.log")).build());
        assertThat(d.findings()).extracting(f -> f.code()).doesNotContain("NCCL_INTERNAL_ERROR", "NCCL_DUPLICATE_GPU");
        assertThat(d.findings()).filteredOn(f -> f.code().equals("RANK_KILLED_BY_SIGNAL")).singleElement()
                .satisfies(f -> assertThat(f.detail().render(java.util.Locale.ENGLISH)).contains("SIGKILL", "rank 1"));
        assertThat(d.findings()).filteredOn(f -> f.code().equals("NCCL_REMOTE_ERROR")).singleElement()
                .satisfies(f -> assertThat(f.detail().render(java.util.Locale.ENGLISH)).contains("because of the RANK_KILLED_BY_SIGNAL above"));
    }
}
