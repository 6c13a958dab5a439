package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Synthetic edge cases: launcher prefixes, CRLF, truncation, interleaving, newest and oldest line forms, caps. */
class NcclLogParserTest {

    private final NcclLogParser parser = new NcclLogParser();

    private NcclLog parse(String text) {
        ParseResult<NcclLog> r = parser.parse(text);
        assertThat(r.warnings()).noneMatch(w -> w.severity() == Severity.ERROR);
        return r.data();
    }

    @Test
    void emptyInputIsNoNcclLog() {
        ParseResult<NcclLog> r = parser.parse("");
        assertThat(r.warnings()).singleElement().satisfies(w -> {
            assertThat(w.severity()).isEqualTo(Severity.ERROR);
            assertThat(w.message()).isEqualTo("no nccl-log content found");
            assertThat(w.line()).isZero();
        });
        assertThat(r.data().lines()).isZero();
        assertThat(parser.sniff("")).isZero();
    }

    @Test
    void proseIsNoNcclLog() {
        String text = "hello world\nThis is not a log.\n  File \"x.py\", line 3\n";
        assertThat(parser.parse(text).hasErrors()).isTrue();
        assertThat(parser.sniff(text)).isZero();
    }

    /** A line of PyTorch's NCCL process group alone is an NCCL log's content, whichever of its texts it holds. */
    @Test
    void aFrameworkErrorLineAloneIsNcclLogContent() {
        for (String line : new String[] {"[W1205 02:19:44.8 ProcessGroupNCCL.cpp:1575] Warning: destroy_process_group() was not called",
            "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout() + 0x1d6 (0x7f in libtorch_cuda.so)",
            "[rank3]: torch.distributed.DistBackendError: the group is gone"}) {
            assertThat(parser.parse(line + "\n").hasErrors()).as(line).isFalse();
            assertThat(parser.parse("a plain line\n" + line.replace("NCCL", "NCCl").replace("Error", "Err0r") + "\n").hasErrors()).as(line).isTrue();
        }
    }

