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

    /**
     * corpus-more nccl-tests-217-1's shape: a one-GPU run whose output stops before the first size, with NCCL lines of
     * its one process. Still a one-rank run; a listing of one device line whose NCCL lines come from two processes is
     * a run of several ranks cut short, and a one-device listing with no NCCL lines proves nothing.
     */
    @Test
    void aOneRankRunCutBeforeItsFirstSizeIsStillOne() {
        String head = "# nThread 1 nGpus 1 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1"
                + " validation: 1 graph: 0\n#\n# Using devices\n#  Rank  0 Group  0 Pid  70918 on NAME device  0 [0x01] NVIDIA RTX A6000\n";
        String one = "NAME:70918:70918 [0] NCCL INFO Bootstrap : Using lo:127.0.0.1<0>\n"
                + "NAME:70918:70927 [0] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer localhost<56086>\n"
                + "NAME:70918:70927 [0] NCCL INFO misc/socket.cc:752 -> 6\n";
        List<Finding> fs = new BandwidthAnalyzer().analyze(Evidence.builder().addText("single.txt", head + one).build());
        assertThat(fs).filteredOn(f -> f.code().equals("SINGLE_RANK_RUN")).singleElement()
                .satisfies(f -> assertThat(f.subject().node()).isEqualTo("NAME"));
        String two = one + "NAME:70919:70919 [1] NCCL INFO Bootstrap : Using lo:127.0.0.1<0>\n";
        assertThat(new BandwidthAnalyzer().analyze(Evidence.builder().addText("cut.txt", head + two).build()))
                .noneMatch(f -> f.code().equals("SINGLE_RANK_RUN"));
        assertThat(new BandwidthAnalyzer().analyze(Evidence.builder().addText("bare.txt", head + "# [cut]\n").build()))
                .noneMatch(f -> f.code().equals("SINGLE_RANK_RUN"));
        String twoGpus = head.replace("nGpus 1", "nGpus 2");
        assertThat(new BandwidthAnalyzer().analyze(Evidence.builder().addText("g2.txt", twoGpus + one).build()))
                .noneMatch(f -> f.code().equals("SINGLE_RANK_RUN"));
    }
}
