package io.ncclscope.sdk.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.evidence.Evidence;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The real corpus tables: a table compared with itself is never a suspect, a single run is no scaling series,
 * and single-rank runs are never judged. (No real A/B pair or node-count series is in the corpus: the reading
 * rules are tested on the synthetic examples in examples/ab and examples/scaling and on written tables.)
 */
class CompareCorpusTest {

    static List<Path> tables() throws IOException {
        try (Stream<Path> s = Files.list(Corpus.root().resolve("nccl-tests"))) {
            return s.filter(p -> p.toString().endsWith(".txt")).sorted().toList();
        }
    }

    @Test
    void everyTableAgainstItselfIsNoSuspectAndNoKnee() throws IOException {
        Corpus.assumePresent();
        List<Path> files = tables();
        assertThat(files).hasSizeGreaterThan(20);
        for (Path f : files) {
            Evidence e = Evidence.builder().addPath(f).build();
            Comparison c = Comparison.of("A", e, "B", e);
            assertThat(c.findings()).as(f.toString()).isEmpty();
            assertThat(c.reading()).as(f.toString()).isIn(Comparison.Reading.NO_DIFFERENCE, Comparison.Reading.NOT_JUDGED);
            c.summary().render(Locale.ROOT);
            c.summary().render(Locale.SIMPLIFIED_CHINESE);
            assertThat(Scaling.of(List.of(e)).findings()).as(f.toString()).isEmpty();
            assertThat(AbPlanner.plan(e)).as(f.toString()).isNotEmpty();
        }
    }

    @Test
    void singleRankRunIsNotJudged() throws IOException {
        Corpus.assumePresent();
        // Manifest: single-rank run, in-place numbers meaningless; out-of-place ~267 GB/s is a local copy.
        Evidence one = Evidence.builder().addPath(Corpus.root().resolve("nccl-tests/anthony-hoo-autodl-2080ti-3.txt")).build();
        Evidence healthy = Evidence.builder().addPath(Corpus.root().resolve("nccl-tests/oci-hpc-oke-readme-1.txt")).build();
        Comparison c = Comparison.of("one-rank", one, "oci", healthy);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.NOT_JUDGED);
        assertThat(c.findings()).isEmpty();
    }

    @Test
    void theHealthyRoceTableWithItsTransientDipIsNoSuspectAgainstSimilarRuns() throws IOException {
        Corpus.assumePresent();
        // Manifest: healthy RoCE 2-node A100, ~238 GB/s with a transient dip at 512MB. Named as an IB-off run it
        // is far faster than a TCP-like table: RDMA works, no finding.
        Evidence healthy = Evidence.builder().addPath(Corpus.root().resolve("nccl-tests/oci-hpc-oke-readme-1.txt")).build();
        String tcp = Tables.table("NCCL_IB_DISABLE=1 all_reduce_perf -b 8 -e 8G -f 2 -g 1", 2, 8, 20, 0);
        Comparison c = Comparison.of("default", healthy, "ib-off", Tables.evidence("tcp.txt", tcp));
        assertThat(c.reading()).isIn(Comparison.Reading.RDMA_WORKS, Comparison.Reading.CONGESTION_SUSPECT);
        assertThat(c.reading()).isEqualTo(Comparison.Reading.RDMA_WORKS);
    }
}
