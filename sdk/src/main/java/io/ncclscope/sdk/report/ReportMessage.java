package io.ncclscope.sdk.report;

import io.ncclscope.sdk.Language;
import io.ncclscope.sdk.bandwidth.SegmentVerdict;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.workflow.WorkflowRenderers;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The chat-sized message of a {@link Report} in one markup, before it is laid out: the title ({@code ncclscope:
 * PROBLEMS FOUND}), the lead sentence, and the paragraphs (the bandwidth segments, the top findings with their lines,
 * the workflow's steps, the next commands). Markdown joins them; a Slack message gives each paragraph a section; a
 * Feishu card puts them in one markdown element. What to show is decided here once, for every target.
 *
 * @param verdict    the report's verdict
 * @param title      the verdict in words, plain text ({@code ncclscope: PROBLEMS FOUND})
 * @param lead       the summary sentence, in the markup
 * @param paragraphs the body, in the markup, each without a trailing newline
 */
record ReportMessage(Verdict verdict, String title, String lead, List<String> paragraphs) {

    ReportMessage {
        paragraphs = List.copyOf(paragraphs);
    }

    /** {@return the message of {@code r} written in {@code m}, naming other forms as {@code surface} does} */
    static ReportMessage of(Report r, Markup m, io.ncclscope.sdk.Surface surface) {
        Locale l = Renderers.locale(r);
        List<String> paras = new ArrayList<>();
        BandwidthAttribution limit = r.attribution();
        if (limit != null) {
            StringBuilder sb = new StringBuilder(m.bold(m.text(limit.text())));
            if (!limit.commands().isEmpty()) {
                sb.append("\n").append(m.text(Texts.t(l, "label.prove"))).append(":\n")
                        .append(m.codeBlocks(limit.commands()).stripTrailing());
            }
            paras.add(sb.toString());
        }
        paras.add(m.italic(m.text(CoverageText.line(r.coverage(), l))));
        if (measured(r)) {
            paras.add(m.italic(m.text(segmentsLabel(l) + ": " + CoverageText.segments(r.segments(), l))));
        }
        int shown = 0;
        Set<String> next = new LinkedHashSet<>();
        // A chat message leads with problems; INFO notes are shown only when there is no problem to show.
        boolean problems = r.findings().stream().anyMatch(f -> f.severity().atLeast(FindingSeverity.WARNING));
        for (LocalizedFinding f : r.findings()) {
            if (shown == Renderers.MD_TOP_FINDINGS || (problems && !f.severity().atLeast(FindingSeverity.WARNING))) break;
            shown++;
            paras.add(finding(f, m, l));
            if (f.severity().atLeast(FindingSeverity.WARNING)) {
                for (Action a : f.actions()) {
                    if (a.hasCommand()) next.add(a.command());
                }
            }
        }
        int more = r.findings().size() - shown;
        if (more > 0) paras.add(m.italic(m.text(Texts.t(l, surface.key("label.more"), "count", more))));
        if (r.workflow() != null) paras.add(WorkflowRenderers.stepsMarkdown(r.workflow(), m).stripTrailing());
        StringBuilder sb = new StringBuilder(m.bold(m.text(Texts.t(l, "heading.next")))).append("\n");
        if (next.isEmpty()) {
            sb.append(m.text(Texts.t(l, "label.noNext")));
        } else {
            sb.append(m.codeBlocks(next.stream().limit(Renderers.MD_NEXT_COMMANDS).toList()).stripTrailing());
        }
        paras.add(sb.toString());
        return new ReportMessage(r.verdict(), "ncclscope: " + r.verdict().label(l), m.text(r.summary()), paras);
    }

    /** One finding: icon, code, title and subject; the detail; the first evidence lines as quotes. */
    private static String finding(LocalizedFinding f, Markup m, Locale l) {
        StringBuilder sb = new StringBuilder();
        sb.append(icon(f.severity())).append(' ').append(m.bold(m.code(f.code()))).append(' ').append(m.text(f.title()));
        String subject = Texts.subject(l, f, Renderers.MD_NODE_NAMES);
        if (!subject.isEmpty()) sb.append(" — ").append(m.text(subject));
        sb.append("\n").append(m.text(f.detail()));
        int n = 0;
        for (EvidenceLine e : f.evidence()) {
            if (n++ == Renderers.MD_EVIDENCE_LINES) break;
            sb.append("\n> ").append(m.code(e.artifact() + (e.line() > 0 ? ":" + e.line() : ""))).append(' ')
                    .append(m.code(e.text()));
        }
        return sb.toString();
    }

    /** {@return the whole message as one text: the title and lead on the first line, the paragraphs after} */
    String joined(Markup m) {
        // A joiner writes the message once, at its exact size: String.join and a concatenation copied the body twice.
        StringJoiner message = new StringJoiner("\n\n", "", "\n");
        message.add(m.bold(m.text(title)) + " — " + lead);
        for (String p : paragraphs) message.add(p);
        return message.toString();
    }

    static String icon(FindingSeverity s) {
        return switch (s) {
            case CRITICAL -> "🔴";
            case ERROR -> "🟠";
            case WARNING -> "🟡";
            case INFO -> "🔵";
        };
    }

    static String segmentsLabel(Locale l) {
        return Language.of(l) == Language.SIMPLIFIED_CHINESE ? "三段带宽" : "Bandwidth segments";
    }

    /** Whether any bandwidth segment was measured (a report of logs only shows no segment line). */
    static boolean measured(Report r) {
        return r.segments().stream().anyMatch(v -> !SegmentVerdict.NOT_MEASURED.equals(v.verdict()));
    }
}
