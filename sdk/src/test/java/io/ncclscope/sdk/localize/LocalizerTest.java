package io.ncclscope.sdk.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The localizer on the example campaign (examples/pairs: 8 nodes, 28 synthetic two-node tables in the real
 * all_reduce_perf format, node05 slow, node02-node07 a slow path) and on the real corpus, where no file holds a
 * pairwise campaign: the corpus has only single two-node runs of unrelated clusters, so the analyzer must stay silent.
 */
class LocalizerTest {

    static final Path EXAMPLE = Path.of("../examples/pairs/results");

    static Evidence example() throws Exception {
        return Evidence.builder().addPath(EXAMPLE).build();
    }

    @Test
    void exampleCampaignNamesExactlyTheSlowNodeAndTheSlowPath() throws Exception {
        List<PairResult> rs = Localizer.read(example());
        assertThat(rs).hasSize(28);
        assertThat(rs).allSatisfy(r -> assertThat(r.source()).isNotNull());
        Localization l = new Localizer().localize(rs);
        assertThat(l.nodes()).hasSize(8);
        assertThat(l.slowNodes()).containsExactly("node05");
        assertThat(l.slowPairs()).extracting(r -> Localization.key(r.a(), r.b()))
                .containsExactly(Localization.key("node02", "node07"));
        assertThat(l.suspects()).containsExactly("node05");
        List<Finding> fs = new Localizer().analyze(example());
        assertThat(fs).extracting(Finding::code, Finding::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("SLOW_NODE", FindingSeverity.ERROR),
                        org.assertj.core.groups.Tuple.tuple("SLOW_PAIR", FindingSeverity.WARNING));
        Finding node = fs.get(0);
        assertThat(node.subject().node()).isEqualTo("node05");
        assertThat(node.params()).containsEntry("node", "node05");
        assertThat(node.evidence()).hasSizeGreaterThanOrEqualTo(6);
        assertThat(node.evidence().get(0).text()).contains("8589934592");
        Finding pair = fs.get(1);
        assertThat(pair.subject().node()).isEqualTo("node02");
        assertThat(pair.subject().peer()).isEqualTo("node07");
        assertThat(pair.params()).containsEntry("node", "node02").containsEntry("peer", "node07");
        // Evidence: the slow pair's row, then a fine pair of each end with another node.
        assertThat(pair.evidence()).hasSize(3);
        assertThat(pair.evidence().get(0).artifact()).contains("node02__node07");
        assertThat(pair.evidence().get(1).artifact()).contains("node02").doesNotContain("node07");
        assertThat(pair.evidence().get(2).artifact()).contains("node07").doesNotContain("node02");
    }

    @Test
    void everyFindingRendersInBothLanguagesWithNoPlaceholderLeft() throws Exception {
        for (Finding f : new Localizer().analyze(example())) {
            for (Locale loc : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
                LocalizedFinding lf = Diagnosis.localize(f, loc);
                assertThat(lf.detail()).doesNotContain("${").isNotBlank();
            }
            assertThat(Diagnosis.localize(f, Locale.SIMPLIFIED_CHINESE).detail()).containsPattern("[\\u4e00-\\u9fff]");
        }
        for (String key : List.of("node.slow", "pair.slow", "pair.unconfirmed")) {
            for (Locale loc : List.of(Locale.ROOT, Locale.SIMPLIFIED_CHINESE)) {
                assertThat(io.ncclscope.sdk.diagnose.Message.of(Localizer.class, key).render(loc)).isNotBlank();
            }
        }
    }

