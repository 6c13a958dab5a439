package io.ncclscope.sdk.diagnose.errors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.nccl.EventKind;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.errors.Classifier.Role;
import io.ncclscope.sdk.diagnose.errors.Classifier.Verdict;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.MessageCatalogue;
import io.ncclscope.sdk.rules.MessageCatalogueTest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The errors analyzer classifies WARN lines by the message catalogue: every NCCL, NET plugin and SHARP format of
 * {@code messages.tsv} gets the catalogue's verdict, and the corpus lines where the catalogue and the analyzer used to
 * disagree (collective mismatch, a topology file without an attribute, a CollNet fallback, bootstrap retries that
 * return ncclRemoteError) are read the catalogue's way.
 */
class CatalogueClassificationTest {

    private static final Set<String> WARN_SOURCES = Set.of("nccl", "aws-ofi-nccl", "nccl-rdma-sharp-plugins");
    /** The codes a WARN line names a chain after; the catalogue's other codes come from launcher and tests records. */
    private static final Set<String> CHAIN_CODES = Set.of("NCCL_CONNECT_FAILED", "NCCL_REMOTE_ERROR", "NCCL_SYSTEM_ERROR",
            "NCCL_INTERNAL_ERROR", "NCCL_INVALID_USAGE", "NCCL_DUPLICATE_GPU", "NCCL_NO_SOCKET_INTERFACE",
            "NCCL_NET_PLUGIN_MISSING", "IB_COMPLETION_ERROR", "IB_SETUP_FAILED", "CUDA_ERROR", "NCCL_VERSION_MISMATCH",
            "RANK_MAPPING_INCONSISTENT", "NCCL_OUT_OF_MEMORY", "NCCL_TOPO_FILE_INVALID", "NCCL_SHM_FAILED",
            "NCCL_ENV_INVALID", "COLLNET_UNAVAILABLE", "OFI_NO_PROVIDER", "P2P_DISABLED_ON_NVLINK");

    static List<Finding> more(String file) throws IOException {
        Path path = Corpus.root().resolveSibling("corpus-more").resolve(file);
        assumeTrue(Files.isRegularFile(path), "corpus-more absent");
        String text = new String(Files.readAllBytes(path), StandardCharsets.UTF_8);
        return new ErrorsAnalyzer().analyze(Evidence.builder().addText(path.getFileName().toString(), text).build());
    }

    static List<String> problems(List<Finding> fs) {
        return fs.stream().filter(f -> f.severity().atLeast(FindingSeverity.WARNING)).map(Finding::code).sorted().toList();
    }

    static String en(Finding f) {
        return f.detail().render(Locale.ENGLISH);
    }

    /**
     * Each example is classified with the kind the parser gives a WARN line of that message ({@link EventKind#of}), as
     * in a log. The parser reads every message naming the proxy as {@link EventKind#PROXY_ERROR}, a consequence; where
     * the catalogue names one after the result its source returns (RMA and GIN proxy checks of NCCL 2.28+), the row
     * wins: the message is unknown by its text and the return code after it names it.
     */
    @Test
    void everyWarnFormatOfTheCatalogueGetsItsClassification() {
        List<String> wrong = new ArrayList<>();
        int rows = 0;
        for (MessageCatalogue.Entry row : MessageCatalogue.builtIn().entries()) {
            if (!WARN_SOURCES.contains(row.source())) continue;
            String example = MessageCatalogueTest.example(row.format()).strip();
            // The first row that matches the example decides it (a general format may be shadowed by a precise one).
            MessageCatalogue.Entry decides = MessageCatalogue.builtIn().match(example).orElseThrow();
            EventKind kind = EventKind.of(example);
            Verdict v = Classifier.classify(kind, example, null, Map.of(), null);
            rows++;
            String c = decides.classification();
            boolean ok;
            if (MessageCatalogue.BENIGN.equals(c)) {
                ok = v.role() == Role.BENIGN;
            } else if (MessageCatalogue.CONTEXT.equals(c)) {
                ok = v.role() != Role.ROOT && v.role() != Role.UNKNOWN;
            } else if (!CHAIN_CODES.contains(c)) {
                ok = true;
            } else if (decides.note().contains("classified by its return code")) {
                // Known only by its result: the text's own reading wins, else the return code after it names it.
                ok = v.code() != null || v.role() == Role.UNKNOWN;
            } else {
                ok = c.equals(v.code());
            }
            if (!ok) wrong.add(row.line() + " " + row.format() + " -> " + c + " but " + v);
        }
        assertThat(rows).isGreaterThan(800);
        assertThat(wrong).as("catalogue rows the classifier reads otherwise").isEmpty();
    }

