package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The rank mapping of one communicator, its entries read in the order of the whole evidence, twice: the first
 * reading keeps a few numbers per size, rank and GPU, enough to tell what is wrong ({@link #settle}); the second keeps
 * only the lines and ranks of what is. So a communicator of thousands of ranks holds no entry while it is checked.
 * It finds two ranks on one GPU of one host (unless a WARN line reported that GPU, {@code dupKeys}), then, unless a
 * WARN finding already did ({@code codesFound}), ranks that disagree on the communicator's size, a rank out of range,
 * or one rank number in two processes.
 */
final class RankMappingCheck {

    /** Entry lines a rank-in-two-places finding quotes. */
    private static final int RANK_LINES = 6;

    private final String comm;
    private int seq;
    /** Per size, in the order first seen: how many entries, the first one's place in the order. */
    private final Map<Integer, int[]> sizes = new LinkedHashMap<>();
    private int outOfRange = -1;
    /** Per rank: where it was first seen and whether it was seen in another process. */
    private final Map<Integer, RankSeen> ranks = new HashMap<>();
    /** Per {@code host|busId}, in the order first seen. */
    private final Map<String, GpuSeen> gpus = new LinkedHashMap<>();

    // What the second reading keeps.
    private String mapping;
    private Integer twice;
    private final Map<Integer, TreeSet<Integer>> sizeRanks = new LinkedHashMap<>();
    private final List<CommEntry> sizeFirsts = new ArrayList<>();
    private CommEntry subject;
    private final Set<String> places = new LinkedHashSet<>();
    private final List<EvidenceLine> lines = new ArrayList<>();

    private static final class RankSeen {
        final int first;
        final String place;
        boolean elsewhere;

        RankSeen(int first, String place) {
            this.first = first;
            this.place = place;
        }
    }

    private static final class GpuSeen {
        final int rank;
        final boolean multiRankAllowed;
        /** A rank other than the first was seen on it. */
        boolean severalRanks;
        // The second reading's, for a GPU that two ranks use.
        CommEntry first;
        TreeSet<Integer> all;
        List<EvidenceLine> lines;

        GpuSeen(int rank, boolean multiRankAllowed) {
            this.rank = rank;
            this.multiRankAllowed = multiRankAllowed;
        }
    }

    RankMappingCheck(String comm) {
        this.comm = comm;
    }

    /** Reads an entry of the communicator, the first time. */
    void add(CommEntry p) {
        int at = seq++;
        if (p.nranks() != null) {
            int[] n = sizes.computeIfAbsent(p.nranks(), k -> new int[] {0, at});
            n[0]++;
            if (p.rank() >= p.nranks() && outOfRange < 0) outOfRange = at;
        }
        String place = place(p);
        RankSeen r = ranks.get(p.rank());
        if (r == null) ranks.put(p.rank(), new RankSeen(at, place));
        else if (!r.elsewhere && !r.place.equals(place)) r.elsewhere = true;
        if (p.host() != null && p.busId() != null) {
            GpuSeen g = gpus.get(gpu(p));
            if (g == null) gpus.put(gpu(p), new GpuSeen(p.rank(), p.multiRankAllowed()));
            else if (g.rank != p.rank()) g.severalRanks = true;
        }
    }

    private static String place(CommEntry p) {
        return p.host() + ":" + p.pid();
    }

    private static String gpu(CommEntry p) {
        return p.host() + "|" + p.busId();
    }

    /**
     * Decides what is wrong, after the first reading; starts the second.
     *
     * @return whether the second reading is needed (something is wrong)
     */
    boolean settle(Set<String> dupKeys, Set<String> codesFound) {
        seq = 0;
        gpus.entrySet().removeIf(en -> !en.getValue().severalRanks || en.getValue().multiRankAllowed
                || dupKeys.contains("dup|" + en.getKey()));
        for (GpuSeen g : gpus.values()) {
            g.all = new TreeSet<>();
            g.lines = new ArrayList<>();
        }
        if (!codesFound.contains(Classifier.MAPPING)) {
            if (sizes.size() > 1) {
                mapping = "mapping.nranks";
            } else if (outOfRange >= 0) {
                mapping = "mapping.range";
            } else {
                int first = Integer.MAX_VALUE;
                for (Map.Entry<Integer, RankSeen> en : ranks.entrySet()) {
                    RankSeen r = en.getValue();
                    if (r.elsewhere && r.first < first) {
                        first = r.first;
                        twice = en.getKey();
                    }
                }
                if (twice != null) mapping = "mapping.rankdup";
            }
        }
        ranks.clear();
        return !gpus.isEmpty() || mapping != null;
    }

    /** Reads an entry of the communicator, the second time (after {@link #settle}). */
    void again(CommEntry p) {
        int at = seq++;
        if ("mapping.nranks".equals(mapping) && p.nranks() != null) {
            sizeRanks.computeIfAbsent(p.nranks(), k -> new TreeSet<>()).add(p.rank());
            if (sizes.get(p.nranks())[1] == at) sizeFirsts.add(p);
        } else if ("mapping.range".equals(mapping) && at == outOfRange) {
            subject = p;
        } else if ("mapping.rankdup".equals(mapping) && twice == p.rank()) {
            if (subject == null) subject = p;
            places.add(place(p));
            if (lines.size() < RANK_LINES) lines.add(p.quote());
        }
        if (p.host() != null && p.busId() != null) {
            GpuSeen g = gpus.get(gpu(p));
            if (g != null) {
                if (g.first == null) g.first = p;
                g.all.add(p.rank());
                if (g.lines.size() < Finding.MAX_EVIDENCE) g.lines.add(p.quote());
            }
        }
    }

    /** Adds the findings to {@code out}, after the second reading (or after {@link #settle} when it needed none). */
    void finish(Consumer<Finding> out) {
        for (GpuSeen g : gpus.values()) {
            CommEntry r0 = g.first;
            Map<String, String> params = FindingText.params("node", r0.host(), "bdf", r0.busId(), "rank",
                    String.valueOf(r0.rank()));
            out.accept(new Finding(Classifier.DUPLICATE, FindingSeverity.CRITICAL,
                    new Subject(r0.host(), r0.rank(), r0.busId(), null, null, null, null),
                    Message.of(ErrorsAnalyzer.class, "duplicate.mapping", "ranks", FindingText.join(g.all),
                            "gpu", FindingText.gpu(r0.busIdRaw(), r0.busId()),
                            "node", r0.host(), "comm", comm), g.lines, params));
        }
        if (mapping == null) return;
        List<Object> args = new ArrayList<>(List.of("comm", comm));
        List<EvidenceLine> ev = new ArrayList<>();
        CommEntry r = subject;
        switch (mapping) {
            case "mapping.nranks" -> {
                StringBuilder d = new StringBuilder();
                int i = 0;
                int fewest = Integer.MAX_VALUE;
                for (Map.Entry<Integer, int[]> en : sizes.entrySet()) {
                    CommEntry first = sizeFirsts.get(i++);
                    d.append(d.length() > 0 ? "; " : "").append("nranks ").append(en.getKey()).append(": rank ")
                            .append(FindingText.list(sizeRanks.get(en.getKey())));
                    ev.add(first.quote());
                    // The odd one out is the smaller group.
                    if (en.getValue()[0] < fewest) {
                        fewest = en.getValue()[0];
                        r = first;
                    }
                }
                args.addAll(List.of("detail", d.toString()));
            }
            case "mapping.range" -> {
                args.addAll(List.of("rank", String.valueOf(r.rank()), "nranks", String.valueOf(r.nranks())));
                ev.add(r.quote());
            }
            default -> {
                args.addAll(List.of("rank", String.valueOf(twice), "places", FindingText.list(places)));
                ev.addAll(lines);
            }
        }
        Map<String, String> params = FindingText.params("node", r.host(), "rank", String.valueOf(r.rank()), "bdf", r.busId());
        Subject subject = new Subject(r.host(), r.rank(), r.busId(), null, null, null, null);
        Message detail = Message.of(ErrorsAnalyzer.class, mapping, args.toArray());
        out.accept(new Finding(Classifier.MAPPING, FindingSeverity.ERROR, subject, detail, ev, params));
    }
}
