package io.ncclscope.parsers.topo;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases for {@link TopoParser}: small inline inputs written for each behaviour. */
class TopoParserTest {

    private final TopoParser parser = new TopoParser();

    /** A 2-GPU, 2-NIC matrix in the newer layout, tab-separated as nvidia-smi prints it. */
    static final String TABS = String.join("\n",
            "\tGPU0\tGPU1\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID",
            "GPU0\t X \tNV18\tPIX\tSYS\t0-47,96-143\t0\t\tN/A",
            "GPU1\tNV18\t X \tSYS\tPIX\t48-95,144-191\t1\t\tN/A",
            "NIC0\tPIX\tSYS\t X \tSYS",
            "NIC1\tSYS\tPIX\tSYS\t X ",
            "",
            "Legend:",
            "",
            "  X    = Self",
            "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)",
            "  NV#  = Connection traversing a bonded set of # NVLinks",
            "",
            "NIC Legend:",
            "",
            "  NIC0: mlx5_0",
            "  NIC1: mlx5_1",
            "");

    /** The same matrix as a terminal shows it: tabs expanded to spaces. */
    static final String SPACES = String.join("\n",
            "        GPU0    GPU1    NIC0    NIC1    CPU Affinity    NUMA Affinity   GPU NUMA ID",
            "GPU0     X      NV18    PIX     SYS     0-47,96-143     0               N/A",
            "GPU1    NV18     X      SYS     PIX     48-95,144-191   1               N/A",
            "NIC0    PIX     SYS      X      SYS",
            "NIC1    SYS     PIX     SYS      X ",
            "",
            "Legend:",
            "",
            "  X    = Self",
            "",
            "NIC Legend:",
            "",
            "  NIC0: mlx5_0",
            "  NIC1: mlx5_1",
            "");

    private Topology ok(String text) {
        ParseResult<Topology> r = parser.parse(text);
        assertThat(r.kind()).isEqualTo(Kind.TOPO);
        assertThat(r.warnings()).as("warnings").noneMatch(w -> w.severity() == Severity.ERROR);
        return r.data();
    }

    private static List<String> messages(ParseResult<?> r) {
        return r.warnings().stream().map(ParseWarning::message).toList();
    }

