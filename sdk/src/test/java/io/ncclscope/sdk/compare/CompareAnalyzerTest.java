package io.ncclscope.sdk.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The analyzer form: A/B groups and scaling found inside one evidence set; silent on every real corpus table. */
class CompareAnalyzerTest {

    @Test
    void oneBundleHoldingBothSidesIsCompared() throws IOException {
        Evidence e = Evidence.builder().addPath(Tables.EXAMPLES.resolve("ab/rdma-suspect")).build();
        assertThat(new CompareAnalyzer().analyze(e)).extracting(Finding::code).containsExactly("AB_RDMA_SUSPECT");
        Evidence c = Evidence.builder().addPath(Tables.EXAMPLES.resolve("ab/congestion")).build();
        assertThat(new CompareAnalyzer().analyze(c)).extracting(Finding::code).containsExactly("AB_CONGESTION_SUSPECT");
    }

    @Test
    void oneBundleHoldingTheScalingSeriesFindsTheKnee() throws IOException {
        Evidence e = Evidence.builder().addPath(Tables.EXAMPLES.resolve("scaling")).build();
        assertThat(new CompareAnalyzer().analyze(e)).extracting(Finding::code).containsExactly("SCALING_KNEE");
    }

    @Test
    void silentOnEveryCorpusTableAndOnTheWholeFolder() throws IOException {
        Corpus.assumePresent();
        Path dir = Corpus.root().resolve("nccl-tests");
        try (Stream<Path> s = Files.list(dir)) {
            for (Path f : s.sorted().toList()) {
                Evidence e = Evidence.builder().addPath(f).build();
                assertThat(new CompareAnalyzer().analyze(e)).as(f.toString()).isEmpty();
            }
        }
        // All tables at once: different clusters, so no A/B pair and no series; must stay silent.
        List<Finding> all = new CompareAnalyzer().analyze(Evidence.builder().addPath(dir).build());
        assertThat(all).isEmpty();
    }

    @Test
    void differentHostsAreNotAnAbPair() {
        String a = Tables.table("mpirun -x NCCL_DEBUG=INFO all_reduce_perf", 2, 8, 180, 0);
        String b = Tables.table("mpirun -x NCCL_IB_DISABLE=1 all_reduce_perf", 2, 8, 200, 0).replace("node-1", "node-7");
        Evidence e = Evidence.builder().addText("a.txt", a).addText("b.txt", b).build();
        assertThat(new CompareAnalyzer().analyze(e)).isEmpty();
        Evidence same = Evidence.builder().addText("a.txt", a)
                .addText("b.txt", Tables.table("mpirun -x NCCL_IB_DISABLE=1 all_reduce_perf", 2, 8, 200, 0)).build();
        assertThat(new CompareAnalyzer().analyze(same)).extracting(Finding::code).containsExactly("AB_RDMA_SUSPECT");
    }

    @Test
    void manyPairRunsStayFast() {
        Evidence.Builder b = Evidence.builder();
        for (int i = 0; i < 300; i++) {
            b.addText("pair-" + i + ".txt", Tables.table("mpirun all_reduce_perf", 2, 8, 180 + (i % 7), 0)
                    .replace("node-1", "n" + i + "a").replace("node-2", "n" + i + "b"));
        }
        Evidence e = b.build();
        long t0 = System.nanoTime();
        assertThat(new CompareAnalyzer().analyze(e)).isEmpty();
        // A figure, not a limit (timed assertions fail on a loaded machine).
        System.out.println("compare: 300 pair runs in " + (System.nanoTime() - t0) / 1e9 + " s");
    }
}
