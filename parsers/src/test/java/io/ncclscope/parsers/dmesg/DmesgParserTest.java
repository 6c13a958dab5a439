package io.ncclscope.parsers.dmesg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases for {@link DmesgParser}. */
class DmesgParserTest {

    private final DmesgParser parser = new DmesgParser();

    @Test
    void theOomKillersLineNamesTheProcessItKilled() {
        // mm/oom_kill.c: "%s: Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB, ..." after "Out of memory" or
        // "Memory cgroup out of memory"; the oom-kill: summary and the reaper's line before and after it are not events
        ParseResult<DmesgData> r = parser.parse("""
                [1187234.112470] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),task=python3,pid=48211,uid=0
                [1187234.112512] Out of memory: Killed process 48211 (python3) total-vm:1649382712kB, anon-rss:843950616kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:1660156kB oom_score_adj:0
                [1187235.004411] oom_reaper: reaped process 48211 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB
                Dec 04 12:00:00 gpu07 kernel: Memory cgroup out of memory: Killed process 5120 (pt_main_thread) total-vm:98765432kB, anon-rss:4567890kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:9000kB oom_score_adj:0
                """);
        assertThat(r.data().events()).extracting(DmesgEvent::type).containsExactly(DmesgEventType.OOM_KILL, DmesgEventType.OOM_KILL);
        DmesgEvent global = r.data().events().get(0);
        assertThat(global.pid()).isEqualTo(48211);
        assertThat(global.process()).isEqualTo("python3");
        assertThat(global.detail()).isNull();
        assertThat(global.line()).isEqualTo(2);
        DmesgEvent cgroup = r.data().events().get(1);
        assertThat(cgroup.process()).isEqualTo("pt_main_thread");
        assertThat(cgroup.detail()).isEqualTo("memory cgroup");
        assertThat(cgroup.host()).isEqualTo("gpu07");
    }

