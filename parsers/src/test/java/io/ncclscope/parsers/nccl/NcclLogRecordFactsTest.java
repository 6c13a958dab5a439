package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the log's records say beyond their fields: a line rebuilt as NCCL printed it, a socket device, a setting, a log
 * of one-rank communicators.
 */
class NcclLogRecordFactsTest {

    private static NcclLog parse(String text) {
        return new NcclLogParser().parse(text).data();
    }

    @Test
    void anEventIsRebuiltAsNcclPrintedIt() {
        NcclLog log = parse("node1:100:101 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.0.0.2<45763> failed : Connection refused\n"
                + "node1:100:101 [0] NCCL INFO bootstrap.cc:71 -> 6\n");
        List<String> printed = log.events().stream().map(NcclEvent::asPrinted).toList();
        assertThat(printed).containsExactly(
                "node1:100:101 [0] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.0.0.2<45763> failed : Connection refused",
                "node1:100:101 [0] NCCL INFO bootstrap.cc:71 -> 6");
    }

    @Test
    void aRanksInitLineIsRebuiltFromItsFields() {
        NcclLog log = parse("node1:100:100 [0] NCCL INFO ncclCommInitRankConfig comm 0x1fc044b0 rank 1 nranks 2 cudaDev 0 "
                + "nvmlDev 0 busId 60 commId 0x3cbb5575e6fa3905 - Init START\n");
        assertThat(log.ranks()).extracting(NcclLineFact::asPrinted).containsExactly(
                "node1:100 NCCL INFO comm 0x1fc044b0 rank 1 nranks 2 cudaDev 0 busId 60 commId 0x3cbb5575e6fa3905");
        assertThat(log.ranks()).extracting(NcclLineFact::line).containsExactly(1);
    }

    @Test
    void everyTransportFactIsRebuiltFromNcclInfoOn() {
        NcclLog log = parse("node1:100:100 [0] NCCL INFO NCCL_IB_DISABLE set by environment to 1.\n"
                + "node1:100:100 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n"
                + "node1:100:100 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0> [1]eth1:10.0.1.1<0>\n"
                + "node1:100:100 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/RoCE ; OOB ib0:10.1.0.1<0>\n"
                + "node1:100:100 [0] NCCL INFO Using internal Network Socket\n"
                + "node1:100:100 [0] NCCL INFO Channel 07/0 : 0[0] -> 2[0] [receive] via NET/IB/3/GDRDMA\n");
        List<NcclLineFact> facts = new java.util.ArrayList<>(log.envSettings());
        facts.addAll(log.interfaces());
        facts.addAll(log.ibDevices());
        facts.addAll(log.networks());
        facts.addAll(log.transports());
        assertThat(facts).extracting(NcclLineFact::asPrinted).containsExactly(
                "NCCL_IB_DISABLE set by environment to 1",
                "NCCL INFO Bootstrap : Using eth0:10.0.0.1",
                "NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1",
                "NCCL INFO NET/Socket : Using [1]eth1:10.0.1.1",
                "NCCL INFO NET/IB : Using ... ; OOB ib0:10.1.0.1",
                "NCCL INFO NET/IB : Using [0]mlx5_0:1/IB",
                "NCCL INFO NET/IB : Using [1]mlx5_1:1/RoCE",
                "NCCL INFO Using network Socket",
                "NCCL INFO Channel 07 : 0 -> 2 [receive] via NET/IB/3/GDRDMA");
        assertThat(facts).extracting(NcclLineFact::line).containsExactly(1, 2, 3, 3, 4, 4, 4, 5, 6);
        assertThat(new EnvSetting("NCCL_NET", "Socket", "command", null, 1).asPrinted()).isEqualTo("NCCL_NET=Socket");
    }

    @Test
    void aSocketChannelNamesItsDevice() {
        NcclLog log = parse("node1:100:100 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/Socket/1\n"
                + "node1:100:100 [0] NCCL INFO Channel 01/0 : 0[0] -> 1[0] [send] via NET/IB/1\n");
        assertThat(log.transports()).extracting(NcclTransport::socketDevice).containsExactly(1, null);
    }

    @Test
    void ranksMayShareAGpuOnlyFromNcclTwoThirtyWhenTold() {
        String told = "node1:100:100 [0] NCCL INFO NCCL_MULTI_RANK_GPU_ENABLE set by environment to 1.\n";
        assertThat(parse("node1:100:100 [0] NCCL INFO NCCL version 2.30.3+cuda13.0\n" + told).multiRankGpuEnabled()).isTrue();
        assertThat(parse("node1:100:100 [0] NCCL INFO NCCL version 2.29.2+cuda13.0\n" + told).multiRankGpuEnabled()).isFalse();
        assertThat(parse(told).multiRankGpuEnabled()).as("version unknown").isFalse();
        assertThat(parse("node1:100:100 [0] NCCL INFO NCCL version 2.30.3+cuda13.0\n").multiRankGpuEnabled()).isFalse();
    }

    @Test
    void aLogOfOneRankCommunicatorsOnlyIsSingleRank() {
        // captured h200-1gpu-variants/nccl/bad-algo.log: one GPU, one rank
        String one = "vm:550:550 [0] NCCL INFO ncclCommInitRankConfig comm 0x46ffd030 rank 0 nranks 1 cudaDev 0 nvmlDev 0 busId 60 commId 0xcc - Init START\n";
        String four = "a:1:1 [0] NCCL INFO comm 0xa rank 0 nranks 4 cudaDev 0 nvmlDev 0 busId 1b000 commId 0x99 - Init START\n";
        assertThat(parse(one).singleRankOnly()).isTrue();
        assertThat(parse(one + four).singleRankOnly()).isFalse();
        assertThat(parse("vm:550:550 [0] NCCL INFO NCCL version 2.30.3+cuda13.0\n").singleRankOnly()).as("no communicator").isFalse();
    }
}
