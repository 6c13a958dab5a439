package io.ncclscope.sdk.localize;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A schedule of two-node tests: rounds of disjoint pairs that can run at the same time.
 *
 * <p>{@link #tournament} is the round-robin tournament (circle method): every pair exactly once in N−1 rounds of
 * N/2 disjoint pairs (odd N: one node sits out per round). It finds a slow node and a slow path. {@link #screen} is
 * its first round only, N/2 tests in one round: enough to find a slow node (its one pair is slow) but not a slow
 * path. {@link #retest} is the second pass: each suspect against known-good nodes, so a slow pair is split into
 * "this node" or "the path between them".
 *
 * @param nodes  every node of the plan, in order
 * @param rounds the rounds, numbered from 1
 */
public record PairPlan(List<String> nodes, List<Round> rounds) {

    /** Two nodes tested together; {@code a} and {@code b} as the plan ordered them. */
    public record Pair(String a, String b) {
        /**
         * Creates the pair.
         *
         * @param a one node
         * @param b the other node
         * @throws NullPointerException when a node is null
         * @throws IllegalArgumentException when {@code a} equals {@code b}
         */
        public Pair {
            Objects.requireNonNull(a, "a");
            Objects.requireNonNull(b, "b");
            if (a.equals(b)) throw new IllegalArgumentException("a pair needs two nodes: " + a);
        }

        /** {@return the file-name form, {@code A__B}} */
        public String label() {
            return a + "__" + b;
        }

        /**
         * {@return whether this pair joins {@code x} and {@code y}, in either order}
         *
         * @param x a node
         * @param y another node
         */
        public boolean joins(String x, String y) {
            return a.equals(x) && b.equals(y) || a.equals(y) && b.equals(x);
        }
    }

    /**
     * One round: pairs that share no node and run concurrently.
     *
     * @param number 1-based
     * @param pass   {@code tournament}, {@code screen} or {@code retest}
     * @param pairs  the pairs
     * @param idle   nodes of the plan not tested in this round
     */
    public record Round(int number, String pass, List<Pair> pairs, List<String> idle) {
        /**
         * Creates the record: copies lists and maps into unmodifiable ones.
         *
         * @param number 1-based
         * @param pass   {@code tournament}, {@code screen} or {@code retest}
         * @param pairs  the pairs
         * @param idle   nodes of the plan not tested in this round
         */
        public Round {
            pairs = List.copyOf(pairs);
            idle = List.copyOf(idle);
        }
    }

    /**
     * Creates the record: copies lists and maps into unmodifiable ones.
     *
     * @param nodes  every node of the plan, in order
     * @param rounds the rounds, numbered from 1
     */
    public PairPlan {
        nodes = List.copyOf(nodes);
        rounds = List.copyOf(rounds);
    }

    /**
     * {@return the full round-robin tournament over {@code nodes}: N−1 rounds (N rounds for odd N), every pair once}
     *
     * @param nodes the nodes to pair
     */
    public static PairPlan tournament(List<String> nodes) {
        List<String> ns = distinct(nodes);
        return new PairPlan(ns, circle(ns, "tournament", Integer.MAX_VALUE));
    }

    /**
     * {@return the first round of the tournament only: every node once} With odd N the node that sits out is tested in a
     * second, one-pair round with the first node, so that no node goes unscreened.
     *
     * @param nodes the nodes to pair
     */
    public static PairPlan screen(List<String> nodes) {
        List<String> ns = distinct(nodes);
        List<Round> rounds = new ArrayList<>(circle(ns, "screen", 1));
        if (ns.size() >= 3 && !rounds.get(0).idle().isEmpty()) {
            String idle = rounds.get(0).idle().get(0);
            List<Pair> extra = List.of(new Pair(idle, idle.equals(ns.get(0)) ? ns.get(1) : ns.get(0)));
            rounds.add(new Round(2, "screen", extra, idleOf(ns, extra)));
        }
        return new PairPlan(ns, rounds);
    }

    /**
     * {@return the second pass: each suspect against {@code partners} distinct known-good nodes (fewer when fewer are
     * known), never two tests of one node in a round} Suspects that are also in {@code good} are ignored.
     *
     * @param suspects the nodes to retest
     * @param good     nodes known to be good
     * @param partners good partners per suspect
     * @throws IllegalArgumentException when there are suspects but no known-good node
     */
    public static PairPlan retest(Collection<String> suspects, Collection<String> good, int partners) {
        List<String> s = distinct(suspects);
        List<String> g = distinct(good);
        s.removeAll(g);
        if (!s.isEmpty() && g.isEmpty()) throw new IllegalArgumentException("no known-good node to retest against");
        List<Pair> wanted = new ArrayList<>();
        int k = Math.min(partners, g.size());
        for (int i = 0; i < s.size(); i++) {
            for (int j = 0; j < k; j++) {
                // Spread suspects over different good nodes so that one round holds many of them.
                wanted.add(new Pair(s.get(i), g.get((i + j * Math.max(1, s.size())) % g.size())));
            }
        }
        List<String> all = new ArrayList<>(s);
        all.addAll(g);
        return new PairPlan(all, greedyRounds(wanted, all, "retest"));
    }

    /**
     * {@return the second pass after an earlier one: the unresolved suspects of {@code results}, each against
     * known-good nodes of those results that are among {@code hosts} (any of its known-good nodes when none is)}
     * An empty plan when the results leave no suspect.
     *
     * @param results  the localization of the earlier pass
     * @param hosts    the nodes the retest may use
     * @param partners good partners per suspect
     * @throws IllegalArgumentException when there are suspects but no known-good node
     */
    public static PairPlan retest(Localization results, Collection<String> hosts, int partners) {
        List<String> good = results.good().stream().filter(hosts::contains).toList();
        return retest(results.suspects(), good.isEmpty() ? results.good() : good, partners);
    }

    /** {@return every test of the plan, round by round} */
    public List<Pair> tests() {
        return rounds.stream().flatMap(r -> r.pairs().stream()).toList();
    }

    /**
     * {@return how many single two-node tests testing all pairs one at a time takes: N(N−1)/2}
     *
     * @param n node count
     */
    public static long allPairs(int n) {
        return (long) n * (n - 1) / 2;
    }

    /**
     * {@return this plan followed by {@code next}, rounds renumbered}
     *
     * @param next the plan to run after this one
     */
    public PairPlan then(PairPlan next) {
        List<Round> rs = new ArrayList<>(rounds);
        for (Round r : next.rounds()) rs.add(new Round(rs.size() + 1, r.pass(), r.pairs(), idleOf(nodes, r.pairs())));
        return new PairPlan(nodes, rs);
    }

    private static List<String> distinct(Collection<String> nodes) {
        return new ArrayList<>(new LinkedHashSet<>(nodes));
    }

    private static List<Round> circle(List<String> ns, String pass, int maxRounds) {
        List<String> ring = new ArrayList<>(ns);
        if (ring.size() % 2 == 1) ring.add(null); // the bye
        int n = ring.size();
        List<Round> rounds = new ArrayList<>();
        for (int r = 0; r < n - 1 && rounds.size() < maxRounds; r++) {
            List<Pair> pairs = new ArrayList<>(n / 2);
            List<String> idle = new ArrayList<>(1);
            for (int i = 0; i < n / 2; i++) {
                String x = ring.get(i), y = ring.get(n - 1 - i);
                if (x == null || y == null) idle.add(x == null ? y : x);
                else pairs.add(new Pair(x, y));
            }
            rounds.add(new Round(r + 1, pass, pairs, idle));
            // Keep position 0 fixed, rotate the rest by one.
            ring.add(1, ring.remove(n - 1));
        }
        return rounds;
    }

    private static List<Round> greedyRounds(List<Pair> wanted, List<String> all, String pass) {
        List<Round> rounds = new ArrayList<>();
        List<Pair> left = new ArrayList<>(wanted);
        while (!left.isEmpty()) {
            Set<String> busy = new HashSet<>();
            List<Pair> round = new ArrayList<>();
            List<Pair> later = new ArrayList<>();
            for (Pair p : left) {
                if (!busy.contains(p.a()) && !busy.contains(p.b())) {
                    busy.add(p.a());
                    busy.add(p.b());
                    round.add(p);
                } else {
                    later.add(p);
                }
            }
            rounds.add(new Round(rounds.size() + 1, pass, round, idleOf(all, round)));
            left = later;
        }
        return rounds;
    }

    private static List<String> idleOf(List<String> all, List<Pair> pairs) {
        Set<String> busy = new HashSet<>();
        for (Pair p : pairs) {
            busy.add(p.a());
            busy.add(p.b());
        }
        return all.stream().filter(x -> !busy.contains(x)).toList();
    }
}
