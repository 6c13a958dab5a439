package io.ncclscope.parsers.pci;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases of {@code lspci -vvv} output. */
class LspciVerboseParserTest {

    private final LspciVerboseParser parser = new LspciVerboseParser();

    /** As a terminal prints it: tab indentation, a tab after the key, lspci 3.6-era "(ok)" verdicts. */
    static final String TABBED = String.join("\n",
            "[sudo] password for alice:",
            "alice@gpu01:~$ sudo lspci -vvvs 18:00.0",
            "18:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
            "\tSubsystem: NVIDIA Corporation Device 16c1",
            "\tNUMA node: 0",
            "\tCapabilities: [68] Express (v2) Endpoint, MSI 00",
            "\t\tDevCap:\tMaxPayload 256 bytes, PhantFunc 0, Latency L0s unlimited, L1 <64us",
            "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
            "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+",
            "\t\tLnkSta:\tSpeed 32GT/s (ok), Width x16 (ok)",
            "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
            "\t\tLnkCap2: Supported Link Speeds: 2.5-32GT/s, Crosslink- Retimer+ 2Retimers+ DRS-",
            "\t\tLnkSta2: Current De-emphasis Level: -6dB, EqualizationComplete+",
            "\tKernel driver in use: nvidia",
            "\tKernel modules: nvidiafb, nouveau, nvidia_drm, nvidia",
            "alice@gpu01:~$ ",
            "");

    @Test
    void tabIndentedOutputWithPromptsAndOkVerdicts() {
        ParseResult<LspciVerbose> r = parser.parse(TABBED);
        assertThat(r.warnings()).isEmpty();
        LspciDevice d = r.data().devices().get(0);
        assertThat(r.data().devices()).hasSize(1);
        assertThat(d.bdf()).isEqualTo("0000:18:00.0");
        assertThat(d.deviceClass()).isEqualTo("3D controller");
        assertThat(d.description()).isEqualTo("NVIDIA Corporation GH100 [H100 SXM5 80GB]");
        assertThat(d.revision()).isEqualTo("a1");
        assertThat(d.expressType()).isEqualTo("Endpoint");
        assertThat(d.linkCap()).isEqualTo(new LinkCap(0, 32.0, 16, 8));
        assertThat(d.linkStatus()).isEqualTo(new LinkStatus(32.0, 16, false, false, false, 10));
        assertThat(d.numaNode()).isZero();
        assertThat(d.numaLine()).isEqualTo(5);
        assertThat(d.driver()).isEqualTo("nvidia");
        assertThat(d.kernelModules()).containsExactly("nvidiafb", "nouveau", "nvidia_drm", "nvidia");
        assertThat(d.line()).isEqualTo(3);
        assertThat(r.data().device("18:00.0")).contains(d);
        assertThat(parser.parse(TABBED.replace("\n", "\r\n")).data()).isEqualTo(r.data());
        assertThat(parser.parse(TABBED.replace("\t", "        ")).data()).isEqualTo(r.data());
        assertThat(d.nvidiaGpu()).isTrue();
        assertThat(d.connectxNic()).isFalse();
    }

    @Test
    void connectxFunctionsByTheirDriverOrNetworkClass() {
        LspciDevice bound = parser.parse(String.join("\n",
                "0000:1a:00.0 Infiniband controller: Mellanox Technologies MT2910 Family [ConnectX-7]",
                "\tKernel driver in use: mlx5_core", "")).data().devices().get(0);
        LspciDevice unbound = parser.parse(String.join("\n",
                "0000:1a:00.1 Ethernet controller: Mellanox Technologies MT2910 Family [ConnectX-7]", "")).data().devices().get(0);
        LspciDevice intel = parser.parse(String.join("\n",
                "0000:3b:00.0 Ethernet controller: Intel Corporation Ethernet Controller E810-C for QSFP", "")).data().devices().get(0);
        assertThat(bound.connectxNic()).isTrue();
        assertThat(unbound.connectxNic()).isTrue();
        assertThat(intel.connectxNic()).isFalse();
        assertThat(bound.nvidiaGpu()).isFalse();
    }

