package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.internal.StringText;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every {@code nccl-log} row of the corpus manifests: each file parses without an error warning and yields the facts
 * its row states. Public-source files are read from the corpus ({@link Corpus}, skipped where absent); our own H200
 * captures come from the test classpath ({@code /captured}, examples/captured).
 */
class NcclLogCorpusTest {

    private static final NcclLogParser PARSER = new NcclLogParser();

    /** The files this class checks, one test each. */
    private static final List<String> FILES = List.of(
            "captured/h200-1gpu/nccl/info-1rank.log", "captured/h200-1gpu/nccl/duplicate-gpu.log",
            "captured/h200-1gpu/nccl/bad-ifname.log", "captured/h200-1gpu/nccl/ib-disabled.log",
            "captured/h200-1gpu/nccl/warn-only.log", "captured/h200-1gpu-variants/nccl/ifname-lo.log",
            "captured/h200-1gpu-variants/nccl/ifname-exclude-eth.log", "captured/h200-1gpu-variants/nccl/bad-algo.log",
            "captured/h200-1gpu-variants/nccl/bad-proto.log", "captured/h200-1gpu-variants/nccl/bad-topo-file.log",
            "captured/h200-1gpu-variants/nccl/debug-file.log", "captured/h200-1gpu-variants/nccl/debugfile.vm.702.txt",
            "captured/h200-1gpu-variants/nccl/subsys-init-net.log", "captured/h200-1gpu-variants/nccl/oom.log",
            "nccl-logs/megatron-lm-661-1.txt", "nccl-logs/nccl-1241-1.txt", "nccl-logs/nccl-1405-1.txt",
            "nccl-logs/nccl-426-1.txt", "nccl-logs/nccl-1814-1.txt", "nccl-logs/nccl-626-1.txt",
            "nccl-logs/nccl-tests-166-1.txt", "nccl-logs/nccl-tests-15-1.txt", "nccl-logs/nccl-975-1.txt",
            "nccl-logs/oneflow-3586-1.txt", "nccl-logs/nccl-529-1.txt", "nccl-logs/nccl-tests-14-1.txt",
            "nccl-logs/llamafactory-7396-1.txt", "nccl-logs/pytorch-118369-1.txt", "nccl-logs/ofa-271-1.txt",
            "nccl-logs/sglang-1693-1.txt", "nccl-logs/llamafactory-6269-1.txt", "nccl-logs/nccl-1189-1.txt",
            "nccl-logs/aws-ofi-nccl-715-1.txt", "nccl-logs/tinygrad-open-gpu-kernel-modules-22-1.txt",
            "nccl-logs/nccl-629-1.txt", "nccl-logs/nccl-1866-1.txt", "nccl-logs/nccl-1537-1.txt",
            "nccl-logs/nccl-392-1.txt", "nccl-logs/nccl-988-1.txt", "nccl-logs/open-sora-plan-386-1.txt",
            "nccl-logs/nccl-1283-1.txt", "nccl-logs/nccl-1235-1.txt", "nccl-logs/stanford-alpaca-207-1.txt",
            "nccl-logs/nccl-2076-1.txt", "nccl-logs/nccl-1928-1.txt", "nccl-logs/nccl-929-1.txt",
            "nccl-logs/nccl-tests-252-1.txt", "nccl-logs/nccl-577-1.txt", "nccl-logs/nccl-179-1.txt");

