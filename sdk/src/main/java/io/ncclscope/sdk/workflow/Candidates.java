package io.ncclscope.sdk.workflow;

import io.ncclscope.sdk.rules.Need;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The observations that can still be among the first {@code cap} a workflow keeps ({@link Workflow#MAX_ENTRIES}, in
 * its canonical order), gathered one at a time while which runs failed is not yet known.
 *
 * <p>An observation is either plain (it will be kept whatever the diagnosis says) or belongs to one reading of a run
 * (an NCCL log or nccl-tests table read as completed, or as failed; {@link #choose} takes the reading the diagnosis
 * backs). Once at least {@code cap} observations rank before one whichever readings are chosen, that one can never be
 * kept, and it is let go: the candidates held stay near {@code cap} however many nodes are read, and {@link #choose}
 * gives the same workflow as keeping them all. A run counts towards that bound by the smaller of its two readings'
 * observations ranked before (one reading of every run is chosen). Not thread-safe.
 */
final class Candidates {

    /**
     * Need, node, value: the canonical order before the links. One lambda of ours, not {@code Comparator.comparing}
     * chains: see {@link io.ncclscope.sdk.evidence.Evidence#SLICE_ORDER}.
     */
    private static final Comparator<Observation> KEY = (a, b) -> {
        int c = a.need().compareTo(b.need());
        if (c == 0) c = (a.node() == null ? "" : a.node()).compareTo(b.node() == null ? "" : b.node());
        return c != 0 ? c : (a.value() == null ? "" : a.value()).compareTo(b.value() == null ? "" : b.value());
    };

    /** The canonical order of {@link Workflow}'s observations: need, node, value, then the links. */
    static final Comparator<Observation> ORDER = (a, b) -> {
        int c = KEY.compare(a, b);
        return c != 0 ? c : a.links().toString().compareTo(b.links().toString());
    };

    /**
     * One candidate; {@code run} null for a plain observation. Its links are written when a comparison first needs
     * them (candidates alike in need, node and value), then kept: most candidates never tie, and writing every
     * candidate's links up front was a tenth of a chat paste's workflow allocation.
     */
    private static final class Cand {
        private final Observation obs;
        private final String run;
        private final boolean failed;
        private String links;

        Cand(Observation obs, String run, boolean failed) {
            this.obs = obs;
            this.run = run;
            this.failed = failed;
        }

        Observation obs() {
            return obs;
        }

        String run() {
            return run;
        }

        boolean failed() {
            return failed;
        }

        String links() {
            if (links == null) links = obs.links().toString();
            return links;
        }
    }

    /** {@link #ORDER} with each candidate's links written once, not at every comparison. */
    private static final Comparator<Cand> CAND_ORDER = (a, b) -> {
        int c = KEY.compare(a.obs(), b.obs());
        return c != 0 ? c : a.links().compareTo(b.links());
    };

    private final int cap;
    private List<Cand> cands = new ArrayList<>();
    private int limit;
    /**
     * Since the last prune, the first candidate of the {@code cap}-th plain group held, when there are that many: a
     * candidate ranked after it has at least {@code cap} plain observations before it until the next prune, which
     * lets it go, so it is let go as it comes (counted in {@link #skipped}, so that prunes come when they would).
     */
    private Cand bound;
    private int skipped;
    /** Whether a node list was observed, plainly or in one reading of a run: asked before the cap applies. */
    private boolean nodeList;
    private final Set<String> nodeListIfOk = new HashSet<>();
    private final Set<String> nodeListIfFailed = new HashSet<>();

    /** @param cap the most observations a workflow keeps */
    Candidates(int cap) {
        this.cap = cap;
        this.limit = 4 * cap;
    }

    /** Adds an observation kept whatever the diagnosis says. */
    void plain(Observation o) {
        Made m = new Made();
        m.plain(o);
        add(m);
    }

    /**
     * Adds a run's two readings: what both say is plain, the rest depends on which is chosen.
     *
     * @param run    the run's artifact name
     * @param ok     its observations if it completed
     * @param failed its observations if it failed
     */
    void run(String run, List<Observation> ok, List<Observation> failed) {
        Made m = new Made();
        m.run(run, ok, failed);
        add(m);
    }

    /** Adds the candidates {@code made}, in the order they were made. */
    void add(Made made) {
        nodeList |= made.nodeList;
        nodeListIfOk.addAll(made.nodeListIfOk);
        nodeListIfFailed.addAll(made.nodeListIfFailed);
        for (Cand c : made.cands) add(c);
    }

    /**
     * Observations made into candidates apart from the candidates held ({@link #plain} and {@link #run} of one slice,
     * on any thread), for {@link #add(Made)} to keep in the order they were made.
     */
    static final class Made {
        private final List<Cand> cands = new ArrayList<>();
        private boolean nodeList;
        private final Set<String> nodeListIfOk = new HashSet<>();
        private final Set<String> nodeListIfFailed = new HashSet<>();

        /** As {@link Candidates#plain}. */
        void plain(Observation o) {
            if (o.need() == Need.NODE_LIST) nodeList = true;
            cands.add(new Cand(o, null, false));
        }

        /** As {@link Candidates#run}. */
        void run(String run, List<Observation> ok, List<Observation> failed) {
            Set<Observation> both = new HashSet<>(ok);
            both.retainAll(new HashSet<>(failed));
            for (Observation o : ok) {
                if (both.contains(o)) {
                    plain(o);
                } else {
                    if (o.need() == Need.NODE_LIST) nodeListIfOk.add(run);
                    cands.add(new Cand(o, run, false));
                }
            }
            for (Observation o : failed) {
                if (both.contains(o)) continue;
                if (o.need() == Need.NODE_LIST) nodeListIfFailed.add(run);
                cands.add(new Cand(o, run, true));
            }
        }
    }

    /** {@return whether a node list is among the observations once {@code failed} runs take their failed reading} */
    boolean hasNodeList(Set<String> failed) {
        if (nodeList) return true;
        for (String r : nodeListIfOk) if (!failed.contains(r)) return true;
        for (String r : nodeListIfFailed) if (failed.contains(r)) return true;
        return false;
    }

    /**
     * {@return the plain observations and the readings of {@code failed} runs (failed) and of the others (completed),
     * in canonical order: every one of them that a workflow of at most {@code cap} observations can keep}
     */
    List<Observation> choose(Set<String> failed) {
        prune();
        List<Observation> out = new ArrayList<>(cands.size());
        for (Cand c : cands) {
            if (c.run() == null || c.failed() == failed.contains(c.run())) out.add(c.obs());
        }
        return out;
    }

    /** {@return the runs whose reading can still matter: those of the candidates held, and those with a node list} */
    Set<String> runs() {
        Set<String> runs = new HashSet<>(nodeListIfOk);
        runs.addAll(nodeListIfFailed);
        for (Cand c : cands) if (c.run() != null) runs.add(c.run());
        return runs;
    }

    /** {@return how many candidates are held (for tests)} */
    int held() {
        return cands.size();
    }

    private void add(Cand c) {
        if (bound != null && CAND_ORDER.compare(c, bound) > 0) skipped++;
        else cands.add(c);
        if (cands.size() + skipped >= limit) {
            prune();
            limit = Math.max(4 * cap, 2 * cands.size());
        }
    }

    /** Sorts the candidates and lets go of those that at least {@code cap} sure observations rank before. */
    private void prune() {
        cands.sort(CAND_ORDER);
        int sure = 0; // plain observations (or runs' observations in both readings) ranked before
        int runsSure = 0; // the sum over runs of the smaller of their two readings' counts ranked before
        Map<String, int[]> perRun = new HashMap<>();
        int i = 0;
        while (i < cands.size()) {
            if (sure + runsSure >= cap) break;
            int j = i + 1;
            while (j < cands.size() && CAND_ORDER.compare(cands.get(i), cands.get(j)) == 0) j++;
            // One group of observations that rank alike: it adds at most one observation to what ranks before.
            boolean plain = false;
            String run = cands.get(i).run();
            boolean failed = cands.get(i).failed();
            boolean oneReading = true;
            Map<String, Integer> readings = new HashMap<>();
            for (int k = i; k < j; k++) {
                Cand c = cands.get(k);
                if (c.run() == null) {
                    plain = true;
                } else {
                    readings.merge(c.run(), c.failed() ? 2 : 1, (a, b) -> a | b);
                    if (readings.get(c.run()) == 3) plain = true;
                }
                if (!java.util.Objects.equals(c.run(), run) || c.failed() != failed) oneReading = false;
            }
            if (plain) {
                sure++;
            } else if (oneReading) {
                int[] n = perRun.computeIfAbsent(run, r -> new int[2]);
                int before = Math.min(n[0], n[1]);
                n[failed ? 1 : 0]++;
                runsSure += Math.min(n[0], n[1]) - before;
            }
            i = j;
        }
        if (i < cands.size()) cands = new ArrayList<>(cands.subList(0, i));
        skipped = 0;
        bound = capthPlain();
    }

    /** {@return the first candidate of the {@code cap}-th plain group of the sorted candidates; null when fewer} */
    private Cand capthPlain() {
        int plainGroups = 0;
        for (int i = 0, j; i < cands.size(); i = j) {
            j = i + 1;
            while (j < cands.size() && CAND_ORDER.compare(cands.get(i), cands.get(j)) == 0) j++;
            if (plain(i, j) && ++plainGroups == cap) return cands.get(i);
        }
        return null;
    }

    /** Whether the group {@code from..to} of sorted candidates holds a plain observation, or both readings of a run. */
    private boolean plain(int from, int to) {
        Map<String, Integer> readings = new HashMap<>();
        for (int k = from; k < to; k++) {
            Cand c = cands.get(k);
            if (c.run() == null) return true;
            if (readings.merge(c.run(), c.failed() ? 2 : 1, (a, b) -> a | b) == 3) return true;
        }
        return false;
    }
}