    /**
     * NCCL's banner, {@code NCCL version 2.19.3+cuda12.2} (all that {@code NCCL_DEBUG=VERSION} prints), behind each
     * launcher's prefix ({@code LauncherPrefix}): detected and read as the plain banner is.
     */
    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"[1,3]<stdout>:", "[1,mpirank:3,algo-2]<stdout>:", " 3: ", "12: ", "[default0]:", "[3]:",
        "[rank3]: ", "\u001b[36m(RayTrainWorker pid=123, ip=10.0.0.1)\u001b[0m ", "(pid=123) ", "node12: ",
        "2024-05-01T10:00:00.123456789Z ", "2024-05-11 14:10:52.224 ", "[2026-12-02 09:02:20] ",
        "\u001b[32mworker-1  |\u001b[0m ", "worker-1  | ", "Dec 04 12:00:00 node1 python[1234]: ",
        "  | 2025-05-16T16:39:51.208-07:00 | ", "[80746] ", "     7\t", "2024-05-01T10:00:00.123456789Z [rank3]: "})
    void aBannerBehindALaunchersPrefixIsSeenAsThePlainOne(String prefix) {
        String plain = "NCCL version 2.19.3+cuda12.2\nTraceback (most recent call last):\n";
        String wrapped = plain.lines().map(l -> prefix + l + "\n").collect(Collectors.joining());
        assertThat(parser.sniff(wrapped)).isEqualTo(parser.sniff(plain)).isPositive();
        assertThat(Parsers.detect(wrapped).kind()).isEqualTo(Kind.NCCL_LOG);
        assertThat(parse(wrapped).ncclVersion()).isEqualTo(parse(plain).ncclVersion()).isEqualTo("2.19.3");
    }

    @Test
    void crlfAndTabsReadLikeLf() {
        String lf = "h1:10:11 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n"
                + "h1:10:11 [0] NCCL INFO NCCL_IB_DISABLE set by environment to 1.\n"
                + "h1:10:11 [0] NCCL INFO Using network Socket\n";
        NcclLog a = parse(lf);
        NcclLog b = parse(lf.replace("\n", "\r\n"));
        assertThat(Json.write(b)).isEqualTo(Json.write(a));
        assertThat(b.environment()).containsEntry("NCCL_IB_DISABLE", "1");
        assertThat(b.network()).isEqualTo("Socket");
        NcclLog tabbed = parse("\th1:10:11 [0] NCCL INFO Using network IB\n");
        assertThat(tabbed.network()).isEqualTo("IB");
        assertThat(tabbed.hosts()).containsExactly("h1");
    }

    @Test
    void truncatedLastLineDoesNotBreak() {
        NcclLog d = parse("h1:10:11 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IP\nh1:10:11 [0] NCCL IN");
        assertThat(d.transports()).extracting(NcclTransport::via).containsExactly("P2P/IP");
        assertThat(d.infoLines()).isEqualTo(1);
        NcclLog cut = parse("h1:10:11 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via\n"
                + "h1:10:11 [0] NCCL INFO comm 0x1 rank 0 nranks\n" + "h1:10:11 [0] NCCL WARN");
        assertThat(cut.warnLines()).isEqualTo(1);
        assertThat(cut.transports()).isEmpty();
        assertThat(cut.ranks()).singleElement().satisfies(r -> {
            assertThat(r.rank()).isZero();
            assertThat(r.nranks()).isNull(); // cut before the value: not printed, not 0
        });
    }

    @Test
    void everyLauncherPrefixIsStripped() {
        String text = String.join("\n",
                "[1,3]<stdout>:nodeA:21:27 [0] NCCL INFO Using network AWS Libfabric",
                "3: nodeB:31:37 [1] NCCL INFO Using network IB",
                "(RayWorker pid=41, ip=10.0.0.9) nodeC:41:47 [2] NCCL INFO Using network Socket",
                "(pid=51) nodeD:51:57 [3] NCCL INFO Bootstrap : Using eth1:10.0.0.4<0>",
                "[rank5]:nodeE:61:67 [4] NCCL INFO Using network IBext_v8",
                "[default6]:nodeF:71:77 [5] NCCL INFO NCCL version 2.18.5+cuda12.2",
                "2024-05-11 14:10:52.224 nodeG:81:87 [6] NCCL INFO cudaDriverVersion 12020",
                "[2024-05-11 14:10:52] nodeH:91:97 [7] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.1.1.1<5555> failed : Connection refused");
        NcclLog d = parse(text);
        assertThat(d.hosts()).containsExactly("nodeA", "nodeB", "nodeC", "nodeD", "nodeE", "nodeF", "nodeG", "nodeH");
        assertThat(d.processes()).extracting(NcclProcess::host, NcclProcess::pid, NcclProcess::cudaDev).containsExactly(
                tuple("nodeA", 21L, 0), tuple("nodeB", 31L, 1), tuple("nodeC", 41L, 2), tuple("nodeD", 51L, 3),
                tuple("nodeE", 61L, 4), tuple("nodeF", 71L, 5), tuple("nodeG", 81L, 6), tuple("nodeH", 91L, 7));
        assertThat(d.networks()).extracting(NetworkChoice::name, NetworkChoice::host).containsExactly(
                tuple("AWS Libfabric", "nodeA"), tuple("IB", "nodeB"), tuple("Socket", "nodeC"), tuple("IBext_v8", "nodeE"));
        assertThat(d.network()).isEqualTo("AWS Libfabric");
        assertThat(d.interfaces()).extracting(NcclInterface::host, NcclInterface::name).containsExactly(tuple("nodeD", "eth1"));
        assertThat(d.ncclVersion()).isEqualTo("2.18.5");
        assertThat(d.cudaVersion()).isEqualTo("12.2");
        assertThat(d.cudaDriverVersion()).isEqualTo(12020);
        assertThat(d.events(EventKind.SOCKET_CONNECT_FAILED)).singleElement().satisfies(e -> {
            assertThat(e.host()).isEqualTo("nodeH");
            assertThat(e.source()).isEqualTo("misc/socket.cc:484");
            assertThat(e.peer()).isEqualTo("10.1.1.1");
        });
        assertThat(d.pidHosts()).containsEntry("21", "nodeA").containsEntry("91", "nodeH");
    }

    @Test
    void unprefixedVersionLineAfterMpirunPrefix() {
        NcclLog d = parse("[1,0]<stdout>:NCCL version 2.12.7+cuda11.4\n");
        assertThat(d.ncclVersion()).isEqualTo("2.12.7");
        assertThat(d.versions()).extracting(VersionSeen::printed).containsExactly("2.12.7+cuda11.4");
    }

    @Test
    void interleavedHostsAndRanks() {
        String text = String.join("\n",
                "a:1:1 [0] NCCL INFO comm 0xa rank 0 nranks 4 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x99 - Init START",
                "b:2:2 [0] NCCL INFO comm 0xb rank 2 nranks 4 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x99 - Init START",
                "a:3:3 [1] NCCL INFO comm 0xc rank 1 nranks 4 cudaDev 1 nvmlDev 1 busId a01d0 commId 0x99 - Init START",
                "b:4:4 [1] NCCL INFO comm 0xd rank 3 nranks 4 cudaDev 1 nvmlDev 1 busId 3d000 commId 0x99 - Init START",
                "b:2:2 [0] NCCL INFO Channel 00/0 : 2[0] -> 3[1] via P2P/CUMEM/read",
                "a:1:1 [0] NCCL INFO Channel 00/0 : 1[1] -> 2[0] [send] via NET/IB/0/GDRDMA",
                "b:4:4 [1] NCCL INFO comm 0xd rank 3 nranks 4 cudaDev 1 nvmlDev 1 busId 3d000 commId 0x99 - Init COMPLETE",
                "a:3:3 [1] init.cc:1234 NCCL WARN Mismatched NCCL version detected : rank 1 version 21805 rank 0 version 22105",
                "a:3:3 [1] NCCL INFO init.cc:1240 -> 5");
        NcclLog d = parse(text);
        assertThat(d.hosts()).containsExactly("a", "b");
        assertThat(d.ranks()).extracting(NcclRank::host, NcclRank::pid, NcclRank::rank, NcclRank::busId, NcclRank::initComplete)
                .containsExactly(tuple("a", 1L, 0, "0000:1b:00.0", false), tuple("b", 2L, 2, "0000:1b:00.0", false),
                        tuple("a", 3L, 1, "0000:a0:1d.0", false), tuple("b", 4L, 3, "0000:3d:00.0", true));
        assertThat(d.processes()).extracting(NcclProcess::host, NcclProcess::pid, NcclProcess::rank)
                .containsExactly(tuple("a", 1L, 0), tuple("b", 2L, 2), tuple("a", 3L, 1), tuple("b", 4L, 3));
        assertThat(d.transports()).extracting(NcclTransport::host, NcclTransport::fromRank, NcclTransport::toRank,
                NcclTransport::type, NcclTransport::direction)
                .containsExactly(tuple("b", 2, 3, TransportType.P2P, null), tuple("a", 1, 2, TransportType.NET, Direction.SEND));
        assertThat(d.events(EventKind.VERSION_MISMATCH)).singleElement().satisfies(e -> {
            assertThat(e.rank()).isEqualTo(1);
            assertThat(e.host()).isEqualTo("a");
        });
        assertThat(d.events(EventKind.RETURN_CODE)).singleElement().satisfies(e -> {
            assertThat(e.code()).isEqualTo(5);
            assertThat(e.result()).isEqualTo(NcclResult.INVALID_USAGE);
            assertThat(e.rank()).isEqualTo(1);
        });
    }

    @Test
    void newestWarnFormWithFunctionAndMultiRankGpu() {
        NcclLog d = parse("[2026-01-01 00:00:00] h:5:6 [0] init.cc:1057 (initTransportsRank) NCCL WARN Multiple Ranks are "
                + "using the same GPU/Partition. Set NCCL_MULTI_RANK_GPU_ENABLE=1 to enable this configuration.\n");
        assertThat(d.events()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(EventKind.DUPLICATE_GPU);
            assertThat(e.source()).isEqualTo("init.cc:1057");
            assertThat(e.function()).isEqualTo("initTransportsRank");
            assertThat(e.host()).isEqualTo("h");
            assertThat(e.pid()).isEqualTo(5L);
            assertThat(e.tid()).isEqualTo(6L);
        });
        assertThat(d.duplicateGpus()).singleElement().satisfies(g -> {
            assertThat(g.rank()).isNull();
            assertThat(g.busId()).isNull();
        });
    }

    @Test
    void traceAndCallLinesAreCounted() {
        NcclLog d = parse("h:1:2 [0] 1234.567890 ncclCommInitRank:88 NCCL TRACE comm 0x1 rank 0 nranks 2\n"
                + "h:1:2 NCCL CALL ncclAllReduce(0x1,0x2,8,7,0,0x3,0x4)\n");
        assertThat(d.traceLines()).isEqualTo(2);
        assertThat(d.hosts()).containsExactly("h");
        assertThat(d.ranks()).isEmpty();
    }

    @Test
    void olderFormsWithoutTidOrNcclWord() {
        NcclLog d = parse("h:77 [0] NCCL INFO Using network Socket\n"
                + "h:77:78 [0] INFO NET : Using interface eth0:10.0.0.1<0>\n"
                + "h:77:78 [0] misc/ibvwrap.cu:61 WARN Failed to open libibverbs.so[.1]\n");
        assertThat(d.processes()).extracting(NcclProcess::host, NcclProcess::pid).containsExactly(tuple("h", 77L));
        assertThat(d.interfaces()).extracting(NcclInterface::kind, NcclInterface::name)
                .containsExactly(tuple(InterfaceKind.SOCKET, "eth0"));
        assertThat(d.events(EventKind.IB_VERBS_MISSING)).hasSize(1);
        assertThat(d.events()).allSatisfy(e -> assertThat(e.tid()).isEqualTo(78L));
    }

    @Test
    void newestIbCompletionForm() {
        NcclLog d = parse("h:1:2 [3] transport/net_ib/p2p.cc:688 NCCL WARN NET/IB: Got completion from peer 10.0.0.7<4444> "
                + "with status=transport retry counter exceeded(12) opcode=RECV(128) vendor_err=129  localGid ::ffff:10.0.0.6 "
                + "remoteGids::ffff:10.0.0.7 hca mlx5_3\n");
        assertThat(d.ibCompletionErrors()).singleElement().satisfies(e -> {
            assertThat(e.peer()).isEqualTo("10.0.0.7");
            assertThat(e.peerPort()).isEqualTo(4444);
            assertThat(e.status()).isEqualTo(12);
            assertThat(e.statusText()).isEqualTo("transport retry counter exceeded");
            assertThat(e.opcode()).isEqualTo(128);
            assertThat(e.vendorError()).isEqualTo(129);
            assertThat(e.localGid()).isEqualTo("::ffff:10.0.0.6");
            assertThat(e.remoteGid()).isEqualTo("::ffff:10.0.0.7");
            assertThat(e.hca()).isEqualTo("mlx5_3");
            assertThat(e.cudaDev()).isEqualTo(3);
        });
        assertThat(d.events(EventKind.IB_COMPLETION_ERROR)).singleElement().satisfies(e -> assertThat(e.code()).isEqualTo(12));
    }

    @Test
    void ibUsingListWithRailsPlanesAndRelaxedOrdering() {
        NcclLog d = parse("h:1:1 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1:2/RoCE [2]mlx5_2:1::3/IB/SHARP [RO]; "
                + "OOB ens3:10.2.0.1<0>\n");
        assertThat(d.ibDevices()).extracting(IbDevice::index, IbDevice::device, IbDevice::port, IbDevice::linkLayer, IbDevice::sharp)
                .containsExactly(tuple(0, "mlx5_0", 1, LinkLayer.IB, false), tuple(1, "mlx5_1", 1, LinkLayer.ROCE, false),
                        tuple(2, "mlx5_2", 1, LinkLayer.IB, true));
        assertThat(d.interfaces()).extracting(NcclInterface::kind, NcclInterface::name, NcclInterface::address, NcclInterface::port)
                .containsExactly(tuple(InterfaceKind.OOB, "ens3", "10.2.0.1", 0));
    }

    @Test
    void aLoggersBracketedPrefixNamesTheHostPidAndSource() {
        // A patched NCCL's logger (corpus-more nccl-1618-1/-2), grep's file name before it; NCCL's own "[0]" is no such
        // bracket, and a bracket with a space in its host is none either. An INFO event's source is its message's.
        NcclLog d = parse("rank_604.s12gn3064.4031852.log:[0604/1024][2025-02-16 22:31:34,422] [misc/socket.cc:586] "
                + "[s12gn3064:pid=3942408] NCCL WARN socketPollConnect poll() returned 1, no POLLOUT events\n"
                + "[03/16][2025-02-25 15:46:48,390] [misc/socket.cc:551] [s11gn1268:pid=3987720] NCCL INFO socketPollConnect: "
                + "connect returned Connection timed out, retrying (1/34) after sleep for 100 msec\n"
                + "h1:10:11 [0] misc/socket.cc:484 NCCL WARN Call to connect returned Connection refused\n"
                + "[my host:pid=12] NCCL WARN something\n");
        assertThat(d.events()).extracting(NcclEvent::host, NcclEvent::pid, NcclEvent::source).containsExactly(
                tuple("s12gn3064", 3942408L, "misc/socket.cc:586"), tuple("s11gn1268", 3987720L, null),
                tuple("h1", 10L, "misc/socket.cc:484"), tuple(null, null, null));
    }

    @Test
    void everyReleasesConnectRetryIsAnEvent() {
        // src/misc/socket.cc up to 2.23; socketConnectCheck in 2.24-2.26, with the address from 2.27, in src/os/linux.cc
        // (ncclOsSocket...) from 2.29. A message that only looks alike is not one.
        NcclLog d = parse("h1:10:11 [0] NCCL INFO Call to connect returned Connection refused, retrying\n"
                + "h1:10:11 [0] NCCL INFO socketPollConnect: connect returned Connection timed out, retrying (1/34) after sleep for 100 msec\n"
                + "h1:10:11 [0] NCCL INFO socketStartConnect: connect to 10.0.0.2<4711> returned No route to host, retrying (2/34) after sleep for 200 msec\n"
                + "h1:10:11 [0] NCCL INFO ncclOsSocketPollConnect: connect to 10.0.0.2<4711> returned Connection refused, retrying (3/34) after sleep for 300 msec\n"
                + "h1:10:11 [0] NCCL INFO socketAccept: retrying later\n");
        assertThat(d.events(EventKind.SOCKET_CONNECT_RETRY)).extracting(NcclEvent::line).containsExactly(1, 2, 3, 4);
    }

    @Test
    void anInterfacesUseIsNamedByTheWordOfItsLine() {
        // "Bootstrap : Using", "NET/Socket : Using", "NET/IB : Using ... ; OOB"
        assertThat(List.of(InterfaceKind.BOOTSTRAP, InterfaceKind.SOCKET, InterfaceKind.OOB)).extracting(InterfaceKind::word)
                .containsExactly("Bootstrap", "NET/Socket", "OOB");
    }

    @Test
    void pytorchBlockWithLastErrorOnTheSameLineAndNcclErrorCodeForm() {
        NcclLog d = parse("RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:825, unhandled system "
                + "error, NCCL version 2.7.8\nncclSystemError: System call (e.g. socket, malloc) or external library call failed "
                + "or device error. Last error: Call to connect returned Connection refused\n"
                + "RuntimeError: NCCL Error 1: unhandled cuda error\n");
        assertThat(d.launcherErrors()).extracting(LauncherError::kind, LauncherError::error, LauncherError::exception,
                LauncherError::lastError).containsExactly(
                tuple(LauncherErrorKind.NCCL_ERROR, NcclResult.SYSTEM_ERROR, "RuntimeError", "Call to connect returned Connection refused"),
                tuple(LauncherErrorKind.NCCL_ERROR, NcclResult.UNHANDLED_CUDA_ERROR, "RuntimeError", null));
        assertThat(d.ncclVersion()).isEqualTo("2.7.8");
        assertThat(d.launcherErrors().get(0).lastErrorKind()).isEqualTo(EventKind.SOCKET_CONNECT_FAILED);
    }

    @Test
    void lastErrorOfInterleavedRanksFollowsTheirPrefix() {
        String text = String.join("\n",
                "[rank1]: torch.distributed.DistBackendError: NCCL error in: /x/ProcessGroupNCCL.cpp:1, unhandled system error "
                        + "(run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
                "[rank0]: torch.distributed.DistBackendError: NCCL error in: /x/ProcessGroupNCCL.cpp:1, remote process exited or "
                        + "there was a network error, NCCL version 2.21.5",
                "[rank1]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.",
                "[rank0]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                "[rank0]: Last error:",
                "[rank1]: Last error:",
                "[rank1]: socketStartConnect: Connect to 10.0.0.2<1234> failed : Connection refused",
                "[rank0]: NET/IB : Got completion from peer 10.0.0.3<99> with status=12 opcode=0 len=0 vendor err 129 (Recv)");
        NcclLog d = parse(text);
        assertThat(d.launcherErrors()).extracting(LauncherError::rank, LauncherError::error, LauncherError::lastErrorKind,
                LauncherError::lastErrorLine).containsExactly(
                tuple(1, NcclResult.SYSTEM_ERROR, EventKind.SOCKET_CONNECT_FAILED, 7),
                tuple(0, NcclResult.REMOTE_ERROR, EventKind.IB_COMPLETION_ERROR, 8));
        assertThat(d.ibCompletionErrors()).extracting(IbCompletionError::peer).containsExactly("10.0.0.3");
    }

    @Test
    void newestWatchdogFormWithProcessGroupGuid() {
        NcclLog d = parse("[rank3]:[E1202 09:03:10.1 ProcessGroupNCCL.cpp:632] [PG ID 0 PG GUID 0(default_pg) Rank 3] Watchdog "
                + "caught collective operation timeout: WorkNCCL(SeqNum=12, OpType=BROADCAST, NumelIn=8, NumelOut=8, "
                + "Timeout(ms)=30000) ran for 30012 milliseconds before timing out.\n"
                + "[rank3]:[E1202 09:03:10.2 ProcessGroupNCCL.cpp:2168] [PG ID 0 PG GUID 0(default_pg) Rank 3] Timeout at NCCL "
                + "work: 12, last enqueued NCCL work: 13, last completed NCCL work: 11.\n");
        assertThat(d.launcherErrors()).singleElement().satisfies(e -> {
            assertThat(e.kind()).isEqualTo(LauncherErrorKind.WATCHDOG_TIMEOUT);
            assertThat(e.processGroup()).isEqualTo("ID 0 PG GUID 0(default_pg)");
            assertThat(e.rank()).isEqualTo(3);
            assertThat(e.opType()).isEqualTo("BROADCAST");
            assertThat(e.seqNum()).isEqualTo(12L);
            assertThat(e.timeoutMs()).isEqualTo(30000L);
            assertThat(e.ranForMs()).isEqualTo(30012L);
            assertThat(e.lastEnqueued()).isEqualTo(13L);
            assertThat(e.lastCompleted()).isEqualTo(11L);
        });
        assertThat(parser.sniff("[rank3]: Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1)")).isEqualTo(60);
    }

    @Test
    void cudaAndRuntimeErrorsOfTheLauncher() {
        NcclLog d = parse("NCCL INFO x\nRuntimeError: CUDA error: an illegal memory access was encountered\n"
                + "RuntimeError: Expected all tensors to be on the same device\n    raise RuntimeError(msg)\n");
        assertThat(d.launcherErrors()).extracting(LauncherError::kind, LauncherError::exception).containsExactly(
                tuple(LauncherErrorKind.CUDA_ERROR, "RuntimeError"), tuple(LauncherErrorKind.RUNTIME_ERROR, "RuntimeError"));
    }

    @Test
    void envValuesKeepTextAndDropTheFullStopAfterNumbers() {
        NcclLog d = parse("h:1:1 [0] NCCL INFO NCCL_IB_TIMEOUT set by environment to 22.\n"
                + "h:1:1 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to =eth0\n"
                + "h:1:1 [0] NCCL INFO NCCL_P2P_LEVEL set by environment to NVL\n"
                + "h:2:2 [0] NCCL INFO NCCL_IB_TIMEOUT set by environment to 18.\n");
        assertThat(d.environment()).containsEntry("NCCL_IB_TIMEOUT", "22").containsEntry("NCCL_SOCKET_IFNAME", "=eth0")
                .containsEntry("NCCL_P2P_LEVEL", "NVL");
        assertThat(d.envSettings()).extracting(EnvSetting::name, EnvSetting::value)
                .contains(tuple("NCCL_IB_TIMEOUT", "22"), tuple("NCCL_IB_TIMEOUT", "18"));
    }

    @Test
    void versionsOfTwoHostsAreBothKept() {
        NcclLog d = parse("a:1:1 [0] NCCL INFO NCCL version 2.18.5+cuda12.2\nb:2:2 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n");
        assertThat(d.versions()).extracting(VersionSeen::version, VersionSeen::host)
                .containsExactly(tuple("2.18.5", "a"), tuple("2.21.5", "b"));
        assertThat(d.ncclVersion()).isEqualTo("2.18.5");
    }

    @Test
    void bracketIsBusIdBefore219AndDeviceFrom219() {
        NcclLog old = parse("NCCL version 2.12.12+cuda11.6\nh:1:1 [0] NCCL INFO Channel 00/0 : 0[60] -> 1[70] via P2P/IPC\n");
        assertThat(old.transports()).extracting(NcclTransport::fromBusId, NcclTransport::toBusId, NcclTransport::fromDev)
                .containsExactly(tuple("0000:00:06.0", "0000:00:07.0", null));
        NcclLog nu = parse("h:1:1 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\nh:1:1 [0] NCCL INFO Channel 00/0 : 0[5] -> 1[6] via P2P/CUMEM\n");
        assertThat(nu.transports()).extracting(NcclTransport::fromDev, NcclTransport::toDev, NcclTransport::fromBusId)
                .containsExactly(tuple(5, 6, null));
    }

    @Test
    void repeatedLinesAreCountedNotListed() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            sb.append("h:1:2 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/CUMEM/read\n");
            sb.append("h:1:2 [0] NCCL INFO init.cc:1350 -> 2\n");
            sb.append("h:1:2 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.0.0.2<1> failed : x\n");
        }
        NcclLog d = parse(sb.toString());
        assertThat(d.transports()).singleElement().satisfies(t -> assertThat(t.count()).isEqualTo(1000));
        assertThat(d.transportLines()).isEqualTo(1000);
        assertThat(d.transportVia()).containsEntry("P2P/CUMEM/read", 1000L);
        assertThat(d.warnings()).singleElement().satisfies(w -> assertThat(w.count()).isEqualTo(1000));
        assertThat(d.events()).hasSize(2).allSatisfy(e -> assertThat(e.count()).isEqualTo(1000));
        assertThat(d.eventCounts()).containsEntry("RETURN_CODE", 1000L).containsEntry("SOCKET_CONNECT_FAILED", 1000L);
    }

    @Test
    void capsBoundWhatIsKeptAndCountTheRest() throws IOException {
        StringBuilder sb = new StringBuilder();
        int n = NcclLogParser.MAX_TRANSPORTS + 500;
        for (int i = 0; i < n; i++) {
            sb.append("h:1:2 [0] NCCL INFO Channel ").append(i % 64).append("/0 : ").append(i).append("[0] -> ")
                    .append(i + 1).append("[1] via P2P/IPC\n");
            sb.append("h").append(i).append(":").append(i).append(":1 [0] x.cc:").append(i).append(" NCCL WARN oops ").append(i).append('\n');
        }
        ParseResult<NcclLog> r;
        try (Reader in = new StringReader(sb.toString())) {
            r = parser.parse(in, ParseLimits.DEFAULTS);
        }
        NcclLog d = r.data();
        assertThat(d.transports()).hasSize(NcclLogParser.MAX_TRANSPORTS);
        assertThat(d.transportsDropped()).isEqualTo(500);
        assertThat(d.transportLines()).isEqualTo(n);
        assertThat(d.warnings()).hasSize(NcclLogParser.MAX_WARNINGS);
        assertThat(d.warningsDropped()).isEqualTo(n - NcclLogParser.MAX_WARNINGS);
        assertThat(d.events()).hasSize(NcclLogParser.MAX_EVENTS);
        assertThat(d.eventsDropped()).isEqualTo(n - NcclLogParser.MAX_EVENTS);
        assertThat(d.eventCounts()).containsEntry("OTHER", (long) n);
        assertThat(d.hosts()).hasSize(NcclLogParser.MAX_HOSTS);
        assertThat(r.warnings()).filteredOn(w -> w.severity() == Severity.INFO).extracting(w -> w.message())
                .anyMatch(m -> m.contains("channel connections")).anyMatch(m -> m.contains("WARN lines"));
    }

    @Test
    void aPytorchErrorWithoutNcclLinesIsStillAnNcclLog() {
        String text = "Traceback (most recent call last):\n  File \"train.py\", line 1, in <module>\n"
                + "torch.distributed.DistBackendError: NCCL error in: /pytorch/ProcessGroupNCCL.cpp:1, unhandled system error "
                + "(run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5\n"
                + "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error.\n";
        assertThat(parser.sniff(text)).isEqualTo(60);
        assertThat(Parsers.detect(text).kind()).isEqualTo(Kind.NCCL_LOG);
        NcclLog d = parse(text);
        assertThat(d.launcherErrors()).singleElement().satisfies(e -> {
            assertThat(e.error()).isEqualTo(NcclResult.SYSTEM_ERROR);
            assertThat(e.lastError()).isNull();
        });
        assertThat(d.ncclVersion()).isEqualTo("2.20.5");
    }

    @Test
    void sniffScalesWithDensityAndStaysAtMost85() {
        StringBuilder dense = new StringBuilder();
        for (int i = 0; i < 50; i++) dense.append("h:1:1 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via P2P/IPC\n");
        assertThat(parser.sniff(dense)).isEqualTo(85);
        StringBuilder sparse = new StringBuilder("h:1:1 [0] NCCL INFO Connected all rings\n");
        for (int i = 0; i < 50; i++) sparse.append("  File \"x.py\", line ").append(i).append('\n');
        assertThat(parser.sniff(sparse)).isBetween(60, 65);
        assertThat(parser.sniff("$ env NCCL_DEBUG=INFO torchrun x.py\nrank=0\n")).isEqualTo(40);
    }

    @Test
    void hugeLinesAndBinaryNoiseDoNotBreakIt() {
        String huge = "h:1:1 [0] NCCL INFO Channel 00/64 :" + " 1".repeat(200_000) + "\n" + "\u0000\u0001\u00ff garbage \u001b[31m\n"
                + "h:1:1 [0] NCCL INFO Trees [0]" + " x".repeat(100_000) + "\n";
        ParseResult<NcclLog> r = parser.parse(huge);
        assertThat(r.data().rings()).singleElement().satisfies(g -> assertThat(g.ranks()).hasSizeLessThanOrEqualTo(NcclLogParser.MAX_RING_RANKS));
        assertThat(r.data().trees()).singleElement().satisfies(t -> assertThat(t.spec()).hasSizeLessThanOrEqualTo(512));
        assertThat(r.warnings()).noneMatch(w -> w.message().startsWith("line could not be read"));
    }

    @Test
    void anApplicationsNcclCheckReportGivesItsCallSiteAndResult() {
        NcclLog log = parse("NCCL failure train.cu:110 'unhandled system error'\n");
        assertThat(log.launcherErrors(LauncherErrorKind.NCCL_ERROR)).singleElement().satisfies(e -> {
            assertThat(e.source()).isEqualTo("train.cu:110");
            assertThat(e.reason()).isEqualTo("unhandled system error");
            assertThat(e.error()).isEqualTo(NcclResult.SYSTEM_ERROR);
        });
    }

    @Test
    void pyTorchsStoreLosingItsServerIsAStoreLostReportWithTheStoresHost() {
        NcclLog log = parse("[rank12]:[W318 10:00:41.9 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=135, "
                + "addr=[w1]:48750, remote=[master-0]:20000): Connection reset by peer\n"
                + "[rank15]: torch.distributed.DistBackendError: [15] is setting up NCCL communicator and retrieving ncclUniqueId "
                + "from [0] via c10d key-value store by key '0', but store->get('0') got error: Broken pipe\n"
                + "[W socket.cpp:663] [c10d] The client socket has failed to connect to [master-0]:29500 (errno: 111 - Connection refused).\n");
        List<LauncherError> lost = log.launcherErrors(LauncherErrorKind.STORE_LOST);
        assertThat(lost).extracting(LauncherError::rank).containsExactly(12, 15);
        assertThat(lost).extracting(LauncherError::host).containsExactly("master-0", null);
        assertThat(lost).extracting(LauncherError::reason).containsExactly("Connection reset by peer", "Broken pipe");
    }

    @Test
    void pyTorchsStoreFailingToConnectOrListenIsAStoreSetupReport() {
        // Lines written from torch/csrc/distributed/c10d/socket.cpp and TCPStore.cpp, with torchrun's prefixes.
        String text = "[rank2]:[E1205 09:14:02.118 socket.cpp:1011] [c10d] The client socket has timed out after 900000ms"
                + " while trying to connect to (trainer-0, 29500).\n"
                + "[default1]:[W1205 09:14:02.120 TCPStore.cpp:343] [c10d] TCP client failed to connect/validate to host"
                + " trainer-0:29500 - retrying (try=0, timeout=900000ms, delay=41234ms): Connection reset by peer\n"
                + "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address."
                + " The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use).\n"
                + "[rank0]: torch.distributed.DistStoreError: Timed out after 901 seconds waiting for clients. 3/4 clients joined.\n";
        assertThat(parser.sniff(text)).isEqualTo(60);
        List<LauncherError> store = parse(text).launcherErrors(LauncherErrorKind.STORE_SETUP);
        assertThat(store).extracting(LauncherError::line).containsExactly(1, 2, 3, 4);
        assertThat(store).extracting(LauncherError::rank).containsExactly(2, null, null, 0);
        assertThat(store).extracting(LauncherError::exception)
                .containsExactly(null, null, "torch.distributed.DistNetworkError", "torch.distributed.DistStoreError");
        // The retry names the store's file in its prefix and the socket's error: still no lost store.
        assertThat(parse(text).launcherErrors(LauncherErrorKind.STORE_LOST)).isEmpty();
    }

    @Test
    void torchrunsFailureTableKeepsTheSignalTheRootCauseEndedOn() {
        String table = "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
                + "Root Cause (first observed failure):\n"
                + "[0]:\n"
                + "  host      : gpu-node-7\n"
                + "  rank      : 3 (local_rank: 3)\n"
                + "  exitcode  : -9 (pid: 4711)\n"
                + "  traceback : Signal 9 (SIGKILL) received by PID 4711\n"
                + "============================================================\n";
        assertThat(parser.sniff(table)).isEqualTo(60);
        assertThat(parse(table).launcherErrors(LauncherErrorKind.CHILD_FAILED)).singleElement().satisfies(e -> {
            assertThat(e.exitCode()).isEqualTo(-9);
            assertThat(e.reason()).isEqualTo("Signal 9 (SIGKILL) received by PID 4711");
            assertThat(e.host()).isEqualTo("gpu-node-7");
        });
        // The hint torchrun prints when the worker exited with an error is not kept.
        String exited = table.replace("-9 (pid", "1 (pid").replace("Signal 9 (SIGKILL) received by PID 4711",
                "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html");
        assertThat(parse(exited).launcherErrors(LauncherErrorKind.CHILD_FAILED)).singleElement()
                .satisfies(e -> assertThat(e.reason()).isNull());
    }

    @Test
    void launchersAndSchedulersSayingHowAProcessEndedAreOneFamilyNamingRankHostPidAndSignal() {
        // Lines written from the sources' formats: Open MPI's help-orterun.txt (proc-aborted-strsignal), Slurm's srun
        // (_task_finish) and slurmstepd, DeepSpeed's launch.py (sigkill_handler), the kernel's mm/oom_kill.c, a
        // Kubernetes pod's status.
        String text = "n1:10:20 [0] NCCL INFO Init COMPLETE\n"
                + "mpirun noticed that process rank 3 with PID 4711 on node gpu-node-7 exited on signal 9 (Killed).\n"
                + "srun: error: gpu-node-2: tasks 4-7: Out Of Memory\n"
                + "srun: error: gpu-node-2: task 5: Segmentation fault (core dumped)\n"
                + "[  812.204467] Out of memory: Killed process 5123 (python) total-vm:98765432kB, anon-rss:87654321kB,"
                + " file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:180000kB oom_score_adj:0\n"
                + "slurmstepd: error: Detected 2 oom-kill event(s) in StepId=1234.0. Some of your processes may have been"
                + " killed by the cgroup out-of-memory handler.\n"
                + "[2024-05-01 10:00:00,123] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py',"
                + " '--local_rank=6'] exits with return code = -9\n"
                + "      Reason:       OOMKilled\n"
                + "srun: error: Unable to allocate resources: Requested node configuration is not available\n"
                + "slurmstepd: error: *** STEP 1234.0 ON gpu-node-2 CANCELLED AT 2024-05-01T10:00:00 DUE TO TIME LIMIT ***\n"
                + "[2024-05-01 10:00:00,120] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 5123\n";
        List<LauncherError> ends = parse(text).launcherErrors(LauncherErrorKind.PROCESS_ENDED);
        assertThat(ends).extracting(LauncherError::line).containsExactly(2, 3, 4, 5, 6, 7, 8);
        assertThat(ends).extracting(LauncherError::rank).containsExactly(3, 4, 5, null, null, 6, null);
        assertThat(ends).extracting(LauncherError::host)
                .containsExactly("gpu-node-7", "gpu-node-2", "gpu-node-2", null, null, null, null);
        assertThat(ends).extracting(LauncherError::pid).containsExactly(4711L, null, null, 5123L, null, null, null);
        assertThat(ends).extracting(LauncherError::exitCode).containsExactly(-9, null, null, null, null, -9, null);
        assertThat(ends).extracting(LauncherError::reason).containsExactly("signal 9 (Killed)", "Out Of Memory",
                "Segmentation fault (core dumped)", "Killed process 5123 (python)", null, "return code = -9", null);
        assertThat(ends.get(0).text()).startsWith("mpirun noticed that process rank 3");
        // A paste of a failed job whose only telling line is the launcher's kill is an NCCL log to read.
        assertThat(parser.sniff("mpirun noticed that process rank 3 with PID 4711 on node n7 exited on signal 9 (Killed).\n"))
                .isEqualTo(60);
        assertThat(parser.sniff("[2024-05-01 10:00:00,123] [ERROR] [launch.py:321:sigkill_handler] ['python', 't.py']"
                + " exits with return code = -9\n")).isEqualTo(60);
        assertThat(parser.sniff("srun: error: Unable to allocate resources: Requested node configuration is not available\n"))
                .isZero();
        // torchrun's agent: a negative exit code is the signal that ended the worker; its line alone is a log to read.
        String agent = "E0501 10:00:00.123000 140 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -9)"
                + " local_rank: 3 (pid: 48211) of binary: /usr/bin/python3\n";
        assertThat(parser.sniff(agent)).isEqualTo(60);
        assertThat(parse(agent).launcherErrors(LauncherErrorKind.PROCESS_ENDED)).singleElement().satisfies(e -> {
            assertThat(e.exitCode()).isEqualTo(-9);
            assertThat(e.pid()).isEqualTo(48211L);
            assertThat(e.rank()).isNull();
            assertThat(e.reason()).isEqualTo("exitcode -9 (local_rank 3)");
        });
    }

    @Test
    void theWatchdogTakingTheProcessDownIsAWatchdogReportOfItsRank() {
        NcclLog log = parse("[rank4]:[E602 11:18:52.5 ProcessGroupNCCL.cpp:684] [PG 1 Rank 4] Some NCCL operations have failed "
                + "or timed out. Due to the asynchronous nature of CUDA kernels\n");
        assertThat(log.launcherErrors(LauncherErrorKind.WATCHDOG_EXCEPTION)).singleElement().satisfies(e -> {
            assertThat(e.rank()).isEqualTo(4);
            assertThat(e.processGroup()).isEqualTo("1");
        });
    }

    @Test
    void ncclKernelsNeedingMoreSharedMemoryThanTheGpuGivesIsACudaEvent() {
        NcclLog log = parse("h:1:1 [1] NCCL INFO ncclMaxSharedMem 82240 exceeds device/fn maxSharedMem 79856\n");
        assertThat(log.events()).singleElement().satisfies(e -> assertThat(e.kind()).isEqualTo(EventKind.CUDA_FAILURE));
    }

    /**
     * A log copied out of the CloudWatch console (corpus-more aws-ofi-nccl-889-1): rows {@code  | TIME | MESSAGE}, and
     * where the time cell merged with the message, {@code  | TIMEMESSAGE | MESSAGE}. The time glued to the host is no
     * part of the host, the version row is read, and a WARN's repeated half is no part of its message.
     */
    @Test
    void cloudWatchRowsKeepTheHostTheVersionAndOneCopyOfTheMessage() {
        String ts = "2025-05-16T16:39:51.208-07:00";
        String glued = "ip-10-36-29-253:79:79 [0] NCCL INFO Bootstrap : Using eth0:10.36.29.253<0>";
        String warn = "ip-10-36-29-253:79:80 [0] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer x<1>";
        NcclLog d = parse("\n  | " + ts + " | ip-10-36-29-253:79:79 [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0\n"
                + "  | " + ts + glued + " | " + glued + "\n"
                + "  | " + ts + " | NCCL version 2.21.5+cuda12.8\n"
                + "  | " + ts + warn + " | " + warn + "\n");
        assertThat(d.hosts()).containsExactly("ip-10-36-29-253");
        assertThat(d.ncclVersion()).isEqualTo("2.21.5");
        assertThat(d.warnings()).singleElement().satisfies(w -> {
            assertThat(w.text()).isEqualTo("socketProgress: Connection closed by remote peer x<1>");
            assertThat(w.host()).isEqualTo("ip-10-36-29-253");
        });
        // Z and no fraction: the same shape
        assertThat(parse("2024-12-04T05:27:45Zh1:10:11 [0] NCCL INFO Using network IB\n").hosts()).containsExactly("h1");
        // a host that merely starts with digits keeps them
        assertThat(parse("2024-node:10:11 [0] NCCL INFO Using network IB\n").hosts()).containsExactly("2024-node");
    }

    /**
     * A host field with a stray space before its colon, {@code NAME :70918:70918 [0]} (corpus-more nccl-tests-217-1,
     * whose last line writes {@code NAME:70918:70927}): the host is read by the {@code host :pid:tid [dev]} shape, and
     * both spellings are one host and one process. Prose with a colon after a word names no host.
     */
    @Test
    void aHostFieldWithATrailingSpaceIsTheHost() {
        NcclLog d = parse(String.join("\n",
                "NAME :70918:70918 [0] NCCL INFO Bootstrap : Using lo:127.0.0.1<0>",
                "NAME :70918:70927 [0] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer localhost<56086>",
                "NAME:70918:70927 [0] NCCL INFO misc/socket.cc:428 -> 6"));
        assertThat(d.hosts()).containsExactly("NAME");
        assertThat(d.processes()).extracting(NcclProcess::host, NcclProcess::pid).containsExactly(tuple("NAME", 70918L));
        assertThat(d.warnings()).singleElement().satisfies(w -> assertThat(w.host()).isEqualTo("NAME"));
        // after a launcher prefix, and after a stray "1:" (corpus-more nccl-914-1's first line), the host is the word
        assertThat(parse("[rank1]:host :22337:22453 [6] NCCL INFO misc/socket.cc:373 -> 2\n").hosts()).containsExactly("host");
        assertThat(parse("1:host :22337:22453 [6] NCCL INFO misc/socket.cc:373 -> 2\n").hosts()).containsExactly("host");
        // only host:pid:tid takes the space: "word : 12 [0]" and a dev that is no number name no host
        assertThat(parse("Error : 12 [0] NCCL INFO Using network IB\n").hosts()).isEmpty();
        assertThat(parse("Error : 12:34 [x] NCCL INFO Using network IB\n").hosts()).isEmpty();
        // two spaces are no stray space
        assertThat(parse("Error  :12:34 [0] NCCL INFO Using network IB\n").hosts()).isEmpty();
    }

    /**
     * libfabric's own log lines ({@code libfabric:PID:TIME:PREFIX:PROV:SUBSYS:FUNC():LINE<LEVEL> MSG}, src/log.c; no
     * time field before libfabric 1.10 or so): a {@code <warn>} line is a WARN of the process, its source the provider,
     * subsystem, function and line; the info, trace and debug levels are not.
     */
    @Test
    void libfabricWarnLinesAreWarningsOfTheirProcess() {
        NcclLog d = parse("h1:85:85 [0] NCCL INFO cudaDriverVersion 12040\n"
                + "libfabric:85:1747438790::core:core:fi_getinfo_():1392<warn> fi_getinfo: provider efa output empty list\n"
                + "libfabric:85:efa:domain:efa_domain_open():210<warn> ibv_open_device failed\n"
                + "libfabric:85:1747438790::efa:core:efa_device_list_initialize():130<info> found 0 devices\n");
        assertThat(d.warnings()).extracting(NcclWarning::text, NcclWarning::source).containsExactly(
                org.assertj.core.groups.Tuple.tuple("fi_getinfo: provider efa output empty list", "core:core:fi_getinfo_():1392"),
                org.assertj.core.groups.Tuple.tuple("ibv_open_device failed", "efa:domain:efa_domain_open():210"));
        // the NCCL line before names the host of pid 85
        assertThat(d.warnings()).extracting(NcclWarning::host).containsOnly("h1");
        assertThat(d.events()).filteredOn(e -> e.level() == NcclLevel.WARN).extracting(NcclEvent::function, NcclEvent::pid)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("fi_getinfo_", 85L),
                        org.assertj.core.groups.Tuple.tuple("efa_domain_open", 85L));
        // a line that only names libfabric is no libfabric line
        assertThat(parse("h1:1:1 [0] NCCL INFO Using network IB\nloading libfabric:85 from /opt/amazon/efa <warn> nothing\n").warnings()).isEmpty();
    }
}
