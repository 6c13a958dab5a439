package io.ncclscope.parsers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PasteMarginTest {

    private static final String TOPO = "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\n"
            + "GPU0\t X \tNV18\t0-47\t0\n"
            + "GPU1\tNV18\t X \t0-47\t0\n";

    /** Each margin a paste puts before every line, cut from each: the lines keep their numbers and their own text. */
    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"> ", "    ", "node1: ", "0: ", " 3: "})
    void cutsTheMarginOfEveryLine(String margin) {
        StringBuilder pasted = new StringBuilder();
        TOPO.lines().forEach(l -> pasted.append(margin).append(l).append('\n'));
        assertThat(PasteMargin.strip(pasted.toString())).isEqualTo(TOPO);
    }

    @Test
    void leavesThePromptFenceAndFleetHeaderLinesAndCutsTheBlankLinesMargin() {
        String quoted = "```\n$ nvidia-smi topo -m\n> \tGPU0\tGPU1\n> GPU0\t X \tNV18\n>\n> GPU1\tNV18\t X \n```\n";
        assertThat(PasteMargin.strip(quoted)).isEqualTo("```\n$ nvidia-smi topo -m\n\tGPU0\tGPU1\nGPU0\t X \tNV18\n\nGPU1\tNV18\t X \n```\n");
        String pdsh = "$ pdsh -w node1 ibstat\r\nnode1: CA 'mlx5_0'\r\nnode1:\r\nnode1: \tCA type: MT4129\r\n";
        assertThat(PasteMargin.strip(pdsh)).isEqualTo("$ pdsh -w node1 ibstat\r\nCA 'mlx5_0'\r\n\r\n\tCA type: MT4129\r\n");
    }

    @Test
    void cutsAQuoteOfAFleetToolsOutputBothMargins() {
        assertThat(PasteMargin.strip("> node1: CA 'mlx5_0'\n> node1: \tCA type: MT4129\n")).isEqualTo("CA 'mlx5_0'\n\tCA type: MT4129\n");
    }

    /** A tool's own columns and indentation are data: no margin unless every line carries the same one. */
    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {
        TOPO,
        "2: eth0    inet 10.0.0.1/24 brd 10.0.0.255 scope global eth0\n2: eth0    inet6 fe80::1/64 scope link\n",
        "1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN\n",
        "eth0: flags=4163<UP,BROADCAST,RUNNING,MULTICAST>  mtu 1500\n        inet 10.0.0.1  netmask 255.255.255.0\n",
        "kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990\nkernel: NVRM: Xid (PCI:0000:ed:00): 45, pid=1818992\n",
        "    Port 1:\n        State: Active\nCA 'mlx5_0'\n",
        "[Sun Feb 23 16:24:18 2025] NVRM: GPU at PCI:0000:9b:00\n[Sun Feb 23 16:24:19 2025] NVRM: Xid 79\n",
        "",
    })
    void leavesATextWithNoMarginAsItIs(String text) {
        assertThat(PasteMargin.strip(text)).isSameAs(text);
    }

    /** {@code cat -n}'s right-justified counter starts every line with blanks, but it is no indented block. */
    /** One line with a task's label is a margin under the prompt that printed it; alone it may be the line's own. */
    @Test
    void oneLabelledLineUnderItsPromptIsCut() {
        String srun = "$ nvidia-smi -L\n0: GPU 0: NVIDIA H200 (UUID: GPU-05110cb6-b727-c797-6ef6-852d85439012)\n";
        assertThat(PasteMargin.strip(srun)).isEqualTo("$ nvidia-smi -L\nGPU 0: NVIDIA H200 (UUID: GPU-05110cb6-b727-c797-6ef6-852d85439012)\n");
        String alone = "0: GPU 0: NVIDIA H200 (UUID: GPU-05110cb6-b727-c797-6ef6-852d85439012)\n";
        assertThat(PasteMargin.strip(alone)).isSameAs(alone);
        String ipLink = "$ ip -o link\n1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN mode DEFAULT\n";
        assertThat(PasteMargin.strip(ipLink)).isSameAs(ipLink); // ip -o link's own index
    }

    @Test
    void aLineCounterIsNoIndent() {
        String catN = "     1\t# nThread 1 nGpus 1 minBytes 8 maxBytes 128\n     2\t#  Rank  0 Group  0 Pid 1 on node1 device  0\n";
        assertThat(PasteMargin.strip(catN)).isSameAs(catN);
        assertThat(PasteMargin.stripQuotes(catN)).isSameAs(catN);
    }

    /** For a log's reader only a person's quote or indented block is cut; a launcher's prefix under it stays. */
    @Test
    void stripQuotesLeavesALaunchersPrefixForTheLogsReader() {
        String quoted = "> [1,0]<stdout>:node1:12:12 [0] NCCL INFO Bootstrap\n> [1,0]<stdout>:node1:12:12 [0] NCCL INFO init\n";
        assertThat(PasteMargin.stripQuotes(quoted))
                .isEqualTo("[1,0]<stdout>:node1:12:12 [0] NCCL INFO Bootstrap\n[1,0]<stdout>:node1:12:12 [0] NCCL INFO init\n");
        String indented = "    node1:12:12 [0] NCCL INFO Bootstrap\n    node1:12:12 [0] NCCL WARN Duplicate GPU detected\n";
        assertThat(PasteMargin.stripQuotes(indented))
                .isEqualTo("node1:12:12 [0] NCCL INFO Bootstrap\nnode1:12:12 [0] NCCL WARN Duplicate GPU detected\n");
    }

    /** The command a fleet runner runs on the nodes, for the part boundaries and the sniffers that read a command line. */
    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "pdsh -w node[1-4] ibstat                    | ibstat",
        "pdsh -R ssh -w node1,node2 nvidia-smi topo -m | nvidia-smi topo -m",
        "clush -b -w node1 nvidia-smi -q             | nvidia-smi -q",
        "clush -bw node1 ibstat                      | node1 ibstat",
        "ssh -p 2222 node1 show_gids                 | show_gids",
        "ansible all -a 'ethtool -S eth0'            | ethtool -S eth0",
        "ansible gpu -m shell -a \"dmesg -T\"          | dmesg -T",
        "ibstat                                      | ibstat",
        "pdsh -w node1                               | ''",
    })
    void readsTheCommandAFleetRunnerRuns(String command, String runs) {
        assertThat(Paste.runCommand(command.strip())).isEqualTo(runs);
    }
}