    private static String text(String file) {
        if (file.startsWith("captured/")) {
            try (InputStream in = NcclLogCorpusTest.class.getResourceAsStream("/" + file)) {
                assertThat(in).as("classpath /%s", file).isNotNull();
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Corpus.read(file);
    }

    /** Parses a corpus file, asserting it is sniffed as an NCCL log and parses without an error warning. */
    private static NcclLog log(String file) {
        String text = text(file);
        ParseResult<NcclLog> r = PARSER.parse(text);
        assertThat(r.warnings()).as("warnings of %s", file).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(r.warnings()).as("warnings of %s", file).noneMatch(w -> w.message().startsWith("line could not be read"));
        assertThat(PARSER.sniff(text)).as("sniff of %s", file).isBetween(40, 85);
        return r.data();
    }

    @Test
    void everyManifestRowOfKindNcclLogHasATestHere() {
        Corpus.assumePresent();
        Set<String> manifest = new TreeSet<>();
        Corpus.entries("nccl-log").forEach(e -> manifest.add(e.file()));
        assertThat(new TreeSet<>(FILES)).isEqualTo(manifest);
    }

    @Test
    void everyManifestRowParsesWithoutErrors() {
        Corpus.assumePresent();
        for (Corpus.Entry e : Corpus.entries("nccl-log")) {
            ParseResult<NcclLog> r = PARSER.parse(e.text());
            assertThat(r.warnings()).as("warnings of %s", e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        }
    }

    /**
     * A paste is read in place (a {@link StringText}, its lines cut once and scanned in its Latin-1 bytes), the tests
     * here through a StringReader: both give one result, for every NCCL log of the manifest.
     */
    @Test
    void aTextReadInPlaceParsesAsAStreamOfItDoes() throws IOException {
        Corpus.assumePresent();
        for (Corpus.Entry e : Corpus.entries("nccl-log")) {
            ParseResult<NcclLog> streamed = PARSER.parse(e.text());
            assertThat(PARSER.parse(new StringText(e.text()), ParseLimits.DEFAULTS)).as("in place: %s", e.file())
                    .isEqualTo(streamed);
            StringText cut = new StringText(e.text());
            cut.cutLines();
            assertThat(PARSER.parse(cut, ParseLimits.DEFAULTS)).as("lines cut first: %s", e.file()).isEqualTo(streamed);
        }
    }

    // ---- our H200 captures (NCCL 2.28.9, one GPU at 0000:00:06.0, eth0 only)

    @Test
    void info1rank() {
        NcclLog d = log("captured/h200-1gpu/nccl/info-1rank.log");
        assertThat(d.ncclVersion()).isEqualTo("2.28.9");
        assertThat(d.cudaVersion()).isEqualTo("13.0");
        assertThat(d.ranks()).singleElement().satisfies(r -> {
            assertThat(r.rank()).isZero();
            assertThat(r.nranks()).isEqualTo(1);
            assertThat(r.busIdRaw()).isEqualTo("60");
            assertThat(r.busId()).isEqualTo("0000:00:06.0");
            assertThat(r.initComplete()).isTrue();
            assertThat(r.host()).isEqualTo("vm");
            assertThat(r.pid()).isEqualTo(588L);
        });
        assertThat(d.events(EventKind.NET_IB_NO_DEVICE)).hasSize(1);
        assertThat(d.events(EventKind.NET_INIT_FAILED)).hasSize(1);
        assertThat(d.interfaces(InterfaceKind.SOCKET)).extracting(NcclInterface::name, NcclInterface::address)
                .containsExactly(tuple("eth0", "192.0.2.2"));
        assertThat(d.network()).isEqualTo("Socket");
        assertThat(d.channels()).isEqualTo(64);
        assertThat(d.channelCounts().coll()).isEqualTo(64);
        assertThat(d.transports()).isEmpty(); // single GPU: no P2P
        assertThat(d.ibDevices()).isEmpty();
        assertThat(d.warnings()).isEmpty();
        assertThat(d.launcherErrors()).isEmpty();
        assertThat(d.environment()).containsEntry("NCCL_TOPO_DUMP_FILE", "/tmp/h200x1/nccl/topo-dump.xml");
    }

    @Test
    void duplicateGpu() {
        NcclLog d = log("captured/h200-1gpu/nccl/duplicate-gpu.log");
        assertThat(d.ranks()).extracting(NcclRank::rank, NcclRank::nranks, NcclRank::busId)
                .containsExactly(tuple(0, 2, "0000:00:06.0"), tuple(1, 2, "0000:00:06.0"));
        // WARN lines carry an NCCL_DEBUG_TIMESTAMP prefix: "[2026-12-02 09:03:10] vm:947:947 [0] init.cc:904 NCCL WARN"
        assertThat(d.warnings()).extracting(NcclWarning::text, NcclWarning::source, NcclWarning::host)
                .contains(tuple("Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60", "init.cc:904", "vm"));
        assertThat(d.events(EventKind.DUPLICATE_GPU)).extracting(NcclEvent::pid, NcclEvent::rank)
                .containsExactly(tuple(947L, 1), tuple(946L, 0));
        assertThat(d.duplicateGpus()).extracting(DuplicateGpu::rank, DuplicateGpu::otherRank, DuplicateGpu::busId)
                .containsExactly(tuple(1, 0, "0000:00:06.0"), tuple(0, 1, "0000:00:06.0"));
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).hasSize(2).allSatisfy(e -> {
            assertThat(e.error()).isEqualTo(NcclResult.INVALID_USAGE);
            assertThat(e.exception()).isEqualTo("torch.distributed.DistBackendError");
            assertThat(e.ncclVersion()).isEqualTo("2.28.9");
            assertThat(e.lastErrorKind()).isEqualTo(EventKind.DUPLICATE_GPU);
        });
        assertThat(d.launcherErrors(LauncherErrorKind.CHILD_FAILED)).singleElement().satisfies(e -> {
            assertThat(e.exception()).isEqualTo("torch.distributed.elastic.multiprocessing.errors.ChildFailedError");
            assertThat(e.rank()).isEqualTo(1);
            assertThat(e.exitCode()).isEqualTo(1);
            assertThat(e.pid()).isEqualTo(947L);
        });
        assertThat(d.pidHosts()).containsEntry("946", "vm").containsEntry("947", "vm");
    }

    @Test
    void badIfname() {
        NcclLog d = log("captured/h200-1gpu/nccl/bad-ifname.log");
        assertThat(d.environment()).containsEntry("NCCL_SOCKET_IFNAME", "nosuch0");
        assertThat(d.warnings()).extracting(NcclWarning::source, NcclWarning::text)
                .containsExactly(tuple("bootstrap.cc:114", "Bootstrap : no socket interface found"));
        assertThat(d.events(EventKind.NO_SOCKET_INTERFACE)).hasSize(1);
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).singleElement().satisfies(e -> {
            assertThat(e.reason()).isEqualTo("invalid usage");
            assertThat(e.error()).isEqualTo(NcclResult.INVALID_USAGE);
            assertThat(e.lastError()).isEqualTo("Bootstrap : no socket interface found");
            assertThat(e.lastErrorKind()).isEqualTo(EventKind.NO_SOCKET_INTERFACE);
        });
        assertThat(d.interfaces()).isEmpty();
    }

    @Test
    void ibDisabled() {
        NcclLog d = log("captured/h200-1gpu/nccl/ib-disabled.log");
        assertThat(d.environment()).containsEntry("NCCL_IB_DISABLE", "1");
        assertThat(d.envSettings()).anySatisfy(s -> {
            assertThat(s.name()).isEqualTo("NCCL_IB_DISABLE");
            assertThat(s.origin()).isEqualTo("nccl");
            assertThat(s.line()).isEqualTo(8);
        });
        assertThat(d.interfaces(InterfaceKind.SOCKET)).extracting(NcclInterface::name).containsExactly("eth0");
        assertThat(d.network()).isEqualTo("Socket");
        assertThat(d.ranks()).singleElement().satisfies(r -> assertThat(r.initComplete()).isTrue());
        assertThat(d.warnings()).isEmpty();
        assertThat(d.launcherErrors()).isEmpty();
    }

    @Test
    void warnOnly() {
        NcclLog d = log("captured/h200-1gpu/nccl/warn-only.log");
        assertThat(d.infoLines()).isZero();
        assertThat(d.warnLines()).isEqualTo(1);
        assertThat(d.warnings()).extracting(NcclWarning::text).containsExactly("Bootstrap : no socket interface found");
        assertThat(d.events(EventKind.NO_SOCKET_INTERFACE)).hasSize(1);
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).singleElement().satisfies(e -> {
            assertThat(e.error()).isEqualTo(NcclResult.INVALID_USAGE);
            assertThat(e.lastError()).isEqualTo("Bootstrap : no socket interface found");
        });
        assertThat(d.ncclVersion()).isEqualTo("2.28.9"); // only PyTorch printed it
        assertThat(d.versions()).extracting(VersionSeen::source).containsExactly(VersionSource.PYTORCH);
    }

