package io.ncclscope.sdk.report;

import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.report.FinalReport.ChainLink;
import io.ncclscope.sdk.report.FinalReport.FixAction;
import io.ncclscope.sdk.report.FinalReport.FixGroup;
import io.ncclscope.sdk.report.FinalReport.Observation;
import io.ncclscope.sdk.report.FinalReport.Unproven;
import io.ncclscope.sdk.rules.CommandLanguage;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.util.List;
import java.util.Locale;

/** Markdown (chat-sized) and plain text (everything) of a {@link FinalReport}. */
final class FinalText {

    private FinalText() {
    }

    static Locale locale(FinalReport r) {
        return io.ncclscope.sdk.Language.ofReport(r.language()).locale();
    }

    static String verdict(FinalReport r, Locale l) {
        return r.verdict().label(l);
    }

    /** {@code Step 3: A/B switch ...}: the number and the workflow's title of the step. */
    static String step(Unproven u, Locale l) {
        return Texts.t(l, "label.step", "n", u.step(), "title", u.stepTitle());
    }

    static String where(EvidenceLine e) {
        return e.artifact() + (e.line() > 0 ? ":" + e.line() : "");
    }

    static String icon(FindingSeverity s) {
        return switch (s) {
            case CRITICAL -> "🔴";
            case ERROR -> "🟠";
            case WARNING -> "🟡";
            case INFO -> "🔵";
        };
    }

    /** Markdown for a chat message or a ticket comment: every section, capped so it stays readable. */
    static String markdown(FinalReport r, io.ncclscope.sdk.Surface surface) {
        Locale l = locale(r);
        Markup md = Markup.MARKDOWN;
        StringBuilder sb = new StringBuilder();
        sb.append("**").append(Texts.t(l, "report.title")).append(": ").append(verdict(r, l)).append("** — ")
                .append(md.text(r.summary())).append("\n\n");
        if (r.attribution() != null) {
            sb.append(md.bold(md.text(r.attribution().text()))).append("\n");
            if (!r.attribution().commands().isEmpty()) {
                sb.append(md.text(Texts.t(l, "label.prove"))).append(":\n").append(md.codeBlock(r.attribution().commands()));
            }
            sb.append("\n");
        }
        sb.append(md.italic(md.text(CoverageText.line(r.coverage(), l)))).append("\n\n");
        sb.append("**").append(Texts.t(l, "heading.symptom")).append("**: ").append(md.text(r.symptom().statement())).append("\n");
        for (Observation o : r.symptom().observations()) {
            for (EvidenceLine e : o.evidence().subList(0, Math.min(1, o.evidence().size()))) {
                sb.append("> ").append(md.code(where(e))).append(' ').append(md.code(e.text())).append("\n");
            }
        }
        sb.append("\n**").append(Texts.t(l, "heading.chain")).append("**\n");
        if (r.chain().isEmpty()) sb.append(Texts.t(l, "label.noChain")).append("\n");
        int shown = 0;
        // A chat message leads with problems; notes (INFO) are shown only when there is no problem to show.
        boolean problems = r.chain().stream().anyMatch(c -> c.severity().atLeast(FindingSeverity.WARNING));
        for (ChainLink c : r.chain()) {
            if (shown == Renderers.MD_TOP_FINDINGS || (problems && !c.severity().atLeast(FindingSeverity.WARNING))) break;
            shown++;
            sb.append(c.index()).append(". ").append(icon(c.severity())).append(' ').append(md.bold(md.code(c.code()))).append(' ')
                    .append(md.text(c.title()));
            if (!c.subject().isEmpty()) sb.append(" — ").append(md.text(c.subject()));
            sb.append("\n   ").append(md.text(c.detail())).append("\n");
            for (EvidenceLine e : c.evidence().subList(0, Math.min(Renderers.MD_EVIDENCE_LINES - 1, c.evidence().size()))) {
                sb.append("   > ").append(md.code(where(e))).append(' ').append(md.code(e.text())).append("\n");
            }
        }
        if (r.chain().size() > shown) {
            sb.append("\n_").append(Texts.t(l, surface.key("label.moreLinks"), "count", r.chain().size() - shown)).append("_\n");
        }
        sb.append("\n**").append(Texts.t(l, "heading.fixes")).append("**\n");
        if (r.fixes().isEmpty()) sb.append(Texts.t(l, "label.noFixes")).append("\n");
        for (FixGroup g : r.fixes()) {
            sb.append("- _").append(md.text(g.title())).append("_\n");
            int n = 0;
            for (FixAction a : g.actions()) {
                if (n++ == Renderers.MD_ACTIONS_PER_AREA) {
                    sb.append("  - _").append(Texts.t(l, "label.moreActions", "count", g.actions().size() - Renderers.MD_ACTIONS_PER_AREA)).append("_\n");
                    break;
                }
                sb.append("  - ").append(Texts.t(l, a.kind() == FixArea.Kind.FIX ? "label.fix" : "label.check")).append(": ")
                        .append(md.text(a.text()));
                boolean shell = CommandLanguage.of(a.command()) == CommandLanguage.SHELL;
                if (!a.command().isEmpty() && shell) sb.append(md.itemCommand(a.command(), "    "));
                sb.append(" (").append(String.join(", ", a.codes())).append(")");
                if (!a.command().isEmpty() && !shell) sb.append(md.itemCommand(a.command(), "    "));
                sb.append("\n");
            }
        }
        sb.append("\n**").append(Texts.t(l, "heading.unproven")).append("**\n");
        if (r.unproven().isEmpty()) sb.append(Texts.t(l, "label.nothingUnproven")).append("\n");
        // Items of one step often share their commands: each command is shown once, at most two per item.
        java.util.Set<String> seen = new java.util.HashSet<>();
        int items = 0;
        for (Unproven u : r.unproven()) {
            if (items++ == Renderers.MD_UNPROVEN) {
                sb.append("- _").append(Texts.t(l, "label.moreUnproven", "count", r.unproven().size() - Renderers.MD_UNPROVEN))
                        .append("_\n");
                break;
            }
            sb.append("- ").append(md.text(step(u, l))).append(" — ").append(md.text(u.statement())).append("\n");
            List<String> cmds = u.commands().stream().filter(seen::add).limit(2).toList();
            if (!cmds.isEmpty()) {
                md.codeBlocks(cmds).lines().forEach(line -> sb.append("  ").append(line).append("\n"));
            }
        }
        return sb.toString();
    }

