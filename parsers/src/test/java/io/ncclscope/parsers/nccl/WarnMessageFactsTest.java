package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The facts a WARN message names, read from messages as NCCL, aws-ofi-nccl and PyTorch's c10d store print them. */
class WarnMessageFactsTest {

    @Test
    void aFailedConnectNamesItsPortAndTheSystemsReason() {
        // src/misc/socket.cc
        String m = "socketStartConnect: Connect to 10.0.0.2<45763> failed : Software caused connection abort";
        assertThat(WarnMessageFacts.port(m)).isEqualTo(45763);
        assertThat(WarnMessageFacts.systemReason(m)).isEqualTo("Software caused connection abort");
        assertThat(WarnMessageFacts.systemReason("Call to connect returned Connection timed out, retrying"))
                .isEqualTo("Connection timed out");
        // A count where the reason would stand is no reason.
        assertThat(WarnMessageFacts.systemReason("socketPollConnect poll() returned 1, no POLLOUT events")).isNull();
        assertThat(WarnMessageFacts.port("Bootstrap : no socket interface found")).isNull();
        assertThat(WarnMessageFacts.systemReason(null)).isNull();
    }

    @Test
    void anOfiRequestNamesTheErrnoItFailedWith() {
        // aws-ofi-nccl src/nccl_ofi_rdma.cpp
        String m = "NET/OFI Request 0x7f completed with error. RC: 113. Error: No route to host.";
        assertThat(WarnMessageFacts.ofiReturnCode(m)).isEqualTo("113");
        assertThat(WarnMessageFacts.connectionErrnoName("113")).isEqualTo("EHOSTUNREACH");
        assertThat(WarnMessageFacts.connectionErrnoName("111")).isEqualTo("ECONNREFUSED");
        assertThat(WarnMessageFacts.connectionErrnoName("2")).isNull();
        assertThat(WarnMessageFacts.ofiReturnCode("NET/OFI Unable to register memory")).isNull();
        assertThat(WarnMessageFacts.withoutOfiPlace(" : Function: ofi_init Line: 1089: NET/OFI Couldn't find any optimal provider"))
                .isEqualTo("NET/OFI Couldn't find any optimal provider");
    }

    @Test
    void aMessageNamesTheVariableItRejectsOrTheValueItCouldNotParse() {
        assertThat(WarnMessageFacts.variable("NCCL_SOCKET_IFNAME set to eth9 but no interface found")).isEqualTo("NCCL_SOCKET_IFNAME");
        assertThat(WarnMessageFacts.rejectsVariable("Invalid value bogus for NCCL_IB_GID_INDEX, ignoring")).isTrue();
        assertThat(WarnMessageFacts.rejectsVariable("NCCL_IB_HCA set, using mlx5_0")).isFalse();
        assertThat(WarnMessageFacts.rejectsVariable("invalid rank requested")).isFalse();
        // src/graph/tuning.cc
        assertThat(WarnMessageFacts.valueNotParsed("Unrecognized element token \"foo\" when parsing \"ring,foo\""))
                .isEqualTo("ring,foo");
        assertThat(WarnMessageFacts.valueNotParsed(null)).isNull();
    }

    @Test
    void aMessageIsAboutTheVariableItNamesElseTheOneSetToTheValueItCouldNotParse() {
        Map<String, String> settings = Map.of("NCCL_ALGO", "ring,foo", "NCCL_SOCKET_IFNAME", "eth9");
        assertThat(WarnMessageFacts.variableAbout("NCCL_SOCKET_IFNAME set to eth9 but no interface found", settings))
                .isEqualTo("NCCL_SOCKET_IFNAME");
        assertThat(WarnMessageFacts.variableAbout("Unrecognized element token \"foo\" when parsing \"ring,foo\"", settings))
                .isEqualTo("NCCL_ALGO");
        assertThat(WarnMessageFacts.variableAbout("Unrecognized element token \"foo\" when parsing \"ring,foo\"", Map.of()))
                .isNull();
        assertThat(WarnMessageFacts.variableAbout("Bootstrap : no socket interface found", settings)).isNull();
        assertThat(WarnMessageFacts.variableAbout(null, settings)).isNull();
    }

    @Test
    void aMessageSaysThePeerClosedOrResetTheConnection() {
        // src/misc/socket.cc
        assertThat(WarnMessageFacts.connectionClosed("socketProgress: Connection closed by remote peer node-2<52244>")).isTrue();
        assertThat(WarnMessageFacts.connectionClosed("Net : Call to recv from 10.0.0.2<33567> failed : Connection reset by peer")).isTrue();
        assertThat(WarnMessageFacts.connectionClosed("Connect to 10.0.0.2<45763> failed : Connection timed out")).isFalse();
        assertThat(WarnMessageFacts.connectionClosed(null)).isFalse();
    }

