package io.ncclscope.sdk.workflow;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.report.Markup;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.CommandLanguage;
import java.util.Locale;

/**
 * Renders a {@link WorkflowView}: Markdown for a chat (the step table, the next commands, the conclusion), plain text
 * with every checklist item and the lines behind it, the JSON state, and the brief step tables {@code analyze} shows.
 * Stateless and thread-safe.
 */
public final class WorkflowRenderers {

    /** Evidence lines and fixes shown in the Markdown conclusion. */
    public static final int MD_CONCLUSION_ITEMS = 5;

    private WorkflowRenderers() {
    }

    private static Locale locale(WorkflowView v) {
        return io.ncclscope.sdk.Language.ofReport(v.language()).locale();
    }

    private static String icon(StepStatus s) {
        return switch (s) {
            case SATISFIED -> "✅";
            case PARTIAL -> "🟡";
            case MISSING -> "⬜";
            case BLOCKED -> "⛔";
            case NOT_NEEDED -> "➖";
        };
    }

    /**
     * The JSON state (same as {@link WorkflowJson#write}).
     *
     * @param v a workflow in one language ({@link Workflow#view})
     * @return indented JSON
     */
    public static String json(WorkflowView v) {
        return Json.pretty(v) + "\n";
    }

    /**
     * One line per step: icon, number, title, status, and what blocks it.
     *
     * @param v a workflow in one language ({@link Workflow#view})
     * @return Markdown lines, one per step
     */
    public static String stepsMarkdown(WorkflowView v) {
        return stepsMarkdown(v, Markup.MARKDOWN);
    }

    /**
     * One line per step, as {@link #stepsMarkdown(WorkflowView)}, written in {@code m}.
     *
     * @param v a workflow in one language ({@link Workflow#view})
     * @param m the markup of the message the lines go into
     * @return lines in {@code m}, one per step
     */
    public static String stepsMarkdown(WorkflowView v, Markup m) {
        Locale l = locale(v);
        // Sized for the heading and each step's line at about 96 characters: grown from a title's length, the builder
        // was copied several times for every report rendered.
        StringBuilder sb = new StringBuilder(96 * (v.steps().size() + 1))
                .append(m.bold(m.text(WorkflowView.t(l, "heading.workflow")))).append(" — ")
                .append(m.text(v.summary())).append("\n");
        for (WorkflowView.StepView s : v.steps()) {
            sb.append(icon(s.status())).append(' ').append(s.step()).append(". ").append(m.text(s.title())).append(" — ")
                    .append(m.text(WorkflowView.status(s.status(), l)));
            if (!s.blockers().isEmpty()) {
                sb.append(" (").append(String.join(", ", s.blockers().stream().map(m::code).toList())).append(")");
            } else if (!s.missing().isEmpty() && s.status() == StepStatus.PARTIAL) {
                sb.append(" (").append(m.text(WorkflowView.t(l, "label.missing"))).append(": ").append(s.missing().size()).append(")");
            }
            sb.append("\n");
        }
        return sb.toString();
    }

    /**
     * The step table in plain text.
     *
     * @param v a workflow in one language ({@link Workflow#view})
     * @return the table as text
     */
    public static String stepsText(WorkflowView v) {
        Locale l = locale(v);
        StringBuilder sb = new StringBuilder(WorkflowView.t(l, "heading.workflow")).append(": ").append(v.summary()).append("\n");
        for (WorkflowView.StepView s : v.steps()) {
            sb.append("  ").append(s.step()).append(". [").append(s.status()).append("] ").append(s.title());
            if (!s.blockers().isEmpty()) sb.append(" (").append(WorkflowView.t(l, "label.blockedBy")).append(' ')
                    .append(String.join(", ", s.blockers())).append(")");
            sb.append("\n");
            for (String m : s.missing()) sb.append("     - ").append(WorkflowView.t(l, "label.missing")).append(": ").append(m).append("\n");
        }
        return sb.toString();
    }

