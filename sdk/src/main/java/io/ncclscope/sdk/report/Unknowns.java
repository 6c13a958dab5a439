package io.ncclscope.sdk.report;

import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.report.FinalReport.Unproven;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.RuleCatalog;
import io.ncclscope.sdk.workflow.Workflow;
import io.ncclscope.sdk.workflow.WorkflowView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What remains unproven: the items the five-step {@link Workflow} still misses (its conclusion's unproven needs, each
 * with the commands its steps give to produce it), then the suspicions the evidence does not prove (findings of
 * warning severity), each with its own checks.
 */
final class Unknowns {

    /** Most commands listed for one item. */
    static final int MAX_COMMANDS = 4;

    private Unknowns() {
    }

    static List<Unproven> of(Workflow workflow, List<LocalizedFinding> chain, Locale l) {
        WorkflowView v = workflow.view(l);
        List<Unproven> out = new ArrayList<>();
        for (Need n : v.conclusion().unprovenNeeds()) {
            Set<String> commands = new LinkedHashSet<>();
            for (WorkflowView.StepView s : v.steps()) {
                for (WorkflowView.CommandView c : s.commands()) {
                    if (c.need() != n || commands.size() == MAX_COMMANDS) continue;
                    commands.add(c.node() == null ? c.command() : c.command() + "   # " + Texts.t(l, "unproven.on", "node", c.node()));
                }
            }
            out.add(new Unproven(n.step().number(), WorkflowView.title(n.step(), l),
                    Texts.t(l, "unproven.missing", "need", WorkflowView.text(n, l)), List.copyOf(commands)));
        }
        // Suspicions: a warning is what the evidence alone does not prove.
        for (LocalizedFinding f : chain) {
            if (f.severity() != FindingSeverity.WARNING) continue;
            List<String> checks = new ArrayList<>();
            for (int i = 0; i < f.actions().size() && checks.size() < MAX_COMMANDS; i++) {
                Action a = f.actions().get(i);
                if (a.hasCommand() && FixArea.of(f.code(), i + 1).kind() == FixArea.Kind.CHECK) checks.add(a.command());
            }
            String subject = f.subject().label().isEmpty() ? "" : " (" + f.subject().label() + ")";
            int step = step(f.code());
            out.add(new Unproven(step, WorkflowView.title(io.ncclscope.sdk.rules.StepId.values()[step - 1], l),
                    Texts.t(l, "unproven.suspected", "title", f.title(), "subject", subject, "detail", f.detail()), checks));
        }
        out.sort(Comparator.comparingInt(Unproven::step));
        return out;
    }

    /** The step of the method whose evidence would prove or clear a suspicion: the catalogue entry's {@code checked}. */
    static int step(String code) {
        return RuleCatalog.entry(code).workflow().checkedAt().number();
    }
}