    @Test
    void readsTheNewerLayoutWithNicLegend() {
        Topology t = ok(TABS);
        assertThat(t.matrixType()).isEqualTo(MatrixType.TOPOLOGY);
        assertThat(t.line()).isEqualTo(1);
        assertThat(t.affinityColumns()).containsExactly("CPU Affinity", "NUMA Affinity", "GPU NUMA ID");
        assertThat(t.gpus()).extracting(TopoGpu::name, TopoGpu::index, TopoGpu::cpuAffinity, TopoGpu::numaAffinity, TopoGpu::gpuNumaId, TopoGpu::line)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("GPU0", 0, "0-47,96-143", "0", null, 2),
                        org.assertj.core.groups.Tuple.tuple("GPU1", 1, "48-95,144-191", "1", null, 3));
        assertThat(t.nics()).extracting(TopoNic::name, TopoNic::device, TopoNic::line, TopoNic::legendLine)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("NIC0", "mlx5_0", 4, 15),
                        org.assertj.core.groups.Tuple.tuple("NIC1", "mlx5_1", 5, 16));
        assertThat(t.matrix().get("GPU0")).containsExactly(
                Map.entry("GPU0", "X"), Map.entry("GPU1", "NV18"), Map.entry("NIC0", "PIX"), Map.entry("NIC1", "SYS"));
        assertThat(t.matrix().keySet()).containsExactly("GPU0", "GPU1", "NIC0", "NIC1");
        assertThat(t.gpu("GPU1").orElseThrow().cpus()).hasSize(96).startsWith(48).endsWith(191);
        assertThat(t.gpu(1).orElseThrow().numaNode()).contains(1);
    }

    @Test
    void tabsAndSpacesGiveTheSameData() {
        Topology tabs = ok(TABS);
        Topology spaces = ok(SPACES);
        assertThat(spaces.gpus()).isEqualTo(tabs.gpus());
        assertThat(spaces.matrix()).isEqualTo(tabs.matrix());
        assertThat(spaces.nics()).extracting(TopoNic::device).containsExactly("mlx5_0", "mlx5_1");
    }

    @Test
    void crlfLineEndingsGiveTheSameData() {
        Topology lf = ok(TABS);
        Topology crlf = ok(TABS.replace("\n", "\r\n"));
        assertThat(crlf).isEqualTo(lf);
    }

    @Test
    void lookupsAnswerByNameOrDevice() {
        Topology t = ok(TABS);
        assertThat(t.path("GPU0", "GPU1")).hasValueSatisfying(p -> {
            assertThat(p.type()).isEqualTo(PathType.NV);
            assertThat(p.links()).isEqualTo(18);
            assertThat(p.word()).isEqualTo("NV18");
        });
        assertThat(t.path("GPU1", "mlx5_1").orElseThrow().type()).isEqualTo(PathType.PIX);
        assertThat(t.path("GPU1", "mlx5_0").orElseThrow().type()).isEqualTo(PathType.SYS);
        assertThat(t.path("GPU0", "GPU9")).isEmpty();
        assertThat(t.nvLinks("GPU0", "GPU1")).contains(18);
        assertThat(t.nvLinks("GPU0", "NIC0")).isEmpty();
        assertThat(t.nearestNic("GPU0").orElseThrow().device()).isEqualTo("mlx5_0");
        assertThat(t.nearestNicsByGpu().get("GPU1")).extracting(TopoNic::name).containsExactly("NIC1");
        assertThat(t.nic("mlx5_1").orElseThrow().name()).isEqualTo("NIC1");
        assertThat(t.isSymmetric()).isTrue();
        assertThat(t.matrixOf(MatrixType.TOPOLOGY)).isPresent();
        assertThat(t.matrixOf(MatrixType.P2P_READ)).isEmpty();
    }

    @Test
    void jsonHasTheDesignNames() {
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) Json.parse(Json.write(parser.parse(TABS)));
        @SuppressWarnings("unchecked")
        Map<String, Object> data = (Map<String, Object>) json.get("data");
        assertThat(data).containsKeys("gpus", "nics", "matrix", "matrixType");
        assertThat(data.get("matrixType")).isEqualTo("topology");
        @SuppressWarnings("unchecked")
        Map<String, Object> gpu0 = ((List<Map<String, Object>>) data.get("gpus")).get(0);
        assertThat(gpu0).containsEntry("name", "GPU0").containsEntry("cpuAffinity", "0-47,96-143").containsEntry("numaAffinity", "0")
                .doesNotContainKey("gpuNumaId");
        @SuppressWarnings("unchecked")
        Map<String, Object> nic1 = ((List<Map<String, Object>>) data.get("nics")).get(1);
        assertThat(nic1).containsEntry("name", "NIC1").containsEntry("device", "mlx5_1");
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Object>> matrix = (Map<String, Map<String, Object>>) data.get("matrix");
        assertThat(matrix.get("NIC0")).containsEntry("GPU0", "PIX");
        // Lookups are methods, not components: they stay out of the JSON.
        assertThat(data).doesNotContainKeys("nearestNicsByGpu", "symmetric", "primary");
    }

    @Test
    void emptyInputIsAnError() {
        ParseResult<Topology> r = parser.parse("");
        assertThat(r.hasErrors()).isTrue();
        assertThat(messages(r)).containsExactly("no topo content found");
        assertThat(r.data().gpus()).isEmpty();
        assertThat(r.data().matrixType()).isEqualTo(MatrixType.UNKNOWN);
    }

    @Test
    void garbageIsAnError() {
        ParseResult<Topology> r = parser.parse("hello world\nGPU0 is hot\n\u0000\u0001 binary ### \nGPU0: NVIDIA H100 (UUID: GPU-1)\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.warnings()).filteredOn(w -> w.severity() == Severity.ERROR).extracting(ParseWarning::line).containsExactly(0);
    }

    @Test
    void aHeaderWithoutRowsIsNotContent() {
        ParseResult<Topology> r = parser.parse("\tGPU0\tGPU1\tCPU Affinity\n\nsomething else\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(messages(r)).contains("matrix header without rows");
    }

    @Test
    void truncatedLastLineKeepsWhatWasPrintedAndWarns() {
        String cut = String.join("\n",
                "        GPU0    GPU1    NIC0    CPU Affinity    NUMA Affinity   GPU NUMA ID",
                "GPU0     X      NV18    PIX     0-47,96-143     0               N/A",
                "GPU1    NV18     X      SY");
        ParseResult<Topology> r = parser.parse(cut);
        Topology t = r.data();
        assertThat(r.hasErrors()).isFalse();
        assertThat(t.matrix().get("GPU1")).containsExactly(Map.entry("GPU0", "NV18"), Map.entry("GPU1", "X"), Map.entry("NIC0", "SY"));
        assertThat(t.gpu("GPU1").orElseThrow().cpuAffinity()).isNull();
        assertThat(messages(r)).contains("no row for NIC0 (cut capture?)");
        // The missing NIC row is answered from its mirror in a topology matrix.
        assertThat(t.path("NIC0", "GPU0").orElseThrow().type()).isEqualTo(PathType.PIX);
    }

    @Test
    void truncatedAffinityCellIsKeptAsPrinted() {
        String cut = String.join("\n",
                "        GPU0    GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID",
                "GPU0     X      NV18    0-47,96-143     0               N/A",
                "GPU1    NV18     X      48-95,1");
        Topology t = ok(cut);
        assertThat(t.gpu("GPU1").orElseThrow().cpuAffinity()).isEqualTo("48-95,1");
        assertThat(t.gpu("GPU1").orElseThrow().numaAffinity()).isNull();
    }

    @Test
    void gluedPathWordsAreSplitByVocabulary() {
        String glued = String.join("\n",
                "        GPU0    GPU1    GPU2    NIC0    CPU Affinity    NUMA Affinity",
                "GPU0     X      NODENODE        SYS     0-23    0",
                "GPU1    NODE     X      NV12PIX         0-23    0",
                "GPU2    NODENV12X       SYS0-23 0",
                "NIC0    SYSPIXSYSX");
        ParseResult<Topology> r = parser.parse(glued);
        Topology t = r.data();
        assertThat(r.hasErrors()).isFalse();
        assertThat(t.matrix().get("GPU0")).containsExactly(
                Map.entry("GPU0", "X"), Map.entry("GPU1", "NODE"), Map.entry("GPU2", "NODE"), Map.entry("NIC0", "SYS"));
        assertThat(t.matrix().get("GPU1").values()).containsExactly("NODE", "X", "NV12", "PIX");
        assertThat(t.matrix().get("GPU2").values()).containsExactly("NODE", "NV12", "X", "SYS");
        assertThat(t.gpu("GPU2").orElseThrow().cpuAffinity()).isEqualTo("0-23");
        assertThat(t.gpu("GPU2").orElseThrow().numaAffinity()).isEqualTo("0");
        assertThat(t.matrix().get("NIC0").values()).containsExactly("SYS", "PIX", "SYS", "X");
        assertThat(messages(r)).contains("glued cells split into path words");
    }

    @Test
    void gluedAffinityCellsAreSplitAtTheHeaderColumns() {
        // The header's NUMA Affinity starts inside the long CPU list: the cell swallowed the NUMA node.
        String glued = String.join("\n",
                "        GPU0    GPU1    CPU Affinity NUMA Affinity GPU NUMA ID",
                "GPU0     X      NV4     0-127,256-3830            N/A",
                "GPU1    NV4      X      64-95,192-2231            N/A");
        ParseResult<Topology> r = parser.parse(glued);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().gpus()).extracting(TopoGpu::cpuAffinity, TopoGpu::numaAffinity).containsExactly(
                org.assertj.core.groups.Tuple.tuple("0-127,256-383", "0"),
                org.assertj.core.groups.Tuple.tuple("64-95,192-223", "1"));
        assertThat(messages(r)).anyMatch(m -> m.startsWith("glued affinity cells split at the header's column layout"));
    }

    @Test
    void gluedAffinityCellIsSplitLikeItsNeighbourRow() {
        String glued = String.join("\n",
                "\tGPU0\tGPU1\tGPU2\tGPU3\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID",
                "GPU0\t X \tSYS\tSYS\tSYS\t0-45,92-1370\t\tN/A",
                "GPU1\tSYS\t X \tSYS\tSYS\t0-45,92-137\t0\t\tN/A",
                "GPU2\tSYS\tSYS\t X \tSYS\t46-91,138-183\t1\t\tN/A",
                "GPU3\tSYS\tSYS\tSYS\t X \t46-91,138-1831\t\tN/A");
        ParseResult<Topology> r = parser.parse(glued);
        assertThat(r.data().gpus()).extracting(TopoGpu::cpuAffinity, TopoGpu::numaAffinity).containsExactly(
                org.assertj.core.groups.Tuple.tuple("0-45,92-137", "0"),
                org.assertj.core.groups.Tuple.tuple("0-45,92-137", "0"),
                org.assertj.core.groups.Tuple.tuple("46-91,138-183", "1"),
                org.assertj.core.groups.Tuple.tuple("46-91,138-183", "1"));
        assertThat(r.data().gpu("GPU0").orElseThrow().line()).isEqualTo(2);
    }

    @Test
    void blankAffinityCellsStayUnknownNotZero() {
        String blank = String.join("\n",
                "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID",
                "GPU0\t X \tNV8\t\t\t\tN/A",
                "GPU1\tNV8\t X \t0-15\t\t\tN/A");
        Topology t = ok(blank);
        assertThat(t.gpu("GPU0").orElseThrow().cpuAffinity()).isNull();
        assertThat(t.gpu("GPU0").orElseThrow().numaAffinity()).isNull();
        assertThat(t.gpu("GPU0").orElseThrow().cpus()).isEmpty();
        assertThat(t.gpu("GPU1").orElseThrow().cpuAffinity()).isEqualTo("0-15");
        assertThat(t.gpu("GPU1").orElseThrow().numaAffinity()).isNull();
        // The same with spaces: the N/A at the end belongs to GPU NUMA ID, the list to CPU Affinity.
        Topology s = ok(String.join("\n",
                "        GPU0    GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID",
                "GPU0     X      NV8                                     N/A",
                "GPU1    NV8      X      0-15                            N/A"));
        assertThat(s.gpus()).isEqualTo(t.gpus());
    }

    @Test
    void gpuNumaIdIsReadWhenPrinted() {
        Topology t = ok(String.join("\n",
                "\tGPU0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID",
                "GPU0\t X \t0-71\t0\t\t1"));
        assertThat(t.gpus().get(0).gpuNumaId()).isEqualTo(1);
    }

    @Test
    void oldLayoutWithRawDeviceColumnsAndSocWord() {
        String old = String.join("\n",
                "\tGPU0\tGPU1\tGPU2\tGPU3\tmlx4_0\tCPU Affinity",
                "GPU0\t X \tPHB\tSOC\tSOC\tSOC\t0-5",
                "GPU1\tPHB\t X \tSOC\tSOC\tSOC\t0-5",
                "GPU2\tSOC\tSOC\t X \tPHB\tPHB\t6-11",
                "GPU3\tSOC\tSOC\tPHB\t X \tPHB\t6-11",
                "mlx4_0\tSOC\tSOC\tPHB\tPHB\t X",
                "",
                "Legend:",
                "",
                "  X   = Self",
                "  SOC  = Connection traversing PCIe as well as the SMP link between CPU sockets(e.g. QPI)",
                "  PIX  = Connection traversing a single PCIe switch");
        ParseResult<Topology> r = parser.parse(old);
        Topology t = r.data();
        assertThat(r.warnings()).isEmpty();
        assertThat(t.affinityColumns()).containsExactly("CPU Affinity");
        assertThat(t.nics()).extracting(TopoNic::name, TopoNic::device).containsExactly(org.assertj.core.groups.Tuple.tuple("mlx4_0", "mlx4_0"));
        assertThat(t.gpu("GPU2").orElseThrow().cpuAffinity()).isEqualTo("6-11");
        assertThat(t.gpu("GPU2").orElseThrow().numaAffinity()).isNull();
        assertThat(t.path("GPU0", "mlx4_0").orElseThrow().type()).isEqualTo(PathType.SOC);
        assertThat(t.nearestNics("GPU3")).extracting(TopoNic::name).containsExactly("mlx4_0");
    }

    @Test
    void everyNvLinkCountReads() {
        for (int n = 1; n <= 18; n++) {
            TopoPath p = TopoPath.of("NV" + n);
            assertThat(p.type()).isEqualTo(PathType.NV);
            assertThat(p.links()).isEqualTo(n);
            assertThat(p.isNvLink()).isTrue();
        }
        assertThat(TopoPath.of("NV36").links()).isEqualTo(36);
        assertThat(PathType.fromWord("NV")).isEqualTo(PathType.UNKNOWN);
        assertThat(PathType.fromWord("NVX")).isEqualTo(PathType.UNKNOWN);
        assertThat(PathType.fromWord("NODE")).isEqualTo(PathType.NODE);
        assertThat(PathType.fromWord("C2C")).isEqualTo(PathType.UNKNOWN);
        assertThat(PathType.NV.toString()).isEqualTo("NV#");
        assertThat(PathType.PIX.rank()).isLessThan(PathType.PXB.rank());
        assertThat(PathType.PHB.rank()).isLessThan(PathType.NODE.rank());
        assertThat(PathType.NODE.rank()).isLessThan(PathType.SYS.rank());
        assertThat(PathType.OK.isP2pStatus()).isTrue();
        assertThat(PathType.OK.isPath()).isFalse();
        assertThat(PathType.UNKNOWN.isP2pStatus()).isFalse();
    }

    @Test
    void sixteenGpusAndThirtySixNics() {
        StringBuilder sb = new StringBuilder();
        List<String> cols = new java.util.ArrayList<>();
        for (int g = 0; g < 16; g++) cols.add("GPU" + g);
        for (int n = 0; n < 36; n++) cols.add("NIC" + n);
        sb.append('\t').append(String.join("\t", cols)).append("\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n");
        for (String r : cols) {
            sb.append(r);
            for (String c : cols) {
                String w = r.equals(c) ? " X " : r.startsWith("GPU") && c.startsWith("GPU") ? "NV18" : "SYS";
                if (r.startsWith("GPU") && c.equals("NIC" + r.substring(3))) w = "PIX";
                if (c.startsWith("GPU") && r.equals("NIC" + c.substring(3))) w = "PIX";
                sb.append('\t').append(w);
            }
            if (r.startsWith("GPU")) sb.append(Integer.parseInt(r.substring(3)) < 8 ? "\t0-55,112-167\t0\t\tN/A" : "\t56-111,168-223\t1\t\tN/A");
            sb.append('\n');
        }
        sb.append("\nNIC Legend:\n\n");
        for (int n = 0; n < 36; n++) sb.append("  NIC").append(n).append(": mlx5_").append(n).append('\n');
        Topology t = ok(sb.toString());
        assertThat(t.gpus()).hasSize(16);
        assertThat(t.nics()).hasSize(36);
        assertThat(t.nics().get(35).device()).isEqualTo("mlx5_35");
        assertThat(t.gpu("GPU15").orElseThrow().numaAffinity()).isEqualTo("1");
        assertThat(t.nearestNic("GPU15").orElseThrow().name()).isEqualTo("NIC15");
        assertThat(t.matrix()).hasSize(52);
        assertThat(t.matrix().get("NIC35")).hasSize(52);
    }

    @Test
    void p2pReadMatrixWithItsCommand() {
        String p2p = String.join("\n",
                "$ nvidia-smi topo -p2p r",
                "        GPU0    GPU1    GPU2    GPU3",
                " GPU0   X       OK      CNS     CNS",
                " GPU1   OK      X       CNS     CNS",
                " GPU2   CNS     CNS     X       OK",
                " GPU3   CNS     CNS     OK      X",
                "",
                "Legend:",
                "",
                "  X    = Self",
                "  OK   = Status Ok",
                "  CNS  = Chipset not supported",
                "  GNS  = GPU not supported",
                "  TNS  = Topology not supported",
                "  NS   = Not supported",
                "  U    = Unknown");
        ParseResult<Topology> r = parser.parse(p2p);
        Topology t = r.data();
        assertThat(r.warnings()).isEmpty();
        assertThat(t.matrixType()).isEqualTo(MatrixType.P2P_READ);
        assertThat(t.command()).isEqualTo("nvidia-smi topo -p2p r");
        assertThat(t.line()).isEqualTo(2);
        assertThat(t.gpus()).extracting(TopoGpu::name).containsExactly("GPU0", "GPU1", "GPU2", "GPU3");
        assertThat(t.nics()).isEmpty();
        assertThat(t.path("GPU0", "GPU2").orElseThrow().type()).isEqualTo(PathType.CNS);
        assertThat(t.matrix().get("GPU3").get("GPU2")).isEqualTo("OK");
        assertThat(t.nearestNics("GPU0")).isEmpty();
    }

    @Test
    void p2pMatrixWithoutCommandIsKnownByItsWords() {
        Topology t = ok("\tGPU0\tGPU1\nGPU0\tX\tNS\nGPU1\tNS\tX\n");
        assertThat(t.matrixType()).isEqualTo(MatrixType.P2P);
        Topology title = ok("P2P Connectivity Matrix\n        GPU0\nGPU0    X\n");
        assertThat(title.matrixType()).isEqualTo(MatrixType.P2P);
        Topology legendOnly = ok("        GPU0\nGPU0    X\n\nLegend:\n\n  X    = Self\n  OK   = Status Ok\n  DR   = Disabled by regkey\n");
        assertThat(legendOnly.matrixType()).isEqualTo(MatrixType.P2P);
        Topology bare = ok("        GPU0\nGPU0    X\n");
        assertThat(bare.matrixType()).isEqualTo(MatrixType.UNKNOWN);
    }

    @Test
    void severalMatricesInOneCapture() {
        String all = String.join("\n",
                "root@node:~# nvidia-smi topo -p2p w",
                "\tGPU0\tGPU1",
                " GPU0\tX\tGNS",
                " GPU1\tGNS\tX",
                "root@node:~# nvidia-smi topo -m",
                "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID",
                "GPU0\t X \tPHB\t0-63\t0\t\tN/A",
                "GPU1\tPHB\t X \t0-63\t0\t\tN/A",
                "",
                "Legend:",
                "  X    = Self",
                "root@node:~# nvidia-smi topo -mp",
                "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID",
                "GPU0\t X \tPHB\t0-63\t0\t\tN/A",
                "GPU1\tPHB\t X \t0-63\t0\t\tN/A",
                "root@node:~# nvidia-smi topo --p2pstatus=n",
                "\tGPU0\tGPU1",
                " GPU0\tX\tNS",
                " GPU1\tNS\tX");
        ParseResult<Topology> r = parser.parse(all);
        Topology t = r.data();
        assertThat(r.hasErrors()).isFalse();
        assertThat(t.matrixType()).isEqualTo(MatrixType.TOPOLOGY);
        assertThat(t.command()).isEqualTo("nvidia-smi topo -m");
        assertThat(t.line()).isEqualTo(6);
        assertThat(t.gpu("GPU1").orElseThrow().cpuAffinity()).isEqualTo("0-63");
        assertThat(t.otherMatrices()).extracting(TopoMatrix::type, TopoMatrix::line).containsExactly(
                org.assertj.core.groups.Tuple.tuple(MatrixType.P2P_WRITE, 2),
                org.assertj.core.groups.Tuple.tuple(MatrixType.TOPOLOGY_PCI, 13),
                org.assertj.core.groups.Tuple.tuple(MatrixType.P2P_NVLINK, 17));
        assertThat(t.matrixOf(MatrixType.P2P_WRITE).orElseThrow().path("GPU0", "GPU1").orElseThrow().type()).isEqualTo(PathType.GNS);
        assertThat(t.matrixOf(MatrixType.P2P_WRITE).orElseThrow().columns()).containsExactly("GPU0", "GPU1");
        assertThat(t.matrixOf(MatrixType.TOPOLOGY).orElseThrow().line()).isEqualTo(6);
    }

    @Test
    void ansiEscapesAroundTheHeaderAlsoWhenTheEscByteWasLost() {
        Topology real = ok("\t\u001b[4mGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\u001b[0m\nGPU0\t X \tNV4\t0-31\t0\nGPU1\tNV4\t X \t0-31\t0\n");
        Topology lost = ok("\t[4mGPU0\tGPU1\tCPU Affinity\tNUMA Affinity[0m\nGPU0\t X \tNV4\t0-31\t0\nGPU1\tNV4\t X \t0-31\t0\n");
        Topology caret = ok("\t^[[4mGPU0\tGPU1\tCPU Affinity\tNUMA Affinity^[[0m\nGPU0\t X \tNV4\t0-31\t0\nGPU1\tNV4\t X \t0-31\t0\n");
        assertThat(real.gpus()).extracting(TopoGpu::name).containsExactly("GPU0", "GPU1");
        assertThat(lost).isEqualTo(real);
        assertThat(caret).isEqualTo(real);
        assertThat(real.gpu("GPU1").orElseThrow().numaAffinity()).isEqualTo("0");
    }

    @Test
    void indentedPasteWithWrappedLegendAndPrefixedHeader() {
        String text = String.join("\n",
                "NVIDIA Topology: GPU0 GPU1    CPU Affinity    NUMA Affinity   GPU NUMA ID",
                "    GPU0  X      NODE    0-15    0               N/A",
                "    GPU1 NODE     X      0-15    0               N/A",
                "",
                "    Legend:",
                "      SYS  = Connection traversing PCIe as well as the SMP interconnect between",
                "  NUMA nodes (e.g., QPI/UPI)",
                "      NODE = Connection traversing PCIe as well as the interconnect between PCIe",
                "  Host Bridges within a NUMA node");
        ParseResult<Topology> r = parser.parse(text);
        assertThat(r.warnings()).isEmpty();
        assertThat(r.data().matrix()).containsOnlyKeys("GPU0", "GPU1");
        assertThat(r.data().gpu("GPU1").orElseThrow().cpuAffinity()).isEqualTo("0-15");
    }

    @Test
    void wrappedOrCutNicLegend() {
        String text = String.join("\n",
                "\tGPU0\tNIC0\tNIC1\tNIC2\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID",
                "GPU0\t X \tPIX\tNODE\tSYS\t0-7\t0\t\tN/A",
                "NIC0\tPIX\t X \tNODE\tSYS",
                "NIC1\tNODE\tNODE\t X \tSYS",
                "NIC2\tSYS\tSYS\tSYS\t X ",
                "",
                "NIC Legend:",
                "",
                "  NIC0:",
                "  mlx5_ib0",
                "  NIC1: mlx5_ib1",
                "# [cut]");
        ParseResult<Topology> r = parser.parse(text);
        assertThat(r.data().nics()).extracting(TopoNic::device).containsExactly("mlx5_ib0", "mlx5_ib1", null);
        assertThat(r.data().nics().get(0).legendLine()).isEqualTo(10);
        assertThat(messages(r)).contains("the NIC Legend lacks NIC2: device names unknown", "the capture was cut here");
    }

    @Test
    void unknownWordsAreKeptAsPrinted() {
        Topology t = ok("\tGPU0\tGPU1\tCPU Affinity\nGPU0\t X \tC2C\t0-71\nGPU1\tC2C\t X \t0-71\n");
        assertThat(t.matrix().get("GPU0").get("GPU1")).isEqualTo("C2C");
        assertThat(t.path("GPU0", "GPU1").orElseThrow().type()).isEqualTo(PathType.UNKNOWN);
        assertThat(t.gpu("GPU1").orElseThrow().cpuAffinity()).isEqualTo("0-71");
    }

    @Test
    void naAffinityIsNull() {
        Topology t = ok("        GPU0    GPU1    CPU Affinity    NUMA Affinity\nGPU0     X      PHB     0-11            N/A\nGPU1    PHB      X      0-11            N/A\n");
        assertThat(t.gpus()).extracting(TopoGpu::numaAffinity).containsOnlyNulls();
        assertThat(t.gpus()).extracting(TopoGpu::cpuAffinity).containsOnly("0-11");
        assertThat(t.gpus().get(0).numaNode()).isEmpty();
    }

    @Test
    void sniffScoresTheSignatureHighAndProseLow() {
        assertThat(parser.sniff(TABS)).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff(SPACES)).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("\t\u001b[4mGPU0\tCPU Affinity\u001b[0m\nGPU0\t X \t0-15\n")).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("GPU0     X      NV18\nGPU1    NV18     X\n")).isBetween(40, 70);
        assertThat(parser.sniff("")).isZero();
        assertThat(parser.sniff("GPU0 is hot, GPU1 is cold\nNCCL INFO Channel 00/0 : 0[1b000] -> 1[3d000] via P2P/IPC\n")).isZero();
        assertThat(parser.sniff("GPU 0: NVIDIA H200 (UUID: GPU-123)\n")).isZero();
        assertThat(Parsers.detect(TABS).kind()).isEqualTo(Kind.TOPO);
    }

    @Test
    void sniffStaysLowOnOtherKindsOfTheCorpus() {
        Corpus.assumePresent();
        for (Corpus.Entry e : Corpus.entries()) {
            if (e.kind().equals("topo")) continue;
            String text = e.text();
            if (text.length() > Parsers.HEAD_CHARS) text = text.substring(0, Parsers.HEAD_CHARS);
            assertThat(parser.sniff(text)).as("sniff of %s", e.file()).isLessThan(20);
        }
    }

    @Test
    void repeatedColumnNamesAreNoHeader() {
        ParseResult<Topology> r = parser.parse("GPU0 GPU0 GPU0 GPU0\nGPU0 X X X\n");
        assertThat(r.hasErrors()).isTrue();
    }
}
