package io.ncclscope.sdk.report;

import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.bandwidth.Segments;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The words of a {@link Coverage} and of the bandwidth segments, shared by every rendering: one line for a chat
 * message, one line per family for the text and HTML reports, and the segments' line in the report's language.
 */
final class CoverageText {

    private CoverageText() {
    }

    /**
     * {@return one line for a chat message: the families checked, measured but not judged, and not checked, by name}
     * ({@code Checked: errors, transport, hangs. Not checked: GPU↔NIC affinity, link health.})
     */
    static String line(Coverage c, Locale l) {
        StringJoiner line = new StringJoiner(" ");
        for (Coverage.Status status : Coverage.Status.values()) {
            List<Coverage.Check> these = c.checks().stream().filter(k -> k.status() == status).toList();
            if (!these.isEmpty()) line.add(Texts.t(l, "coverage.part." + status, "names", names(these, l)));
        }
        return line.toString();
    }

    /** {@return the gaps as one sentence ({@code Inconclusive because ...}); empty when there is none} */
    static String basis(Coverage c, Locale l) {
        if (c.gaps().isEmpty()) return "";
        return Texts.t(l, "coverage.basis", "gaps", String.join("; ", c.gaps().stream().map(Coverage.Gap::text).toList()));
    }

    /** {@return the status of one family in words (checked, not checked, not judged)} */
    static String status(Coverage.Check c, Locale l) {
        return Texts.t(l, switch (c.status()) {
            case CHECKED -> "coverage.checked";
            case NOT_JUDGED -> "coverage.notJudgedShort";
            case NOT_CHECKED -> "coverage.notChecked";
        });
    }

    /** {@return the plain-text block: a heading, one line per family, and why the verdict is inconclusive} */
    static String block(Coverage c, Locale l) {
        StringBuilder sb = new StringBuilder(Texts.t(l, "heading.coverage")).append("\n");
        for (Coverage.Check k : c.checks()) {
            sb.append("  [").append(k.checked() ? "x" : k.status() == Coverage.Status.NOT_JUDGED ? "?" : " ").append("] ")
                    .append(k.label()).append(": ").append(k.note()).append("\n");
        }
        String basis = basis(c, l);
        if (!basis.isEmpty()) sb.append("  ").append(basis).append("\n");
        return sb.toString();
    }

    private static String names(List<Coverage.Check> checks, Locale l) {
        StringJoiner j = new StringJoiner(Texts.t(l, "coverage.join"));
        checks.forEach(k -> j.add(k.label()));
        return j.toString();
    }

    /**
     * {@return the bandwidth segments in one line in {@code l}: each segment's name, its verdict in words and its
     * figures ({@code intra-node ok 380.2/400 GB/s; inter-node not measured; ...; bound: intra-node})}
     */
    static String segments(List<SegmentVerdict> verdicts, Locale l) {
        StringJoiner sb = new StringJoiner("; ");
        for (SegmentVerdict v : verdicts) {
            StringBuilder one = new StringBuilder(Texts.t(l, "segment." + Segments.name(v.segment()))).append(' ')
                    .append(Texts.t(l, "segment.verdict." + v.verdict()));
            if (v.measuredGBs() != null) {
                one.append(' ').append(String.format(Locale.ROOT, "%.1f", v.measuredGBs()));
                if (v.expectedGBs() != null) one.append(String.format(Locale.ROOT, "/%.0f", v.expectedGBs()));
                one.append(" GB/s");
            }
            sb.add(one);
        }
        Segments.bound(verdicts).ifPresent(b -> sb.add(Texts.t(l, "segment.bound") + ": "
                + Texts.t(l, "segment." + Segments.name(b.segment())) + (b.implied() ? " " + Texts.t(l, "segment.implied") : "")));
        return sb.toString();
    }
}
