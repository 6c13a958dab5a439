package io.ncclscope.sdk.compare;

import io.ncclscope.parsers.tests.Collective;
import io.ncclscope.parsers.tests.NcclTestsRow;
import io.ncclscope.sdk.diagnose.Message;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What makes two sides of a comparison say nothing about a switch: different collectives, reduction operations or
 * data types, fewer than two message sizes in common, or (where a switch is read) runs of different rank or node
 * counts. Each gives a {@code summary.notJudged.*} sentence that names the difference; the comparison is then
 * {@link Comparison.Reading#NOT_JUDGED}.
 */
final class Incomparable {

    private Incomparable() {
    }

    /**
     * {@return why two sides share no row, named: their collectives, or their size ranges; {@code fallback} when
     * neither explains it}
     */
    static Message noMatch(String labelA, List<Run> a, String labelB, List<Run> b, Message fallback) {
        Set<Collective> ca = collectives(a);
        Set<Collective> cb = collectives(b);
        ca.remove(Collective.UNKNOWN);
        cb.remove(Collective.UNKNOWN);
        if (!ca.isEmpty() && !cb.isEmpty() && ca.stream().noneMatch(cb::contains)) {
            return Message.of(Comparison.class, "summary.notJudged.collective", "a", labelA, "b", labelB,
                    "collA", names(ca), "collB", names(cb));
        }
        long[] ra = range(a);
        long[] rb = range(b);
        if (ra != null && rb != null && (ra[1] < rb[0] || rb[1] < ra[0])) {
            return sizes(labelA, ra, labelB, rb);
        }
        return fallback;
    }

    /**
     * {@return why two sides that share rows still cannot be read against each other; null when they can}
     *
     * @param coll the collective matched; {@code unknownA}/{@code unknownB}: that side's tables name none
     */
    static Message refusal(Side a, List<Run> ja, Side b, List<Run> jb, Collective coll, boolean unknownA,
                           boolean unknownB, List<RowPair> pairs, List<SwitchDiff> diffs) {
        Collective collA = unknownA ? Collective.UNKNOWN : coll;
        Collective collB = unknownB ? Collective.UNKNOWN : coll;
        Set<String> opA = values(ja, collA, true);
        Set<String> opB = values(jb, collB, true);
        if (!opA.isEmpty() && !opB.isEmpty() && opA.stream().noneMatch(opB::contains)) {
            return Message.of(Comparison.class, "summary.notJudged.op", "a", a.label(), "b", b.label(),
                    "opA", String.join(", ", opA), "opB", String.join(", ", opB));
        }
        Set<String> typeA = values(ja, collA, false);
        Set<String> typeB = values(jb, collB, false);
        if (!typeA.isEmpty() && !typeB.isEmpty() && typeA.stream().noneMatch(typeB::contains)) {
            return Message.of(Comparison.class, "summary.notJudged.type", "a", a.label(), "b", b.label(),
                    "typeA", String.join(", ", typeA), "typeB", String.join(", ", typeB));
        }
        if (pairs.size() < 2) {
            long[] ra = range(ja);
            long[] rb = range(jb);
            if (ra != null && rb != null) return sizes(a.label(), ra, b.label(), rb);
        }
        String shape = shape(a, b);
        if (shape != null && !diffs.isEmpty()) {
            return Message.of(Comparison.class, "summary.notJudged.shape." + shape, "a", a.label(), "b", b.label(),
                    "ranksA", a.ranks(), "ranksB", b.ranks(), "nodesA", a.nodes(), "nodesB", b.nodes());
        }
        return null;
    }

    /** {@return {@code ranks} when both sides' rank counts are known and differ, else {@code nodes} when their node counts do; else null} */
    static String shape(Side a, Side b) {
        if (a.ranks() != null && b.ranks() != null && !a.ranks().equals(b.ranks())) return "ranks";
        if (a.nodes() != null && b.nodes() != null && !Objects.equals(a.nodes(), b.nodes())) return "nodes";
        return null;
    }

    private static Message sizes(String labelA, long[] ra, String labelB, long[] rb) {
        return Message.of(Comparison.class, "summary.notJudged.sizes", "a", labelA, "b", labelB,
                "fromA", Comparison.size(ra[0]), "toA", Comparison.size(ra[1]), "fromB", Comparison.size(rb[0]),
                "toB", Comparison.size(rb[1]));
    }

    private static Set<Collective> collectives(List<Run> runs) {
        Set<Collective> out = new LinkedHashSet<>();
        for (Run r : runs) out.add(r.data().collective());
        return out;
    }

    private static String names(Set<Collective> cs) {
        List<String> out = cs.stream().map(Collective::toString).toList();
        return String.join(", ", out);
    }

    /** The smallest and largest message size of the runs' rows; null when none. */
    private static long[] range(List<Run> runs) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (Run r : runs) {
            for (NcclTestsRow row : r.data().rows()) {
                lo = Math.min(lo, row.size());
                hi = Math.max(hi, row.size());
            }
        }
        return lo > hi ? null : new long[] {lo, hi};
    }

    /**
     * The reduction operations (or data types) of the rows of collective {@code c}, blanks left out; {@code none} (a
     * collective that reduces nothing, all_gather) counts, so that it differs from {@code sum}.
     */
    private static Set<String> values(List<Run> runs, Collective c, boolean ops) {
        Set<String> out = new LinkedHashSet<>();
        for (Run r : runs) {
            if (r.data().collective() != c) continue;
            for (NcclTestsRow row : r.data().rows()) {
                String v = ops ? row.redop() : row.type();
                if (v != null && !v.isBlank()) out.add(v);
            }
        }
        return out;
    }
}
