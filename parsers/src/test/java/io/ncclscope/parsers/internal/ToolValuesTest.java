package io.ncclscope.parsers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ToolValuesTest {

    @Test
    void integersRejectJunkAndOverflowInsteadOfGuessing() {
        assertThat(ToolValues.integer(" 42 ")).isEqualTo(42);
        assertThat(ToolValues.integer("-7")).isEqualTo(-7);
        assertThat(ToolValues.integer("N/A")).isNull();
        assertThat(ToolValues.integer("")).isNull();
        assertThat(ToolValues.integer("99999999999")).isNull();
        assertThat(ToolValues.longValue("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(ToolValues.longValue("9999999999999999999")).isNull();
        assertThat(ToolValues.hex("0x1b000")).isEqualTo(0x1b000L);
        assertThat(ToolValues.hex("zz")).isNull();
    }

    @Test
    void decimalsReadToolNumbersButNotPlaceholders() {
        assertThat(ToolValues.decimal("12.50")).isEqualTo(12.5);
        assertThat(ToolValues.decimal("1e+06")).isEqualTo(1e6);
        assertThat(ToolValues.decimal("1,234.5")).isEqualTo(1234.5);
        assertThat(ToolValues.decimal("N/A")).isNull();
        assertThat(ToolValues.decimal("inf")).isNull();
        assertThat(ToolValues.decimal("1,2,3")).isNull();
    }

    @Test
    void unitsAreNormalised() {
        assertThat(ToolValues.gtPerSec("Speed 16GT/s, Width x16")).isEqualTo(16.0);
        assertThat(ToolValues.gtPerSec("2.5GT/s (downgraded)")).isEqualTo(2.5);
        assertThat(ToolValues.linkWidth("Width x8 (downgraded)")).isEqualTo(8);
        assertThat(ToolValues.linkWidth("16x")).isEqualTo(16);
        assertThat(ToolValues.gbps("200 Gb/sec (4X HDR)")).isEqualTo(200.0);
        assertThat(ToolValues.gbps("100000Mb/s")).isEqualTo(100.0);
        assertThat(ToolValues.gbps("25Gb/s")).isEqualTo(25.0);
    }

    @Test
    void pciAddressesComeOutCanonical() {
        assertThat(ToolValues.pciAddress("00000000:B1:00.0")).isEqualTo("0000:b1:00.0");
        assertThat(ToolValues.pciAddress("b1:00.1")).isEqualTo("0000:b1:00.1");
        assertThat(ToolValues.pciAddress("0001:3b:00.0")).isEqualTo("0001:3b:00.0");
        // NCCL's int64 bus id is the address's hex digits run together (captured/h200-1gpu: 60 = 00:06.0).
        assertThat(ToolValues.ncclInt64BusId("1b000")).isEqualTo("0000:1b:00.0");
        assertThat(ToolValues.ncclInt64BusId("60")).isEqualTo("0000:00:06.0");
        assertThat(ToolValues.pciAddress("no address")).isNull();
    }

    @Test
    void cpuListsExpandAndRejectGluedJunk() {
        assertThat(ToolValues.cpuList("0-3,8-9")).containsExactly(0, 1, 2, 3, 8, 9);
        assertThat(ToolValues.cpuList("5")).containsExactly(5);
        assertThat(ToolValues.cpuList("0-1370000000")).isEmpty();
        assertThat(ToolValues.cpuList("3-1")).isEmpty();
        assertThat(ToolValues.isCpuList("0-47,96-143")).isTrue();
        assertThat(ToolValues.isCpuList("NODE")).isFalse();
    }

    @Test
    void guidsAreSixteenHexDigits() {
        assertThat(ToolValues.guid("0x506B4B0300D1E4A8")).isEqualTo("506b4b0300d1e4a8");
        assertThat(ToolValues.guid("506b:4b03:00d1:e4a8")).isEqualTo("506b4b0300d1e4a8");
        assertThat(ToolValues.guid("0x123")).isNull();
    }
}
