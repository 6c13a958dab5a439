package io.ncclscope.sdk.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.ToDoubleBiFunction;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The schedules: disjoint rounds, every pair once, and how few rounds they need at 1,000 nodes. */
class PairPlanTest {

    static List<String> nodes(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> String.format("gpu%04d", i)).toList();
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4, 7, 8, 9, 16, 33})
    void tournamentTestsEveryPairOnceInDisjointRounds(int n) {
        PairPlan p = PairPlan.tournament(nodes(n));
        assertThat(p.rounds()).hasSize(n % 2 == 0 ? n - 1 : n);
        Set<String> seen = new HashSet<>();
        for (PairPlan.Round r : p.rounds()) {
            Set<String> busy = new HashSet<>();
            for (PairPlan.Pair pair : r.pairs()) {
                assertThat(busy.add(pair.a())).isTrue();
                assertThat(busy.add(pair.b())).isTrue();
                assertThat(seen.add(Localization.key(pair.a(), pair.b()))).isTrue();
            }
            assertThat(r.pairs()).hasSize(n / 2);
            assertThat(r.idle()).hasSize(n % 2);
        }
        assertThat(seen).hasSize((int) PairPlan.allPairs(n));
    }

    @Test
    void screenTestsEveryNodeAlsoForOddCounts() {
        PairPlan p = PairPlan.screen(nodes(7));
        assertThat(p.rounds()).hasSize(2);
        assertThat(Launchers.nodesOf(p.tests())).hasSize(7);
        assertThat(PairPlan.screen(nodes(8)).rounds()).hasSize(1);
    }

    @Test
    void retestPairsEachSuspectWithDistinctGoodNodesAndNoNodeTwiceInARound() {
        PairPlan p = PairPlan.retest(List.of("s1", "s2", "s3"), List.of("g1", "g2", "g3", "g4"), 2);
        assertThat(p.tests()).hasSize(6);
        for (String s : List.of("s1", "s2", "s3")) {
            assertThat(p.tests().stream().filter(t -> t.a().equals(s)).map(PairPlan.Pair::b).distinct()).hasSize(2);
        }
        for (PairPlan.Round r : p.rounds()) {
            assertThat(Launchers.nodesOf(r.pairs())).hasSize(2 * r.pairs().size());
        }
        assertThat(p.rounds().size()).isLessThanOrEqualTo(3);
        assertThatThrownBy(() -> PairPlan.retest(List.of("s1"), List.of(), 2)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Simulated busbw: healthy 190 GB/s with a little deterministic jitter, the slow node at 45, the slow path at 90. */
    static ToDoubleBiFunction<String, String> fabric(String slowNode, String pathA, String pathB) {
        return (a, b) -> {
            if (a.equals(slowNode) || b.equals(slowNode)) return 45;
            if (a.equals(pathA) && b.equals(pathB) || a.equals(pathB) && b.equals(pathA)) return 90;
            return 185 + Math.floorMod((a + b).hashCode(), 11);
        };
    }

    static List<PairResult> run(PairPlan plan, ToDoubleBiFunction<String, String> bw) {
        List<PairResult> out = new ArrayList<>();
        for (PairPlan.Pair p : plan.tests()) out.add(new PairResult(p.a(), p.b(), bw.applyAsDouble(p.a(), p.b()), null));
        return out;
    }

    /**
     * The numbers at 1,000 nodes. All pairs one at a time: 499,500 tests in 499,500 sequential steps. The
     * tournament: the same 499,500 tests, but in 999 rounds of 500 concurrent pairs, and it finds both a slow
     * node and a slow path exactly.
     */
    @Test
    void tournamentAt1000NodesFindsTheSlowNodeAndTheSlowPathIn999Rounds() {
        List<String> ns = nodes(1000);
        PairPlan plan = PairPlan.tournament(ns);
        assertThat(plan.rounds()).hasSize(999);
        assertThat(plan.tests()).hasSize(499_500);
        assertThat(PairPlan.allPairs(1000)).isEqualTo(499_500L);
        long t0 = System.nanoTime();
        Localization l = new Localizer().localize(run(plan, fabric("gpu0417", "gpu0023", "gpu0871")));
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertThat(l.slowNodes()).containsExactly("gpu0417");
        assertThat(l.slowPairs()).extracting(r -> Localization.key(r.a(), r.b()))
                .containsExactly(Localization.key("gpu0023", "gpu0871"));
        assertThat(l.findings()).extracting(f -> f.code()).containsExactlyInAnyOrder("SLOW_NODE", "SLOW_PAIR");
        // A figure, not a limit (timed assertions fail on a loaded machine).
        System.out.println("localize 499,500 results with a slow node and a slow path: " + ms + " ms");
    }

    /**
     * The smarter first pass for a slow node: one screening round (500 pairs at once) and a retest of the two
     * nodes of the slow pair against two known-good nodes each (1 to 2 rounds, 4 tests): 2 to 3 rounds and
     * 504 tests instead of 999 rounds, and still exact for a slow node. It cannot find a slow path unless that
     * pair happens to meet in the screening round: paths need the full tournament.
     */
    @Test
    void screenThenRetestFindsASlowNodeAt1000NodesInThreeRounds() {
        List<String> ns = nodes(1000);
        var bw = fabric("gpu0417", "none", "none");
        PairPlan screen = PairPlan.screen(ns);
        assertThat(screen.rounds()).hasSize(1);
        assertThat(screen.tests()).hasSize(500);
        Localizer localizer = new Localizer();
        List<PairResult> results = run(screen, bw);
        Localization first = localizer.localize(results);
        assertThat(first.slowNodes()).isEmpty();
        assertThat(first.suspects()).hasSize(2).contains("gpu0417");
        PairPlan second = PairPlan.retest(first.suspects(), first.good(), 2);
        assertThat(second.tests()).hasSize(4);
        assertThat(second.rounds().size()).isLessThanOrEqualTo(2);
        results.addAll(run(second, bw));
        Localization l = localizer.localize(results);
        assertThat(l.slowNodes()).containsExactly("gpu0417");
        assertThat(l.slowPairs()).isEmpty();
        int rounds = screen.rounds().size() + second.rounds().size();
        int tests = screen.tests().size() + second.tests().size();
        assertThat(rounds).isLessThanOrEqualTo(3);
        assertThat(tests).isEqualTo(504);
        assertThat(screen.then(second).rounds()).hasSize(rounds);
    }

    @Test
    void aSlowPathInTheScreeningRoundIsUnconfirmedUntilTheRetestClearsBothNodes() {
        List<String> ns = nodes(1000);
        PairPlan screen = PairPlan.screen(ns);
        PairPlan.Pair met = screen.tests().get(7);
        var bw = fabric("none", met.a(), met.b());
        List<PairResult> results = run(screen, bw);
        Localizer localizer = new Localizer();
        Localization first = localizer.localize(results);
        assertThat(first.suspects()).containsExactlyInAnyOrder(met.a(), met.b());
        results.addAll(run(PairPlan.retest(first.suspects(), first.good(), 2), bw));
        Localization l = localizer.localize(results);
        assertThat(l.slowNodes()).isEmpty();
        assertThat(l.slowPairs()).hasSize(1);
        assertThat(l.suspects()).isEmpty();
    }
}
