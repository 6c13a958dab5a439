package io.ncclscope.parsers.tests;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * What an nccl-tests run's records say beyond their fields: wrong values in either layout, the bandwidth threshold, a
 * device's placeholder bus id and card, a failure's message after its host.
 */
class NcclTestsFactsTest {

    @Test
    void wrongValuesAreACountInTheNewLayoutAndALargeErrorInTheOld() {
        assertThat(new NcclTestsResult(10.0, 1.0, 1.0, 3L, null, null).hasWrongValues()).isTrue();
        assertThat(new NcclTestsResult(10.0, 1.0, 1.0, 0L, null, null).hasWrongValues()).isFalse();
        // The old 'error' column: 1e+00 is a wrong value, 5e-07 rounding (corpus nccl-tests/nccl-tests-37-1.txt).
        assertThat(new NcclTestsResult(10.0, 1.0, 1.0, null, 1.0, null).hasWrongValues()).isTrue();
        assertThat(new NcclTestsResult(10.0, 1.0, 1.0, null, 5e-7, null).hasWrongValues()).isFalse();
        assertThat(new NcclTestsResult(10.0, 1.0, 1.0, null, null, null).hasWrongValues()).isFalse();
        // A row has them when either half has
        NcclTestsResult good = new NcclTestsResult(10.0, 1.0, 1.0, 0L, null, null);
        NcclTestsResult bad = new NcclTestsResult(10.0, 1.0, 1.0, 3L, null, null);
        assertThat(new NcclTestsRow(8, 2L, "float", "sum", -1, good, bad, null, null, 1).hasWrongValues()).isTrue();
        assertThat(new NcclTestsRow(8, 2L, "float", "sum", -1, good, null, null, null, 1).hasWrongValues()).isFalse();
    }

    @Test
    void theBandwidthThresholdIsReadFromTheCommandLine() {
        String out = "$ NCCL_TESTS_MIN_BW=150.5 ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 8\n"
                + "# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n";
        assertThat(new NcclTestsParser().parse(out).data().minBusBwSetting()).isEqualTo("150.5");
        assertThat(new NcclTestsParser().parse(out.replace("NCCL_TESTS_MIN_BW=150.5 ", "")).data().minBusBwSetting()).isNull();
    }

    @Test
    void aDeviceLineSaysWhetherItsBusIdIsAPlaceholderAndItsCardAGeForce() {
        // corpus nccl-tests/superbenchmark-testdata-nccl_allgather.txt prints 0x00 for every GPU
        NcclTestsDevice placeholder = new NcclTestsDevice(0, null, 1, "h", 0, "0x00", null, 0, "NVIDIA GeForce RTX 4090", 1);
        NcclTestsDevice real = new NcclTestsDevice(1, 0, 1, "h", 1, "0000:1b:00", "0000:1b:00.0", 0x1b, "NVIDIA H100 80GB HBM3", 2);
        assertThat(placeholder.busIdIsPlaceholder()).isTrue();
        assertThat(real.busIdIsPlaceholder()).isFalse();
        assertThat(new NcclTestsDevice(2, null, 1, "h", 2, "0x1b", null, 0x1b, null, 3).busIdIsPlaceholder()).isFalse();
        assertThat(placeholder.isGeForce()).isTrue();
        assertThat(real.isGeForce()).isFalse();
    }

    @Test
    void anErrorLineBelongsToTheOneDeviceItsProcessDrives() {
        String out = "# nThread 1 nGpus 1 minBytes 8 maxBytes 128 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
                + "#\n"
                + "# Using devices\n"
                + "#  Rank  0 Group  0 Pid  11 on      node1 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3\n"
                + "#  Rank  1 Group  0 Pid  12 on      node1 device  1 [0000:2b:00] NVIDIA H100 80GB HBM3\n"
                + "#  Rank  2 Group  0 Pid  13 on      node2 device  0 [0000:1b:00] NVIDIA H100 80GB HBM3\n";
        NcclTestsData t = new NcclTestsParser().parse(out).data();
        assertThat(t.devices()).hasSize(3);
        assertThat(t.rankOf(new TestError(9, TestError.Kind.TEST_FAILURE, "node1", 12, null, null, "x"))).isEqualTo(1);
        assertThat(t.rankOf(new TestError(9, TestError.Kind.NCCL_FAILURE, "node2", null, null, null, "x"))).isEqualTo(2);
        // Two devices of the host, and no pid to tell them apart; no host at all
        assertThat(t.rankOf(new TestError(9, TestError.Kind.NCCL_FAILURE, "node1", null, null, null, "x"))).isNull();
        assertThat(t.rankOf(new TestError(9, TestError.Kind.TIMEOUT, null, null, null, null, "x"))).isNull();
    }

    @Test
    void aFailuresMessageIsReadWithoutTheHostTheBinaryWritesBeforeIt() {
        String printed = "node1: Test NCCL failure common.cu:777 'unhandled system error'";
        assertThat(new TestError(3, TestError.Kind.NCCL_FAILURE, "node1", null, "common.cu:777", "unhandled system error", printed)
                .textAfterHost()).isEqualTo("Test NCCL failure common.cu:777 'unhandled system error'");
        assertThat(new TestError(3, TestError.Kind.TEST_FAILURE, "node1", 12, null, null, " .. node1 pid 12: Test failure common.cu:844")
                .textAfterHost()).isEqualTo(" .. node1 pid 12: Test failure common.cu:844");
        assertThat(new TestError(3, TestError.Kind.TIMEOUT, null, null, null, null, "Test timeout (60s)").textAfterHost())
                .isEqualTo("Test timeout (60s)");
    }
}
