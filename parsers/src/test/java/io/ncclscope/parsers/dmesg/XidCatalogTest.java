package io.ncclscope.parsers.dmesg;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@link XidCatalog} against NVIDIA's Xid catalogue (docs.nvidia.com/deploy/xid-errors, the mnemonic column). */
class XidCatalogTest {

    @Test
    void namesTheXidsOfTheCatalogue() {
        assertThat(XidCatalog.mnemonic(79)).contains("GPU_HAS_FALLEN_OFF_THE_BUS");
        assertThat(XidCatalog.mnemonic(48)).contains("GPU_ECC_DBE");
        assertThat(XidCatalog.mnemonic(74)).contains("NVLINK_ERROR");
        assertThat(XidCatalog.mnemonic(149)).contains("NVLINK_NETIR_ERROR");
        assertThat(XidCatalog.mnemonic(172)).contains("UNCORRECTABLE_SRAM_ERROR");
    }

    @Test
    void aNumberTheTableDoesNotNameIsEmpty() {
        assertThat(XidCatalog.mnemonic(11)).isEmpty();
        assertThat(XidCatalog.mnemonic(0)).isEmpty();
        assertThat(XidCatalog.mnemonic(-1)).isEmpty();
    }

    @Test
    void theNumberOfAParsedXidLineLooksItsNameUp() {
        DmesgData d = new DmesgParser().parse(
                "[ 12.5] NVRM: Xid (PCI:0000:b1:00): 79, pid=123, name=python, GPU has fallen off the bus.\n").data();
        assertThat(XidCatalog.mnemonic(d.events().get(0).xid())).contains("GPU_HAS_FALLEN_OFF_THE_BUS");
    }
}
