package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The rank mapping of one communicator, from its entries in the order of the whole evidence (the pass keeps every
 * log's entries until the end, so the check reads the list it is given). It finds two ranks on one GPU of one host
 * (unless a WARN line reported that GPU, {@code dupKeys}), then, unless a WARN finding already did
 * ({@code codesFound}), ranks that disagree on the communicator's size, a rank out of range, or one rank number in two
 * processes.
 */
final class RankMappingCheck {

    /** Entry lines a rank-in-two-places finding quotes. */
    private static final int RANK_LINES = 6;

    private RankMappingCheck() {
    }

    /**
     * Adds the findings of communicator {@code comm} to {@code out}.
     *
     * @param entries    its entries, in the order of the whole evidence
     * @param dupKeys    the GPUs a WARN line reported shared ({@code dup|host|busId})
     * @param codesFound the codes of the findings made before
     */
    static void check(String comm, List<CommEntry> entries, Set<String> dupKeys, Set<String> codesFound,
            Consumer<Finding> out) {
        sharedGpus(comm, entries, dupKeys, out);
        if (codesFound.contains(Classifier.MAPPING)) return;
        Map<Integer, List<CommEntry>> bySize = new LinkedHashMap<>();
        Map<Integer, List<CommEntry>> byRank = new LinkedHashMap<>();
        CommEntry outOfRange = null;
        for (CommEntry e : entries) {
            if (e.nranks() != null) {
                bySize.computeIfAbsent(e.nranks(), k -> new ArrayList<>()).add(e);
                if (outOfRange == null && e.rank() >= e.nranks()) outOfRange = e;
            }
            byRank.computeIfAbsent(e.rank(), k -> new ArrayList<>()).add(e);
        }
        if (bySize.size() > 1) {
            sizes(comm, bySize, out);
        } else if (outOfRange != null) {
            out.accept(finding(outOfRange, List.of(outOfRange.quote()), "mapping.range", "comm", comm,
                    "rank", String.valueOf(outOfRange.rank()), "nranks", String.valueOf(outOfRange.nranks())));
        } else {
            // The rank first seen of those seen in another process too: entries come in order, so the first such list.
            for (Map.Entry<Integer, List<CommEntry>> en : byRank.entrySet()) {
                Set<String> places = new LinkedHashSet<>();
                for (CommEntry e : en.getValue()) places.add(e.host() + ":" + e.pid());
                if (places.size() < 2) continue;
                List<EvidenceLine> lines = en.getValue().stream().limit(RANK_LINES).map(CommEntry::quote).toList();
                out.accept(finding(en.getValue().get(0), lines, "mapping.rankdup", "comm", comm,
                        "rank", String.valueOf(en.getKey()), "places", FindingText.list(places)));
                return;
            }
        }
    }

    /** Ranks that disagree on the size: each size's ranks, the odd one out (the smaller group) the subject. */
    private static void sizes(String comm, Map<Integer, List<CommEntry>> bySize, Consumer<Finding> out) {
        StringBuilder detail = new StringBuilder();
        List<EvidenceLine> ev = new ArrayList<>();
        CommEntry subject = null;
        int fewest = Integer.MAX_VALUE;
        for (Map.Entry<Integer, List<CommEntry>> en : bySize.entrySet()) {
            List<CommEntry> group = en.getValue();
            Set<Integer> ranks = new TreeSet<>();
            for (CommEntry e : group) ranks.add(e.rank());
            detail.append(detail.length() > 0 ? "; " : "").append("nranks ").append(en.getKey()).append(": rank ")
                    .append(FindingText.list(ranks));
            ev.add(group.get(0).quote());
            if (group.size() < fewest) {
                fewest = group.size();
                subject = group.get(0);
            }
        }
        out.accept(finding(subject, ev, "mapping.nranks", "comm", comm, "detail", detail.toString()));
    }

    private static Finding finding(CommEntry r, List<EvidenceLine> ev, String key, Object... args) {
        Map<String, String> params = FindingText.params("node", r.host(), "rank", String.valueOf(r.rank()), "bdf", r.busId());
        Subject subject = new Subject(r.host(), r.rank(), r.busId(), null, null, null, null);
        return new Finding(Classifier.MAPPING, FindingSeverity.ERROR, subject, Message.of(ErrorsAnalyzer.class, key, args),
                ev, params);
    }

    /** GPUs of one host that two ranks use, where the first entry's log does not let ranks share a GPU. */
    private static void sharedGpus(String comm, List<CommEntry> entries, Set<String> dupKeys, Consumer<Finding> out) {
        Map<String, List<CommEntry>> byGpu = new LinkedHashMap<>();
        for (CommEntry e : entries) {
            if (e.host() != null && e.busId() != null) {
                byGpu.computeIfAbsent(e.host() + "|" + e.busId(), k -> new ArrayList<>()).add(e);
            }
        }
        for (Map.Entry<String, List<CommEntry>> en : byGpu.entrySet()) {
            List<CommEntry> on = en.getValue();
            CommEntry r0 = on.get(0);
            Set<Integer> ranks = new TreeSet<>();
            for (CommEntry e : on) ranks.add(e.rank());
            if (ranks.size() < 2 || r0.multiRankAllowed() || dupKeys.contains("dup|" + en.getKey())) continue;
            List<EvidenceLine> lines = on.stream().limit(Finding.MAX_EVIDENCE).map(CommEntry::quote).toList();
            Map<String, String> params = FindingText.params("node", r0.host(), "bdf", r0.busId(), "rank",
                    String.valueOf(r0.rank()));
            out.accept(new Finding(Classifier.DUPLICATE, FindingSeverity.CRITICAL,
                    new Subject(r0.host(), r0.rank(), r0.busId(), null, null, null, null),
                    Message.of(ErrorsAnalyzer.class, "duplicate.mapping", "ranks", FindingText.join(ranks),
                            "gpu", FindingText.gpu(r0.busIdRaw(), r0.busId()), "node", r0.host(), "comm", comm),
                    lines, params));
        }
    }
}