    @Test
    void emptyInputIsAnError() {
        ParseResult<DmesgData> r = parser.parse("");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.warnings()).anyMatch(w -> w.line() == 0 && w.message().equals("no dmesg content found"));
    }

    @Test
    void garbageIsAnErrorNotAnException() {
        ParseResult<DmesgData> r = parser.parse("lorem ipsum\n\u0001\u0002\nfoo bar baz\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(parser.sniff("lorem ipsum\nfoo bar baz\n")).isZero();
    }

    @Test
    void kernelLinesWithoutGpuNewsAreNotAnError() {
        ParseResult<DmesgData> r = parser.parse("[    0.000000] Linux version 6.8.0\n[    0.100000] Command line: ro quiet\n");
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().events()).isEmpty();
        assertThat(r.data().skippedLines()).isEqualTo(2);
    }

    @Test
    void crlfAndDmesgLevelPrefixes() {
        String s = "<4>[ 12.5] NVRM: Xid (PCI:0000:b1:00): 79, pid=123, name=python, GPU has fallen off the bus.\r\n"
                + "kern  :err   : [ 13.25] NVRM: Xid (PCI:0000:b2:00): 48, pid=7, name=x, An uncorrectable double bit error\r\n";
        ParseResult<DmesgData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().events()).hasSize(2);
        assertThat(r.data().events().get(0).uptimeSeconds()).isEqualTo(12.5);
        assertThat(r.data().events().get(0).device()).isEqualTo("0000:b1:00.0");
        assertThat(r.data().events().get(1).xid()).isEqualTo(48);
        assertThat(r.data().events().get(1).uptimeSeconds()).isEqualTo(13.25);
    }

    @Test
    void nvidiaSmiLostGpuLinePastedAmongKernelLinesIsALostGpu() {
        // The layout of corpus-more dmesg/returnn-1486-1.txt: nvidia-smi's line, then relative-time AER lines.
        String s = "user@node ~ % nvidia-smi\n"
                + "Unable to determine the device handle for GPU0000:03:00.0: Unknown Error\n"
                + "[  +0.000316] pcieport 0000:00:03.0: AER: Corrected error received: 0000:00:03.0\n"
                + "Unable to determine the device handle for GPU 00000000:81:00.0: GPU is lost.  Reboot the system to recover this GPU\n"
                + "Unable to determine the device handle for gpu: unknown\n";
        ParseResult<DmesgData> r = parser.parse(s);
        assertThat(r.data().ofType(DmesgEventType.GPU_FALLEN_OFF_BUS)).extracting(DmesgEvent::device, DmesgEvent::detail, DmesgEvent::line)
                .containsExactly(tuple("0000:03:00.0", "Unknown Error", 2),
                        tuple("0000:81:00.0", "GPU is lost.  Reboot the system to recover this GPU", 4));
        assertThat(r.data().ofType(DmesgEventType.PCIE_AER)).singleElement().extracting(DmesgEvent::device).isEqualTo("0000:00:03.0");
    }

    @Test
    void isoTimestampsAndJournalKernelPrefix() {
        String s = "2025-02-14T05:03:41,123456+00:00 mlx5_core 0000:17:00.0 ens1np0: Link down\n"
                + "2025-02-14T05:03:42+0000 gpu-7 kernel: mlx5_core 0000:17:00.0 ens1np0: Link up\n"
                + "2025-02-14T05:03:42+0000 gpu-7 systemd[1]: Started foo.\n";
        ParseResult<DmesgData> r = parser.parse(s);
        assertThat(r.data().ofType(DmesgEventType.MLX5_PORT)).extracting(DmesgEvent::state).containsExactly("DOWN", "UP");
        assertThat(r.data().events().get(1).host()).isEqualTo("gpu-7");
        assertThat(r.data().events().get(0).netdev()).isEqualTo("ens1np0");
        assertThat(r.data().events().get(0).timestamp()).isEqualTo("2025-02-14T05:03:41,123456+00:00");
        assertThat(r.data().skippedLines()).isEqualTo(1);
    }

    @Test
    void nvlinkAndSxidLines() {
        String s = "[100.0] NVRM: NVLink: fatal error detected on link 3\n"
                + "[101.0] nvidia-nvswitch2: SXid (PCI:0000:c3:00.0): 12028, Non-fatal, Link 32 egress non-posted PRIV error\n";
        DmesgData d = parser.parse(s).data();
        assertThat(d.ofType(DmesgEventType.NVLINK)).singleElement().satisfies(e -> assertThat(e.link()).isEqualTo(3));
        assertThat(d.ofType(DmesgEventType.SXID)).singleElement().satisfies(e -> {
            assertThat(e.xid()).isEqualTo(12028);
            assertThat(e.device()).isEqualTo("0000:c3:00.0");
            assertThat(e.link()).isEqualTo(32);
            assertThat(e.xidSeverity()).isEqualTo("Nonfatal");
            assertThat(e.driver()).isEqualTo("nvidia-nvswitch2");
        });
    }

    @Test
    void pcieBandwidthLimitedBy() {
        String s = "[1.0] pci 0000:b1:00.0: 126.024 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x16 link at "
                + "0000:b0:00.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)\n";
        DmesgEvent e = parser.parse(s).data().events().get(0);
        assertThat(e.type()).isEqualTo(DmesgEventType.PCIE_BANDWIDTH);
        assertThat(e.pcieGbps()).isEqualTo(126.024);
        assertThat(e.pcieGTs()).isEqualTo(8.0);
        assertThat(e.pcieWidth()).isEqualTo(16);
        assertThat(e.detail()).startsWith("limited by 8.0 GT/s");
    }

    @Test
    void truncatedLastLineStillGivesTheEvent() {
        DmesgData d = parser.parse("[5.0] NVRM: Xid (PCI:0000:3b:00): 74, pid=9, name=py, NVLink: fatal error det").data();
        assertThat(d.events()).singleElement().satisfies(e -> {
            assertThat(e.xid()).isEqualTo(74);
            assertThat(e.type()).isEqualTo(DmesgEventType.XID);
        });
    }

    @Test
    void nvlinkXidsSayWhetherTheyAreFatal() {
        DmesgData d = parser.parse("""
                [5.0] NVRM: Xid (PCI:0000:3b:00): 145, pid=9, name=py, NVLink: Nonfatal error on link 3
                [5.1] NVRM: Xid (PCI:0000:3b:00): 149, pid=9, name=py, NVLink: Fatal error on link 4
                [5.2] NVRM: Xid (PCI:0000:3b:00): 79, pid=9, name=py, GPU has fallen off the bus.
                """).data();
        assertThat(d.events()).extracting(DmesgEvent::xidFatal)
                .containsExactly(Optional.of(false), Optional.of(true), Optional.empty());
        assertThat(d.events()).extracting(DmesgEvent::reportedXid).containsExactly(145, 149, 79);
    }

    @Test
    void aFallenOffTheBusLineWithoutAnXidReportsXid79() {
        DmesgData d = parser.parse("[1.0] NVRM: The NVIDIA GPU 0000:41:00.0\n"
                + "\tNVRM: (PCI ID: 10de:2330) installed in this system has\n"
                + "\tNVRM: fallen off the bus and is not responding to commands.\n"
                + "[2.0] mlx5_core 0000:18:00.0 ens1np0: Link down\n").data();
        assertThat(d.events()).extracting(DmesgEvent::type, DmesgEvent::reportedXid)
                .containsExactly(tuple(DmesgEventType.GPU_FALLEN_OFF_BUS, 79), tuple(DmesgEventType.MLX5_PORT, null));
    }

    @Test
    void tabIndentedContinuationIsJoined() {
        String s = "[1.0] NVRM: The NVIDIA GPU 0000:41:00.0\n\tNVRM: (PCI ID: 10de:2330) installed in this system has\n"
                + "\tNVRM: fallen off the bus and is not responding to commands.\n";
        ParseResult<DmesgData> r = parser.parse(s);
        assertThat(r.data().ofType(DmesgEventType.GPU_FALLEN_OFF_BUS)).singleElement()
                .satisfies(e -> assertThat(e.device()).isEqualTo("0000:41:00.0"));
        assertThat(r.warnings()).noneMatch(w -> w.severity() != Severity.INFO);
    }

    @Test
    void longContinuationIsBounded() {
        StringBuilder sb = new StringBuilder("[1.0] NVRM: start\n");
        for (int i = 0; i < 10_000; i++) sb.append("        NVRM: more text here\n");
        DmesgData d = parser.parse(sb.toString()).data();
        assertThat(d.events()).hasSize(1);
        assertThat(d.events().get(0).message().length()).isLessThanOrEqualTo(DmesgParser.MAX_MESSAGE);
    }
}