    @Test
    void anRmaProxyCheckIsNamedByTheResultItReturnsNotReadAsAPeersError() {
        // NCCL 2.30 src/rma/rma_proxy_launch.cc: the check WARNs and returns ncclInternalError (3); before, every WARN
        // naming the proxy read as a consequence of another rank's failure, and this log named no cause
        String log = """
                gpu01:4711:4790 [0] NCCL INFO NCCL version 2.30.3+cuda13.0
                gpu01:4711:4790 [0] src/rma/rma_proxy_launch.cc:212 NCCL WARN ncclRmaProxyPutGroupStartParams: descriptor is not a put-signal-group type (7)
                gpu01:4711:4790 [0] NCCL INFO src/rma/rma_proxy_launch.cc:240 -> 3
                gpu01:4711:4790 [0] NCCL INFO src/rma/rma.cc:88 -> 3
                """;
        var r = io.ncclscope.sdk.NcclScope.analyze(io.ncclscope.sdk.evidence.Evidence.builder().addText("job.log", log).build(),
                Locale.ENGLISH);
        var f = r.findings().stream().filter(x -> x.code().equals("NCCL_INTERNAL_ERROR")).findFirst().orElseThrow();
        assertThat(f.evidence().get(0).text()).contains("ncclRmaProxyPutGroupStartParams");
    }

    @Test
    void collectiveMismatchOverNetIbIsInvalidUsageNotAnIbSetupFailure() throws IOException {
        // Manifest nccl-969: a size check between the two sides (ncclInvalidUsage from 2.12), not an RDMA failure.
        List<Finding> fs = more("nccl-logs/nccl-969-1.txt");
        assertThat(problems(fs)).contains("NCCL_INVALID_USAGE").doesNotContain("IB_SETUP_FAILED", "IB_COMPLETION_ERROR",
                "NCCL_CONNECT_FAILED");
        Finding f = fs.stream().filter(x -> x.code().equals("NCCL_INVALID_USAGE")).findFirst().orElseThrow();
        assertThat(f.detail().key()).startsWith("usage.mismatch");
        assertThat(problems(more("nccl-logs/nccl-615-1.txt"))).contains("NCCL_INVALID_USAGE").doesNotContain("IB_SETUP_FAILED");
    }

    @Test
    void aTopologyFileWithoutTheCpuArchIsAnInvalidTopologyFile() throws IOException {
        // Manifests nccl-379 and aws-ofi-nccl-785: 'Attribute arch of node cpu not found' in an injected topology.
        for (String file : List.of("nccl-logs/nccl-379-1.txt", "nccl-logs/aws-ofi-nccl-785-1.txt")) {
            List<Finding> fs = more(file);
            assertThat(problems(fs)).as(file).contains("NCCL_TOPO_FILE_INVALID").doesNotContain("NCCL_CONNECT_FAILED");
            Finding f = fs.stream().filter(x -> x.code().equals("NCCL_TOPO_FILE_INVALID")).findFirst().orElseThrow();
            assertThat(f.detail().key()).startsWith("topo.file.attr");
            assertThat(en(f)).contains("Attribute arch of node cpu not found");
        }
    }

    @Test
    void aGraphFileThatDoesNotMatchTheMachineIsTheGraphFileNotTheTopologyFile() throws IOException {
        // Manifest azhpc-images-327: 'XML Import Channel : dev 1 not found.' under NCCL_GRAPH_FILE; topo.xml is fine.
        List<Finding> fs = more("nccl-logs/azhpc-images-327-1.txt");
        assertThat(problems(fs)).contains("NCCL_ENV_INVALID").doesNotContain("NCCL_TOPO_FILE_INVALID", "NCCL_CONNECT_FAILED");
        Finding f = fs.stream().filter(x -> x.code().equals("NCCL_ENV_INVALID")).findFirst().orElseThrow();
        assertThat(f.detail().key()).startsWith("env.graph");
        assertThat(en(f)).contains("NCCL_GRAPH_FILE=/opt/microsoft/ncv4/graph.xml");
    }

