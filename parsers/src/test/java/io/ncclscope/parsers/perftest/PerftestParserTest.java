package io.ncclscope.parsers.perftest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases for {@link PerftestParser}: table variants, units, sides, errors, sniffing, odd input. */
class PerftestParserTest {

    private static final PerftestParser P = new PerftestParser();

    private static final String CLIENT = """
            $ ib_send_bw -d mlx5_1 -x 3 --report_gbits -q 2 10.0.0.2
            ---------------------------------------------------------------------------------------
                                Send BW Test
             Dual-port       : OFF\t\tDevice         : mlx5_1
             Number of qps   : 2\t\tTransport type : IB
             Connection type : RC\t\tUsing SRQ      : OFF
             PCIe relax order: ON\t\tLock-free      : OFF
             ibv_wr* API     : ON\t\tUsing Enhanced Reorder      : OFF
             TX depth        : 128
             CQ Moderation   : 1
             CQE Poll Batch  : Dynamic
             Mtu             : 4096[B]
             Link type       : Ethernet
             GID index       : 3
             Max inline data : 0[B]
             rdma_cm QPs\t : OFF
             Data ex. method : Ethernet
            ---------------------------------------------------------------------------------------
             local address: LID 0000 QPN 0x0108 PSN 0x63ad7d
             GID: 254:128:00:00:00:00:00:00:82:107:75:255:254:209:228:168
             remote address: LID 0000 QPN 0x0076 PSN 0xf3810c
             GID: 00:00:00:00:00:00:00:00:00:00:255:255:10:00:00:02
            ---------------------------------------------------------------------------------------
             #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]
             65536      1000             97.12              96.98  \t\t   0.184968
            ---------------------------------------------------------------------------------------
            """;

    private static PerftestData ok(String text) {
        ParseResult<PerftestData> r = P.parse(text);
        assertThat(r.warnings()).noneMatch(w -> w.severity() == Severity.ERROR);
        return r.data();
    }

    @Test
    void clientBandwidthReport() {
        PerftestData d = ok(CLIENT);
        assertThat(d.test()).isEqualTo("Send BW Test");
        assertThat(d.operation()).isEqualTo(Operation.SEND);
        assertThat(d.measure()).isEqualTo(Measure.BW);
        assertThat(d.tool()).isEqualTo("ib_send_bw");
        assertThat(d.side()).isEqualTo(Side.CLIENT);
        assertThat(d.command()).isEqualTo("ib_send_bw -d mlx5_1 -x 3 --report_gbits -q 2 10.0.0.2");
        assertThat(d.qps()).isEqualTo(2);
        assertThat(d.gidIndex()).isEqualTo(3);
        assertThat(d.header()).containsEntry("Lock-free", "OFF").containsEntry("Using Enhanced Reorder", "OFF")
                .containsEntry("CQE Poll Batch", "Dynamic").containsEntry("rdma_cm QPs", "OFF");
        assertThat(d.local().get(0).gidHex()).isEqualTo("fe80:0000:0000:0000:526b:4bff:fed1:e4a8");
        assertThat(d.local().get(0).ipv4()).isNull();
        assertThat(d.remote().get(0).ipv4()).isEqualTo("10.0.0.2");
        assertThat(d.rows()).singleElement().satisfies(r -> {
            assertThat(r.bwAverageGbps()).isEqualTo(96.98);
            assertThat(r.msgRateMpps()).isEqualTo(0.184968);
            assertThat(r.line()).isEqualTo(25);
        });
        assertThat(d.line()).isEqualTo(3);
    }

    @Test
    void crlfAndSpacesInsteadOfTabsReadTheSame() {
        PerftestData a = ok(CLIENT);
        PerftestData b = ok(CLIENT.replace("\t", "    ").replace("\n", "\r\n"));
        assertThat(b.rows()).isEqualTo(a.rows());
        assertThat(b.header()).isEqualTo(a.header());
        assertThat(b.local()).isEqualTo(a.local());
    }

    @Test
    void mibPerSecondIsTwoToTheTwentiethBytes() {
        String text = """
                 #bytes     #iterations    BW peak[MiB/sec]    BW average[MiB/sec]   MsgRate[Mpps]
                 65536      5000             23431.45            23422.02  \t\t   0.374752
                """;
        PerftestData d = ok(text);
        assertThat(d.bwUnit()).isEqualTo("MiB/sec");
        assertThat(d.rows().get(0).bwAverage()).isEqualTo(23422.02);
        assertThat(d.rows().get(0).bwAverageGbps()).isCloseTo(23422.02 * 1048576 * 8 / 1e9, within(1e-6));
        assertThat(d.rows().get(0).bwAverageGbps()).isCloseTo(196.48, within(0.01));
    }

    @Test
    void perPortSlAndCpuColumns() {
        String perPort = """
                 #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]   BW Port1[Gb/sec]   MsgRate Port1[Mpps]   BW Port2[Gb/sec]   MsgRate Port2[Mpps]
                 65536      5000             190.00             189.50  \t\t   0.361442        94.70            0.180000              94.80            0.180800
                """;
        PerftestBwRow r = ok(perPort).rows().get(0);
        assertThat(r.port1Gbps()).isEqualTo(94.70);
        assertThat(r.port2MsgRateMpps()).isEqualTo(0.1808);
        String qos = """
                 #bytes    #sl      #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]    CPU_Util[%]
                 65536      3           1000           97.00            96.50                  0.184066\t    12.50
                """;
        PerftestBwRow q = ok(qos).rows().get(0);
        assertThat(q.sl()).isEqualTo(3);
        assertThat(q.iterations()).isEqualTo(1000);
        assertThat(q.bwAverageGbps()).isEqualTo(96.5);
        assertThat(q.cpuUtilPct()).isEqualTo(12.5);
    }

