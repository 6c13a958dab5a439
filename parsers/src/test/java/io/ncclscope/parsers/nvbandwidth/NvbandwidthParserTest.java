package io.ncclscope.parsers.nvbandwidth;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Severity;
import org.junit.jupiter.api.Test;

/** Synthetic edge cases for {@link NvbandwidthParser}, and its {@code -j} JSON form. */
class NvbandwidthParserTest {

    private final NvbandwidthParser parser = new NvbandwidthParser();

    /** The shape nvbandwidth's JsonOutput writes (jsoncpp toStyledString): matrix cells are strings. */
    private static final String JSON = """
            $ ./nvbandwidth -j -t device_to_device_memcpy_read_ce
            {
               "nvbandwidth" :
               {
                  "CUDA Runtime Version" : 12040,
                  "Driver Version" : "550.54.15",
                  "git_version" : "v0.6",
                  "testcases" :
                  [
                     {
                        "bandwidth_description" : "memcpy CE GPU(row) -> GPU(column) bandwidth (GB/s)",
                        "bandwidth_matrix" :
                        [
                           [ "N/A", "389.12" ],
                           [ "388.5", "N/A" ]
                        ],
                        "name" : "device_to_device_memcpy_read_ce",
                        "status" : "Passed",
                        "sum" : 777.62
                     },
                     {
                        "name" : "device_to_device_memcpy_write_sm",
                        "status" : "Waived"
                     }
                  ],
                  "version" : "v0.6"
               }
            }
            """;

    @Test
    void jsonForm() {
        ParseResult<NvbandwidthData> r = parser.parse(JSON);
        assertThat(r.hasErrors()).isFalse();
        NvbandwidthData d = r.data();
        assertThat(d.format()).isEqualTo(NvbwFormat.JSON);
        assertThat(d.command()).isEqualTo("./nvbandwidth -j -t device_to_device_memcpy_read_ce");
        assertThat(d.version()).isEqualTo("v0.6");
        assertThat(d.cudaRuntimeVersion()).isEqualTo(12040);
        assertThat(d.driverVersion()).isEqualTo("550.54.15");
        assertThat(d.testcases()).hasSize(2);
        NvbwTestcase t = d.testcases().get(0);
        assertThat(t.name()).isEqualTo("device_to_device_memcpy_read_ce");
        assertThat(t.status()).isEqualTo(NvbwStatus.PASSED);
        assertThat(t.unit()).isEqualTo("GB/s");
        assertThat(t.value(0, 0)).isNull();
        assertThat(t.value(0, 1)).isEqualTo(389.12);
        assertThat(t.value(1, 0)).isEqualTo(388.5);
        assertThat(t.sum()).isEqualTo(777.62);
        assertThat(t.rowLabels()).containsExactly("0", "1");
        assertThat(t.line()).isEqualTo(17);
        assertThat(d.testcases().get(1).status()).isEqualTo(NvbwStatus.WAIVED);
        assertThat(d.testcases().get(1).line()).isEqualTo(22);
        assertThat(parser.sniff(JSON)).isGreaterThanOrEqualTo(90);
    }

    @Test
    void truncatedJsonIsAnErrorWarningNotAnException() {
        ParseResult<NvbandwidthData> r = parser.parse(JSON.substring(0, JSON.indexOf("\"sum\"")));
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.data().testcases()).isEmpty();
    }

    @Test
    void emptyInputIsAnError() {
        ParseResult<NvbandwidthData> r = parser.parse("");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.warnings()).anyMatch(w -> w.line() == 0 && w.message().equals("no nvbandwidth content found"));
    }

    @Test
    void garbageIsAnErrorNotAnException() {
        ParseResult<NvbandwidthData> r = parser.parse("\u0000\u0001\u0002 hello\nworld 1 2 3\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(parser.sniff("hello\nworld 1 2 3\n")).isZero();
    }

    @Test
    void crlfTabsAndShortRow() {
        String s = "Running device_to_device_memcpy_read_ce.\r\n"
                + "memcpy CE GPU(row) -> GPU(column) bandwidth (GB/s)\r\n"
                + "\t0\t1\t2\r\n"
                + "0\tN/A\t10.5\t11.5\r\n"
                + "1\t12.0\tN/A\r\n"
                + "\r\n"
                + "SUM device_to_device_memcpy_read_ce 34.00\r\n";
        ParseResult<NvbandwidthData> r = parser.parse(s);
        assertThat(r.hasErrors()).isFalse();
        NvbwTestcase t = r.data().testcases().get(0);
        assertThat(t.matrix()).hasSize(2).allSatisfy(row -> assertThat(row).hasSize(3));
        assertThat(t.value(1, 2)).isNull();
        assertThat(t.sum()).isEqualTo(34.0);
        assertThat(r.warnings()).anyMatch(w -> w.severity() == Severity.WARNING && w.line() == 5);
    }

    @Test
    void outputEndingAfterRunningIsIncomplete() {
        ParseResult<NvbandwidthData> r = parser.parse("nvbandwidth Version: v0.8\n\nRunning host_to_device_memcpy_ce.");
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.data().testcases()).singleElement().satisfies(t -> assertThat(t.status()).isEqualTo(NvbwStatus.INCOMPLETE));
    }

    @Test
    void waivedWithReasonAfterRunning() {
        String s = "Running device_to_device_memcpy_read_sm.\nWaived: peer access not supported\n";
        NvbwTestcase t = parser.parse(s).data().testcases().get(0);
        assertThat(t.status()).isEqualTo(NvbwStatus.WAIVED);
        assertThat(t.messages()).containsExactly("peer access not supported");
    }

    @Test
    void multinodeProcessLines() {
        String s = "nvbandwidth Version: v0.7\nProcess 0 (node-a): device 0: NVIDIA GB200 (00000008:01:00)\n";
        NvbwDevice dev = parser.parse(s).data().devices().get(0);
        assertThat(dev.host()).isEqualTo("node-a");
        assertThat(dev.index()).isEqualTo(0);
        assertThat(dev.busId()).isEqualTo("0008:01:00.0");
        assertThat(dev.name()).isEqualTo("NVIDIA GB200");
    }
}