    @Test
    void aCollNetFallbackIsInformationNotAFatalSystemError() throws IOException {
        // Manifests nccl-1050 and nccl-rdma-sharp-plugins-151: SHARP could not start, NCCL went on point-to-point.
        for (String file : List.of("nccl-logs/nccl-1050-1.txt", "nccl-logs/nccl-rdma-sharp-plugins-151-1.txt")) {
            List<Finding> fs = more(file);
            assertThat(problems(fs)).as(file).isEmpty();
            assertThat(fs).as(file).extracting(Finding::code).contains("COLLNET_UNAVAILABLE");
        }
    }

    @Test
    void aFailedOpenBeforeTheSharedMemoryWarnIsNotTheCause() throws IOException {
        // Manifest nccl-1589: 'Call to open failed' is known only by its result; the shm WARN after it names the cause.
        assertThat(problems(more("nccl-logs/nccl-1589-1.txt"))).containsExactly("NCCL_SHM_FAILED");
    }

    @Test
    void aProxyConnectFailingWithASystemErrorIsAConnectFailure() throws IOException {
        // Manifest nccl-914: the net transport's connect returned 2 with no WARN of its own; -> 6 elsewhere follows.
        List<Finding> fs = more("nccl-logs/nccl-914-1.txt");
        assertThat(problems(fs)).contains("NCCL_CONNECT_FAILED").doesNotContain("IB_COMPLETION_ERROR");
        Finding f = fs.stream().filter(x -> x.code().equals("NCCL_CONNECT_FAILED")).findFirst().orElseThrow();
        assertThat(f.detail().key()).startsWith("connect.proxy");
    }

    @Test
    void anEfaEndpointSetupFailureIsNamedForLibfabricNotIbverbs() throws IOException {
        List<Finding> fs = more("nccl-logs/aws-ofi-nccl-24-1.txt");
        Finding f = fs.stream().filter(x -> x.code().equals("IB_SETUP_FAILED")).findFirst().orElseThrow();
        assertThat(f.detail().key()).startsWith("ib.setup.ofi");
        assertThat(en(f)).contains("libfabric").doesNotContain("ibverbs");
    }

    @Test
    void noLibfabricProviderIsItsOwnFinding() {
        String log = "ip-10-0-0-1:100:100 [0] NCCL INFO NET/OFI Using aws-ofi-nccl 1.7.1\n"
                + "ip-10-0-0-1:100:100 [0] nccl_net_ofi.c:543 NCCL WARN NET/OFI Couldn't find any optimal provider\n"
                + "ip-10-0-0-1:100:100 [0] NCCL INFO init.cc:1089 -> 2\n";
        Finding f = ErrorsAnalyzerTest.cause(ErrorsAnalyzerTest.text(log), "OFI_NO_PROVIDER", "NCCL_SYSTEM_ERROR");
        // The '-> 2' after it shows the init failed.
        assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        assertThat(f.detail().key()).isEqualTo("ofi.provider");
    }

