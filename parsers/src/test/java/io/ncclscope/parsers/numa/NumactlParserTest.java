package io.ncclscope.parsers.numa;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases of {@code numactl -H} and {@code lscpu} output. */
class NumactlParserTest {

    private final NumactlParser parser = new NumactlParser();

    /** Four nodes, two without CPUs (HBM / CXL memory), as numactl -H prints them. */
    static final String FOUR_NODES = String.join("\n",
            "available: 4 nodes (0-3)",
            "node 0 cpus: 0 1 2 3",
            "node 0 size: 64000 MB",
            "node 0 free: 60000 MB",
            "node 1 cpus: 4 5 6 7",
            "node 1 size: 64000 MB",
            "node 1 free: 61000 MB",
            "node 2 cpus:",
            "node 2 size: 16384 MB",
            "node 2 free: 16000 MB",
            "node 3 cpus:",
            "node 3 size: 0 MB",
            "node 3 free: 0 MB",
            "node distances:",
            "node   0   1   2   3 ",
            "  0:  10  21  14  24 ",
            "  1:  21  10  24  14 ",
            "  2:  14  24  10  26 ",
            "  3:  24  14  26  10 ",
            "");

    @Test
    void cpulessNodesAndAFourByFourMatrix() {
        ParseResult<NumaTopology> r = parser.parse(FOUR_NODES);
        assertThat(r.warnings()).isEmpty();
        NumaTopology t = r.data();
        assertThat(t.nodes()).hasSize(4);
        assertThat(t.nodes().get(2).cpus()).isEmpty();
        assertThat(t.nodes().get(2).sizeMb()).isEqualTo(16384L);
        assertThat(t.nodes().get(3).sizeMb()).isZero(); // a real reading, not "absent"
        assertThat(t.nodesWithCpus()).extracting(NumaNode::id).containsExactly(0, 1);
        assertThat(t.distance(1, 3)).isEqualTo(14);
        assertThat(t.distance(3, 2)).isEqualTo(26);
        assertThat(t.distance(0, 9)).isNull();
        assertThat(t.modelName()).isNull();
        assertThat(parser.parse(FOUR_NODES.replace("\n", "\r\n")).data()).isEqualTo(t);
        assertThat(parser.parse(FOUR_NODES.replace(" ", "\t")).data()).isEqualTo(t);
    }

    @Test
    void sparseNodeIdsAreMappedThroughTheMatrixHeader() {
        String text = "available: 2 nodes (0,2)\nnode 0 cpus: 0-3 (4)\nnode 2 cpus: 4-7 (4)\nnode distances:\nnode 0 2\n 0: 10 20\n 2: 20 10\n";
        NumaTopology t = parser.parse(text).data();
        assertThat(t.nodes()).extracting(NumaNode::id).containsExactly(0, 2);
        assertThat(t.distanceNodes()).containsExactly(0, 2);
        assertThat(t.distance(2, 0)).isEqualTo(20);
        assertThat(t.nodes().get(1).cpuList()).isEqualTo("4-7");
    }

    @Test
    void newIndentedLscpuLayout() {
        String text = String.join("\n",
                "Architecture:             aarch64",
                "  CPU op-mode(s):         64-bit",
                "  Byte Order:             Little Endian",
                "CPU(s):                   72",
                "  On-line CPU(s) list:    0-71",
                "Vendor ID:                ARM",
                "  Model name:             Neoverse-V2",
                "    Model:                0",
                "    Thread(s) per core:   1",
                "    Core(s) per socket:   72",
                "    Socket(s):            1",
                "Caches (sum of all):      ",
                "  L1d:                    4.5 MiB (72 instances)",
                "NUMA:                     ",
                "  NUMA node(s):           2",
                "  NUMA node0 CPU(s):      0-71",
                "  NUMA node1 CPU(s):      ",
                "Vulnerabilities:          ",
                "  Itlb multihit:          Not affected");
        ParseResult<NumaTopology> r = parser.parse(text);
        assertThat(r.warnings()).isEmpty();
        NumaTopology t = r.data();
        assertThat(t.source()).isEqualTo(NumaSource.LSCPU);
        assertThat(t.architecture()).isEqualTo("aarch64");
        assertThat(t.modelName()).isEqualTo("Neoverse-V2");
        assertThat(t.cpuCount()).isEqualTo(72);
        assertThat(t.onlineCpuList()).isEqualTo("0-71");
        assertThat(t.sockets()).isEqualTo(1);
        assertThat(t.coresPerSocket()).isEqualTo(72);
        assertThat(t.threadsPerCore()).isEqualTo(1);
        assertThat(t.nodes()).extracting(NumaNode::cpuList).containsExactly("0-71", "");
    }