    @Test
    void onlyTheExactLnkCapAndLnkStaKeysCount() {
        String text = String.join("\n",
                "01:00.0 Ethernet controller: Mellanox Technologies MT28908 Family [ConnectX-6]",
                "\t\tLnkCap2: Supported Link Speeds: 2.5-16GT/s, Crosslink- Retimer- 2Retimers- DRS-",
                "\t\tLnkCtl2: Target Link Speed: 16GT/s, EnterCompliance- SpeedDis-",
                "\t\tLnkSta2: Current De-emphasis Level: -6dB, EqualizationComplete+",
                "\t\tDevCap: MaxPayload 512 bytes, PhantFunc 0, Latency L0s unlimited, L1 unlimited");
        LspciDevice d = parser.parse(text).data().devices().get(0);
        assertThat(d.linkCap()).isNull();
        assertThat(d.linkStatus()).isNull();
        assertThat(d.belowCapability()).isNull();
        assertThat(d.numaLine()).isNull();
    }

    @Test
    void oldLspciPrintsNoVerdictAndFlagsOnTheSameLine() {
        String text = String.join("\n",
                "02:00.0 Ethernet controller: Intel Corporation 82599ES 10-Gigabit SFI/SFP+ Network Connection (rev 01)",
                "\t\tLnkCap:\tPort #0, Speed 5GT/s, Width x8, ASPM L0s, Latency L0 <1us, L1 <8us",
                "\t\tLnkSta:\tSpeed 5GT/s, Width x4, TrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-");
        LspciDevice d = parser.parse(text).data().devices().get(0);
        assertThat(d.linkStatus().downgraded()).isNull();
        assertThat(d.linkStatus().width()).isEqualTo(4);
        assertThat(d.belowCapability()).isTrue();
    }

    @Test
    void linkDownReadsAsWidthZeroAndUnknownSpeed() {
        LspciDevice d = parser.parse("03:00.0 Non-Volatile memory controller: Foo\n\t\tLnkSta:\tSpeed unknown (downgraded), Width x0 (downgraded)\n")
                .data().devices().get(0);
        assertThat(d.linkStatus().speedGTs()).isNull();
        assertThat(d.linkStatus().width()).isZero();
        assertThat(d.linkStatus().downgraded()).isTrue();
        assertThat(d.linkStatus().speedDowngraded()).isTrue();
        assertThat(d.linkStatus().widthDowngraded()).isTrue();
    }

    @Test
    void grepPasteWithoutHeadersGivesOneAnonymousDevicePerLinkPair() {
        String text = String.join("\n",
                "$ sudo lspci -vvv | grep -E 'LnkCap:|LnkSta:'",
                "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported",
                "\t\tLnkSta:\tSpeed 16GT/s (ok), Width x16 (ok)",
                "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM L1, Exit Latency L1 <4us",
                "\t\tLnkSta:\tSpeed 8GT/s (downgraded), Width x8 (downgraded)");
        ParseResult<LspciVerbose> r = parser.parse(text);
        assertThat(r.warnings()).isEmpty();
        assertThat(r.data().devices()).hasSize(2).allSatisfy(d -> assertThat(d.bdf()).isNull());
        assertThat(r.data().devices().get(1).linkStatus().downgraded()).isTrue();
        assertThat(r.data().devices().get(1).line()).isEqualTo(4);
    }

