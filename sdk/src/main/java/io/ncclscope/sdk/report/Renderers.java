package io.ncclscope.sdk.report;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Surface;
import io.ncclscope.sdk.bandwidth.Attribution;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.CommandLanguage;
import java.util.Locale;

/**
 * Renders a {@link Report}: Markdown sized for a chat message (verdict first, the top findings with
 * their evidence lines, then the next commands), the same message as a Slack Block Kit message or a Feishu/Lark card,
 * plain text with every finding, and JSON.
 * Stateless and thread-safe.
 */
public final class Renderers {

    /** Findings shown in full in Markdown; the rest are counted. */
    public static final int MD_TOP_FINDINGS = 5;
    /** Evidence lines shown per finding in Markdown. */
    public static final int MD_EVIDENCE_LINES = 3;
    /** Node names listed in Markdown for a finding made alike on several nodes; the rest are counted. */
    public static final int MD_NODE_NAMES = 3;
    /** Node names listed in plain text for a finding made alike on several nodes; the rest are counted (JSON lists all). */
    public static final int TEXT_NODE_NAMES = 20;
    /** Inputs listed by name in the text reports; past it, the rest are counted by kind. */
    public static final int TEXT_INPUTS_LISTED = 200;
    /** Next commands listed in Markdown. */
    public static final int MD_NEXT_COMMANDS = 6;
    /** Fix actions listed per area in the Markdown of a {@link FinalReport}. */
    public static final int MD_ACTIONS_PER_AREA = 4;
    /** What-remains-unproven items listed in the Markdown of a {@link FinalReport}. */
    public static final int MD_UNPROVEN = 5;

    private Renderers() {
    }

    /**
     * {@return the report as indented JSON}
     *
     * @param r the report
     */
    public static String json(Report r) {
        return Json.pretty(r) + "\n";
    }

    /**
     * {@return the final report as indented JSON: every component of {@link FinalReport}, the plots' SVG included}
     *
     * @param r the report
     */
    public static String json(FinalReport r) {
        return Json.pretty(r) + "\n";
    }

    /**
     * {@return the final report as Markdown for a chat message or a ticket comment: verdict, symptom, the first
     * {@link #MD_TOP_FINDINGS} links of the evidence chain, fix actions by area (at most {@link #MD_ACTIONS_PER_AREA}
     * each) and what remains unproven with its commands}
     *
     * @param r the report
     */
    public static String markdown(FinalReport r) {
        return markdown(r, Surface.CLI);
    }

    /**
     * {@return the final report as Markdown, as {@link #markdown(FinalReport)}, pointing at other forms the way
     * {@code surface} names them}
     *
     * @param r       the report
     * @param surface where it is read
     */
    public static String markdown(FinalReport r, Surface surface) {
        return FinalText.markdown(r, surface);
    }

    /**
     * {@return the final report as plain text, with every link, line, action and gap, and the inputs read}
     *
     * @param r the report
     */
    public static String text(FinalReport r) {
        return Markup.terminal(FinalText.text(r));
    }

    /**
     * {@return the final report as one self-contained HTML page: inline CSS, the busbw plots as inline SVG, no script and no
     * external resource; the verdict is a banner at the top (red for problems, green for healthy)}
     *
     * @param r the report
     */
    public static String html(FinalReport r) {
        return html(r, Surface.CLI);
    }

    /**
     * {@return the final report as one HTML page, as {@link #html(FinalReport)}, pointing at other forms the way
     * {@code surface} names them}
     *
     * @param r       the report
     * @param surface where it is read
     */
    public static String html(FinalReport r, Surface surface) {
        return FinalHtml.html(r, surface);
    }

    static Locale locale(Report r) {
        return io.ncclscope.sdk.Language.ofReport(r.language()).locale();
    }

    /**
     * {@return markdown for a chat message}
     *
     * @param r the report
     */
    public static String markdown(Report r) {
        return markdown(r, Surface.CLI);
    }

    /**
     * {@return markdown for a chat message, pointing at other forms the way {@code surface} names them}
     *
     * @param r       the report
     * @param surface where it is read
     */
    public static String markdown(Report r, Surface surface) {
        return ReportMessage.of(r, Markup.MARKDOWN, surface).joined(Markup.MARKDOWN);
    }

    /**
     * {@return a Slack Block Kit message (the body of {@code chat.postMessage} or an incoming webhook) as compact JSON:
     * the verdict as a header, the summary, then one section per paragraph of the chat message, in Slack mrkdwn}
     *
     * @param r the report
     */
    public static String slack(Report r) {
        return Json.write(ChatCards.slack(ReportMessage.of(r, Markup.SLACK_MRKDWN, Surface.REST))) + "\n";
    }

    /**
     * {@return a Feishu/Lark interactive card (the body of a custom bot webhook) as compact JSON: the verdict as a
     * coloured header, the summary and the chat message in markdown elements}
     *
     * @param r the report
     */
    public static String feishu(Report r) {
        return Json.write(ChatCards.feishu(ReportMessage.of(r, Markup.LARK_MD, Surface.REST))) + "\n";
    }

    /**
     * {@return plain text with every finding, its evidence, causes and actions}
     *
     * @param r the report
     */
    public static String text(Report r) {
        return text(r, Surface.CLI);
    }

