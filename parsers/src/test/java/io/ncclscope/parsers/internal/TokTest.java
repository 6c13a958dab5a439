package io.ncclscope.parsers.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokTest {

    @Test
    void integersRejectJunkAndOverflowInsteadOfGuessing() {
        assertThat(Tok.integer(" 42 ")).isEqualTo(42);
        assertThat(Tok.integer("-7")).isEqualTo(-7);
        assertThat(Tok.integer("N/A")).isNull();
        assertThat(Tok.integer("")).isNull();
        assertThat(Tok.integer("99999999999")).isNull();
        assertThat(Tok.longValue("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
        assertThat(Tok.longValue("9999999999999999999")).isNull();
        assertThat(Tok.hex("0x1b000")).isEqualTo(0x1b000L);
        assertThat(Tok.hex("zz")).isNull();
    }

    @Test
    void decimalsReadToolNumbersButNotPlaceholders() {
        assertThat(Tok.decimal("12.50")).isEqualTo(12.5);
        assertThat(Tok.decimal("1e+06")).isEqualTo(1e6);
        assertThat(Tok.decimal("1,234.5")).isEqualTo(1234.5);
        assertThat(Tok.decimal("N/A")).isNull();
        assertThat(Tok.decimal("inf")).isNull();
        assertThat(Tok.decimal("1,2,3")).isNull();
    }

    @Test
    void unitsAreNormalised() {
        assertThat(Tok.gtPerSec("Speed 16GT/s, Width x16")).isEqualTo(16.0);
        assertThat(Tok.gtPerSec("2.5GT/s (downgraded)")).isEqualTo(2.5);
        assertThat(Tok.linkWidth("Width x8 (downgraded)")).isEqualTo(8);
        assertThat(Tok.linkWidth("16x")).isEqualTo(16);
        assertThat(Tok.gbps("200 Gb/sec (4X HDR)")).isEqualTo(200.0);
        assertThat(Tok.gbps("100000Mb/s")).isEqualTo(100.0);
        assertThat(Tok.gbps("25Gb/s")).isEqualTo(25.0);
    }

    @Test
    void pciAddressesComeOutCanonical() {
        assertThat(Tok.pciAddress("00000000:B1:00.0")).isEqualTo("0000:b1:00.0");
        assertThat(Tok.pciAddress("b1:00.1")).isEqualTo("0000:b1:00.1");
        assertThat(Tok.pciAddress("0001:3b:00.0")).isEqualTo("0001:3b:00.0");
        // NCCL's int64 bus id is the address's hex digits run together (captured/h200-1gpu: 60 = 00:06.0).
        assertThat(Tok.ncclInt64BusId("1b000")).isEqualTo("0000:1b:00.0");
        assertThat(Tok.ncclInt64BusId("60")).isEqualTo("0000:00:06.0");
        assertThat(Tok.pciAddress("no address")).isNull();
    }

    @Test
    void cpuListsExpandAndRejectGluedJunk() {
        assertThat(Tok.cpuList("0-3,8-9")).containsExactly(0, 1, 2, 3, 8, 9);
        assertThat(Tok.cpuList("5")).containsExactly(5);
        assertThat(Tok.cpuList("0-1370000000")).isEmpty();
        assertThat(Tok.cpuList("3-1")).isEmpty();
        assertThat(Tok.isCpuList("0-47,96-143")).isTrue();
        assertThat(Tok.isCpuList("NODE")).isFalse();
    }

    @Test
    void guidsAreSixteenHexDigits() {
        assertThat(Tok.guid("0x506B4B0300D1E4A8")).isEqualTo("506b4b0300d1e4a8");
        assertThat(Tok.guid("506b:4b03:00d1:e4a8")).isEqualTo("506b4b0300d1e4a8");
        assertThat(Tok.guid("0x123")).isNull();
    }
}