    /**
     * Markdown for a chat: where the investigation stands, what to run next, and the conclusion so far.
     *
     * @param v a workflow in one language ({@link Workflow#view})
     * @return Markdown for a chat message
     */
    public static String markdown(WorkflowView v) {
        Locale l = locale(v);
        Markup md = Markup.MARKDOWN;
        StringBuilder sb = new StringBuilder(stepsMarkdown(v)).append("\n");
        if (!v.next().isEmpty()) {
            sb.append("**").append(WorkflowView.t(l, "label.next")).append("**\n");
            java.util.List<String> commands = new java.util.ArrayList<>();
            for (WorkflowView.CommandView c : v.next()) {
                // Where to run it is a comment of its own line, valid in the shell and in Python alike.
                boolean where = c.node() != null && !c.command().startsWith("ssh ");
                commands.add(where ? "# " + WorkflowView.t(l, "label.runOn") + ' ' + c.node() + "\n" + c.command() : c.command());
            }
            sb.append(md.codeBlocks(commands)).append("\n");
        }
        WorkflowView.ConclusionView c = v.conclusion();
        sb.append("**").append(WorkflowView.t(l, "heading.conclusion")).append("** — ").append(md.text(c.summary())).append("\n");
        int n = 0;
        for (Link e : c.evidence()) {
            if (n++ == MD_CONCLUSION_ITEMS) break;
            sb.append("> ").append(md.code(e.where()));
            if (e.code() != null) sb.append(' ').append(md.bold(md.text(e.code())));
            if (!e.text().isBlank()) sb.append(' ').append(md.code(e.text()));
            sb.append("\n");
        }
        n = 0;
        for (Action a : c.fixes()) {
            if (n++ == MD_CONCLUSION_ITEMS) break;
            sb.append("- ").append(WorkflowView.t(l, "label.fix")).append(": ").append(md.text(a.text()));
            if (a.hasCommand()) sb.append(md.itemCommand(a.command(), "  "));
            sb.append("\n");
        }
        if (!c.unproven().isEmpty()) {
            sb.append("- ").append(WorkflowView.t(l, "label.unproven")).append(": ").append(md.text(String.join("; ", c.unproven()))).append("\n");
        }
        return sb.toString();
    }

    /**
     * Plain text: every step with every checklist item, the lines behind it, and its commands; then the conclusion.
     *
     * @param v a workflow in one language ({@link Workflow#view})
     * @return plain text for a terminal
     */
    public static String text(WorkflowView v) {
        Locale l = locale(v);
        StringBuilder sb = new StringBuilder(WorkflowView.t(l, "heading.workflow")).append(": ").append(v.summary()).append("\n\n");
        for (WorkflowView.StepView s : v.steps()) {
            sb.append(s.step()).append(". ").append(s.title()).append(" [").append(WorkflowView.status(s.status(), l)).append("]");
            if (!s.blockers().isEmpty()) sb.append(" ").append(WorkflowView.t(l, "label.blockedBy")).append(' ').append(String.join(", ", s.blockers()));
            sb.append("\n");
            for (WorkflowView.CheckView ch : s.checks()) {
                sb.append("   ").append(ch.satisfied() ? "[x] " : "[ ] ").append(ch.text());
                if (!ch.required()) sb.append(" (").append(WorkflowView.t(l, "label.optional")).append(")");
                if (ch.node() != null) sb.append(" @").append(ch.node());
                sb.append("\n");
                for (Link e : ch.links()) {
                    sb.append("         ").append(e.where());
                    if (e.code() != null) sb.append(" ").append(e.code());
                    if (!e.text().isBlank()) sb.append("  ").append(e.text().strip());
                    sb.append("\n");
                }
            }
            for (WorkflowView.CommandView c : s.commands()) {
                String prompted = CommandLanguage.of(c.command()).prompted(c.command(), "   ").stripTrailing();
                int end = prompted.indexOf('\n') < 0 ? prompted.length() : prompted.indexOf('\n');
                sb.append(prompted, 0, end);
                if (c.node() != null && !c.command().startsWith("ssh ")) sb.append("    # ").append(WorkflowView.t(l, "label.runOn")).append(' ').append(c.node());
                sb.append(prompted, end, prompted.length()).append("\n");
            }
            sb.append("\n");
        }
        WorkflowView.ConclusionView c = v.conclusion();
        sb.append(WorkflowView.t(l, "heading.conclusion")).append(": ").append(c.summary()).append("\n");
        if (!c.evidence().isEmpty()) {
            sb.append("  ").append(WorkflowView.t(l, "label.evidence")).append(":\n");
            for (Link e : c.evidence()) {
                sb.append("    ").append(e.where()).append(e.code() != null ? " " + e.code() : "")
                        .append(e.text().isBlank() ? "" : "  " + e.text().strip()).append("\n");
            }
        }
        if (!c.fixes().isEmpty()) {
            sb.append("  ").append(WorkflowView.t(l, "label.fix")).append(":\n");
            for (Action a : c.fixes()) {
                sb.append("    - ").append(a.text()).append("\n");
                if (a.hasCommand()) sb.append(CommandLanguage.of(a.command()).prompted(a.command(), "      "));
            }
        }
        if (!c.unproven().isEmpty()) {
            sb.append("  ").append(WorkflowView.t(l, "label.unproven")).append(":\n");
            for (String u : c.unproven()) sb.append("    - ").append(u).append("\n");
        }
        return Markup.terminal(sb.toString());
    }
}