    @Test
    void ifnameLo() {
        NcclLog d = log("captured/h200-1gpu-variants/nccl/ifname-lo.log");
        assertThat(d.environment()).containsEntry("NCCL_SOCKET_IFNAME", "lo");
        assertThat(d.interfaces(InterfaceKind.BOOTSTRAP)).extracting(NcclInterface::name, NcclInterface::address)
                .containsExactly(tuple("lo", "127.0.0.1"));
        assertThat(d.interfaces(InterfaceKind.SOCKET)).extracting(NcclInterface::name, NcclInterface::address)
                .containsExactly(tuple("lo", "127.0.0.1"));
        assertThat(d.command()).startsWith("env NCCL_DEBUG=INFO NCCL_SOCKET_IFNAME=lo torchrun");
    }

    @Test
    void ifnameExcludeEth() {
        NcclLog d = log("captured/h200-1gpu-variants/nccl/ifname-exclude-eth.log");
        assertThat(d.environment()).containsEntry("NCCL_SOCKET_IFNAME", "^eth,docker");
        assertThat(d.interfaces()).extracting(NcclInterface::name).containsOnly("lo");
        assertThat(d.interfaces(InterfaceKind.BOOTSTRAP)).extracting(NcclInterface::address).containsExactly("127.0.0.1");
    }

    @Test
    void badAlgo() {
        NcclLog d = log("captured/h200-1gpu-variants/nccl/bad-algo.log");
        assertThat(d.environment()).containsEntry("NCCL_ALGO", "Bogus");
        assertThat(d.envSettings()).anySatisfy(s -> {
            assertThat(s.name()).isEqualTo("NCCL_ALGO");
            assertThat(s.origin()).isEqualTo("command");
            assertThat(s.line()).isEqualTo(1);
        });
        assertThat(d.warnings()).isEmpty();
        assertThat(d.ranks()).singleElement().satisfies(r -> assertThat(r.initComplete()).isTrue());
    }

    @Test
    void badProto() {
        NcclLog d = log("captured/h200-1gpu-variants/nccl/bad-proto.log");
        assertThat(d.environment()).containsEntry("NCCL_PROTO", "Nope");
        assertThat(d.warnings()).isEmpty();
        assertThat(d.launcherErrors()).isEmpty();
    }