    @Test
    void numactlAndLscpuInOnePasteKeepNumactlNodes() {
        String text = "$ numactl -H\n" + FOUR_NODES + "$ lscpu\nModel name: AMD EPYC 9654 96-Core Processor\nSocket(s): 2\n"
                + "NUMA node(s): 4\nNUMA node0 CPU(s): 0-1\n";
        ParseResult<NumaTopology> r = parser.parse(text);
        assertThat(r.warnings()).isEmpty();
        NumaTopology t = r.data();
        assertThat(t.source()).isEqualTo(NumaSource.NUMACTL);
        assertThat(t.node(0).orElseThrow().cpus()).containsExactly(0, 1, 2, 3);
        assertThat(t.modelName()).isEqualTo("AMD EPYC 9654 96-Core Processor");
        assertThat(t.sockets()).isEqualTo(2);
        assertThat(t.nodeCount()).isEqualTo(4);
    }

    @Test
    void noNumaSystemIsNumactlOutputWithoutNodes() {
        ParseResult<NumaTopology> r = parser.parse("No NUMA available on this system\n");
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().source()).isEqualTo(NumaSource.NUMACTL);
        assertThat(r.data().nodes()).isEmpty();
    }

    @Test
    void oddLinesWarnAndProseIsInfo() {
        String text = "here is my numactl output\navailable: 2 nodes (0-1)\nnode 0 cpus: 0 1 x\nnode 0 size: lots\nnode distances:\nnode 0 1\n  0: 10 21\n  1: 21\n";
        ParseResult<NumaTopology> r = parser.parse(text);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.INFO && w.line() == 1);
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 3);
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 4);
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 8);
        assertThat(r.data().distances()).containsExactly(List.of(10, 21), List.of(21));
    }

    @Test
    void truncatedLastLineKeepsWhatWasRead() {
        String cut = FOUR_NODES.substring(0, FOUR_NODES.indexOf("  3:  24") + 7);
        ParseResult<NumaTopology> r = parser.parse(cut);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().distances()).hasSize(4);
        assertThat(r.data().distance(3, 0)).isEqualTo(2);
    }

    @Test
    void emptyAndForeignInputGiveOneError() {
        for (String text : new String[] {"", "\n \n", "GPU0\tX\tNV18\n", "-[0000:00]-+-00.0  Intel\n"}) {
            ParseResult<NumaTopology> r = parser.parse(text);
            assertThat(r.data().source()).isEqualTo(NumaSource.UNKNOWN);
            assertThat(r.warnings()).filteredOn(w -> w.severity() == Severity.ERROR).singleElement()
                    .satisfies(w -> assertThat(w.message()).isEqualTo("no numactl content found"));
        }
    }

    @Test
    void hugeCpuListsStayBounded() {
        StringBuilder sb = new StringBuilder("available: 3 nodes (0-2)\n");
        for (int i = 0; i < 3; i++) sb.append("node ").append(i).append(" cpus: 0-65535\n");
        ParseResult<NumaTopology> r = parser.parse(sb.toString());
        int total = r.data().nodes().stream().mapToInt(n -> n.cpus().size()).sum();
        assertThat(total).isLessThanOrEqualTo(NumactlParser.MAX_TOTAL_CPUS);
        assertThat(r.warnings()).anyMatch(w -> w.message().contains("CPUs in all"));
    }

    @Test
    void sniffScores() {
        assertThat(parser.sniff(FOUR_NODES)).isGreaterThanOrEqualTo(95);
        assertThat(parser.sniff("Architecture: x86_64\nCPU(s): 8\n")).isGreaterThanOrEqualTo(85);
        assertThat(parser.sniff("NUMA:\n  NUMA node(s): 1\n  NUMA node0 CPU(s): 0-7\n")).isGreaterThanOrEqualTo(85);
        assertThat(parser.sniff("-[0000:00]-+-00.0  Intel\n")).isZero();
        assertThat(parser.sniff("GPU0\tX\tNV18\t0-47\t0\t\tN/A\n")).isZero();
        assertThat(parser.sniff("")).isZero();
    }
}
