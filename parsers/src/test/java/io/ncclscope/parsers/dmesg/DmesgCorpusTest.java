package io.ncclscope.parsers.dmesg;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every corpus file of manifest kind "dmesg", and the facts its manifest row states. */
class DmesgCorpusTest {

    private final DmesgParser parser = new DmesgParser();

    static Stream<Corpus.Entry> files() {
        List<Corpus.Entry> e = Corpus.entries("dmesg");
        return e.isEmpty() ? Stream.of(new Corpus.Entry("(corpus absent)", "dmesg", "", "", "", "")) : e.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFileParsesWithoutError(Corpus.Entry e) {
        Corpus.assumePresent();
        ParseResult<DmesgData> r = parser.parse(e.text());
        assertThat(r.warnings()).as("warnings of %s", e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(Json.pretty(r)).as("JSON of %s", e.file()).contains("\"kind\": \"dmesg\"");
        assertThat(r.data().events()).as("events of %s", e.file()).isNotEmpty();
        assertThat(parser.sniff(e.text())).as("sniff of %s", e.file()).isGreaterThanOrEqualTo(80);
    }

    private DmesgData parse(String file) {
        ParseResult<DmesgData> r = parser.parse(Corpus.read(file));
        assertThat(r.hasErrors()).as("errors in %s: %s", file, r.warnings()).isFalse();
        assertThat(r.warnings()).as("warnings of %s", file).noneMatch(w -> w.severity() == Severity.WARNING);
        return r.data();
    }

    @Test
    void gpudTestdataDmesgWithXid119() {
        DmesgData d = parse("dmesg/gpud-testdata-dmesg-with-xid-119-1.txt");
        List<DmesgEvent> xids = d.ofType(DmesgEventType.XID);
        // One event per Xid line, none for the NVRM RPC-history lines after the first.
        assertThat(xids).hasSize(5).allSatisfy(x -> {
            assertThat(x.xid()).isEqualTo(119);
            assertThat(x.device()).isEqualTo("0000:9b:00.0");
        });
        DmesgEvent first = xids.get(0);
        assertThat(first.line()).isEqualTo(3);
        assertThat(first.timestamp()).isEqualTo("Sun Feb 23 16:24:18 2025");
        assertThat(first.uptimeSeconds()).isNull();
        assertThat(first.pid()).isEqualTo(2024380);
        assertThat(first.process()).isEqualTo("nvidia-smi");
        assertThat(first.detail()).startsWith("Timeout after 6s of waiting for RPC response from GPU4 GSP! "
                + "Expected function 103 (GSP_RM_ALLOC)");
        assertThat(d.ofType(DmesgEventType.XID).stream().filter(x -> x.line() < 38)).hasSize(1);
        assertThat(d.gpuUuids()).containsEntry("0000:9b:00.0", "GPU-509665ad-b600-ac93-3616-d754b23d636d");
        assertThat(d.ofType(DmesgEventType.GPU_INFO)).anySatisfy(g -> {
            assertThat(g.serial()).isEqualTo("1650124014249");
            assertThat(g.device()).isEqualTo("0000:9b:00.0");
        });
        assertThat(d.ofType(DmesgEventType.NVLINK)).as("NVLINK_INBAND_RECEIVE is an RPC name, not an NVLink event").isEmpty();
        assertThat(d.skippedLines()).isPositive();
    }

    @Test
    void nvsentinel155FallenOffTheBusWithoutXid() {
        DmesgData d = parse("dmesg/nvsentinel-155-1.txt");
        assertThat(d.ofType(DmesgEventType.XID)).isEmpty();
        assertThat(d.ofType(DmesgEventType.GPU_FALLEN_OFF_BUS)).singleElement().satisfies(e -> {
            assertThat(e.device()).isEqualTo("0000:b3:00.0");
            assertThat(e.line()).isEqualTo(1);
            assertThat(e.endLine()).isEqualTo(3);
            assertThat(e.uptimeSeconds()).isEqualTo(1843.308145);
            assertThat(e.message()).contains("(PCI ID: 10de:26b5)").contains("fallen off the bus and is not responding to commands");
        });
        assertThat(d.events()).anySatisfy(e -> assertThat(e.message()).contains("probe routine failed for 1 device(s)"));
        assertThat(d.events()).anySatisfy(e -> assertThat(e.message()).contains("Open Kernel Module"));
        assertThat(d.driverVersion()).isEqualTo("570.158.01");
    }

    @Test
    void openGpuKernelModules1150() {
        DmesgData d = parse("dmesg/open-gpu-kernel-modules-1150-1.txt");
        List<DmesgEvent> xids = d.ofType(DmesgEventType.XID);
        assertThat(xids).hasSize(7).allSatisfy(x -> {
            assertThat(x.xid()).isEqualTo(45);
            assertThat(x.process()).isEqualTo("python3");
            assertThat(x.timestamp()).isNull();
        });
        assertThat(xids).extracting(DmesgEvent::device).containsOnly("0000:dc:00.0", "0000:ed:00.0", "0000:ba:00.0", "0000:97:00.0");
        assertThat(xids).allSatisfy(x -> assertThat(x.causedByXid()).isEqualTo(x.device().equals("0000:dc:00.0") ? 149 : 145));
        assertThat(xids.get(0).pid()).isEqualTo(1818990);
    }

    @Test
    void gpudPr1174NvlinkXids() {
        DmesgData d = parse("dmesg/gpud-pr-1174-1.txt");
        List<DmesgEvent> x = d.ofType(DmesgEventType.XID);
        assertThat(x).hasSize(4);
        assertThat(x.get(0)).satisfies(e -> {
            assertThat(e.xid()).isEqualTo(149);
            assertThat(e.device()).isEqualTo("0019:01:00.0");
            assertThat(e.xidSeverity()).isEqualTo("Fatal");
            assertThat(e.link()).isEqualTo(-1);
            assertThat(e.detail()).startsWith("NETIR Fatal XC0 i0 Link -1 (0x000fe406");
        });
        assertThat(x.get(1)).satisfies(e -> {
            assertThat(e.xid()).isEqualTo(149);
            assertThat(e.device()).isEqualTo("0000:00:00.0");
            assertThat(e.xidSeverity()).isEqualTo("Fatal");
            assertThat(e.link()).isEqualTo(0);
            assertThat(e.detail()).contains("NETIR_LINK_EVT").contains("0x025001c6");
        });
        assertThat(x.get(2)).satisfies(e -> {
            assertThat(e.xid()).isEqualTo(145);
            assertThat(e.device()).isEqualTo("0018:01:00.0");
            assertThat(e.xidSeverity()).isEqualTo("Nonfatal");
            assertThat(e.link()).isEqualTo(13);
            assertThat(e.detail()).startsWith("RLW_RXPIPE");
        });
        assertThat(x.get(3)).satisfies(e -> {
            assertThat(e.xid()).isEqualTo(94);
            assertThat(e.device()).isEqualTo("0000:9b:00.0");
            assertThat(e.pid()).isEqualTo(1234);
            assertThat(e.process()).isEqualTo("python3");
            assertThat(e.detail()).isEqualTo("Contained ECC error");
            assertThat(e.xidSeverity()).isNull();
        });
    }

    @Test
    void nccl2241RedactedBusIds() {
        DmesgData d = parse("dmesg/nccl-2241-1.txt");
        List<DmesgEvent> x = d.ofType(DmesgEventType.XID);
        assertThat(x).extracting(DmesgEvent::xid).containsExactly(145, 137);
        assertThat(x).allSatisfy(e -> {
            assertThat(e.device()).as("PCI:... placeholder").isNull();
            assertThat(e.link()).isEqualTo(11);
        });
        assertThat(x.get(0).xidSeverity()).isEqualTo("Nonfatal");
        assertThat(x.get(0).detail()).isEqualTo("RLW_RXPIPE Nonfatal XC0 i0 Link 11 (...)");
        assertThat(x.get(1).detail()).isEqualTo("RLW_RXPIPE interrupt hit on link 11 on GPU0: PRIV Error");
        assertThat(d.events().get(0)).satisfies(e -> {
            assertThat(e.type()).isEqualTo(DmesgEventType.NVRM);
            assertThat(e.message()).contains("kbifCacheVFInfo_GB100");
        });
    }

    @Test
    void gpudPr46QuotedCtimeLines() {
        DmesgData d = parse("dmesg/gpud-pr-46-1.txt");
        assertThat(d.events().get(0)).satisfies(e -> {
            assertThat(e.type()).isEqualTo(DmesgEventType.OTHER);
            assertThat(e.driver()).isEqualTo("nvidia-peermem");
            assertThat(e.timestamp()).isEqualTo("Fri Aug 30 11:11:22 2024");
            assertThat(e.message()).contains("nv_get_p2p_free_callback").contains("ERROR detected invalid context");
        });
        List<DmesgEvent> x = d.ofType(DmesgEventType.XID);
        assertThat(x).extracting(DmesgEvent::xid).containsExactly(13, 13, 13, 109);
        assertThat(x.subList(0, 3)).allSatisfy(e -> {
            assertThat(e.device()).isEqualTo("0000:cb:00.0");
            assertThat(e.pid()).as("pid='<unknown>'").isNull();
            assertThat(e.process()).isNull();
            assertThat(e.timestamp()).isEqualTo("Fri Aug 30 11:43:09 2024");
        });
        assertThat(x.get(0).detail()).isEqualTo("Graphics SM Warp Exception on (GPC 7, TPC 7, SM 0): Illegal Instruction Parameter");
        assertThat(x.get(3)).satisfies(e -> {
            assertThat(e.pid()).isEqualTo(1797828);
            assertThat(e.process()).isEqualTo("pt_main_thread");
            assertThat(e.detail()).contains("Ch 00000008").contains("CTX SWITCH TIMEOUT");
        });
    }

    @Test
    void dxvk1027OldFormatXids() {
        DmesgData d = parse("dmesg/dxvk-1027-1.txt");
        assertThat(d.gpuUuids()).containsEntry("0000:01:00.0", "GPU-8a47641b-dff6-f09f-618c-c3eb58fb430d");
        List<DmesgEvent> x = d.ofType(DmesgEventType.XID);
        assertThat(x).extracting(DmesgEvent::xid).containsExactly(31, 13, 13, 13, 13, 32);
        assertThat(x).allSatisfy(e -> {
            assertThat(e.device()).isEqualTo("0000:01:00.0");
            assertThat(e.pid()).isNull();
            assertThat(e.process()).isNull();
        });
        assertThat(x.get(0).detail()).contains("MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x17_00592000")
                .contains("FAULT_PDE ACCESS_TYPE_READ").startsWith("Ch 0000003a");
        assertThat(x.subList(1, 5)).allSatisfy(e -> {
            assertThat(e.timestamp()).startsWith("31609.615");
            assertThat(e.detail()).startsWith("Graphics Exception");
        });
        assertThat(x.get(5).detail()).isEqualTo("Channel ID 00000052 intr 02000000");
    }

    @Test
    void armNas16Mlx5PcieBandwidth() {
        DmesgData d = parse("dmesg/arm-nas-16-1.txt");
        List<DmesgEvent> bw = d.ofType(DmesgEventType.PCIE_BANDWIDTH);
        assertThat(bw).extracting(DmesgEvent::device).containsExactly("0004:01:00.0", "0004:01:00.1");
        assertThat(bw).allSatisfy(e -> {
            assertThat(e.pcieGbps()).isEqualTo(63.008);
            assertThat(e.pcieGTs()).isEqualTo(8.0);
            assertThat(e.pcieWidth()).isEqualTo(8);
        });
        assertThat(d.events()).filteredOn(e -> e.firmwareVersion() != null)
                .extracting(DmesgEvent::firmwareVersion).containsExactly("16.27.2048", "16.27.2048");
        assertThat(d.ofType(DmesgEventType.MLX5_PORT)).singleElement().satisfies(e -> {
            assertThat(e.device()).isEqualTo("0004:01:00.0");
            assertThat(e.module()).isEqualTo(0);
            assertThat(e.state()).isEqualTo("Cable plugged");
        });
        assertThat(d.events()).anySatisfy(e -> assertThat(e.message()).contains("sufficient power (75W)"));
        assertThat(d.events()).filteredOn(e -> e.message().contains("E-Switch: Total vports 10")).hasSize(2);
        assertThat(d.events()).allSatisfy(e -> assertThat(e.driver()).isEqualTo("mlx5_core"));
    }

    @Test
    void gpudPr1209JournalctlMlx5LinkStates() {
        DmesgData d = parse("dmesg/gpud-pr-1209-1.txt");
        assertThat(d.events()).as("systemd, EXT4 and workqueue lines are not kept").hasSize(2);
        assertThat(d.ofType(DmesgEventType.MLX5_PORT)).extracting(DmesgEvent::state).containsExactly("INIT", "ACTIVE");
        assertThat(d.ofType(DmesgEventType.MLX5_PORT)).allSatisfy(e -> {
            assertThat(e.device()).isEqualTo("0000:ab:00.0");
            assertThat(e.netdev()).isEqualTo("mlx5_5");
            assertThat(e.port()).isEqualTo(1);
            assertThat(e.timestamp()).isEqualTo("Feb 14 05:03:41");
            assertThat(e.host()).isEqualTo("000-000-00000-1-gpu-1");
        });
        assertThat(d.skippedLines()).isEqualTo(7);
    }

    @Test
    void nvidiaDocker1553Xid79AndSiblingFunctions() {
        DmesgData d = parse("dmesg/nvidia-docker-1553-1.txt");
        assertThat(d.ofType(DmesgEventType.XID)).singleElement().satisfies(e -> {
            assertThat(e.xid()).isEqualTo(79);
            assertThat(e.pid()).isEqualTo(0);
            assertThat(e.device()).isEqualTo("0000:09:00.0");
            assertThat(e.detail()).isEqualTo("GPU has fallen off the bus.");
            assertThat(e.uptimeSeconds()).isEqualTo(1084456.074562);
            assertThat(e.line()).isEqualTo(3);
        });
        assertThat(d.gpuUuids()).containsEntry("0000:09:00.0", "GPU-26fba6b2-9e52-006e-68db-4ce18382a5ea");
        assertThat(d.events()).filteredOn(e -> e.message().contains("crash dump")).singleElement().satisfies(e -> {
            assertThat(e.line()).isEqualTo(6);
            assertThat(e.endLine()).isEqualTo(8);
            assertThat(e.message()).contains("nvidia-bug-report.sh").contains("the NVIDIA kernel module is unloaded.");
        });
        // The sibling functions of the GPU board stuck in D3 stay attached to the same slot.
        assertThat(d.events()).filteredOn(e -> e.message().contains("currently in D3"))
                .extracting(DmesgEvent::device).containsExactly("0000:09:00.3", "0000:09:00.2", "0000:09:00.2");
        List<DmesgEvent> aer = d.ofType(DmesgEventType.PCIE_AER);
        assertThat(aer).hasSize(2).allSatisfy(e -> {
            assertThat(e.device()).isEqualTo("0000:00:01.1");
            assertThat(e.driver()).isEqualTo("pcieport");
            assertThat(e.state()).isEqualTo("Corrected");
        });
        assertThat(aer.get(1).detail()).isEqualTo("Data Link Layer");
        assertThat(aer.get(1).message()).contains("(Receiver ID)");
        assertThat(d.events()).noneMatch(e -> e.message().contains("ucsi_ccg"));
    }
}