    @Test
    void badTopoFile() {
        NcclLog d = log("captured/h200-1gpu-variants/nccl/bad-topo-file.log");
        assertThat(d.environment()).containsEntry("NCCL_TOPO_FILE", "/tmp/bad-topo.xml");
        assertThat(d.warnings()).extracting(NcclWarning::source, NcclWarning::text)
                .containsExactly(tuple("graph/xml.cc:29", "XML Parse : Unexpected EOF"));
        assertThat(d.events(EventKind.TOPOLOGY_ERROR)).hasSize(1);
        assertThat(d.events(EventKind.RETURN_CODE)).allSatisfy(e -> assertThat(e.result()).isEqualTo(NcclResult.INTERNAL_ERROR));
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).singleElement().satisfies(e -> {
            assertThat(e.error()).isEqualTo(NcclResult.INTERNAL_ERROR);
            assertThat(e.reason()).startsWith("internal error");
            assertThat(e.lastError()).isEqualTo("XML Parse : Unexpected EOF");
        });
    }

    @Test
    void debugFile() {
        ParseResult<NcclLog> r = PARSER.parse(text("captured/h200-1gpu-variants/nccl/debug-file.log"));
        NcclLog d = log("captured/h200-1gpu-variants/nccl/debug-file.log");
        assertThat(d.ncclLines()).isZero();
        assertThat(d.environment()).containsEntry("NCCL_DEBUG_FILE", "/tmp/cap2/nccl/debugfile.%h.%p.txt");
        assertThat(r.warnings()).anySatisfy(w -> {
            assertThat(w.severity()).isEqualTo(Severity.INFO);
            assertThat(w.message()).contains("NCCL_DEBUG_FILE");
        });
    }

    @Test
    void debugFileOutput() {
        NcclLog d = log("captured/h200-1gpu-variants/nccl/debugfile.vm.702.txt");
        assertThat(d.hosts()).containsExactly("vm");
        assertThat(d.processes()).extracting(NcclProcess::pid, NcclProcess::rank).containsExactly(tuple(702L, 0));
        assertThat(d.ncclVersion()).isEqualTo("2.28.9");
        assertThat(d.ranks()).singleElement().satisfies(r -> assertThat(r.initComplete()).isTrue());
        assertThat(d.warnings()).isEmpty();
    }

    @Test
    void subsysInitNet() {
        NcclLog d = log("captured/h200-1gpu-variants/nccl/subsys-init-net.log");
        assertThat(d.environment()).containsEntry("NCCL_DEBUG_SUBSYS", "INIT,NET,GRAPH,ENV");
        assertThat(d.interfaces(InterfaceKind.BOOTSTRAP)).isEmpty(); // BOOTSTRAP subsystem not selected
        assertThat(d.interfaces(InterfaceKind.SOCKET)).extracting(NcclInterface::name).containsExactly("eth0");
        assertThat(d.network()).isEqualTo("Socket");
        assertThat(d.channels()).isEqualTo(64);
        assertThat(d.warnings()).isEmpty();
    }

    @Test
    void oom() {
        NcclLog d = log("captured/h200-1gpu-variants/nccl/oom.log");
        assertThat(d.warnings()).extracting(NcclWarning::source, NcclWarning::text)
                .containsExactly(tuple("misc/strongstream.cc:131", "Cuda failure 'out of memory'"));
        assertThat(d.events(EventKind.CUDA_FAILURE)).hasSize(1);
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).singleElement().satisfies(e -> {
            assertThat(e.reason()).isEqualTo("unhandled cuda error");
            assertThat(e.error()).isEqualTo(NcclResult.UNHANDLED_CUDA_ERROR);
            assertThat(e.lastError()).isEqualTo("Cuda failure 'out of memory'");
            assertThat(e.lastErrorKind()).isEqualTo(EventKind.CUDA_FAILURE);
        });
    }

    // ---- public issue threads

    @Test
    void megatronLm661() {
        NcclLog d = log("nccl-logs/megatron-lm-661-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.19.3");
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).hasSize(2).allSatisfy(e -> {
            assertThat(e.error()).isEqualTo(NcclResult.INVALID_USAGE);
            assertThat(e.source()).isEqualTo("ProcessGroupNCCL.cpp:1727");
        });
        assertThat(d.duplicateGpus()).extracting(DuplicateGpu::rank, DuplicateGpu::otherRank, DuplicateGpu::busIdRaw,
                DuplicateGpu::busId).containsExactly(tuple(3, 0, "f000", "0000:0f:00.0"), tuple(7, 0, "f000", "0000:0f:00.0"));
    }

    @Test
    void nccl1241InterleavedTracebacks() {
        NcclLog d = log("nccl-logs/nccl-1241-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.17.1");
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).singleElement().satisfies(e -> {
            assertThat(e.error()).isEqualTo(NcclResult.INVALID_USAGE);
            assertThat(e.reason()).isEqualTo("invalid usage");
            assertThat(e.lastError()).isEqualTo("Duplicate GPU detected : rank 3 and rank 2 both on CUDA device e2000");
        });
        assertThat(d.duplicateGpus()).extracting(DuplicateGpu::rank, DuplicateGpu::otherRank, DuplicateGpu::busId)
                .containsExactly(tuple(3, 2, "0000:e2:00.0"));
    }

    @Test
    void nccl1405RetryExceededOnRoce() {
        NcclLog d = log("nccl-logs/nccl-1405-1.txt");
        assertThat(d.ncclVersion()).isNull();
        assertThat(d.warnings()).hasSize(3).allSatisfy(w -> assertThat(w.source()).isEqualTo("ib_plugin.c:1615"));
        assertThat(d.ibCompletionErrors()).isNotEmpty().allSatisfy(e -> {
            assertThat(e.peer()).isEqualTo("10.216.210.236");
            assertThat(e.status()).isEqualTo(12);
            assertThat(e.vendorError()).isEqualTo(129);
            assertThat(e.direction()).isEqualTo("Recv");
            assertThat(e.host()).isEqualTo("kp-ddp-worker-0");
            assertThat(e.localGid()).startsWith("fd00:1148:9000:5000:4:200:3:ff2");
        });
        assertThat(d.ibCompletionErrors().stream().mapToLong(IbCompletionError::count).sum()).isEqualTo(3);
        assertThat(d.eventCounts()).containsEntry("IB_COMPLETION_ERROR", 3L).containsEntry("RETURN_CODE", 8L);
        assertThat(d.events(EventKind.RETURN_CODE)).extracting(NcclEvent::result).containsOnly(NcclResult.REMOTE_ERROR);
    }

    @Test
    void nccl426CompletionErrorWithoutPeer() {
        NcclLog d = log("nccl-logs/nccl-426-1.txt");
        assertThat(d.ibCompletionErrors()).singleElement().satisfies(e -> {
            assertThat(e.status()).isEqualTo(12);
            assertThat(e.opcode()).isEqualTo(1);
            assertThat(e.length()).isZero();
            assertThat(e.vendorError()).isEqualTo(129);
            assertThat(e.peer()).isNull();
            assertThat(e.host()).isEqualTo("-worker-1"); // prefix truncated by the poster
        });
        assertThat(d.warnings()).extracting(NcclWarning::source).containsExactly("transport/net_ib.cc:839");
    }

    @Test
    void nccl1814RetryExceededThenFlushed() {
        NcclLog d = log("nccl-logs/nccl-1814-1.txt");
        assertThat(d.ibCompletionErrors()).extracting(IbCompletionError::status, IbCompletionError::vendorError,
                IbCompletionError::peer, IbCompletionError::count)
                .containsExactly(tuple(12, 129, "172.36.143.59", 1L), tuple(5, 249, "172.36.143.59", 2L));
        assertThat(d.ibCompletionErrors().get(0).remoteGid()).isEqualTo("::ffff:29.87.4.221");
    }

    @Test
    void nccl626WarnSplitOverTwoLines() {
        NcclLog d = log("nccl-logs/nccl-626-1.txt");
        assertThat(d.warnings()).singleElement().satisfies(w -> {
            assertThat(w.host()).isNull();
            assertThat(w.source()).isEqualTo("transport/net_socket.cc:424");
            assertThat(w.text()).isEqualTo("NET/Socket : peer 192.168.161.30<59210> message truncated : "
                    + "receiving 1048576 bytes instead of 65536");
        });
        assertThat(d.events(EventKind.MESSAGE_TRUNCATED)).extracting(NcclEvent::peer).containsExactly("192.168.161.30");
    }

    @Test
    void ncclTests166ConnectAbort() {
        NcclLog d = log("nccl-logs/nccl-tests-166-1.txt");
        assertThat(d.events(EventKind.SOCKET_CONNECT_FAILED)).singleElement().satisfies(e -> {
            assertThat(e.peer()).isEqualTo("10.0.0.2");
            assertThat(e.message()).contains("Software caused connection abort");
        });
        assertThat(d.events(EventKind.PROXY_ERROR)).singleElement()
                .satisfies(e -> assertThat(e.message()).contains("Failed to execute operation Connect"));
        assertThat(d.events(EventKind.CONNECTION_LOST)).extracting(NcclEvent::source)
                .containsExactly("misc/socket.cc:49", "proxy.cc:1143");
        assertThat(d.events(EventKind.RETURN_CODE)).extracting(NcclEvent::result)
                .contains(NcclResult.SYSTEM_ERROR, NcclResult.INTERNAL_ERROR);
        assertThat(d.transports()).extracting(NcclTransport::via).containsOnly("SHM/direct/direct");
        assertThat(d.hosts()).containsExactly("ubuntu");
    }

    @Test
    void ncclTests15OldFormat() {
        NcclLog d = log("nccl-logs/nccl-tests-15-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.2.13");
        assertThat(d.network()).isEqualTo("Socket");
        assertThat(d.interfaces(InterfaceKind.SOCKET)).extracting(NcclInterface::name, NcclInterface::address)
                .containsExactly(tuple("enp3s0", "192.168.144.103"));
        assertThat(d.warnings()).extracting(NcclWarning::source, NcclWarning::text).containsExactly(
                tuple("include/socket.h:360", "Call to connect failed : Connection timed out"),
                tuple("include/socket.h:371", "Connection closed by remote peer"));
        assertThat(d.events(EventKind.SOCKET_CONNECT_FAILED)).hasSize(1);
        assertThat(d.ranks()).extracting(NcclRank::rank, NcclRank::nranks).containsExactly(tuple(0, 2));
        assertThat(d.infoLines()).isEqualTo(13);
    }

    @Test
    void nccl975LinkLocalIpoib() {
        NcclLog d = log("nccl-logs/nccl-975-1.txt");
        assertThat(d.events(EventKind.SOCKET_CONNECT_FAILED)).singleElement().satisfies(e -> {
            assertThat(e.peer()).isEqualTo("fe80::966d:ae03:a2:8cf0%ib1");
            assertThat(e.message()).contains("Software caused connection abort");
            assertThat(e.cudaDev()).isEqualTo(5);
        });
        assertThat(d.events(EventKind.RETURN_CODE)).extracting(NcclEvent::result).containsOnly(NcclResult.SYSTEM_ERROR);
        assertThat(d.hosts()).containsExactly("n122-246-085");
    }

    @Test
    void oneflow3586VethSocket() {
        NcclLog d = log("nccl-logs/oneflow-3586-1.txt");
        assertThat(d.events(EventKind.NET_IB_NO_DEVICE)).hasSize(1);
        assertThat(d.network()).isEqualTo("Socket");
        assertThat(d.interfaces(InterfaceKind.SOCKET)).extracting(NcclInterface::index, NcclInterface::name, NcclInterface::address)
                .containsExactly(tuple(0, "eno1", "172.18.40.41"),
                        tuple(1, "veth25f2e72", "fe80::380d:bfff:fe5b:54d2%veth25f2e72"));
        assertThat(d.transports()).extracting(NcclTransport::via, NcclTransport::fromBusId, NcclTransport::direction)
                .containsExactly(tuple("NET/Socket/1", "0000:18:00.0", Direction.RECEIVE),
                        tuple("NET/Socket/1", "0000:18:00.0", Direction.SEND));
        assertThat(d.events(EventKind.SOCKET_CONNECT_RETRY)).singleElement().satisfies(e -> assertThat(e.count()).isEqualTo(2));
        assertThat(d.netPlugin().found()).isFalse();
        assertThat(d.trees()).hasSize(1);
    }

    @Test
    void nccl529Ip6tnlFirst() {
        NcclLog d = log("nccl-logs/nccl-529-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.5.6");
        assertThat(d.environment()).containsEntry("NCCL_IB_DISABLE", "1");
        assertThat(d.interfaces(InterfaceKind.SOCKET)).extracting(NcclInterface::index, NcclInterface::name)
                .containsExactly(tuple(0, "ip6tnl0"), tuple(1, "veth0"));
        assertThat(d.interfaces(InterfaceKind.BOOTSTRAP).get(0).address()).isEqualTo("fe80::e866:19ff:fe1e:a688%ip6tnl0");
        // The last line is the WARN as quoted by the maintainer, without its prefix.
        assertThat(d.warnings()).singleElement().satisfies(w -> {
            assertThat(w.host()).isNull();
            assertThat(w.text()).isEqualTo("Connect to fe80::745d:60ff:fef9:e1dd%ip6tnl0<46681> failed : Connection timed out");
        });
        assertThat(d.events(EventKind.SOCKET_CONNECT_FAILED)).extracting(NcclEvent::peer)
                .containsExactly("fe80::745d:60ff:fef9:e1dd%ip6tnl0");
    }

    @Test
    void ncclTests14NoUsableInterface() {
        NcclLog d = log("nccl-logs/nccl-tests-14-1.txt");
        assertThat(d.warnings()).extracting(NcclWarning::source, NcclWarning::text).containsExactly(
                tuple("misc/ibvwrap.cu:61", "Failed to open libibverbs.so[.1]"),
                tuple("include/socket.h:311", "Socket creation failed : Address family not supported by protocol"));
        assertThat(d.events()).extracting(NcclEvent::kind)
                .containsExactly(EventKind.IB_VERBS_MISSING, EventKind.SOCKET_CREATE_FAILED);
    }

    @Test
    void llamafactory7396Watchdog() {
        NcclLog d = log("nccl-logs/llamafactory-7396-1.txt");
        assertThat(d.launcherErrors(LauncherErrorKind.WATCHDOG_TIMEOUT)).extracting(LauncherError::rank, LauncherError::seqNum,
                LauncherError::opType, LauncherError::numelIn, LauncherError::timeoutMs, LauncherError::ranForMs)
                .containsExactly(tuple(0, 1580L, "ALLREDUCE", 466119168L, 600000L, 600060L),
                        tuple(4, 1580L, "ALLREDUCE", 466119168L, 600000L, 600067L));
        LauncherError r0 = d.launcherErrors(LauncherErrorKind.WATCHDOG_TIMEOUT).get(0);
        assertThat(r0.lastEnqueued()).isEqualTo(1582L);
        assertThat(r0.lastCompleted()).isEqualTo(1579L);
        assertThat(d.launcherErrors(LauncherErrorKind.WATCHDOG_EXCEPTION)).extracting(LauncherError::rank,
                LauncherError::seqNum, LauncherError::lastEnqueued, LauncherError::lastCompleted)
                .containsExactly(tuple(3, 1580L, 1582L, 1579L));
    }

    @Test
    void pytorch118369WatchdogLongAfterTimeout() {
        NcclLog d = log("nccl-logs/pytorch-118369-1.txt");
        List<LauncherError> w = d.launcherErrors(LauncherErrorKind.WATCHDOG_TIMEOUT);
        assertThat(w).extracting(LauncherError::rank, LauncherError::seqNum).containsExactly(
                tuple(0, 96120L), tuple(0, 96117L), tuple(0, 96125L), tuple(7, 64088L));
        assertThat(w).allSatisfy(e -> {
            assertThat(e.timeoutMs()).isEqualTo(1800000L);
            assertThat(e.ranForMs()).isBetween(25_600_000L, 25_700_000L);
            assertThat(e.opType()).isEqualTo("ALLREDUCE");
        });
        assertThat(w.get(0).line()).isEqualTo(1); // glued to a tqdm progress bar
        assertThat(w.get(2).count()).isEqualTo(2);
    }

    @Test
    void ofa271AllRanksSameSeq() {
        NcclLog d = log("nccl-logs/ofa-271-1.txt");
        assertThat(d.launcherErrors(LauncherErrorKind.WATCHDOG_TIMEOUT)).extracting(LauncherError::rank)
                .containsExactly(1, 3, 2, 6, 7);
        assertThat(d.launcherErrors()).allSatisfy(e -> {
            assertThat(e.seqNum()).isEqualTo(469508L);
            assertThat(e.opType()).isEqualTo("ALLREDUCE");
            assertThat(e.timeoutMs()).isEqualTo(1800000L);
        });
    }

    @Test
    void sglang1693WatchdogThreadTerminated() {
        NcclLog d = log("nccl-logs/sglang-1693-1.txt");
        assertThat(d.launcherErrors(LauncherErrorKind.WATCHDOG_TIMEOUT)).singleElement().satisfies(e -> {
            assertThat(e.processGroup()).isEqualTo("3");
            assertThat(e.rank()).isEqualTo(5);
            assertThat(e.opType()).isEqualTo("_ALLGATHER_BASE");
            assertThat(e.seqNum()).isEqualTo(9141L);
            assertThat(e.numelIn()).isEqualTo(19008L);
            assertThat(e.numelOut()).isEqualTo(152064L);
            assertThat(e.timeoutMs()).isEqualTo(600000L);
            assertThat(e.ranForMs()).isEqualTo(600020L);
        });
    }

    @Test
    void llamafactory6269ReduceScatterHang() {
        NcclLog d = log("nccl-logs/llamafactory-6269-1.txt");
        assertThat(d.launcherErrors(LauncherErrorKind.WATCHDOG_TIMEOUT)).extracting(LauncherError::rank, LauncherError::seqNum,
                LauncherError::opType, LauncherError::timeoutMs)
                .containsExactly(tuple(0, 7753L, "_REDUCE_SCATTER_BASE", 600000L), tuple(4, 7753L, "_REDUCE_SCATTER_BASE", 600000L),
                        tuple(3, 7753L, "_REDUCE_SCATTER_BASE", 600000L));
        LauncherError r0 = d.launcherErrors().get(0);
        assertThat(r0.lastEnqueued()).isEqualTo(7755L);
        assertThat(r0.lastCompleted()).isEqualTo(7752L);
        assertThat(r0.processGroup()).isEqualTo("1");
    }

    @Test
    void nccl1189GdrdmaAndCumem() {
        NcclLog d = log("nccl-logs/nccl-1189-1.txt");
        assertThat(d.hosts()).containsExactly("H20-GPU-06", "H20-GPU-05");
        assertThat(d.transports()).filteredOn(t -> t.type() == TransportType.NET).hasSize(9).allSatisfy(t -> {
            assertThat(t.net()).isEqualTo("IB");
            assertThat(t.gdrdma()).isTrue();
            assertThat(t.direction()).isNotNull();
        });
        assertThat(d.transports()).filteredOn(t -> t.type() == TransportType.P2P)
                .extracting(NcclTransport::via).containsOnly("P2P/CUMEM");
        assertThat(d.transportVia()).containsEntry("NET/IB/2/GDRDMA", 8L).containsEntry("P2P/CUMEM", 5L);
        NcclTransport first = d.transports().get(0);
        assertThat(first).extracting(NcclTransport::channel, NcclTransport::fromRank, NcclTransport::toRank, NcclTransport::fromDev)
                .containsExactly(7, 0, 2, 0);
    }

    @Test
    void awsOfi715TimestampLines() {
        NcclLog d = log("nccl-logs/aws-ofi-nccl-715-1.txt");
        assertThat(d.hosts()).containsExactly("algo-1");
        assertThat(d.transports()).hasSize(12).allSatisfy(t -> {
            assertThat(t.via()).isEqualTo("P2P/CUMEM/read");
            assertThat(t.type()).isEqualTo(TransportType.P2P);
        });
        assertThat(d.processes()).extracting(NcclProcess::cudaDev).containsExactly(2, 6, 3, 4, 0, 5);
    }

    @Test
    void tinygradP2pDirectPointer() {
        NcclLog d = log("nccl-logs/tinygrad-open-gpu-kernel-modules-22-1.txt");
        assertThat(d.transports()).hasSize(6).allSatisfy(t -> assertThat(t.via()).isEqualTo("P2P/direct pointer"));
        assertThat(d.transports().get(0)).extracting(NcclTransport::fromRank, NcclTransport::toRank, NcclTransport::fromDev,
                NcclTransport::toDev).containsExactly(3, 2, 3, 2);
        assertThat(d.processes()).extracting(NcclProcess::pid).containsOnly(6742L);
        assertThat(d.hosts()).containsExactly("myles-MC62-G40-00");
    }

    @Test
    void nccl629P2pReadBusIds() {
        NcclLog d = log("nccl-logs/nccl-629-1.txt");
        assertThat(d.transports()).hasSize(8).allSatisfy(t -> {
            assertThat(t.via()).isEqualTo("P2P/direct pointer/read");
            assertThat(t.connIndex()).isNull(); // 2.8/2.9 form without "/0"
        });
        assertThat(d.transports().get(0)).extracting(NcclTransport::channel, NcclTransport::fromRank, NcclTransport::toRank,
                NcclTransport::fromBusId, NcclTransport::toBusId).containsExactly(6, 7, 6, "0000:e7:00.0", "0000:e1:00.0");
        assertThat(d.hosts()).containsExactly("A03-R28-I49-2-6000166", "A03-R28-I49-3-9000018");
    }

    @Test
    void nccl1866NewBootstrapFormat() {
        NcclLog d = log("nccl-logs/nccl-1866-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.27.6");
        assertThat(d.cudaVersion()).isEqualTo("13.0");
        assertThat(d.cudaDriverVersion()).isEqualTo(13000);
        assertThat(d.environment()).containsEntry("NCCL_SOCKET_IFNAME", "enp9s0np0");
        assertThat(d.interfaces(InterfaceKind.BOOTSTRAP)).extracting(NcclInterface::host, NcclInterface::name, NcclInterface::address)
                .containsExactly(tuple("cl4-gpu03-vm", "enp9s0np0", "10.99.0.2"), tuple("cl4-gpu04-vm", "enp9s0np0", "10.99.0.12"));
        assertThat(d.hosts()).containsExactly("cl4-gpu03-vm", "cl4-gpu04-vm");
    }

    @Test
    void nccl1537RoceWithoutGdr() {
        NcclLog d = log("nccl-logs/nccl-1537-1.txt");
        assertThat(d.ibDevices()).extracting(IbDevice::index, IbDevice::device, IbDevice::port, IbDevice::linkLayer)
                .containsExactly(tuple(0, "mlx5_0", 1, LinkLayer.ROCE), tuple(1, "mlx5_1", 1, LinkLayer.ROCE));
        assertThat(d.network()).isEqualTo("IB");
        assertThat(d.events(EventKind.GDR_DISABLED)).hasSize(2);
        assertThat(d.interfaces(InterfaceKind.OOB)).extracting(NcclInterface::name, NcclInterface::address)
                .containsExactly(tuple("primaryip", "10.10.10.10"));
        assertThat(d.ranks()).singleElement().satisfies(r -> {
            assertThat(r.nranks()).isEqualTo(16);
            assertThat(r.busId()).isEqualTo("0000:1c:00.0");
            assertThat(r.commId()).isEqualTo("0x65e0bd6ee7449db4");
            assertThat(r.initComplete()).isFalse();
        });
    }

    @Test
    void nccl392PartialGdr() {
        NcclLog d = log("nccl-logs/nccl-392-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.5.7");
        assertThat(d.environment()).containsEntry("NCCL_IB_GID_INDEX", "3").containsEntry("NCCL_IB_DISABLE", "0");
        assertThat(d.ibDevices()).extracting(IbDevice::device, IbDevice::linkLayer).containsExactly(tuple("mlx5_0", LinkLayer.ROCE));
        assertThat(d.interfaces(InterfaceKind.BOOTSTRAP)).extracting(NcclInterface::name).containsExactly("br0");
        assertThat(d.hosts()).isEmpty(); // lines start with " [0] NCCL INFO"
        assertThat(d.transports()).extracting(NcclTransport::fromRank, NcclTransport::toRank, NcclTransport::fromBusId,
                NcclTransport::toBusId, NcclTransport::via, NcclTransport::gdrdma).contains(
                tuple(15, 0, "0000:41:00.0", "0000:1b:00.0", "NET/IB/0", false),
                tuple(0, 1, "0000:1b:00.0", "0000:1c:00.0", "P2P/IPC", null),
                tuple(0, 7, "0000:1b:00.0", "0000:41:00.0", "direct shared memory", null));
        assertThat(d.transports()).filteredOn(t -> t.via().equals("direct shared memory"))
                .allSatisfy(t -> assertThat(t.type()).isEqualTo(TransportType.SHM));
        assertThat(d.rings()).hasSize(2).allSatisfy(r -> assertThat(r.ranks()).hasSize(16));
        assertThat(d.channels()).isEqualTo(2);
    }

    @Test
    void nccl988IbextPluginWithoutPeermem() {
        NcclLog d = log("nccl-logs/nccl-988-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.12.9");
        assertThat(d.network()).isEqualTo("IBext");
        assertThat(d.netPlugin()).satisfies(p -> {
            assertThat(p.found()).isTrue();
            assertThat(p.name()).isEqualTo("IBext");
            assertThat(p.path()).isEqualTo("/opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so");
        });
        assertThat(d.ibDevices()).hasSize(8).allSatisfy(x -> {
            assertThat(x.linkLayer()).isEqualTo(LinkLayer.IB);
            assertThat(x.sharp()).isTrue();
        });
        assertThat(d.ibDevices()).extracting(IbDevice::device).contains("mlx5_0", "mlx5_7");
        assertThat(d.interfaces(InterfaceKind.OOB)).extracting(NcclInterface::name).containsExactly("eth0");
        assertThat(d.transports()).noneMatch(t -> Boolean.TRUE.equals(t.gdrdma()));
    }

    @Test
    void openSoraPlan386ShmAndOom() {
        NcclLog d = log("nccl-logs/open-sora-plan-386-1.txt");
        assertThat(d.transports()).hasSize(12).allSatisfy(t -> assertThat(t.type()).isEqualTo(TransportType.SHM));
        assertThat(d.warnings()).extracting(NcclWarning::source, NcclWarning::text)
                .containsExactly(tuple("enqueue.cc:1085", "Cuda failure 'out of memory'"));
        assertThat(d.events(EventKind.CUDA_FAILURE)).hasSize(1);
        assertThat(d.processes()).hasSize(4);
    }

    @Test
    void nccl1283RayPrefixes() {
        NcclLog d = log("nccl-logs/nccl-1283-1.txt");
        assertThat(d.hosts()).containsExactly("n176-080-198");
        assertThat(d.processes()).extracting(NcclProcess::pid, NcclProcess::cudaDev).containsExactly(tuple(2657296L, 0));
        assertThat(d.warnings()).extracting(NcclWarning::source, NcclWarning::text)
                .containsExactly(tuple("include/alloc.h:102", "Cuda failure 1 'invalid argument'"));
        assertThat(d.events(EventKind.CUDA_FAILURE)).singleElement()
                .satisfies(e -> assertThat(e.tid()).isEqualTo(2658232L));
        assertThat(d.channelCounts().coll()).isEqualTo(24);
    }

    @Test
    void nccl1235OomOnLocalRank3() {
        NcclLog d = log("nccl-logs/nccl-1235-1.txt");
        assertThat(d.events(EventKind.CONNECTION_LOST)).extracting(NcclEvent::source).containsExactly("misc/socket.cc:49", "proxy.cc:1143");
        assertThat(d.events(EventKind.CUDA_FAILURE)).singleElement().satisfies(e -> {
            assertThat(e.cudaDev()).isEqualTo(3);
            assertThat(e.source()).isEqualTo("include/alloc.h:178");
        });
        assertThat(d.events(EventKind.ALLOC_FAILED)).singleElement()
                .satisfies(e -> assertThat(e.message()).isEqualTo("Failed to CUDA calloc 6291456 bytes"));
        assertThat(d.events(EventKind.RETURN_CODE)).extracting(NcclEvent::result)
                .contains(NcclResult.INTERNAL_ERROR, NcclResult.UNHANDLED_CUDA_ERROR, NcclResult.REMOTE_ERROR);
    }

    @Test
    void stanfordAlpaca207OneLine() {
        NcclLog d = log("nccl-logs/stanford-alpaca-207-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.14.3");
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).singleElement().satisfies(e -> {
            assertThat(e.error()).isEqualTo(NcclResult.REMOTE_ERROR);
            assertThat(e.lastError()).startsWith("NET/IB : Got completion from peer 11.214.147.122<39138> with error 12");
            assertThat(e.lastErrorKind()).isEqualTo(EventKind.IB_COMPLETION_ERROR);
        });
        assertThat(d.ibCompletionErrors()).singleElement().satisfies(e -> {
            assertThat(e.peer()).isEqualTo("11.214.147.122");
            assertThat(e.status()).isEqualTo(12);
            assertThat(e.vendorError()).isEqualTo(129);
        });
    }

    @Test
    void nccl2076ConnectionReset() {
        NcclLog d = log("nccl-logs/nccl-2076-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.21.5");
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).singleElement().satisfies(e -> {
            assertThat(e.error()).isEqualTo(NcclResult.REMOTE_ERROR);
            assertThat(e.source()).isEqualTo("NCCLUtils.hpp:268");
            assertThat(e.lastError()).isEqualTo("socketProgressOpt: Call to recv from 172....<33759> failed : Connection reset by peer");
            assertThat(e.lastErrorKind()).isEqualTo(EventKind.CONNECTION_LOST);
        });
    }

    @Test
    void nccl1928OfiUndeliverable() {
        NcclLog d = log("nccl-logs/nccl-1928-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.28.8");
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).singleElement().satisfies(e -> {
            assertThat(e.rank()).isEqualTo(3); // "[rank3]:" prefix
            assertThat(e.error()).isEqualTo(NcclResult.REMOTE_ERROR);
            assertThat(e.lastError()).contains("RC: 113").contains("UNDELIVERABLE");
            assertThat(e.lastErrorKind()).isEqualTo(EventKind.OFI_ERROR);
        });
    }

    @Test
    void nccl929DockerBridge() {
        NcclLog d = log("nccl-logs/nccl-929-1.txt");
        assertThat(d.events(EventKind.SOCKET_CONNECT_FAILED)).extracting(NcclEvent::peer).containsExactly("172.17.0.2");
        assertThat(d.events(EventKind.NO_SOCKET_INTERFACE)).extracting(NcclEvent::message).containsExactly(
                "Net : No interface found in the same subnet as remote address a.b.c.d0<1778>",
                "NET/Socket : No usable listening interface found");
    }

    @Test
    void ncclTests252LocalProtectionError() {
        NcclLog d = log("nccl-logs/nccl-tests-252-1.txt");
        assertThat(d.ibCompletionErrors()).singleElement().satisfies(e -> {
            assertThat(e.host()).isEqualTo("kolyoz2");
            assertThat(e.peer()).isEqualTo("10.0.35.1");
            assertThat(e.status()).isEqualTo(4);
            assertThat(e.opcode()).isEqualTo(5327);
            assertThat(e.length()).isEqualTo(5327L);
            assertThat(e.vendorError()).isEqualTo(81);
            assertThat(e.direction()).isEqualTo("Send");
        });
        assertThat(d.warnings()).extracting(NcclWarning::source).containsExactly("ib_plugin.c:1105");
        assertThat(d.events(EventKind.CONNECTION_LOST)).hasSize(10);
        assertThat(d.hosts()).containsExactlyInAnyOrder("kolyoz1", "kolyoz2");
    }

    @Test
    void nccl577SrunPrefixesAndMisdecodedVersion() {
        NcclLog d = log("nccl-logs/nccl-577-1.txt");
        assertThat(d.warnings()).extracting(NcclWarning::source, NcclWarning::text, NcclWarning::host)
                .containsExactly(tuple("graph/rings.cc:38", "Error : ring 0 does not loop back to start (48 != 52)", "ip-0A0C04E3"));
        assertThat(d.events(EventKind.GRAPH_ERROR)).hasSize(1);
        assertThat(d.ncclVersion()).isEqualTo("2.11.4");
        assertThat(d.launcherErrors(LauncherErrorKind.NCCL_ERROR)).extracting(LauncherError::rank, LauncherError::error,
                LauncherError::ncclVersion, LauncherError::ncclVersionPrinted, LauncherError::exception)
                .containsExactly(tuple(52, NcclResult.INTERNAL_ERROR, "2.11.4", "21.1.4", "RuntimeError"),
                        tuple(54, NcclResult.INTERNAL_ERROR, "2.11.4", "21.1.4", "RuntimeError"));
    }

    @Test
    void nccl179Nccl23Format() {
        NcclLog d = log("nccl-logs/nccl-179-1.txt");
        assertThat(d.ncclVersion()).isEqualTo("2.3.7");
        assertThat(d.cudaVersion()).isEqualTo("9.0");
        assertThat(d.network()).isEqualTo("IB");
        assertThat(d.ibDevices()).extracting(IbDevice::index, IbDevice::device, IbDevice::linkLayer).containsExactly(
                tuple(0, "mlx5_1", LinkLayer.IB), tuple(1, "mlx5_3", LinkLayer.IB), tuple(2, "mlx5_0", LinkLayer.IB),
                tuple(3, "mlx5_2", LinkLayer.IB));
        assertThat(d.interfaces(InterfaceKind.OOB)).extracting(NcclInterface::name).containsExactly("enp1s0f0");
        assertThat(d.interfaces(InterfaceKind.SOCKET)).extracting(NcclInterface::address).containsExactly("100.97.70.134");
        assertThat(d.ranks()).extracting(NcclRank::rank, NcclRank::nranks).containsExactly(tuple(0, 8));
        assertThat(d.processes()).hasSize(3);
    }
}