    @Test
    void aMessageSaysWhichFamilyOfFailureItIs() {
        // src/misc/shmutils.cc
        assertThat(WarnMessageFacts.aboutSharedMemory("Error while creating shared memory segment /dev/shm/nccl-x (size 9637888)")).isTrue();
        assertThat(WarnMessageFacts.aboutSharedMemory("Call to posix_fallocate failed : No space left on device")).isTrue();
        assertThat(WarnMessageFacts.aboutSharedMemory("Failed to CUDA calloc 6291456 bytes")).isFalse();
        // src/bootstrap.cc, src/init.cc
        assertThat(WarnMessageFacts.ranksDisagree("Bootstrap Root : rank 3 of 8 ranks has already checked in")).isTrue();
        assertThat(WarnMessageFacts.ranksDisagree("Bootstrap Root : localId 9 is out of range")).isTrue();
        assertThat(WarnMessageFacts.ranksDisagree("Invalid rank requested : 9/8")).isTrue();
        assertThat(WarnMessageFacts.ranksDisagree("Bootstrap : no socket interface found")).isFalse();
        // src/graph/tuning.cc, src/bootstrap.cc, src/param/c_api.cc (2.30), and a variable named with a complaint
        assertThat(WarnMessageFacts.rejectsSetting("Unrecognized element token \"foo\" when parsing \"ring,foo\"")).isTrue();
        assertThat(WarnMessageFacts.rejectsSetting("All entries except the first must have a prefix: \"^ring\"")).isTrue();
        assertThat(WarnMessageFacts.rejectsSetting("Invalid NCCL_COMM_ID, please use format: <ipv4>:<port>")).isTrue();
        assertThat(WarnMessageFacts.rejectsSetting("WARNING: ENV NCCL_RUNTIME_CONNECT is deprecated, setting it has no effect")).isTrue();
        assertThat(WarnMessageFacts.rejectsSetting("Invalid value bogus for NCCL_IB_GID_INDEX, ignoring")).isTrue();
        assertThat(WarnMessageFacts.rejectsSetting("NCCL_IB_HCA set, using mlx5_0")).isFalse();
        assertThat(WarnMessageFacts.rejectsSetting(null)).isFalse();
        // src/bootstrap.cc
        assertThat(WarnMessageFacts.filterLeftNoDevice("no device found matching NCCL_OOB_NET_IFNAME=ib9, ignoring")).isTrue();
        assertThat(WarnMessageFacts.filterLeftNoDevice("no device found after excluding lo, verify NCCL_OOB_NET_IFNAME")).isTrue();
        assertThat(WarnMessageFacts.filterLeftNoDevice("NET/IB : No device found.")).isFalse();
        // src/include/alloc.h against a host allocation
        assertThat(WarnMessageFacts.allocatesGpuMemory("Failed to CUDA calloc 6291456 bytes")).isTrue();
        assertThat(WarnMessageFacts.allocatesGpuMemory("Failed to malloc 1024 bytes")).isFalse();
        // aws-ofi-nccl src/nccl_ofi_rdma.cpp: a request that failed against a setup call
        assertThat(WarnMessageFacts.ofiCompletionFailed("NET/OFI Request 0x7f completed with error. RC: 113.")).isTrue();
        assertThat(WarnMessageFacts.ofiCompletionFailed("NET/OFI Couldn't allocate endpoint. RC: -12, ERROR: x")).isFalse();
    }

    @Test
    void aPeerAddressSaysWhetherItIsThisNodeOrWasMasked() {
        // src/misc/socket.cc prints addr<port>; PyTorch's store host:port
        assertThat(WarnMessageFacts.isLoopbackPeer("127.0.0.1<41234>")).isTrue();
        assertThat(WarnMessageFacts.isLoopbackPeer("localhost<56086>")).isTrue();
        assertThat(WarnMessageFacts.isLoopbackPeer("[::1]:29500")).isTrue();
        assertThat(WarnMessageFacts.isLoopbackPeer("10.0.0.2<41234>")).isFalse();
        assertThat(WarnMessageFacts.isLoopbackPeer("localhost.example.com")).isFalse();
        assertThat(WarnMessageFacts.isLoopbackPeer(null)).isFalse();
        assertThat(WarnMessageFacts.isMaskedAddress("172....")).isTrue();
        assertThat(WarnMessageFacts.isMaskedAddress("10.*.*.5<41234>")).isTrue();
        assertThat(WarnMessageFacts.isMaskedAddress("a.b.c.d")).isTrue();
        assertThat(WarnMessageFacts.isMaskedAddress("10.0.0.2<41234>")).isFalse();
        assertThat(WarnMessageFacts.isMaskedAddress(null)).isFalse();
    }

