package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.PastedOutputs.Section;
import io.ncclscope.parsers.dmesg.DmesgData;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nvsmi.NvidiaSmiData;
import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.parsers.topo.Topology;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several tools' outputs pasted into one text, as issue threads hold them (issue 20): each part is read by its own
 * parser, every fact keeps its line in the whole text, and a text of one tool stays one output. The inputs are written
 * here from the format each tool prints (no one's paste is copied).
 */
class PastedOutputsTest {

    private static final String TOPO = """
            \tGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID
            GPU0\t X \tNV18\tPIX\t0-47\t0\t\tN/A
            GPU1\tNV18\t X \tSYS\t48-95\t1\t\tN/A
            NIC0\tPIX\tSYS\t X \t\t\t\t

            Legend:

              X    = Self
              SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA nodes (e.g., QPI/UPI)
              NODE = Connection traversing PCIe as well as the interconnect between PCIe Host Bridges within a NUMA node
              PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)
              PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host Bridge)
              PIX  = Connection traversing at most a single PCIe bridge
              NV#  = Connection traversing a bonded set of # NVLinks

            NIC Legend:

              NIC0: mlx5_0
            """;

    private static final String IBSTAT = """
            CA 'mlx5_0'
            \tCA type: MT4129
            \tNumber of ports: 1
            \tFirmware version: 28.39.1002
            \tHardware version: 0
            \tNode GUID: 0xa088c20300e0a2b4
            \tSystem image GUID: 0xa088c20300e0a2b4
            \tPort 1:
            \t\tState: Down
            \t\tPhysical state: Disabled
            \t\tRate: 40
            \t\tBase lid: 65535
            \t\tLMC: 0
            \t\tSM lid: 0
            \t\tCapability mask: 0xa651e848
            \t\tPort GUID: 0xa088c20300e0a2b4
            \t\tLink layer: InfiniBand
            """;

    private static final String NCCL_LOG = """
            node1:1234:1234 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>
            node1:1234:1234 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so)
            node1:1234:1234 [0] NCCL INFO NET/IB : No device found.
            node1:1234:1234 [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>
            node1:1234:1234 [0] NCCL INFO Using network Socket
            NCCL version 2.21.5+cuda12.4
            node1:1234:1250 [0] NCCL INFO comm 0x55d0c0 rank 0 nranks 2 cudaDev 0 nvmlDev 0 busId 18000 commId 0x1f2e - Init COMPLETE
            """;

    private static final String TESTS = """
            # nThread 1 nGpus 2 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
            #
            # Using devices
            #  Rank  0 Group  0 Pid   1300 on      node1 device  0 [0x18] NVIDIA H100 80GB HBM3
            #  Rank  1 Group  0 Pid   1300 on      node1 device  1 [0x2a] NVIDIA H100 80GB HBM3
            #
            #                                                              out-of-place                       in-place
            #       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
            #        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
                       8             2     float     sum      -1    10.25    0.00    0.00      0    10.01    0.00    0.00      0
               134217728      33554432     float     sum      -1    350.1  383.37  383.37      0    349.8  383.70  383.70      0
            # Out of bounds values : 0 OK
            # Avg bus bandwidth    : 191.8
            #
            """;

    /** The four outputs of the issue-thread paste, each after the prompt that ran it. */
    static final String FOUR_TOOLS = "$ nvidia-smi topo -m\n" + TOPO + "$ ibstat\n" + IBSTAT
            + "$ NCCL_DEBUG=INFO torchrun --nproc_per_node=2 train.py\n" + NCCL_LOG
            + "$ ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 2\n" + TESTS;

    private static int lineOf(String text, String start) {
        List<String> lines = Parsers.lines(text);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().startsWith(start)) return i + 1;
        }
        throw new AssertionError("no line starts with " + start);
    }

    private static List<Kind> kinds(List<Section> sections) {
        return sections.stream().map(Section::kind).toList();
    }

    @Test
    void linesCutOnceGiveTheLinesAndResultsOfTheTextReadAsAStream() throws IOException {
        String prose = "Setting OMP_NUM_THREADS " + "x".repeat(100) + "\r\n\u001b[1mhost=vm rank=0\u001b[0m\n";
        List<String> texts = List.of(FOUR_TOOLS, FOUR_TOOLS.replace("\n", "\r\n"), prose + NCCL_LOG, TOPO, "", "one line");
        List<ParseLimits> limits = List.of(ParseLimits.DEFAULTS, ParseLimits.builder().maxLineLength(80).build(),
                ParseLimits.builder().maxChars(300).maxTableChars(300).build());
        for (String text : texts) {
            for (ParseLimits l : limits) {
                Parsers.ParsedText read = Parsers.parseEachWithLines(text, l);
                assertThat(read.lines()).isEqualTo(Parsers.lines(text)).hasSize((int) text.lines().count());
                assertThat(read.results()).as("%s %s", text.length(), l).isEqualTo(Parsers.parseEach(text, l))
                        .isEqualTo(streamed(text, l));
            }
        }
    }

    /** The results of {@code text} read through plain readers: no String read in place, no lines cut before. */
    private static List<ParseResult<?>> streamed(String text, ParseLimits limits) throws IOException {
        List<Section> sections = PastedOutputs.ofPaste(new java.io.StringReader(text));
        if (sections.size() < 2) return List.of(Parsers.parse(new java.io.StringReader(text), null, limits));
        return PastedOutputs.parse(() -> new java.io.StringReader(text), sections, limits);
    }

    @Test
    void promptsCutAFourToolPasteIntoItsOutputs() {
        List<Section> s = PastedOutputs.sections(FOUR_TOOLS);
        assertThat(kinds(s)).containsExactly(Kind.TOPO, Kind.IBSTAT, Kind.NCCL_LOG, Kind.NCCL_TESTS);
        assertThat(s.get(0).firstLine()).isEqualTo(1);
        assertThat(s.get(1).firstLine()).isEqualTo(lineOf(FOUR_TOOLS, "$ ibstat"));
        assertThat(s.get(2).firstLine()).isEqualTo(lineOf(FOUR_TOOLS, "$ NCCL_DEBUG=INFO"));
        assertThat(s.get(3).firstLine()).isEqualTo(lineOf(FOUR_TOOLS, "$ ./build/all_reduce_perf"));
        assertThat(s.get(3).lastLine()).isEqualTo(Parsers.lines(FOUR_TOOLS).size());
        for (int i = 1; i < s.size(); i++) assertThat(s.get(i).firstLine()).isEqualTo(s.get(i - 1).lastLine() + 1);
    }

    @Test
    void eachOutputIsReadByItsParserWithTheLinesOfTheWholePaste() {
        List<ParseResult<?>> results = Parsers.parseEach(FOUR_TOOLS);
        assertThat(results).extracting(ParseResult::kind).containsExactly(Kind.TOPO, Kind.IBSTAT, Kind.NCCL_LOG, Kind.NCCL_TESTS);
        assertThat(results).allSatisfy(r -> assertThat(r.warnings()).noneMatch(w -> w.severity() == Severity.ERROR));

        Topology topo = (Topology) results.get(0).data();
        assertThat(topo.gpus()).extracting(g -> g.line()).containsExactly(lineOf(FOUR_TOOLS, "GPU0\t X"), lineOf(FOUR_TOOLS, "GPU1\t"));
        assertThat(topo.nics()).extracting(n -> n.device()).containsExactly("mlx5_0");

        IbstatData ib = (IbstatData) results.get(1).data();
        assertThat(ib.devices()).singleElement().satisfies(d -> {
            assertThat(d.name()).isEqualTo("mlx5_0");
            assertThat(d.line()).isEqualTo(lineOf(FOUR_TOOLS, "CA 'mlx5_0'"));
            assertThat(d.ports()).singleElement().satisfies(p -> assertThat(p.line()).isGreaterThan(d.line()));
        });

        NcclLog log = (NcclLog) results.get(2).data();
        assertThat(log.ncclVersion()).isEqualTo("2.21.5");
        assertThat(log.hosts()).containsExactly("node1");

        NcclTestsData tests = (NcclTestsData) results.get(3).data();
        assertThat(tests.rows()).extracting(r -> r.line())
                .containsExactly(lineOf(FOUR_TOOLS, "8             2"), lineOf(FOUR_TOOLS, "134217728"));
        assertThat(tests.avgBusBwLine()).isEqualTo(lineOf(FOUR_TOOLS, "# Avg bus bandwidth"));
    }

    @Test
    void toolHeadersCutAPasteWithNoPrompts() {
        String text = "topology of the node:\n" + TOPO + "and ibstat says\n" + IBSTAT + "the test:\n" + TESTS;
        List<Section> s = PastedOutputs.sections(text);
        assertThat(kinds(s)).containsExactly(Kind.TOPO, Kind.IBSTAT, Kind.NCCL_TESTS);
        // A header starts an output; the prose before it stays with the output before.
        assertThat(s.get(1).firstLine()).isEqualTo(lineOf(text, "CA 'mlx5_0'"));
        assertThat(s.get(2).firstLine()).isEqualTo(lineOf(text, "# nThread"));
        assertThat(Parsers.parseEach(text)).extracting(ParseResult::kind).containsExactly(Kind.TOPO, Kind.IBSTAT, Kind.NCCL_TESTS);
    }

    @Test
    void nvidiaSmiQueryAndDmesgUnderRootPrompts() {
        String text = """
                [root@gpu7 ~]# nvidia-smi -q -d PCI

                ==============NVSMI LOG==============

                Timestamp                                 : Mon Mar  3 10:00:00 2025
                Driver Version                            : 550.54.15
                CUDA Version                              : 12.4

                Attached GPUs                             : 1
                GPU 00000000:18:00.0
                    PCI
                        Bus                               : 0x18
                        GPU Link Info
                            PCIe Generation
                                Max                       : 5
                                Current                   : 5
                            Link Width
                                Max                       : 16x
                                Current                   : 16x
                [root@gpu7 ~]# dmesg -T | grep -i xid
                [Mon Mar  3 09:58:12 2025] NVRM: Xid (PCI:0000:18:00): 79, pid=0, GPU has fallen off the bus.
                """;
        List<ParseResult<?>> results = Parsers.parseEach(text);
        assertThat(results).extracting(ParseResult::kind).containsExactly(Kind.NVIDIA_SMI_Q, Kind.DMESG);
        assertThat(((NvidiaSmiData) results.get(0).data()).gpus()).singleElement()
                .satisfies(g -> assertThat(g.pcie().widthCurrent()).isEqualTo(16));
        DmesgData dmesg = (DmesgData) results.get(1).data();
        assertThat(dmesg.events()).singleElement().satisfies(e -> assertThat(e.line()).isEqualTo(lineOf(text, "[Mon Mar  3 09:58:12")));
    }

    @Test
    void anNcclLogCutByAPastedTableStaysOneLog() {
        String[] log = NCCL_LOG.split("\n");
        String first = String.join("\n", List.of(log).subList(0, 3)) + "\n";
        String rest = String.join("\n", List.of(log).subList(3, log.length)) + "\n";
        String text = first + "$ nvidia-smi topo -m\n" + TOPO + rest;
        List<Section> s = PastedOutputs.sections(text);
        assertThat(kinds(s)).containsExactly(Kind.NCCL_LOG, Kind.TOPO, Kind.NCCL_LOG);
        List<ParseResult<?>> results = Parsers.parseEach(text);
        assertThat(results).extracting(ParseResult::kind).containsExactly(Kind.NCCL_LOG, Kind.TOPO);
        NcclLog nccl = (NcclLog) results.get(0).data();
        assertThat(nccl.ncclVersion()).isEqualTo("2.21.5"); // from the part after the table
        assertThat(nccl.network()).isEqualTo("Socket");
    }

    @Test
    void oneToolUnderSeveralPromptsIsOneOutput() {
        String text = """
                # ethtool -i eth0
                driver: mlx5_core
                version: 24.04-0.6.6
                firmware-version: 28.39.1002 (MT_0000000838)
                bus-info: 0000:18:00.0
                # ethtool -S eth0 | grep -i discard
                     rx_discards_phy: 0
                     tx_discards_phy: 0
                """;
        assertThat(PastedOutputs.sections(text)).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(Kind.ETHTOOL);
            assertThat(s.lastLine()).isEqualTo(8);
        });
        assertThat(Parsers.parseEach(text)).singleElement().satisfies(r -> assertThat(r.kind()).isEqualTo(Kind.ETHTOOL));
    }

    @Test
    void nccLinesInsideAnNcclTestsRunDoNotCutIt() {
        String text = "$ mpirun -np 2 ./build/all_reduce_perf -g 1\n" + TESTS.replace("#\n#                ",
                "#\n" + NCCL_LOG + "#                ");
        assertThat(kinds(PastedOutputs.sections(text))).containsExactly(Kind.NCCL_TESTS);
        assertThat(Parsers.parseEach(text)).hasSize(1);
    }

    @Test
    void aPromptCutByThePasterStillStartsAnOutput() {
        // nccl-tests issue 217 pasted ":~/nccl-tests$ ./build/all_reduce_perf ..." with its user@host removed.
        String text = "$ ibstat\n" + IBSTAT + ":~/nccl-tests$ ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 2\n" + TESTS;
        assertThat(kinds(PastedOutputs.sections(text))).containsExactly(Kind.IBSTAT, Kind.NCCL_TESTS);
        String zsh = "admin@node3 ~ % ibstat\n" + IBSTAT + "admin@node3 ~ % nvidia-smi topo -m\n" + TOPO;
        assertThat(kinds(PastedOutputs.sections(zsh))).containsExactly(Kind.IBSTAT, Kind.TOPO);
    }

    @Test
    void promptsOfNoOutputOrOtherCommandsCutNothing() {
        String text = "$ cd /opt/nccl-tests\n$ ls\nbuild  src\n$ nvidia-smi topo -m\n" + TOPO + "$ echo done\ndone\n";
        assertThat(PastedOutputs.sections(text)).singleElement().satisfies(s -> {
            assertThat(s.kind()).isEqualTo(Kind.TOPO);
            assertThat(s.firstLine()).isEqualTo(1);
        });
    }

    @Test
    void moreBoundariesThanTheLimitMakeOneOutput() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i <= PastedOutputs.MAX_PARTS; i++) sb.append(i % 2 == 0 ? "$ ibstat\n" + IBSTAT : "$ nvidia-smi topo -m\n" + TOPO);
        List<Section> s = PastedOutputs.sections(sb.toString());
        assertThat(s).singleElement().satisfies(x -> assertThat(x.lastLine()).isEqualTo(Parsers.lines(sb.toString()).size()));
        assertThat(Parsers.parseEach(sb.toString())).hasSize(1);
    }

    @Test
    void emptyTextHasNoSections() {
        assertThat(PastedOutputs.sections("")).isEmpty();
        assertThat(Parsers.parseEach("")).singleElement().satisfies(r -> assertThat(r.kind()).isEqualTo(Kind.UNKNOWN));
    }

    @Test
    void aFileIsCutAsItsTextIs(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("thread.txt");
        Files.writeString(f, FOUR_TOOLS.replace("\n", "\r\n"), StandardCharsets.UTF_8);
        List<ParseResult<?>> fromFile = Parsers.parseEach(f, ParseLimits.DEFAULTS, bytes -> { });
        List<ParseResult<?>> fromText = Parsers.parseEach(FOUR_TOOLS);
        assertThat(fromFile).extracting(ParseResult::kind).containsExactlyElementsOf(fromText.stream().map(ParseResult::kind).toList());
        assertThat(((IbstatData) fromFile.get(1).data()).devices().get(0).line())
                .isEqualTo(((IbstatData) fromText.get(1).data()).devices().get(0).line());
    }

    /** The corpus is filed by kind: a file of one tool's output must never be cut (the splitter stays quiet on them). */
    @Test
    void everyCorpusFileIsOneOutput() throws IOException {
        Corpus.assumePresent();
        List<String> cut = new java.util.ArrayList<>();
        for (Corpus.Entry e : Corpus.allEntries()) {
            if (!Files.isRegularFile(e.path())) continue;
            String text = TextDecoding.decode(Files.readAllBytes(e.path()), null);
            List<Section> s = PastedOutputs.sections(text);
            if (s.size() > 1) cut.add(e.name() + " " + s.stream().map(x -> x.kind().id()).collect(Collectors.joining(",")));
        }
        assertThat(cut).isEmpty();
    }
}