    /**
     * {@return plain text with every finding, as {@link #text(Report)}, pointing at other forms the way
     * {@code surface} names them}
     *
     * @param r       the report
     * @param surface where it is read
     */
    public static String text(Report r, Surface surface) {
        Locale l = locale(r);
        StringBuilder sb = new StringBuilder();
        String verdict = r.verdict().label(l);
        sb.append(Texts.t(l, "heading.verdict")).append(": ").append(verdict).append("\n").append(r.summary()).append("\n\n");
        attributionText(sb, r.attribution(), l, "");
        sb.append(CoverageText.block(r.coverage(), l)).append("\n");
        if (ReportMessage.measured(r)) sb.append(ReportMessage.segmentsLabel(l)).append(": ").append(CoverageText.segments(r.segments(), l)).append("\n\n");
        if (!r.findings().isEmpty()) {
            sb.append(Texts.t(l, "heading.findings")).append(" (").append(r.findings().size()).append(")\n");
            int i = 1;
            for (LocalizedFinding f : r.findings()) {
                sb.append("\n").append(i++).append(". [").append(f.severity()).append("] ").append(f.code()).append(": ").append(f.title()).append("\n");
                String subject = Texts.subject(l, f, TEXT_NODE_NAMES);
                if (!subject.isEmpty()) sb.append("   ").append(Texts.t(l, "label.subject")).append(": ").append(subject).append("\n");
                sb.append("   ").append(f.detail()).append("\n");
                if (!f.evidence().isEmpty()) {
                    sb.append("   ").append(Texts.t(l, "label.evidence")).append(":\n");
                    for (EvidenceLine e : f.evidence()) {
                        sb.append("     ").append(e.artifact()).append(e.line() > 0 ? ":" + e.line() : "").append("  ").append(e.text().strip()).append("\n");
                    }
                }
                sb.append("   ").append(Texts.t(l, "label.causes")).append(":\n");
                for (String c : f.causes()) sb.append("     - ").append(c).append("\n");
                sb.append("   ").append(Texts.t(l, "label.actions")).append(":\n");
                int k = 1;
                for (Action a : f.actions()) {
                    sb.append("     ").append(k++).append(". ").append(a.text()).append("\n");
                    if (a.hasCommand()) sb.append(CommandLanguage.of(a.command()).prompted(a.command(), "        "));
                }
            }
            sb.append("\n");
        }
        if (r.workflow() != null) sb.append(io.ncclscope.sdk.workflow.WorkflowRenderers.stepsText(r.workflow())).append("\n");
        inputsText(sb, r.artifacts(), r.inputs(), r.problems(), l, surface);
        return Markup.terminal(sb.toString());
    }
    /** The kind of an input as listed: its id, or words saying it is no known tool's output (never "unknown"). */
    static String kindLabel(String kind, Locale l) {
        return io.ncclscope.parsers.Kind.UNKNOWN.id().equals(kind) ? Texts.t(l, "label.unknownKind") : kind;
    }

    /**
     * The limiting segment and what each cause found explains ({@link Attribution}), with the commands that prove it,
     * as plain-text lines indented by {@code indent}; nothing when no segment is slow ({@code a} null).
     */
    static void attributionText(StringBuilder sb, BandwidthAttribution a, Locale l, String indent) {
        if (a == null) return;
        sb.append(indent).append(a.text()).append("\n");
        if (!a.commands().isEmpty()) {
            sb.append(indent).append(Texts.t(l, "label.prove")).append(":\n");
            for (String c : a.commands()) sb.append(CommandLanguage.of(c).prompted(c, indent + "  "));
        }
        sb.append("\n");
    }

    /**
     * The plain-text list of what was read and what could not be, shared by both text reports. Past
     * {@link #TEXT_INPUTS_LISTED} inputs (a cluster bundle reads tens of thousands), the first ones are listed and the
     * rest counted by kind; the JSON lists up to {@link Report#MAX_ARTIFACTS_LISTED} and counts every one by kind ({@link Report#inputs()}).
     */
    static void inputsText(StringBuilder sb, java.util.List<Report.ArtifactSummary> artifacts, Report.InputTally inputs,
            java.util.List<io.ncclscope.sdk.evidence.Evidence.Problem> problems, Locale l, Surface surface) {
        sb.append(Texts.t(l, "heading.inputs")).append(" (").append(inputs.count()).append(")\n");
        // Unlisted by kind: every input's kind counted, less those listed.
        java.util.Map<String, Integer> unlisted = new java.util.TreeMap<>(inputs.kinds());
        int listed = 0;
        for (Report.ArtifactSummary a : artifacts) {
            if (listed >= TEXT_INPUTS_LISTED) break;
            listed++;
            unlisted.merge(a.kind(), -1, Integer::sum);
            sb.append("  ").append(a.name()).append("  ").append(kindLabel(a.kind(), l));
            if (a.node() != null) sb.append("  @").append(a.node());
            if (a.errors() > 0 && !io.ncclscope.parsers.Kind.UNKNOWN.id().equals(a.kind())) {
                sb.append("  (").append(Texts.t(l, "label.parseErrors")).append(")");
            }
            sb.append("\n");
        }
        unlisted.values().removeIf(n -> n <= 0);
        if (!unlisted.isEmpty()) {
            java.util.StringJoiner kinds = new java.util.StringJoiner(", ");
            unlisted.forEach((k, n) -> kinds.add(kindLabel(k, l) + " " + n));
            sb.append("  ").append(Texts.t(l, surface.key("label.moreInputs"), "count", inputs.count() - listed, "kinds", kinds))
                    .append("\n");
        }
        if (!problems.isEmpty()) {
            sb.append(Texts.t(l, "heading.unreadable")).append("\n");
            problems.forEach(p -> sb.append("  ").append(p.name()).append(": ").append(p.message()).append("\n"));
        }
    }
}
