package io.ncclscope.parsers.pci;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.json.Json;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases of {@code lspci -tv} output. */
class LspciTreeParserTest {

    private final LspciTreeParser parser = new LspciTreeParser();

    /** One root complex, one PCIe switch with a GPU and a NIC on two downstream ports, and a nested switch. */
    static final String SWITCHED = String.join("\n",
            "-[0000:00]-+-00.0  Intel Corporation Sky Lake-E DMI3 Registers",
            "           +-01.0-[17-1c]----00.0-[18-1c]--+-00.0-[19]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]",
            "           |                               +-04.0-[1a]--+-00.0  Mellanox Technologies MT2910 Family [ConnectX-7]",
            "           |                               |            \\-00.1  Mellanox Technologies MT2910 Family [ConnectX-7]",
            "           |                               \\-08.0-[1b-1c]----00.0-[1c]----00.0  Samsung Electronics Co Ltd NVMe SSD Controller PM9A1",
            "           +-02.0-[20]----00.0  NVIDIA Corporation GH100 [H100 SXM5 80GB]",
            "           \\-1f.0  Intel Corporation C621 Series Chipset LPC/eSPI Controller",
            "");

    @Test
    void gpusAndConnectxNicsOfTheTree() {
        LspciTree t = parser.parse(SWITCHED).data();
        assertThat(t.gpus()).extracting(TreeDevice::bdf).containsExactly("0000:19:00.0", "0000:20:00.0");
        assertThat(t.nics()).extracting(TreeDevice::bdf).containsExactly("0000:1a:00.0", "0000:1a:00.1");
    }

    @Test
    void singleRootComplexWithSwitchGivesPixPxbAndPhb() {
        ParseResult<LspciTree> r = parser.parse(SWITCHED);
        assertThat(r.warnings()).isEmpty();
        LspciTree t = r.data();
        assertThat(t.roots()).singleElement().satisfies(root -> {
            assertThat(root.id()).isEqualTo("0000:00");
            assertThat(root.children()).extracting(PciNode::bdf)
                    .containsExactly("0000:00:00.0", "0000:00:01.0", "0000:00:02.0", "0000:00:1f.0");
        });
        assertThat(t.devices()).extracting(TreeDevice::bdf).containsExactly(
                "0000:00:00.0", "0000:00:01.0", "0000:17:00.0", "0000:18:00.0", "0000:19:00.0", "0000:18:04.0",
                "0000:1a:00.0", "0000:1a:00.1", "0000:18:08.0", "0000:1b:00.0", "0000:1c:00.0", "0000:00:02.0",
                "0000:20:00.0", "0000:00:1f.0");
        assertThat(t.device("19:00.0").orElseThrow().line()).isEqualTo(2);
        assertThat(t.device("1a:00.1").orElseThrow().line()).isEqualTo(4);
        // GPU and NIC behind one switch: PIX, common bridge is the switch upstream port.
        assertThat(t.relation("19:00.0", "1a:00.0")).isEqualTo(PciRelation.PIX);
        assertThat(t.commonUpstreamBridge("19:00.0", "1a:00.0")).map(TreeDevice::bdf).contains("0000:17:00.0");
        assertThat(t.path("19:00.0", "1a:00.0"))
                .containsExactly("0000:19:00.0", "0000:18:00.0", "0000:17:00.0", "0000:18:04.0", "0000:1a:00.0");
        // NIC and NVMe behind a nested switch: PXB.
        assertThat(t.relation("1a:00.0", "1c:00.0")).isEqualTo(PciRelation.PXB);
        // Second GPU on another root port: PHB.
        assertThat(t.relation("19:00.0", "20:00.0")).isEqualTo(PciRelation.PHB);
        assertThat(t.relation("19:00.0", "19:00.0")).isEqualTo(PciRelation.SELF);
        assertThat(t.relation("19:00.0", "99:00.0")).isEqualTo(PciRelation.UNKNOWN);
        assertThat(t.relation("17:00.0", "1a:00.0")).isEqualTo(PciRelation.PIX); // upstream port to endpoint
        assertThat(t.path("17:00.0", "1a:00.0")).containsExactly("0000:17:00.0", "0000:18:04.0", "0000:1a:00.0");
        assertThat(t.device("0000:17:00.0").orElseThrow().secondaryBus()).isEqualTo(0x18);
        assertThat(t.device("00:01.0").orElseThrow().subordinateBus()).isEqualTo(0x1c);
        assertThat(PciRelation.CROSS_ROOT.toString()).isEqualTo("NODE/SYS");
    }

    @Test
    void crlfAndTabIndentedPastesParseTheSame() {
        LspciTree lf = parser.parse(SWITCHED).data();
        assertThat(parser.parse(SWITCHED.replace("\n", "\r\n")).data()).isEqualTo(lf);
        // A tab that stands for the first 8 columns of indentation.
        String tabbed = SWITCHED.replace("\n           ", "\n\t   ");
        ParseResult<LspciTree> r = parser.parse(tabbed);
        assertThat(r.warnings()).isEmpty();
        assertThat(r.data()).isEqualTo(lf);
    }

