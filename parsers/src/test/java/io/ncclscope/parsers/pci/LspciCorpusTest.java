package io.ncclscope.parsers.pci;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every {@code lspci} file of the corpus manifest: detected as the tree or the verbose form, parsed
 * without error, and every fact of its manifest row checked.
 */
class LspciCorpusTest {

    private static final String RTX6000 = "NVIDIA Corporation AD102GL [RTX 6000 Ada Generation]";
    private static final String CX7 = "Mellanox Technologies MT2910 Family [ConnectX-7]";
    private static final String HIGHPOINT = "HighPoint Technologies, Inc. SSD7540 PCIe Gen4 x16 8-Port M.2 NVMe RAID Controller";
    private static final String SAMSUNG_PASCAL = "Samsung Electronics Co Ltd NVMe SSD Controller S4LV008[Pascal]";
    private static final List<String> TREE_FILES = List.of(
            "lspci/stelline-asus-esc8000a-e12-1.txt", "lspci/stelline-puget-wrx90-1.txt");

    static LspciTree tree(String file) {
        String text = Corpus.read(file);
        assertThat(Parsers.detect(text).kind()).as("detected kind of %s", file).isEqualTo(Kind.LSPCI_TREE);
        ParseResult<LspciTree> r = new LspciTreeParser().parse(text);
        assertThat(r.warnings()).as("warnings of %s", file).isEmpty();
        return r.data();
    }

    static LspciDevice single(String file) {
        String text = Corpus.read(file);
        assertThat(Parsers.detect(text).kind()).as("detected kind of %s", file).isEqualTo(Kind.LSPCI_VERBOSE);
        ParseResult<LspciVerbose> r = new LspciVerboseParser().parse(text);
        assertThat(r.warnings()).as("warnings of %s", file).isEmpty();
        assertThat(r.data().devices()).as("devices of %s", file).hasSize(1);
        return r.data().devices().get(0);
    }

