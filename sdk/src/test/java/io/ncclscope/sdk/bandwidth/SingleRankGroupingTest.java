package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class SingleRankGroupingTest {

    @Test
    void theSingleRankRunsOfOneNodeAreOneFindingNamingEveryTest() throws Exception {
        // Our H200 capture: eight single-GPU nccl-tests tables on one node ("vm").
        Evidence e = Evidence.builder().addPath(Path.of("../examples/captured/h200-1gpu")).build();
        List<Finding> singles = new BandwidthAnalyzer().analyze(e).stream()
                .filter(f -> f.code().equals("SINGLE_RANK_RUN")).toList();
        assertThat(singles).hasSize(1);
        Finding f = singles.get(0);
        assertThat(f.subject().node()).isEqualTo("vm");
        assertThat(f.detail().render(Locale.ENGLISH)).startsWith("8 nccl-tests runs (").contains("all_reduce", "sendrecv");
        assertThat(f.detail().render(Locale.SIMPLIFIED_CHINESE)).startsWith("8 个 nccl-tests 测试");
        assertThat(f.evidence()).hasSize(8);
    }
}
