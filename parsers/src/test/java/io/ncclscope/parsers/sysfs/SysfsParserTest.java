package io.ncclscope.parsers.sysfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.Severity;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases of {@link SysfsParser}, and the sysfs.txt of our own collect bundle. */
class SysfsParserTest {

    private final SysfsParser parser = new SysfsParser();

    @Test
    void theOwnCaptureOfTheNodeBundleReadsAsSysfs() throws Exception {
        String text = new String(SysfsParserTest.class.getResourceAsStream("/captured/h200-bundle/before/net/sysfs.txt")
                .readAllBytes(), StandardCharsets.UTF_8);
        ParseResult<?> r = Parsers.parse(text);
        assertThat(r.kind()).isEqualTo(Kind.SYSFS);
        SysfsData d = (SysfsData) r.data();
        NetInterfaceState eth0 = d.interfaces().stream().filter(i -> i.name().equals("eth0")).findFirst().orElseThrow();
        assertThat(eth0.value("mtu")).isEqualTo("1400");
        assertThat(eth0.value("operstate")).isEqualTo("up");
        assertThat(eth0.values().get("mtu").line()).isEqualTo(5);
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void valuesWithSpacesCommentsAndInfinibandPortsAreKept() {
        SysfsData d = parser.parse("""
                /sys/class/infiniband/mlx5_0/ports/1/state 4: ACTIVE
                /sys/class/infiniband/mlx5_0/ports/1/rate 400 Gb/sec (4X NDR)
                /sys/class/infiniband/mlx5_0/ports/1/counters/link_downed 0
                # 3 interface(s) not probed: veth1 veth2 cali3
                """).data();
        assertThat(d.values()).extracting(SysfsValue::value).containsExactly("4: ACTIVE", "400 Gb/sec (4X NDR)", "0");
        assertThat(d.comments()).containsExactly("3 interface(s) not probed: veth1 veth2 cali3");
        assertThat(d.interfaces()).isEmpty();
    }

    @Test
    void grepDotOutputSplitsAtTheColonAfterTheFileNameNotInAPciAddress() {
        SysfsData d = parser.parse("""
                /sys/class/net/ib0/mtu:2044
                /sys/bus/pci/devices/0000:3b:00.0/current_link_speed:16.0 GT/s PCIe
                /sys/class/infiniband/mlx5_0/ports/1/state:4: ACTIVE
                """).data();
        assertThat(d.values()).extracting(SysfsValue::path, SysfsValue::value).containsExactly(
                org.assertj.core.groups.Tuple.tuple("/sys/class/net/ib0/mtu", "2044"),
                org.assertj.core.groups.Tuple.tuple("/sys/bus/pci/devices/0000:3b:00.0/current_link_speed", "16.0 GT/s PCIe"),
                org.assertj.core.groups.Tuple.tuple("/sys/class/infiniband/mlx5_0/ports/1/state", "4: ACTIVE"));
        assertThat(d.interfaces()).singleElement().satisfies(i -> assertThat(i.value("mtu")).isEqualTo("2044"));
    }

    @Test
    void crlfAndStrayLinesReadTheSameValuesWithWarnings() {
        SysfsData plain = parser.parse("/sys/class/net/eth0/mtu 9000\n/sys/class/net/eth0/carrier 1\n").data();
        ParseResult<SysfsData> r = parser.parse("/sys/class/net/eth0/mtu 9000\r\nnot sysfs\r\n/sys/class/net/eth0/carrier 1");
        assertThat(r.data().values()).extracting(SysfsValue::value)
                .containsExactlyElementsOf(plain.values().stream().map(SysfsValue::value).toList());
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 2);
    }

    @Test
    void emptyGarbageAndProseAreNoSysfs() {
        assertThat(parser.parse("").hasErrors()).isTrue();
        assertThat(parser.parse("lorem ipsum\n\u0007\u0000\n").hasErrors()).isTrue();
        assertThat(parser.sniff("lorem ipsum")).isZero();
        assertThat(parser.sniff("cat /sys/class/net/eth0/mtu\n9000\n")).isZero();
    }
}