    /**
     * libfabric's core warns 'provider X output empty list' when a provider answers fi_getinfo with nothing (src/fabric.c;
     * efa_getinfo answers so when no EFA device matches the hints): the lower-level form of 'no provider', a cause only
     * when nothing better is seen, and no cause once NCCL uses the plugin's network (the plugin tries several hints).
     */
    @Test
    void aLibfabricProviderWithNothingToOfferIsNoProviderUnlessThePluginNetworkCameUp() throws IOException {
        String head = "ip-10-0-0-1:79:79 [0] NCCL INFO NET/Plugin: Failed to find ncclCollNetPlugin_v8 symbol.\n"
                + "libfabric:79:1747438790::core:core:fi_getinfo_():1392<warn> fi_getinfo: provider efa output empty list\n";
        Finding f = ErrorsAnalyzerTest.only(ErrorsAnalyzerTest.text(head), "OFI_NO_PROVIDER");
        assertThat(f.severity()).isEqualTo(FindingSeverity.ERROR);
        assertThat(f.detail().key()).isEqualTo("ofi.provider.libfabric");
        assertThat(f.subject().node()).isEqualTo("ip-10-0-0-1");
        assertThat(ErrorsAnalyzerTest.text(head + "ip-10-0-0-1:79:79 [0] NCCL INFO Using network Libfabric\n")).isEmpty();
        // libfabric's 'returned -N' is a warning only when the hints named that provider (FI_PROVIDER=efa)
        String named = "ip-10-0-0-1:79:79 [0] NCCL INFO NET/OFI Using aws-ofi-nccl 1.14.0\n"
                + "libfabric:79:1747438790::core:core:fi_getinfo_():1400<warn> fi_getinfo: provider efa returned -61 (No data available)\n";
        assertThat(ErrorsAnalyzerTest.only(ErrorsAnalyzerTest.text(named), "OFI_NO_PROVIDER").detail().key())
                .isEqualTo("ofi.provider.libfabric");
        // The plugin's own conclusion, when it follows, is the cause.
        String plugin = head + "ip-10-0-0-1:79:79 [0] nccl_net_ofi.c:543 NCCL WARN NET/OFI Couldn't find any optimal provider\n";
        Finding g = ErrorsAnalyzerTest.only(ErrorsAnalyzerTest.text(plugin), "OFI_NO_PROVIDER");
        assertThat(g.detail().key()).as(en(g)).startsWith("ofi.provider").doesNotContain("libfabric");
        assertThat(ErrorsAnalyzerTest.lines(g)).as(en(g)).first().isEqualTo(3);
        // libfabric's line names the same process without its GPU: that process does not follow from itself.
        assertThat(g.detail().key()).as(en(g)).doesNotEndWith(".then");
        assertThat(en(g)).doesNotContain("follow from it");
        // corpus-more aws-ofi-nccl-889-1: the CloudWatch copy of such a log, one node.
        List<Finding> more = more("nccl-logs/aws-ofi-nccl-889-1.txt");
        assertThat(problems(more)).containsExactly("OFI_NO_PROVIDER");
        assertThat(more.get(0).subject().node()).isEqualTo("ip-10-36-29-253");
    }

    @Test
    void nvlinkGpusWithoutPeerAccessAreTheirOwnFindingNotAGenericCudaError() {
        // src/graph/paths.cc (NCCL 2.12+): the WARN, then ncclUnhandledCudaError (-> 1) up the init chain.
        String log = "gpu7:300:300 [0] graph/paths.cc:327 NCCL WARN P2P is disabled between NVLINK connected GPUs 1 and 0. "
                + "This should not be the case given their connectivity, and is probably due to a hardware issue. "
                + "If you still want to proceed, you can set NCCL_IGNORE_DISABLED_P2P=1.\n"
                + "gpu7:300:300 [0] NCCL INFO graph/paths.cc:583 -> 1\n"
                + "gpu7:300:300 [0] NCCL INFO init.cc:1073 -> 1\n";
        List<Finding> fs = ErrorsAnalyzerTest.text(log);
        // The ncclUnhandledCudaError it returns is that cause, not a CUDA call that failed.
        assertThat(problems(fs)).containsExactly("P2P_DISABLED_ON_NVLINK");
        Finding f = fs.stream().filter(x -> x.code().equals("P2P_DISABLED_ON_NVLINK")).findFirst().orElseThrow();
        assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        assertThat(f.detail().key()).isEqualTo("p2p.disabled");
        assertThat(en(f)).contains("Fabric Manager").doesNotContain("${");
        // The INFO a PCIe pair prints when P2P is off (no NVLink) stops nothing.
        String pcie = "gpu7:300:300 [0] NCCL INFO P2P is disabled between connected GPUs 1 and 0. "
                + "You can repress this message with NCCL_IGNORE_DISABLED_P2P=1.\n";
        assertThat(problems(ErrorsAnalyzerTest.text(pcie))).isEmpty();
    }