    @Test
    void domainClassCodesBridgesAcsAndDeniedCapabilities() {
        String text = String.join("\n",
                "0000:17:00.0 PCI bridge [0604]: Broadcom / LSI PEX890xx PCIe Gen 5 Switch [1000:c030] (rev b0) (prog-if 00 [Normal decode])",
                "\tBus: primary=17, secondary=18, subordinate=1c, sec-latency=0",
                "\tCapabilities: [40] Express (v2) Downstream Port (Slot+), MSI 00",
                "\t\tLnkCap:\tPort #1, Speed 32GT/s, Width x16, ASPM L1, Exit Latency L1 <4us",
                "\t\tLnkSta:\tSpeed 32GT/s, Width x16",
                "\tCapabilities: [200 v1] Access Control Services",
                "\t\tACSCap:\tSrcValid+ TransBlk+ ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl+ DirectTrans+",
                "\t\tACSCtl:\tSrcValid+ TransBlk- ReqRedir+ CmpltRedir+ UpstreamFwd+ EgressCtrl- DirectTrans-",
                "\tKernel driver in use: pcieport",
                "",
                "0000:19:00.0 Ethernet controller [0200]: Mellanox Technologies MT2910 Family [ConnectX-7] [15b3:1021]",
                "\tSubsystem: Mellanox Technologies Device 0041",
                "\tCapabilities: <access denied>",
                "\tKernel driver in use: mlx5_core");
        ParseResult<LspciVerbose> r = parser.parse(text);
        assertThat(r.warnings()).isEmpty();
        LspciDevice br = r.data().device("0000:17:00.0").orElseThrow();
        assertThat(br.deviceClass()).isEqualTo("PCI bridge");
        assertThat(br.description()).isEqualTo("Broadcom / LSI PEX890xx PCIe Gen 5 Switch [1000:c030]");
        assertThat(br.revision()).isEqualTo("b0");
        assertThat(br.expressType()).isEqualTo("Downstream Port");
        assertThat(br.secondaryBus()).isEqualTo(0x18);
        assertThat(br.subordinateBus()).isEqualTo(0x1c);
        assertThat(br.linkCap().port()).isEqualTo(1);
        assertThat(br.acs().control()).containsEntry("ReqRedir", true).containsEntry("EgressCtrl", false);
        assertThat(br.acs().capability()).containsEntry("DirectTrans", true);
        assertThat(br.acs().line()).isEqualTo(8);
        assertThat(br.acs().redirectsPeerToPeer()).isTrue();
        LspciDevice nic = r.data().device("19:00.0").orElseThrow();
        assertThat(nic.capabilitiesDenied()).isTrue();
        assertThat(nic.linkCap()).isNull();
        assertThat(nic.deviceClass()).isEqualTo("Ethernet controller");
        assertThat(nic.driver()).isEqualTo("mlx5_core");
    }

    @Test
    void plainLspciListGivesDevicesWithoutLinks() {
        ParseResult<LspciVerbose> r = parser.parse(
                "00:00.0 Host bridge: Intel Corporation Device 09a2 (rev 04)\n01:00.0 3D controller: NVIDIA Corporation Device 2335 (rev a1)\n");
        assertThat(r.warnings()).isEmpty();
        assertThat(r.data().devices()).extracting(LspciDevice::bdf).containsExactly("0000:00:00.0", "0000:01:00.0");
    }

    @Test
    void truncatedLastLineKeepsWhatWasRead() {
        String cut = TABBED.substring(0, TABBED.indexOf("Width x16 (ok)") + 9);
        LspciDevice d = parser.parse(cut).data().devices().get(0);
        assertThat(d.linkStatus().width()).isEqualTo(16);
        assertThat(d.linkStatus().widthDowngraded()).isNull();
        assertThat(d.linkStatus().downgraded()).isFalse();
    }

    @Test
    void emptyAndForeignInputGiveOneError() {
        for (String text : new String[] {"", "\n", "some prose: with a colon\nmore prose\n", "-[0000:00]-+-00.0  Intel\n"}) {
            ParseResult<LspciVerbose> r = parser.parse(text);
            assertThat(r.data().devices()).isEmpty();
            assertThat(r.warnings()).filteredOn(w -> w.severity() == Severity.ERROR).singleElement()
                    .satisfies(w -> assertThat(w.message()).isEqualTo("no lspci-verbose content found"));
        }
    }

    @Test
    void sniffScoresVerboseHighAndOtherTextLow() {
        assertThat(parser.sniff(TABBED)).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("\t\tLnkSta:\tSpeed 16GT/s (ok), Width x16 (ok)\n")).isBetween(50, 70);
        assertThat(parser.sniff(LspciTreeParserTest.SWITCHED)).isZero();
        assertThat(parser.sniff("available: 2 nodes (0-1)\nnode 0 cpus: 0 1\n")).isZero();
        assertThat(parser.sniff("GPU 00000000:18:00.0\n    Bus Id : 00000000:18:00.0\n")).isZero();
    }
}