    @Test
    void aCopyOfAMessageComparesWithItsSpacingMadeSingle() {
        assertThat(WarnMessageFacts.singleSpaced("  NET/IB :  Got completion\tfrom peer \n")).isEqualTo("NET/IB : Got completion from peer");
        assertThat(WarnMessageFacts.singleSpaced(null)).isNull();
    }

    @Test
    void anRdmaSetupFailureNamesItsStep() {
        // src/misc/ibvwrap.cc, src/transport/net_ib.cc, aws-ofi-nccl
        assertThat(IbSetupStep.of("Call to ibv_modify_qp failed with 110 Connection timed out, Connection timed out"))
                .isEqualTo(IbSetupStep.QUEUE_PAIR_TIMEOUT);
        assertThat(IbSetupStep.of("Call to ibv_modify_qp failed with 22 Invalid argument, Invalid argument")).isEqualTo(IbSetupStep.OTHER);
        assertThat(IbSetupStep.of("NET/IB : Unable to read GID index 3")).isEqualTo(IbSetupStep.GID);
        assertThat(IbSetupStep.of("Call to ibv_reg_mr failed with error Cannot allocate memory")).isEqualTo(IbSetupStep.MEMORY_REGISTRATION);
        assertThat(IbSetupStep.of("Call to ibv_set_ece failed with 95 Operation not supported")).isEqualTo(IbSetupStep.ECE);
        assertThat(IbSetupStep.of("NET/OFI CM: Unable to register memory. RC: -12, Error: x")).isEqualTo(IbSetupStep.OFI_RESOURCE);
        assertThat(IbSetupStep.of(null)).isEqualTo(IbSetupStep.OTHER);
    }

    @Test
    void aMessageNamesItsRdmaDevice() {
        assertThat(WarnMessageFacts.rdmaDevice("NET/IB : Unable to open device mlx5_2")).isEqualTo("mlx5_2");
        assertThat(WarnMessageFacts.rdmaDevice("NET/IB : Got async event : port error on dev mlx5_0:1")).isEqualTo("mlx5_0");
        assertThat(WarnMessageFacts.rdmaDevice("NET/OFI error on efa0")).isEqualTo("efa0");
        assertThat(WarnMessageFacts.rdmaDevice("Cuda failure 'out of memory'")).isNull();
    }

    @Test
    void aMessageNamesTheResultItsSourceReturned() {
        // src/proxy.cc, NCCL 2.12 on
        assertThat(NcclResult.inMessage("[Proxy Service 3] Failed to execute operation Connect from rank 14, retcode 2"))
                .isEqualTo(NcclResult.SYSTEM_ERROR);
        assertThat(NcclResult.inMessage("Connection closed by remote peer")).isNull();
    }

    @Test
    void aBareMessageHasTheKindOfAWarnLineSayingIt() {
        assertThat(EventKind.of("Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60"))
                .isEqualTo(EventKind.DUPLICATE_GPU);
        assertThat(EventKind.of("Call to connect failed : Connection refused")).isEqualTo(EventKind.SOCKET_CONNECT_FAILED);
        assertThat(EventKind.of("Proxy append mismatch")).isEqualTo(EventKind.PROXY_ERROR);
        assertThat(EventKind.of(null)).isEqualTo(EventKind.OTHER);
    }

    @Test
    void aCompletionStatusHasItsVerbsName() {
        assertThat(IbCompletionError.statusName(12)).isEqualTo("IBV_WC_RETRY_EXC_ERR");
        assertThat(IbCompletionError.statusName(5)).isEqualTo("IBV_WC_WR_FLUSH_ERR");
        assertThat(IbCompletionError.statusName(99)).isEqualTo("status 99");
        assertThat(IbCompletionError.statusName(null)).isEqualTo("?");
    }

    @Test
    void theStoresAddressIsReadFromEachLayoutThatPrintsOne() {
        assertThat(StoreAddress.in("trying to connect to (trainer-0, 29500).")).isEqualTo(new StoreAddress("trainer-0", 29500));
        assertThat(StoreAddress.in("to host 10.0.0.1:29400 - timed out (try=3)").port()).isEqualTo(29400);
        assertThat(StoreAddress.in("failed to listen on [::]:29501 (errno: 98 - Address already in use).").port()).isEqualTo(29501);
        assertThat(StoreAddress.in("Timed out after 901 seconds waiting for clients. 3/4 clients joined.")).isNull();
    }
}
