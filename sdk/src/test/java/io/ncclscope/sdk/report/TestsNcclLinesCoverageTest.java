package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An nccl-tests output run with {@code NCCL_DEBUG=INFO} carries NCCL's own lines, from which the transport check reads
 * what NCCL chose (and raises its findings, {@code NET_SOCKET_FALLBACK} on our capture): the coverage says transport
 * was checked from it. Before, it said "transport: not checked, needs an NCCL_DEBUG=INFO log" beside a transport finding.
 * One without NCCL's lines has not shown the transport.
 */
class TestsNcclLinesCoverageTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            examples/captured/h200-1gpu/tests/all_reduce_info.txt | CHECKED
            examples/captured/h200-1gpu/tests/all_reduce.txt      | NOT_CHECKED
            """)
    void anNcclTestsOutputCountsForTheTransportCheckOnlyWithNcclsInfoLines(String file, Coverage.Status expected) throws IOException {
        Report r = NcclScope.analyze(Evidence.builder().addPath(Path.of("..").resolve(file)).build(), Locale.ENGLISH);
        Coverage.Check transport = r.coverage().checks().stream().filter(c -> c.family() == CheckFamily.TRANSPORT).findFirst().orElseThrow();
        assertThat(transport.status()).isEqualTo(expected);
        if (expected == Coverage.Status.CHECKED) {
            assertThat(transport.inputs()).containsExactly("nccl-tests");
            assertThat(r.findings()).extracting(f -> f.code()).contains("NET_SOCKET_FALLBACK");
        }
    }
}