    @Test
    void hostsComeFromTheFileNameWhenTheTableHasNoDeviceLines() throws Exception {
        assertThat(Localizer.hostsFromName("pairs/round-3/gpu01__gpu07.txt")).containsExactly("gpu01", "gpu07");
        assertThat(Localizer.hostsFromName("gpu01.txt")).isEmpty();
        assertThat(Localizer.hostsFromName("a__a.txt")).isEmpty();
        String table = """
                #       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong
                #        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)
                  1073741824     268435456     float     sum      -1    10000  107.37  201.33      0    10000  107.37  201.33      0
                  2147483648     536870912     float     sum      -1    20000  107.37  201.33      0    20000  107.37  201.33      0
                # Out of bounds values : 0 OK
                # Avg bus bandwidth    : 201.33
                """;
        Evidence e = Evidence.builder().addText("round-1/hostA__hostB.txt", table, null).build();
        assertThat(Localizer.read(e)).singleElement().satisfies(r -> {
            assertThat(List.of(r.a(), r.b())).containsExactly("hostA", "hostB");
            assertThat(r.busbw()).isEqualTo(201.33);
        });
    }

    @Test
    void aSlowNodeIsNotASlowPathEvenInASmallCluster() throws Exception {
        // 4 nodes, D slow and A-B a slow path: A has 2 slow of 3 (B and D), which is not "nearly all".
        List<PairResult> rs = new ArrayList<>();
        rs.add(new PairResult("A", "B", 90, null));
        rs.add(new PairResult("A", "C", 190, null));
        rs.add(new PairResult("A", "D", 45, null));
        rs.add(new PairResult("B", "C", 188, null));
        rs.add(new PairResult("B", "D", 46, null));
        rs.add(new PairResult("C", "D", 44, null));
        Localization l = new Localizer(190.0, 0.8).localize(rs);
        assertThat(l.slowNodes()).containsExactly("D");
        assertThat(l.slowPairs()).singleElement().satisfies(r -> assertThat(Localization.key(r.a(), r.b())).isEqualTo(Localization.key("A", "B")));
    }

    @Test
    void healthyOrTooFewResultsGiveNothing() throws Exception {
        List<PairResult> two = List.of(new PairResult("A", "B", 10, null), new PairResult("A", "C", 190, null));
        assertThat(new Localizer().localize(two).threshold()).isNull();
        assertThat(new Localizer().localize(two).findings()).isEmpty();
        List<PairResult> healthy = List.of(new PairResult("A", "B", 188, null), new PairResult("A", "C", 190, null),
                new PairResult("B", "C", 185, null));
        assertThat(new Localizer().localize(healthy).findings()).isEmpty();
        // When most nodes look slow against an expectation, no one node is to blame.
        assertThat(new Localizer(400.0, 0.8).localize(healthy).slowNodes()).isEmpty();
        assertThatThrownBy(() -> new Localizer(null, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theBestOfRepeatedRunsOfOnePairCounts() throws Exception {
        List<PairResult> rs = List.of(new PairResult("A", "B", 20, null), new PairResult("B", "A", 190, null),
                new PairResult("A", "C", 189, null), new PairResult("B", "C", 191, null));
        assertThat(new Localizer().localize(rs).findings()).isEmpty();
    }

    /** No corpus file is a pairwise campaign; each alone and the whole nccl-tests folder together stay silent. */
    @Test
    void realCorpusGivesNoFinding() throws Exception {
        Corpus.assumePresent();
        Localizer localizer = new Localizer();
        for (Corpus.Entry e : Corpus.entries()) {
            Evidence ev = Evidence.builder().addText(e.file(), Corpus.read(e.file()), null).build();
            assertThat(localizer.analyze(ev)).as(e.file()).isEmpty();
        }
        Evidence all = Evidence.builder().addPath(Corpus.root().resolve("nccl-tests")).build();
        assertThat(Localizer.read(all)).as("two-node runs in the corpus").isNotEmpty();
        assertThat(localizer.analyze(all)).isEmpty();
    }

    @Test
    void localizes499500ResultsQuickly() throws Exception {
        List<String> ns = PairPlanTest.nodes(1000);
        List<PairResult> rs = new ArrayList<>();
        for (PairPlan.Pair p : PairPlan.tournament(ns).tests()) rs.add(new PairResult(p.a(), p.b(), 190, null));
        long t0 = System.nanoTime();
        assertThat(new Localizer().localize(rs).findings()).isEmpty();
        // A figure, not a limit (timed assertions fail on a loaded machine).
        System.out.println("localize: 499,500 results in " + (System.nanoTime() - t0) / 1_000_000 + " ms");
    }
}