    @Test
    void refusedRetriesAtBootstrapAreAConnectFailureToTheRootNotARemoteRank() {
        // NCCL 2.16-2.23 src/misc/socket.cc: refused connections are retried, then 'exceeded retries' -> ncclRemoteError.
        String log = "nodeB:200:200 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.2<0>\n"
                + "nodeB:200:200 [0] misc/socket.cc:567 NCCL WARN socketPollConnect: exceeded retries (20000)\n"
                + "nodeB:200:200 [0] NCCL INFO misc/socket.cc:621 -> 6\n"
                + "nodeB:200:200 [0] NCCL INFO bootstrap.cc:274 -> 6\n"
                + "nodeB:200:200 [0] NCCL INFO init.cc:1395 -> 6\n";
        Finding f = ErrorsAnalyzerTest.only(ErrorsAnalyzerTest.text(log), "NCCL_CONNECT_FAILED");
        assertThat(f.detail().key()).isEqualTo("connect.bootstrap.noaddr");
        assertThat(en(f)).contains("bootstrap root", "not an error of a remote rank");
    }

    @Test
    void aConnectionRefusedToTheRootNamesItsAddress() {
        // The root is NCCL_COMM_ID's address; a refused connect to it under bootstrap.cc is a connect failure to the root.
        String log = "nodeB:200:200 [0] NCCL INFO NCCL_COMM_ID set by environment to 10.0.0.1:29500\n"
                + "nodeB:200:200 [0] misc/socket.cc:642 NCCL WARN Connect to 10.0.0.1<29500> failed : Connection refused\n"
                + "nodeB:200:200 [0] NCCL INFO misc/socket.cc:752 -> 2\n"
                + "nodeB:200:200 [0] NCCL INFO bootstrap.cc:574 -> 2\n";
        Finding f = ErrorsAnalyzerTest.cause(ErrorsAnalyzerTest.text(log), "NCCL_CONNECT_FAILED", "NCCL_SYSTEM_ERROR");
        assertThat(f.detail().key()).isEqualTo("connect.bootstrap");
        assertThat(en(f)).contains("bootstrap root at 10.0.0.1<29500>", "Connection refused");
        // Another address than the root's: a connect failure to that peer, as before.
        Finding g = ErrorsAnalyzerTest.cause(ErrorsAnalyzerTest.text(log.replace("Connect to 10.0.0.1<29500>",
                "Connect to 10.0.0.7<41000>")), "NCCL_CONNECT_FAILED", "NCCL_SYSTEM_ERROR");
        assertThat(g.detail().key()).isEqualTo("connect");
    }

    @Test
    void aClosedConnectionNamesTheHostWhoseLogHoldsTheCause() {
        String log = "nodeA:100:100 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n"
                + "nodeA:100:100 [0] NCCL INFO comm 0x1 rank 0 nranks 2 cudaDev 0 busId 1000 - Init COMPLETE\n"
                + "nodeB:200:200 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.2<0>\n"
                + "nodeB:200:200 [0] NCCL INFO comm 0x2 rank 1 nranks 2 cudaDev 0 busId 1000 - Init COMPLETE\n"
                + "nodeA:100:300 [0] misc/socket.cc:538 NCCL WARN socketProgress: Connection closed by remote peer 10.0.0.2<41234>\n"
                + "nodeA:100:300 [0] NCCL INFO misc/socket.cc:621 -> 6\n";
        Finding f = ErrorsAnalyzerTest.only(ErrorsAnalyzerTest.text(log), "NCCL_REMOTE_ERROR");
        assertThat(f.detail().key()).isEqualTo("remote.lost.host");
        assertThat(en(f)).contains("read the log of nodeB (rank 1)");
    }

    /** A peer at a loopback address is this node (corpus-more nccl-tests-217-1: one rank, 'closed by remote peer localhost'). */
    @Test
    void aClosedConnectionToThisNodeNamesNoOtherNode() {
        String log = "NAME:70918:70918 [0] NCCL INFO Bootstrap : Using lo:127.0.0.1<0>\n"
                + "NAME:70918:70927 [0] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer localhost<56086>\n"
                + "NAME:70918:70927 [0] NCCL INFO misc/socket.cc:752 -> 6\n";
        Finding f = ErrorsAnalyzerTest.only(ErrorsAnalyzerTest.text(log), "NCCL_REMOTE_ERROR");
        assertThat(f.detail().key()).isEqualTo("remote.lost.local");
        assertThat(en(f)).contains("localhost is this node itself", "no other node is involved").doesNotContain("peer's own log");
    }
}
