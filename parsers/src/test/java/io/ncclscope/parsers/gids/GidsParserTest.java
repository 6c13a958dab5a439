package io.ncclscope.parsers.gids;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.ib.IbstatParser;
import io.ncclscope.parsers.internal.ToolValues;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases of {@link GidsParser}. */
class GidsParserTest {

    private final GidsParser parser = new GidsParser();

    private static final String TABLE = """
            DEV\tPORT\tINDEX\tGID\t\t\t\t\tIPv4  \t\tVER\tDEV
            ---\t----\t-----\t---\t\t\t\t\t------------  \t---\t---
            mlx5_0\t1\t0\tfe80:0000:0000:0000:ba59:9fff:fe1a:2b3c\t\t\tv1\tens1f0np0
            mlx5_0\t1\t3\t0000:0000:0000:0000:0000:ffff:0a00:0001\t10.0.0.1  \tv2\tens1f0np0
            n_gids_found=2
            """;

    @Test
    void emptyAndGarbageInputsAreErrors() {
        assertThat(parser.parse("").hasErrors()).isTrue();
        ParseResult<GidsData> r = parser.parse("lorem ipsum\n\u0007\u0000\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.warnings()).anyMatch(w -> w.message().equals("no gids content found") && w.line() == 0);
        assertThat(parser.sniff("lorem ipsum")).isZero();
    }

    @Test
    void tabsSpacesAndCrlfReadTheSame() {
        GidsData tabs = parser.parse(TABLE).data();
        assertThat(parser.parse(TABLE.replace("\t", "    ")).data()).isEqualTo(tabs);
        assertThat(parser.parse(TABLE.replace("\n", "\r\n")).data()).isEqualTo(tabs);
        assertThat(tabs.gids()).hasSize(2);
        GidEntry g = tabs.gids().get(1);
        assertThat(g.index()).isEqualTo(3);
        assertThat(g.ipv4()).isEqualTo("10.0.0.1");
        assertThat(g.roceVersion()).isEqualTo("v2");
        assertThat(g.netdev()).isEqualTo("ens1f0np0");
        assertThat(g.line()).isEqualTo(4);
    }

    @Test
    void countMismatchIsNotedAndTruncatedRowWarns() {
        String cut = TABLE.replace("n_gids_found=2", "n_gids_found=5") + "mlx5_1\t1\t0\tfe80:0000:00";
        ParseResult<GidsData> r = parser.parse(cut);
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().gids()).hasSize(2);
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.INFO && w.line() == 5);
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 6);
    }

    @Test
    void ibvDevinfoGidsTakeDeviceAndPortFromTheirHeaders() {
        String v = """
                hca_id:\tmlx5_3
                \t\tport:\t1
                \t\t\tGID[  0]:\t\tfe80:0000:0000:0000:ba59:9fff:fe1a:2b3c, RoCE v1
                \t\t\tGID[  1]:\t\tfe80::ba59:9fff:fe1a:2b3c, RoCE v2
                \t\t\tGID[  2]:\t\t::ffff:10.0.0.9, RoCE v2
                \t\tport:\t2
                \t\t\tGID[  0]:\t\tfe80:0000:0000:0000:0000:0000:0000:0001
                """;
        GidsData d = parser.parse(v).data();
        assertThat(d.gids()).extracting(GidEntry::device).containsOnly("mlx5_3");
        assertThat(d.gids()).extracting(GidEntry::port).containsExactly(1, 1, 1, 2);
        assertThat(d.gids().get(2).ipv4()).isEqualTo("10.0.0.9");
        assertThat(d.gids().get(3).roceVersion()).as("InfiniBand: no RoCE type").isNull();
        assertThat(parser.sniff(v)).isGreaterThan(new IbstatParser().sniff(v));
    }

    @Test
    void sniffScores() {
        assertThat(parser.sniff(TABLE)).isGreaterThanOrEqualTo(90);
        assertThat(parser.sniff("mlx5_0 1 3 0000:0000:0000:0000:0000:ffff:0a00:0001 10.0.0.1 v2 eth0\n"
                + "mlx5_0 1 2 0000:0000:0000:0000:0000:ffff:0a00:0001 10.0.0.1 v1 eth0\n")).isGreaterThanOrEqualTo(80);
        assertThat(parser.sniff("see show_gids for the table")).isLessThan(20);
        assertThat(parser.sniff("")).isZero();
    }

    @Test
    void gidNotations() {
        assertThat(ToolValues.gid("fe80::1")).isEqualTo("fe80:0000:0000:0000:0000:0000:0000:0001");
        assertThat(ToolValues.gid("::")).isEqualTo("0000:0000:0000:0000:0000:0000:0000:0000");
        assertThat(ToolValues.gid("::ffff:192.168.1.2")).isEqualTo("0000:0000:0000:0000:0000:ffff:c0a8:0102");
        assertThat(ToolValues.gid("FE80:0:0:0:A:B:C:D")).isEqualTo("fe80:0000:0000:0000:000a:000b:000c:000d");
        assertThat(ToolValues.gid("fe80:::1")).isNull();
        assertThat(ToolValues.gid("1::2::3")).isNull();
        assertThat(ToolValues.gid("1:2:3")).isNull();
        assertThat(ToolValues.gid("::ffff:300.1.1.1")).isNull();
        assertThat(ToolValues.gid("12345::1")).isNull();
        assertThat(ToolValues.gid("00:00:00:00:00:00:00:00:00:00:255:255:10:00:21:03")).isNull();
        assertThat(GidsParser.mappedIpv4("0000:0000:0000:0000:0000:ffff:c800:d106")).isEqualTo("200.0.209.6");
    }
}