    /** Plain text with everything: symptom, every link with all its lines, every action, every gap, the inputs. */
    static String text(FinalReport r) {
        Locale l = locale(r);
        StringBuilder sb = new StringBuilder();
        sb.append(Texts.t(l, "report.title")).append(" — ").append(Texts.t(l, "heading.verdict")).append(": ")
                .append(verdict(r, l)).append("\n").append(r.summary()).append("\n\n");
        Renderers.attributionText(sb, r.attribution(), l, "");
        sb.append(CoverageText.block(r.coverage(), l)).append("\n");
        sb.append(Texts.t(l, "heading.symptom")).append("\n  ").append(r.symptom().statement()).append("\n");
        for (Observation o : r.symptom().observations()) {
            for (EvidenceLine e : o.evidence()) sb.append("    ").append(where(e)).append("  ").append(e.text().strip()).append("\n");
        }
        if (r.segments().stream().anyMatch(v -> v.measuredGBs() != null)) {
            sb.append("\n").append(Texts.t(l, "heading.segments")).append("\n  ").append(CoverageText.segments(r.segments(), l)).append("\n");
        }
        sb.append("\n").append(Texts.t(l, "heading.chain")).append(" (").append(r.chain().size()).append(")\n");
        if (r.chain().isEmpty()) sb.append("  ").append(Texts.t(l, "label.noChain")).append("\n");
        for (ChainLink c : r.chain()) {
            sb.append("  ").append(c.index()).append(". [").append(c.severity()).append("] ").append(c.code()).append(": ")
                    .append(c.title());
            if (!c.subject().isEmpty()) sb.append(" — ").append(c.subject());
            sb.append("\n     ").append(c.detail()).append("\n");
            for (EvidenceLine e : c.evidence()) sb.append("       ").append(where(e)).append("  ").append(e.text().strip()).append("\n");
        }
        sb.append("\n").append(Texts.t(l, "heading.fixes")).append("\n");
        if (r.fixes().isEmpty()) sb.append("  ").append(Texts.t(l, "label.noFixes")).append("\n");
        for (FixGroup g : r.fixes()) {
            sb.append("  ").append(g.title()).append("\n");
            for (FixAction a : g.actions()) {
                sb.append("    - [").append(Texts.t(l, a.kind() == FixArea.Kind.FIX ? "label.fix" : "label.check")).append("] ")
                        .append(a.text()).append("  (").append(String.join(", ", a.codes()));
                if (!a.subjects().isEmpty()) sb.append("; ").append(String.join(", ", a.subjects()));
                sb.append(")\n");
                if (!a.command().isEmpty()) sb.append(CommandLanguage.of(a.command()).prompted(a.command(), "        "));
            }
        }
        sb.append("\n").append(Texts.t(l, "heading.unproven")).append("\n");
        if (r.unproven().isEmpty()) sb.append("  ").append(Texts.t(l, "label.nothingUnproven")).append("\n");
        for (Unproven u : r.unproven()) {
            sb.append("  - ").append(step(u, l)).append(" — ").append(u.statement()).append("\n");
            u.commands().forEach(c -> sb.append(CommandLanguage.of(c).prompted(c, "        ")));
        }
        sb.append("\n");
        Renderers.inputsText(sb, r.artifacts(), r.inputs(), r.problems(), l, io.ncclscope.sdk.Surface.CLI);
        return sb.toString();
    }
}
