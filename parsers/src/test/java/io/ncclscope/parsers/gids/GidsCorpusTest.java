package io.ncclscope.parsers.gids;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import io.ncclscope.parsers.ib.IbstatParser;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every gids corpus file, with the facts its manifest row states. */
class GidsCorpusTest {

    private final GidsParser parser = new GidsParser();

    static Stream<Arguments> files() {
        List<Corpus.Entry> es = Corpus.entries("gids");
        return es.isEmpty() ? Stream.of(Arguments.of((Object) null)) : es.stream().map(Arguments::of);
    }

    static Stream<Arguments> otherKinds() {
        List<Corpus.Entry> es = Corpus.entries().stream().filter(e -> !e.kind().equals("gids")).toList();
        return es.isEmpty() ? Stream.of(Arguments.of((Object) null)) : es.stream().map(Arguments::of);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void everyFileParsesWithoutErrorAndSniffsAsGids(Corpus.Entry e) {
        Corpus.assumePresent();
        String text = e.text();
        ParseResult<GidsData> r = parser.parse(text);
        assertThat(r.warnings()).as(e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(r.data().gids()).as(e.file()).isNotEmpty();
        assertThat(parser.sniff(text)).as(e.file()).isGreaterThanOrEqualTo(80)
                .isGreaterThan(new IbstatParser().sniff(text));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("otherKinds")
    void sniffStaysLowOnOtherKinds(Corpus.Entry e) {
        Corpus.assumePresent();
        assertThat(parser.sniff(e.text())).as(e.file()).isLessThan(20);
    }

    private GidsData parse(String file) {
        ParseResult<GidsData> r = parser.parse(Corpus.read(file));
        assertThat(r.hasErrors()).as("errors in %s: %s", file, r.warnings()).isFalse();
        assertThat(r.warnings()).as(file).noneMatch(w -> w.severity() == Severity.WARNING);
        return r.data();
    }

    @Test
    void multusCni1100_twoPodsTablesWithDifferentIndices() {
        GidsData d = parse("gids/multus-cni-1100-1.txt");
        assertThat(d.source()).isEqualTo("show_gids");
        assertThat(d.gids()).extracting(GidEntry::device, GidEntry::port, GidEntry::index, GidEntry::ipv4,
                GidEntry::roceVersion, GidEntry::netdev).containsExactly(
                tuple("mlx5_4", 1, 4, "172.20.1.1", "v1", "net1"),
                tuple("mlx5_4", 1, 5, "172.20.1.1", "v2", "net1"),
                tuple("mlx5_4", 1, 6, "172.20.1.2", "v1", "net1"),
                tuple("mlx5_4", 1, 7, "172.20.1.2", "v2", "net1")); // "net1." : the reporter's full stop
        assertThat(d.gids().get(0).gid()).isEqualTo("0000:0000:0000:0000:0000:ffff:ac14:0101");
        assertThat(d.gids()).noneMatch(GidEntry::linkLocal);
    }

    @Test
    void nccl1573_podSeesIndicesFourToSevenOnly() {
        GidsData d = parse("gids/nccl-1573-1.txt");
        assertThat(d.gids()).hasSize(9);
        assertThat(d.gids()).extracting(GidEntry::index).containsOnly(4, 5, 6, 7);
        for (String dev : List.of("mlx5_0", "mlx5_1")) {
            List<GidEntry> es = d.gids().stream().filter(g -> g.device().equals(dev)).toList();
            assertThat(es).extracting(GidEntry::index).containsExactly(4, 5, 6, 7);
            assertThat(es).extracting(GidEntry::roceVersion).containsExactly("v1", "v2", "v1", "v2");
            assertThat(es.get(0).linkLocal()).isTrue();
            assertThat(es.get(1).linkLocal()).isTrue();
            assertThat(es.get(0).ipv4()).isNull();
            GidEntry v2 = es.get(3);
            assertThat(v2.index()).as("the RoCEv2 IPv4 index").isEqualTo(7);
            assertThat(v2.ipv4()).isEqualTo(dev.equals("mlx5_0") ? "10.152.0.12" : "10.152.4.12");
            assertThat(v2.netdev()).isEqualTo(dev.equals("mlx5_0") ? "net1" : "net2");
        }
        GidEntry last = d.gids().get(8);
        assertThat(last.device()).isEqualTo("mlx5_2");
        assertThat(last.index()).isEqualTo(4);
        assertThat(last.netdev()).isEqualTo("net3");
    }

    @Test
    void ncclTests192_indentedSpaceAlignedTable() {
        GidsData d = parse("gids/nccl-tests-192-1.txt");
        assertThat(d.gids()).extracting(GidEntry::device, GidEntry::index, GidEntry::ipv4, GidEntry::roceVersion,
                GidEntry::netdev).containsExactly(
                tuple("mlx5_0", 0, null, "v1", "ens3np0"),
                tuple("mlx5_0", 1, null, "v2", "ens3np0"),
                tuple("mlx5_0", 2, "11.0.0.72", "v1", "ens3np0"),
                tuple("mlx5_0", 3, "11.0.0.72", "v2", "ens3np0"),
                tuple("mlx5_1", 0, null, "v1", "ens2np0"),
                tuple("mlx5_1", 1, null, "v2", "ens2np0"),
                tuple("mlx5_1", 2, "11.0.0.73", "v1", "ens2np0"),
                tuple("mlx5_1", 3, "11.0.0.73", "v2", "ens2np0"));
        assertThat(d.gids().get(0).gid()).isEqualTo("fe80:0000:0000:0000:a288:c2ff:fe5b:03ec");
        assertThat(d.gids().get(0).linkLocal()).isTrue();
    }

    @Test
    void nccl551_bondDeviceStartsAtIndexTwelve() {
        GidsData d = parse("gids/nccl-551-1.txt");
        assertThat(d.gids()).singleElement().satisfies(g -> {
            assertThat(g.device()).isEqualTo("mlx5_bond_0");
            assertThat(g.port()).isEqualTo(1);
            assertThat(g.index()).isEqualTo(12);
            assertThat(g.gid()).isEqualTo("0000:0000:0000:0000:0000:ffff:c0a8:bc16");
            assertThat(g.ipv4()).isEqualTo("192.168.188.22");
            assertThat(g.roceVersion()).isEqualTo("v1");
            assertThat(g.netdev()).isEqualTo("eth0");
            assertThat(g.line()).isEqualTo(4);
        });
    }

    @Test
    void nccl769_ibvDevinfoGidLinesInFullAndCompressedNotation() {
        GidsData d = parse("gids/nccl-769-1.txt");
        assertThat(d.source()).isEqualTo("ibv_devinfo");
        assertThat(d.gids()).extracting(GidEntry::index, GidEntry::roceVersion, GidEntry::ipv4).containsExactly(
                tuple(0, "v1", null), tuple(1, "v2", null), tuple(2, "v1", "200.0.209.6"), tuple(3, "v2", "200.0.209.6"));
        assertThat(d.gids().get(0).gid()).isEqualTo("fe80:0000:0000:0000:0ac0:ebff:feda:1cfb");
        assertThat(d.gids().get(1).gid()).as("compressed fe80::ac0:... normalised").isEqualTo(d.gids().get(0).gid());
        assertThat(d.gids().get(3).gid()).as("::ffff:200.0.209.6 normalised").isEqualTo(d.gids().get(2).gid())
                .isEqualTo("0000:0000:0000:0000:0000:ffff:c800:d106");
        assertThat(d.gids().get(1).linkLocal()).isTrue();
        assertThat(d.gids()).allSatisfy(g -> {
            assertThat(g.device()).as("no hca_id line in the excerpt").isNull();
            assertThat(g.port()).isNull();
        });
    }
}
