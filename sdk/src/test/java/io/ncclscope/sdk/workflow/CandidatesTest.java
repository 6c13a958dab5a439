package io.ncclscope.sdk.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.rules.Need;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The bounded candidates give the same first observations as keeping every one, whichever runs fail, and hold about
 * the cap when there are many.
 */
class CandidatesTest {

    private static final Need[] NEEDS = Need.values();

    @Test
    void theFirstObservationsAreThoseOfKeepingThemAllWhicheverRunsFail() {
        Random rnd = new Random(42);
        for (int trial = 0; trial < 300; trial++) {
            int cap = 1 + rnd.nextInt(40);
            Candidates c = new Candidates(cap);
            List<Observation> plain = new ArrayList<>();
            List<String> runs = new ArrayList<>();
            List<List<Observation>> oks = new ArrayList<>(), bads = new ArrayList<>();
            int items = rnd.nextInt(300);
            for (int i = 0; i < items; i++) {
                if (rnd.nextInt(3) == 0) {
                    Observation o = random(rnd, "p" + rnd.nextInt(50));
                    plain.add(o);
                    c.plain(o);
                } else {
                    String run = "run" + runs.size();
                    List<Observation> ok = new ArrayList<>(), bad = new ArrayList<>();
                    for (int k = rnd.nextInt(4); k > 0; k--) {
                        Observation o = random(rnd, run);
                        ok.add(o);
                        if (rnd.nextBoolean()) bad.add(o); // what both readings say
                    }
                    for (int k = rnd.nextInt(3); k > 0; k--) bad.add(random(rnd, run));
                    runs.add(run);
                    oks.add(ok);
                    bads.add(bad);
                    c.run(run, ok, bad);
                }
            }
            for (int f = 0; f < 4; f++) {
                Set<String> failed = new HashSet<>();
                int mode = f;
                for (String r : runs) if (mode == 1 || mode == 2 && rnd.nextBoolean() || mode == 3 && rnd.nextInt(10) == 0) failed.add(r);
                List<Observation> all = new ArrayList<>(plain);
                for (int i = 0; i < runs.size(); i++) all.addAll(failed.contains(runs.get(i)) ? bads.get(i) : oks.get(i));
                assertThat(first(c.choose(failed), cap)).as("trial %d, failed %s", trial, failed).isEqualTo(first(all, cap));
            }
        }
    }

    @Test
    void manyRunsBehindManyPlainObservationsAreLetGo() {
        Candidates c = new Candidates(500);
        for (int node = 0; node < 2000; node++) {
            String run = "node" + node + "/nccl.log";
            Observation list = new Observation(Need.NODE_LIST, null, null, List.of(new Link(null, run, 3, "ranks")));
            Observation ok = new Observation(Need.ERROR_LOG, null, null, List.of(new Link(null, run, 1, "first")));
            Observation bad = new Observation(Need.ERROR_LOG, null, "error", List.of(new Link(null, run, 1, "first")));
            c.run(run, List.of(list, ok), List.of(list, bad));
            c.plain(new Observation(Need.TOPO_MATRIX, "node" + node, null, List.of(new Link(null, "node" + node + "/topo", 1, "GPU0"))));
        }
        assertThat(c.held()).isLessThan(4 * 500);
        assertThat(c.choose(Set.of())).hasSizeGreaterThanOrEqualTo(500);
        assertThat(c.hasNodeList(Set.of())).isTrue();
    }

    @Test
    void observationsRankedAfterCapPlainOnesAreLetGoAsTheyCome() {
        Candidates c = new Candidates(10);
        Need first = NEEDS[0], last = NEEDS[NEEDS.length - 1];
        for (int i = 0; i < 40; i++) c.plain(new Observation(first, "n" + (100 + i), null, List.of(new Link(null, "a" + i, 1, "x"))));
        assertThat(c.held()).isEqualTo(10); // the prune at 4 * cap kept the first ten
        for (int i = 0; i < 1000; i++) c.plain(new Observation(last, "n" + (100 + i), null, List.of(new Link(null, "b" + i, 1, "x"))));
        assertThat(c.held()).isEqualTo(10);
        assertThat(c.choose(Set.of())).extracting(Observation::need).containsOnly(first).hasSize(10);
    }

    private static Observation random(Random rnd, String artifact) {
        Need need = NEEDS[rnd.nextInt(6)];
        String node = rnd.nextInt(3) == 0 ? null : "n" + rnd.nextInt(4);
        String value = rnd.nextBoolean() ? null : "v" + rnd.nextInt(3);
        return new Observation(need, node, value, List.of(new Link(null, artifact, rnd.nextInt(3), "t")));
    }

    /** What a workflow keeps: no repeats, canonical order, the first {@code cap}. */
    private static List<Observation> first(List<Observation> in, int cap) {
        List<Observation> s = new ArrayList<>(new LinkedHashSet<>(in));
        s.sort(Candidates.ORDER);
        return s.size() > cap ? s.subList(0, cap) : s;
    }

    @Test
    void factsFoldedInAnyOrderAreThoseMergedInSliceOrder() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 200; trial++) {
            List<String> slices = new ArrayList<>();
            if (rnd.nextBoolean()) slices.add(null);
            for (int i = 0; i < 1 + rnd.nextInt(12); i++) slices.add("node" + (i * 3 + rnd.nextInt(3)));
            List<String> distinct = new ArrayList<>(new LinkedHashSet<>(slices));
            List<Facts> facts = new ArrayList<>();
            for (int i = 0; i < distinct.size(); i++) facts.add(randomFacts(rnd));
            Facts merged = Facts.NONE;
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < distinct.size(); i++) order.add(i);
            List<Integer> sorted = new ArrayList<>(order);
            sorted.sort((a, b) -> io.ncclscope.sdk.evidence.Evidence.SLICE_NODE_ORDER.compare(distinct.get(a), distinct.get(b)));
            for (int i : sorted) merged = merged.merge(facts.get(i));
            java.util.Collections.shuffle(order, rnd);
            FactsFold fold = new FactsFold();
            for (int i : order) fold.add(distinct.get(i), facts.get(i));
            Facts folded = fold.facts();
            assertThat(folded).isEqualTo(merged);
            assertThat(List.copyOf(folded.env().keySet())).isEqualTo(List.copyOf(merged.env().keySet()));
        }
    }

    private static Facts randomFacts(Random rnd) {
        List<String> nodes = names(rnd, "host"), models = names(rnd, "GPU"), ifs = names(rnd, "eth"), hcas = names(rnd, "mlx5_");
        Map<String, String> env = new java.util.LinkedHashMap<>();
        for (int k = rnd.nextInt(4); k > 0; k--) env.put("NCCL_" + (char) ('A' + rnd.nextInt(5)), "v" + rnd.nextInt(3));
        return new Facts(nodes, rnd.nextBoolean() ? null : rnd.nextInt(9), models, ifs, names(rnd, "ib"), hcas,
                rnd.nextBoolean() ? null : "net" + rnd.nextInt(3), rnd.nextBoolean() ? null : "l" + rnd.nextInt(3), env,
                rnd.nextBoolean() ? null : "2." + rnd.nextInt(30));
    }

    private static List<String> names(Random rnd, String prefix) {
        List<String> l = new ArrayList<>();
        for (int k = rnd.nextInt(4); k > 0; k--) l.add(prefix + rnd.nextInt(6));
        java.util.Collections.sort(l);
        return l;
    }
}