    @Test
    void durationModeLatencyTable() {
        String text = """
                                    RDMA_Read Latency Test
                 #bytes        #iterations       t_avg[usec]    tps average
                 2             1234567            2.43           411234.56
                """;
        PerftestData d = ok(text);
        assertThat(d.measure()).isEqualTo(Measure.LAT);
        assertThat(d.tool()).isEqualTo("ib_read_lat");
        assertThat(d.latencyRows()).singleElement().satisfies(r -> {
            assertThat(r.tAvg()).isEqualTo(2.43);
            assertThat(r.tpsAverage()).isEqualTo(411234.56);
            assertThat(r.tMin()).isNull();
        });
    }

    @Test
    void truncatedLastRowIsKeptWithAWarning() {
        String text = """
                 #bytes     #iterations    BW peak[MB/sec]    BW average[MB/sec]   MsgRate[Mpps]
                 65536      664644""";
        ParseResult<PerftestData> r = P.parse(text);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().rows()).singleElement().satisfies(row -> {
            assertThat(row.bytes()).isEqualTo(65536);
            assertThat(row.iterations()).isEqualTo(664644);
            assertThat(row.bwAverage()).isNull();
            assertThat(row.bwPeakGbps()).isNull();
        });
        assertThat(r.warnings()).anySatisfy(w -> {
            assertThat(w.severity()).isEqualTo(Severity.WARNING);
            assertThat(w.line()).isEqualTo(2);
            assertThat(w.message()).startsWith("result row is cut short");
        });
    }

    @Test
    void atomicAndImmediateTitles() {
        PerftestData a = ok("                    Atomic FETCH_AND_ADD BW Test\n");
        assertThat(a.operation()).isEqualTo(Operation.ATOMIC);
        assertThat(a.tool()).isEqualTo("ib_atomic_bw");
        PerftestData b = ok("                    RDMA_Write_imm Bidirectional BW Test\n");
        assertThat(b.operation()).isEqualTo(Operation.WRITE_IMM);
        assertThat(b.bidirectional()).isTrue();
        assertThat(b.tool()).isEqualTo("ib_write_bw");
    }

    @Test
    void commandSides() {
        assertThat(ok("$ ib_write_bw -d mlx5_0 -x 3 --report_gbits\n").side()).isEqualTo(Side.SERVER);
        assertThat(ok("$ ib_write_bw -d mlx5_0 --force-link IB 192.168.1.2\n").side()).isEqualTo(Side.CLIENT);
        assertThat(ok("$ ib_write_bw --use_cuda=0 -d mlx5_0 -s $((32 * 1024)) gpu-node-2\n").side()).isEqualTo(Side.CLIENT);
        assertThat(ok("$ ib_write_bw --use_cuda 0 -d mlx5_0 -a -F\n").side()).isEqualTo(Side.SERVER);
        assertThat(ok("$ taskset -c 4 ib_read_lat -d mlx5_2 -i 1 -D 10 server-a\n").commands().get(0).tool())
                .isEqualTo("ib_read_lat");
    }

    @Test
    void completionErrorsAndDeviceErrors() {
        String text = """
                 Completion with error at client
                 Failed status 12: wr_id 0 syndrom 0x81
                IB device mlx5_9 not found
                 Unable to find the Infiniband/RoCE device
                """;
        PerftestData d = ok(text);
        assertThat(d.errors()).extracting(PerftestError::category).containsExactly(PerftestError.Category.COMPLETION,
                PerftestError.Category.COMPLETION, PerftestError.Category.DEVICE, PerftestError.Category.DEVICE);
    }

    @Test
    void emptyAndForeignInputAreErrors() {
        for (String text : new String[] {"", "\n \n", "CA 'mlx5_0'\n\tCA type: MT4123\n\tPort 1:\n\t\tState: Active\n"}) {
            ParseResult<PerftestData> r = P.parse(text);
            assertThat(r.hasErrors()).as("input %s", text).isTrue();
            assertThat(r.warnings()).anySatisfy(w -> assertThat(w.message()).isEqualTo("no perftest content found"));
        }
    }

    @Test
    void sniffScores() {
        assertThat(P.sniff(CLIENT)).isEqualTo(95);
        assertThat(P.sniff(" #bytes     #iterations    BW peak[Gb/sec]    BW average[Gb/sec]   MsgRate[Mpps]\n")).isEqualTo(95);
        assertThat(P.sniff(" Dual-port       : OFF\t\tDevice         : mlx5_0\n Number of qps   : 1\t\tTransport type : IB\n"))
                .isEqualTo(90);
        assertThat(P.sniff("ethernet_read_keys: Couldn't read remote address\nFailed to modify QP to RTS\n")).isEqualTo(82);
        assertThat(P.sniff("# nccl-tests version 2.19.6 nccl-headers=22809 nccl-library=22809\n")).isZero();
        assertThat(P.sniff("CA 'mlx5_0'\n\tCA type: MT4123\n")).isZero();
        assertThat(P.sniff("\n".repeat(100_000))).isZero();
        assertThat(P.sniff("")).isZero();
    }

    @Test
    void resultSerialisesWithDesignKeys() {
        String json = Json.write(P.parse(CLIENT).data());
        assertThat(json).contains("\"test\":\"Send BW Test\"", "\"operation\":\"SEND\"", "\"measure\":\"BW\"",
                "\"rows\":[{\"bytes\":65536,\"iterations\":1000,\"bwPeak\":97.12,\"bwAverage\":96.98,"
                        + "\"bwPeakGbps\":97.12,\"bwAverageGbps\":96.98,\"msgRateMpps\":0.184968,\"line\":25}]",
                "\"linkType\":\"Ethernet\"", "\"mtu\":4096");
    }
}
