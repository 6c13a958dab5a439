package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.ib.PortState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One command's output on several nodes, as pdsh, clush, dshbak and ansible print it, read as each node's output
 * naming its node; and texts whose lines open with {@code word: } that are no fleet output.
 */
class FleetOutputsTest {

    private static final String IBSTAT_ACTIVE = """
            CA 'mlx5_0'
            \tCA type: MT4129
            \tNumber of ports: 1
            \tPort 1:
            \t\tState: Active
            \t\tPhysical state: LinkUp
            \t\tRate: 400
            \t\tLink layer: InfiniBand
            """;

    private static final String IBSTAT_DOWN = IBSTAT_ACTIVE.replace("State: Active", "State: Down")
            .replace("Physical state: LinkUp", "Physical state: Disabled");

    private static String prefixed(String host, String text) {
        StringBuilder sb = new StringBuilder();
        text.lines().forEach(l -> sb.append(host).append(": ").append(l).append('\n'));
        return sb.toString();
    }

    /** Two texts' lines taken one from each in turn, as pdsh prints them when the nodes answer together. */
    private static String interleaved(String a, String b) {
        List<String> x = a.lines().toList();
        List<String> y = b.lines().toList();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.max(x.size(), y.size()); i++) {
            if (i < x.size()) sb.append(x.get(i)).append('\n');
            if (i < y.size()) sb.append(y.get(i)).append('\n');
        }
        return sb.toString();
    }

    /** A node's result: its host and what the part parsed to. */
    private record Node(String host, ParseResult<?> result) {
        Kind kind() {
            return result.kind();
        }
    }

    /** Each node's part parsed, as the SDK's evidence reads a fleet output. */
    private static List<Node> parse(String text) {
        return FleetOutputs.split(text).stream()
                .flatMap(p -> Parsers.parseEach(p.text()).stream().map(r -> new Node(p.host(), r))).toList();
    }

    private static PortState state(Node n) {
        return ((IbstatData) n.result().data()).devices().get(0).ports().get(0).state();
    }

    @Test
    void eachNodesPartIsReadAsItsToolsOutputAndAnNcclLogIsLeftWhole() {
        String ibstat = "$ pdsh -w gpu[01-02] ibstat\ngpu01: CA 'mlx5_0'\ngpu02: CA 'mlx5_0'\ngpu01: \tPort 1:\n"
                + "gpu02: \tPort 1:\ngpu01: \t\tState: Active\ngpu02: \t\tState: Down\n";
        List<FleetOutputs.NodeOutput> nodes = FleetOutputs.parse(ibstat, ParseLimits.DEFAULTS);
        assertThat(nodes).extracting(FleetOutputs.NodeOutput::host).containsExactly("gpu01", "gpu02");
        assertThat(nodes).allMatch(n -> n.result().kind() == Kind.IBSTAT);
        // Its reader reads pdsh's prefix and the hosts itself: an NCCL log through pdsh is read whole.
        String log = "gpu01: gpu01:10:10 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n"
                + "gpu02: gpu02:20:20 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.2<0>\n";
        assertThat(FleetOutputs.split(log)).hasSize(2);
        assertThat(FleetOutputs.parse(log, ParseLimits.DEFAULTS)).isEmpty();
        assertThat(FleetOutputs.parse("CA 'mlx5_0'\n\tPort 1:\n", ParseLimits.DEFAULTS)).isEmpty();
        // An output as long as one that streams is read as one, whoever calls (analyze, parse, REST).
        String big = ibstat + "gpu01: # " + "x".repeat(Parsers.HEAD_CHARS) + "\n";
        assertThat(FleetOutputs.split(big)).hasSize(2);
        assertThat(FleetOutputs.parse(big, ParseLimits.DEFAULTS)).isEmpty();
    }

    @Test
    void pdshOfTwoNodesIsEachNodesOutputNamingItsNode() {
        String text = "$ pdsh -w gpu[01-02] ibstat\n" + interleaved(prefixed("gpu01", IBSTAT_ACTIVE), prefixed("gpu02", IBSTAT_DOWN));
        List<Node> results = parse(text);
        assertThat(results).extracting(Node::kind).containsExactly(Kind.IBSTAT, Kind.IBSTAT);
        assertThat(results).extracting(Node::host).containsExactly("gpu01", "gpu02");
        assertThat(results).extracting(FleetOutputsTest::state).containsExactly(PortState.ACTIVE, PortState.DOWN);
    }

    @Test
    void aNodesLinesAreOneTextThatKnowsTheirLinesInThePaste() {
        String text = interleaved(prefixed("gpu01", IBSTAT_ACTIVE), prefixed("gpu02", IBSTAT_DOWN));
        List<FleetOutputs.Part> parts = FleetOutputs.split(text);
        assertThat(parts).extracting(FleetOutputs.Part::host).containsExactly("gpu01", "gpu02");
        FleetOutputs.Part gpu02 = parts.get(1);
        assertThat(gpu02.text()).isEqualTo(IBSTAT_DOWN); // its lines one after the other, pdsh's prefix cut
        assertThat(gpu02.lineNumber(1)).isEqualTo(2);
        assertThat(gpu02.lineNumber(4)).isEqualTo(8);
        assertThat(text.lines().toList().get(7)).isEqualTo("gpu02: \tPort 1:");
    }

    @Test
    void clushGatheredAndDshbakNameEveryNodeOfTheirNodeSet() {
        String clush = "---------------\ngpu[01-02,04] (3)\n---------------\n" + IBSTAT_ACTIVE
                + "---------------\ngpu03\n---------------\n" + IBSTAT_DOWN;
        List<Node> results = parse(clush);
        assertThat(results).extracting(Node::host).containsExactly("gpu01", "gpu02", "gpu04", "gpu03");
        assertThat(results).extracting(FleetOutputsTest::state).containsExactly(PortState.ACTIVE, PortState.ACTIVE, PortState.ACTIVE, PortState.DOWN);
        String dshbak = "----------------\nnode[9-10]\n----------------\n" + IBSTAT_DOWN;
        assertThat(parse(dshbak)).extracting(Node::host).containsExactly("node9", "node10");
    }

    @Test
    void ansibleAdHocOutputIsEachHostsBlock() {
        String text = "gpu01 | CHANGED | rc=0 >>\n" + IBSTAT_ACTIVE + "gpu02 | FAILED | rc=1 >>\n" + IBSTAT_DOWN
                + "gpu03 | UNREACHABLE! => {\n    \"changed\": false,\n    \"msg\": \"Failed to connect to the host via ssh\",\n"
                + "    \"unreachable\": true\n}\n";
        List<Node> results = parse(text);
        assertThat(results).extracting(Node::host).containsExactly("gpu01", "gpu02", "gpu03");
        assertThat(results.subList(0, 2)).extracting(FleetOutputsTest::state).containsExactly(PortState.ACTIVE, PortState.DOWN);
        assertThat(results.get(2).kind()).isEqualTo(Kind.UNKNOWN); // the host ansible could not reach
    }

    @Test
    void aNodeWhoseCommandFailedIsAnUnknownOutputOfThatNode() {
        String text = prefixed("gpu01", IBSTAT_ACTIVE) + "gpu02: bash: ibstat: command not found\n"
                + "pdsh@login1: gpu02: ssh exited with exit code 127\n";
        List<Node> results = parse(text);
        assertThat(results).extracting(Node::kind).containsExactly(Kind.IBSTAT, Kind.UNKNOWN);
        assertThat(results).extracting(Node::host).containsExactly("gpu01", "gpu02");
    }

    @Test
    void oneLineOfOneNodeIsAFleetOutputUnderTheCommandThatRanPdsh() {
        String line = "gpu07: GPU 0: NVIDIA H200 (UUID: GPU-05110cb6-b727-c797-6ef6-852d85439012)\n";
        assertThat(FleetOutputs.split(line)).isEmpty(); // may be the line's own "key1: value"
        assertThat(parse("$ pdsh -w gpu07 nvidia-smi -L\n" + line)).singleElement().satisfies(n -> {
            assertThat(n.host()).isEqualTo("gpu07");
            assertThat(n.kind()).isEqualTo(Kind.NVIDIA_SMI_Q);
        });
        // one line on each of several nodes: pdsh -w gpu[01-02] ibdev2netdev on nodes of one HCA
        assertThat(FleetOutputs.split("gpu01: GPU 0: NVIDIA H200 (UUID: GPU-1)\ngpu02: GPU 0: NVIDIA H200 (UUID: GPU-2)\n"))
                .extracting(FleetOutputs.Part::host).containsExactly("gpu01", "gpu02");
    }

    @Test
    void nodeSetsExpandAsClusterShellWritesThem() {
        assertThat(FleetOutputs.split("---------------\nn[08-10],login1 (4)\n---------------\nx\n"))
                .extracting(FleetOutputs.Part::host).containsExactly("n08", "n09", "n10", "login1");
        assertThat(FleetOutputs.split("---------------\nn[1-5000]\n---------------\nx\n")).isEmpty();
        assertThat(FleetOutputs.split("---------------\nnot a node set\n---------------\nx\n")).isEmpty();
    }

    @Test
    void aToolsOwnKeysTaskLabelsAndKernelNamesAreNoHosts() {
        // lscpu: each key once; srun --label: a task number; ip -o: an interface index; a dmesg without times
        assertThat(FleetOutputs.split("Architecture:  x86_64\nCPU op-mode(s): 32-bit\nL1d:  48K\nL2:  2M\n")).isEmpty();
        assertThat(FleetOutputs.split("0: CA 'mlx5_0'\n0: \tCA type: MT4129\n")).isEmpty();
        assertThat(FleetOutputs.split("2: eth0    inet 10.0.0.1/24\n2: eth0    inet6 fe80::1/64\n")).isEmpty();
        assertThat(FleetOutputs.split("nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, Non-fatal\n"
                + "nvidia-nvswitch0: SXid (PCI:0000:05:00.0): 12028, Severity 0\n")).isEmpty();
        assertThat(FleetOutputs.split(IBSTAT_ACTIVE)).isEmpty();
    }

    @Test
    void oneNodesOutputNamesItsNode() {
        assertThat(parse(prefixed("gpu-node07", IBSTAT_DOWN))).singleElement()
                .satisfies(n -> assertThat(n.host()).isEqualTo("gpu-node07"));
        assertThat(FleetOutputs.split(IBSTAT_DOWN)).isEmpty();
    }
}