    @Test
    void severalDomainsAndOldStyleRootLabels() {
        String text = String.join("\n",
                "-+-[0001:00]---00.0-[01]----00.0  NVIDIA Corporation Device 2330",
                " \\-[0000:00]-+-00.0  Intel Corporation Device 09a2",
                "             \\-05.0  Intel Corporation Device 09a3");
        LspciTree t = parser.parse(text).data();
        assertThat(t.roots()).extracting(PciRootBus::id).containsExactly("0001:00", "0000:00");
        assertThat(t.device("0001:01:00.0").orElseThrow().parentBdf()).isEqualTo("0001:00:00.0");
        assertThat(t.device("0000:00:05.0")).isPresent();
        assertThat(t.relation("0001:01:00.0", "0000:00:05.0")).isEqualTo(PciRelation.CROSS_ROOT);
        assertThat(t.path("0001:01:00.0", "0000:00:05.0"))
                .containsExactly("0001:01:00.0", "0001:00:00.0", "0001:00", "0000:00", "0000:00:05.0");

        LspciTree old = parser.parse("-[00]-+-00.0  Intel Corporation 440FX\n      \\-01.1  Intel Corporation PIIX3 IDE\n").data();
        assertThat(old.roots()).extracting(PciRootBus::id).containsExactly("0000:00");
        assertThat(old.devices()).extracting(TreeDevice::bdf).containsExactly("0000:00:00.0", "0000:00:01.1");
    }

    @Test
    void treeWithoutNamesKeepsDescriptionsNull() {
        LspciTree t = parser.parse("-[0000:00]-+-00.0\n           +-01.0-[01]--\n           \\-02.0\n").data();
        assertThat(t.devices()).extracting(TreeDevice::description).containsOnlyNulls();
        assertThat(t.devices()).hasSize(3);
        assertThat(t.device("00:01.0").orElseThrow().bridge()).isTrue();
    }

    @Test
    void promptsAndSudoLinesAreSkippedQuietly() {
        String text = "[sudo] password for alice:\nalice@gpu01:~$ sudo lspci -tv\n$ lspci -tv\n" + SWITCHED + "# [cut]\n";
        ParseResult<LspciTree> r = parser.parse(text);
        assertThat(r.warnings()).isEmpty();
        assertThat(r.data().devices()).hasSize(14);
        assertThat(r.data().device("19:00.0").orElseThrow().line()).isEqualTo(5);
    }

    @Test
    void proseIsNotedAsInfoAndOrphanBranchesWarn() {
        String text = "Here is my tree:\n" + SWITCHED + "        +-03.0  orphan with no parent column\n";
        ParseResult<LspciTree> r = parser.parse(text);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.INFO && w.line() == 1);
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 9);
        assertThat(r.data().devices()).hasSize(14);
    }

    @Test
    void truncatedLastLineKeepsWhatWasRead() {
        String cut = SWITCHED.substring(0, SWITCHED.indexOf("\\-1f.0") + 4);
        ParseResult<LspciTree> r = parser.parse(cut);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().devices()).hasSize(13);
        assertThat(r.warnings()).singleElement().satisfies(w -> assertThat(w.severity()).isEqualTo(Severity.WARNING));
    }

    @Test
    void emptyAndForeignInputGiveOneError() {
        for (String text : new String[] {"", "\n\n", "GPU0\tX\tNV18\nGPU1\tNV18\tX\n", "available: 1 nodes (0)\n"}) {
            ParseResult<LspciTree> r = parser.parse(text);
            assertThat(r.data().devices()).isEmpty();
            assertThat(r.warnings()).filteredOn(w -> w.severity() == Severity.ERROR).singleElement()
                    .satisfies(w -> {
                        assertThat(w.line()).isZero();
                        assertThat(w.message()).isEqualTo("no lspci-tree content found");
                    });
        }
    }

    @Test
    void absurdNestingIsCutAndStillSerialises() {
        StringBuilder sb = new StringBuilder("-[0000:00]-");
        for (int i = 0; i < 200; i++) sb.append("--00.0-[01]--");
        sb.append("--00.0  deep endpoint\n");
        ParseResult<LspciTree> r = parser.parse(sb.toString());
        assertThat(r.data().devices()).hasSize(LspciTreeParser.MAX_DEPTH + 1);
        assertThat(r.warnings()).anyMatch(w -> w.message().contains("deeper than"));
        assertThat(Json.write(r)).isNotEmpty();
    }

    @Test
    void sniffScoresTreesHighAndOtherTextLow() {
        assertThat(parser.sniff(SWITCHED)).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("-+-[0000:00]-+-00.0  AMD\n +-[0000:20]-+-00.0  AMD\n")).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("01:00.0 VGA compatible controller: NVIDIA\n\tLnkSta:\tSpeed 16GT/s\n")).isZero();
        assertThat(parser.sniff("available: 2 nodes (0-1)\nnode 0 cpus: 0 1\n")).isZero();
        assertThat(parser.sniff("")).isZero();
    }
}