    @Test
    void everyLspciFileIsDetectedAsTreeOrVerboseAndParsesWithoutError() {
        Corpus.assumePresent();
        List<Corpus.Entry> entries = Corpus.entries("lspci");
        assertThat(entries).hasSize(10);
        for (Corpus.Entry e : entries) {
            String text = e.text();
            Kind expected = TREE_FILES.contains(e.file()) ? Kind.LSPCI_TREE : Kind.LSPCI_VERBOSE;
            assertThat(Parsers.detect(text).kind()).as("detected kind of %s", e.file()).isEqualTo(expected);
            ParseResult<?> r = Parsers.parse(text);
            assertThat(r.kind()).isEqualTo(expected);
            assertThat(r.warnings()).as("warnings of %s", e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        }
    }

    @Test
    void lspciSniffersStayLowOnEveryOtherKind() {
        Corpus.assumePresent();
        LspciTreeParser tree = new LspciTreeParser();
        LspciVerboseParser verbose = new LspciVerboseParser();
        for (Corpus.Entry e : Corpus.entries()) {
            if (e.kind().equals("lspci")) continue;
            String text = e.text();
            String head = text.length() > Parsers.HEAD_CHARS ? text.substring(0, Parsers.HEAD_CHARS) : text;
            assertThat(tree.sniff(head)).as("lspci-tree sniff of %s", e.file()).isLessThan(Parsers.MIN_CONFIDENCE);
            assertThat(verbose.sniff(head)).as("lspci-verbose sniff of %s", e.file()).isLessThan(Parsers.MIN_CONFIDENCE);
        }
    }

    // ---- lspci -tv ----

    @Test
    void asusEsc8000aTree() {
        LspciTree t = tree("lspci/stelline-asus-esc8000a-e12-1.txt");
        // 8 root complexes.
        assertThat(t.roots()).extracting(PciRootBus::id)
                .containsExactly("0000:00", "0000:20", "0000:40", "0000:60", "0000:80", "0000:a0", "0000:c0", "0000:e0");
        assertThat(t.devices()).hasSize(198); // every "-dd.f" token of the file
        // RTX 6000 Ada GPUs each directly under a root port (no PCIe switch).
        List<String> gpus = List.of("01:00.0", "41:00.0", "c1:00.0", "e1:00.0");
        List<String> rootPorts = List.of("0000:00:01.1", "0000:40:01.1", "0000:c0:01.1", "0000:e0:01.1");
        for (int i = 0; i < gpus.size(); i++) {
            TreeDevice g = t.device(gpus.get(i)).orElseThrow();
            assertThat(g.description()).isEqualTo(RTX6000);
            assertThat(g.depth()).isEqualTo(1);
            assertThat(g.parentBdf()).isEqualTo(rootPorts.get(i));
            assertThat(t.upstreamBridges(gpus.get(i))).extracting(TreeDevice::bdf).containsExactly(rootPorts.get(i));
            assertThat(t.device(rootPorts.get(i)).orElseThrow().parentBdf()).isNull();
        }
        // ConnectX-7 ports directly under root ports.
        for (String nic : List.of("21:00.0", "21:00.1")) {
            TreeDevice d = t.device(nic).orElseThrow();
            assertThat(d.description()).isEqualTo(CX7);
            assertThat(d.parentBdf()).isEqualTo("0000:20:03.1");
            assertThat(d.depth()).isEqualTo(1);
        }
        for (String nic : List.of("81:00.0", "81:00.1")) {
            TreeDevice d = t.device(nic).orElseThrow();
            assertThat(d.description()).isEqualTo(CX7);
            assertThat(d.parentBdf()).isEqualTo("0000:80:01.1");
            assertThat(d.depth()).isEqualTo(1);
        }
        // NVMe behind multi-level switches under root complexes 60 and a0.
        assertThat(t.device("65:00.0").orElseThrow().description()).isEqualTo(SAMSUNG_PASCAL);
        assertThat(t.upstreamBridges("65:00.0")).extracting(TreeDevice::bdf)
                .containsExactly("0000:64:10.0", "0000:63:00.0", "0000:62:00.0", "0000:61:00.0", "0000:60:01.1");
        assertThat(t.device("6e:00.0").orElseThrow().depth()).isEqualTo(5);
        assertThat(t.device("71:00.0").orElseThrow().description()).isEqualTo(HIGHPOINT);
        assertThat(t.device("a5:00.0").orElseThrow().rootBus()).isEqualTo("0000:a0");
        assertThat(t.device("ae:00.0").orElseThrow().depth()).isEqualTo(5);
        assertThat(t.device("b1:00.0").orElseThrow().description()).isEqualTo(HIGHPOINT);
        assertThat(t.device("61:00.0").orElseThrow().secondaryBus()).isEqualTo(0x62);
        assertThat(t.device("60:01.1").orElseThrow().subordinateBus()).isEqualTo(0x73);
        assertThat(t.devices().stream().filter(d -> SAMSUNG_PASCAL.equals(d.description())).count()).isEqualTo(16);
        assertThat(t.relation("65:00.0", "66:00.0")).isEqualTo(PciRelation.PIX); // one switch
        assertThat(t.relation("65:00.0", "6b:00.0")).isEqualTo(PciRelation.PXB); // nested switches
        // AMD devices named by id only (outdated pci.ids).
        for (PciRootBus r : t.roots()) {
            assertThat(r.children().get(0).description()).isEqualTo("Advanced Micro Devices, Inc. [AMD] Device 14a4");
        }
        // GPUs and NICs on different root complexes: NODE/SYS, no shared PCIe switch.
        for (String g : gpus) {
            for (String n : List.of("21:00.0", "21:00.1", "81:00.0", "81:00.1")) {
                assertThat(t.relation(g, n)).as("%s-%s", g, n).isEqualTo(PciRelation.CROSS_ROOT);
                assertThat(t.commonUpstreamBridge(g, n)).isEmpty();
            }
        }
        // Empty bridges ([c2]--, [72]--) do not break the tree.
        for (String empty : List.of("c0:03.2", "c0:03.3", "70:15.0", "62:1c.0", "b0:15.0", "a2:1c.0")) {
            TreeDevice b = t.device(empty).orElseThrow();
            assertThat(b.bridge()).isTrue();
            assertThat(t.devices()).noneMatch(d -> b.bdf().equals(d.parentBdf()));
        }
        assertThat(t.device("c0:03.2").orElseThrow().secondaryBus()).isEqualTo(0xc2);
        assertThat(t.device("70:15.0").orElseThrow().secondaryBus()).isEqualTo(0x72);
        assertThat(t.device("c0:04.0").orElseThrow().depth()).isZero();
        assertThat(t.device("60:02.0").orElseThrow().depth()).isZero();
        assertThat(t.device("e3:00.4").orElseThrow().parentBdf()).isEqualTo("0000:e0:07.1");
    }

    @Test
    void pugetWrx90Tree() {
        LspciTree t = tree("lspci/stelline-puget-wrx90-1.txt");
        assertThat(t.roots()).extracting(PciRootBus::id).containsExactly("0000:00", "0000:20", "0000:c0", "0000:e0");
        assertThat(t.devices()).hasSize(113);
        // GPUs under root complex c0 on separate root ports.
        assertThat(t.device("c1:00.0").orElseThrow().description()).isEqualTo(RTX6000);
        assertThat(t.device("c2:00.0").orElseThrow().description()).isEqualTo(RTX6000);
        assertThat(t.device("c1:00.0").orElseThrow().parentBdf()).isEqualTo("0000:c0:01.1");
        assertThat(t.device("c2:00.0").orElseThrow().parentBdf()).isEqualTo("0000:c0:03.1");
        assertThat(t.relation("c1:00.0", "c2:00.0")).isEqualTo(PciRelation.PHB);
        assertThat(t.path("c1:00.0", "c2:00.0"))
                .containsExactly("0000:c1:00.0", "0000:c0:01.1", "0000:c0", "0000:c0:03.1", "0000:c2:00.0");
        // ConnectX-7 under root complex 20.
        for (String nic : List.of("21:00.0", "21:00.1")) {
            TreeDevice d = t.device(nic).orElseThrow();
            assertThat(d.description()).isEqualTo(CX7);
            assertThat(d.rootBus()).isEqualTo("0000:20");
            assertThat(d.parentBdf()).isEqualTo("0000:20:01.1");
        }
        assertThat(t.relation("21:00.0", "21:00.1")).isEqualTo(PciRelation.PIX);
        // GPU and NIC on different root complexes.
        assertThat(t.relation("c1:00.0", "21:00.0")).isEqualTo(PciRelation.CROSS_ROOT);
        assertThat(t.relation("c2:00.0", "21:00.1")).isEqualTo(PciRelation.CROSS_ROOT);
        // NVMe behind multi-level switches.
        assertThat(t.device("05:00.0").orElseThrow().description()).isEqualTo(SAMSUNG_PASCAL);
        assertThat(t.upstreamBridges("05:00.0")).hasSize(5);
        assertThat(t.device("11:00.0").orElseThrow().description()).isEqualTo(HIGHPOINT);
        // Bus ranges such as [22-89] and empty downstream ports [28-57]--, [58-87]--.
        TreeDevice wide = t.device("20:03.1").orElseThrow();
        assertThat(wide.secondaryBus()).isEqualTo(0x22);
        assertThat(wide.subordinateBus()).isEqualTo(0x89);
        TreeDevice e1 = t.device("23:00.0").orElseThrow();
        TreeDevice e2 = t.device("23:01.0").orElseThrow();
        assertThat(List.of(e1.secondaryBus(), e1.subordinateBus(), e2.secondaryBus(), e2.subordinateBus()))
                .containsExactly(0x28, 0x57, 0x58, 0x87);
        assertThat(t.devices()).noneMatch(d -> e1.bdf().equals(d.parentBdf()) || e2.bdf().equals(d.parentBdf()));
        assertThat(t.device("89:00.0").orElseThrow().description()).isEqualTo("ASMedia Technology Inc. Device 2425");
        assertThat(t.device("e2:00.0").orElseThrow().description()).isEqualTo("ASPEED Technology, Inc. ASPEED Graphics Family");
        assertThat(t.device("e2:00.0").orElseThrow().parentBdf()).isEqualTo("0000:e1:00.0");
    }

    // ---- lspci -vvv ----

    @Test
    void asusRtx6000AtSlot01IdlesDowngradedTo2_5GTs() {
        LspciDevice d = single("lspci/stelline-asus-esc8000a-e12-2.txt");
        assertThat(d.bdf()).isEqualTo("0000:01:00.0");
        assertThat(d.description()).isEqualTo(RTX6000);
        assertThat(d.numaNode()).isZero();
        assertLink(d, 16.0, 16, 26, 2.5, 16, 30);
        assertThat(d.linkStatus().downgraded()).isTrue();
        assertThat(d.linkStatus().speedDowngraded()).isTrue();
        assertThat(d.linkStatus().widthDowngraded()).isNull();
        assertThat(d.belowCapability()).isTrue();
        assertThat(d.resizableBars()).filteredOn(b -> b.bar() == 1).singleElement()
                .satisfies(b -> assertThat(b.currentBytes()).isEqualTo(64L << 30));
        assertThat(d.driver()).isEqualTo("nvidia");
    }

    @Test
    void asusConnectX7At21RunsFullGen5x16() {
        LspciDevice d = single("lspci/stelline-asus-esc8000a-e12-3.txt");
        assertThat(d.bdf()).isEqualTo("0000:21:00.0");
        assertThat(d.description()).isEqualTo(CX7);
        assertThat(d.numaNode()).isZero();
        assertLink(d, 32.0, 16, 17, 32.0, 16, 21);
        assertThat(d.linkStatus().downgraded()).isNull();
        assertThat(d.belowCapability()).isFalse();
        assertThat(d.vpdProductName())
                .startsWith("NVIDIA ConnectX-7 Adapter Card, 200GbE / NDR200, Dual-port QSFP112, PCIe 5.0x16");
        assertThat(d.driver()).isEqualTo("mlx5_core");
    }

    @Test
    void asusConnectX7At81SitsOnNumaNode1() {
        LspciDevice d = single("lspci/stelline-asus-esc8000a-e12-4.txt");
        assertThat(d.bdf()).isEqualTo("0000:81:00.0");
        assertThat(d.description()).isEqualTo(CX7);
        assertThat(d.numaNode()).isEqualTo(1);
        assertLink(d, 32.0, 16, 17, 32.0, 16, 21);
        assertThat(d.belowCapability()).isFalse();
        assertThat(d.driver()).isEqualTo("mlx5_core");
    }

    @Test
    void asusRtx6000AtC1IdlesDowngradedWithFullWidth() {
        LspciDevice d = single("lspci/stelline-asus-esc8000a-e12-5.txt");
        assertThat(d.bdf()).isEqualTo("0000:c1:00.0");
        assertThat(d.description()).isEqualTo(RTX6000);
        assertThat(d.numaNode()).isEqualTo(1);
        assertLink(d, 16.0, 16, 25, 2.5, 16, 29);
        assertThat(d.linkStatus().downgraded()).isTrue();
        assertThat(d.linkStatus().widthDowngraded()).isNull();
    }

    @Test
    void asusHighPointAt71LostALane() {
        LspciDevice d = single("lspci/stelline-asus-esc8000a-e12-6.txt");
        assertThat(d.bdf()).isEqualTo("0000:71:00.0");
        assertThat(d.description()).isEqualTo(HIGHPOINT);
        assertThat(d.deviceClass()).isEqualTo("RAID bus controller");
        assertThat(d.numaNode()).isZero();
        assertLink(d, 5.0, 2, 27, 5.0, 1, 31);
        assertThat(d.linkStatus().downgraded()).isTrue();
        assertThat(d.linkStatus().widthDowngraded()).isTrue();
        assertThat(d.linkStatus().speedDowngraded()).isNull();
    }

    @Test
    void pugetHighPointAt11LostALane() {
        LspciDevice d = single("lspci/stelline-puget-wrx90-3.txt");
        assertThat(d.bdf()).isEqualTo("0000:11:00.0");
        assertThat(d.description()).isEqualTo(HIGHPOINT);
        assertLink(d, 5.0, 2, 26, 5.0, 1, 30);
        assertThat(d.linkStatus().downgraded()).isTrue();
        assertThat(d.linkStatus().widthDowngraded()).isTrue();
        assertThat(d.numaNode()).isNull(); // not printed in this paste
    }

    @Test
    void pugetConnectX7At21RunsFullGen5x16() {
        LspciDevice d = single("lspci/stelline-puget-wrx90-4.txt");
        assertThat(d.bdf()).isEqualTo("0000:21:00.0");
        assertThat(d.description()).isEqualTo(CX7);
        assertLink(d, 32.0, 16, 16, 32.0, 16, 20);
        assertThat(d.belowCapability()).isFalse();
        assertThat(d.acs()).isNotNull();
        assertThat(d.acs().control()).containsEntry("ReqRedir", false).hasSize(7);
        assertThat(d.acs().redirectsPeerToPeer()).isFalse();
    }

    @Test
    void pugetSecondRtx6000IdlesDowngraded() {
        LspciDevice d = single("lspci/stelline-puget-wrx90-5.txt");
        assertThat(d.bdf()).isEqualTo("0000:c2:00.0");
        assertThat(d.description()).isEqualTo(RTX6000);
        assertLink(d, 16.0, 16, 24, 2.5, 16, 28);
        assertThat(d.linkStatus().downgraded()).isTrue();
        assertThat(d.linkStatus().widthDowngraded()).isNull();
    }

    private static void assertLink(LspciDevice d, double capSpeed, int capWidth, int capLine,
                                   double staSpeed, int staWidth, int staLine) {
        assertThat(d.linkCap()).isNotNull();
        assertThat(d.linkCap().speedGTs()).isEqualTo(capSpeed);
        assertThat(d.linkCap().width()).isEqualTo(capWidth);
        assertThat(d.linkCap().line()).isEqualTo(capLine);
        assertThat(d.linkStatus()).isNotNull();
        assertThat(d.linkStatus().speedGTs()).isEqualTo(staSpeed);
        assertThat(d.linkStatus().width()).isEqualTo(staWidth);
        assertThat(d.linkStatus().line()).isEqualTo(staLine);
    }
}
