package io.ncclscope.cli;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.compare.AbPlanner;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.PlannedRun;
import io.ncclscope.sdk.compare.Scaling;
import io.ncclscope.sdk.compare.ScalingPoint;
import io.ncclscope.sdk.compare.Side;
import io.ncclscope.sdk.compare.SwitchDiff;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ncclscope compare}: the A/B switch method (开关法) on two sets of nccl-tests results, or a scaling series. */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Compare two nccl-tests runs that differ in one NCCL switch (the A/B switch method), or find "
                    + "the node count where bandwidth drops (--scaling).",
            "A and B are files or folders of nccl-tests output (text tables or -J JSON; NCCL_DEBUG=INFO lines and "
                    + "NCCL logs beside them help). Rows are matched by collective and size; each side gets its "
                    + "plateau busbw (median of the largest sizes) and its jitter (repeats, in-place vs out-of-place, "
                    + "dips). The switch that differs is read from -J env, NCCL's 'set by environment' lines, the "
                    + "command line, then the file or folder names (ib-disable, no-p2p, nvls-off, ring, "
                    + "NCCL_IB_HCA=mlx5_0...).",
            "Readings (the seed's rules): NCCL_IB_DISABLE=1 faster and steadier: the RDMA stack or the RoCE lossless "
                    + "setup is at fault; slower but steadier: RDMA works, congestion or loss makes the jitter; "
                    + "P2P/SHM off names the intra-node path; NVLS off slower: NVLS works; the same: the switch is "
                    + "not the problem. Single-rank runs are never judged. The runs to make next are printed.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope compare runs/default runs/ib-disable   default vs IB off",
            "  ncclscope compare --format md a.txt b.txt         chat-sized Markdown",
            "  ncclscope compare --lang zh-CN default/ no-p2p/   the reading in Chinese",
            "  ncclscope compare --scaling 2n.txt 3n.txt 8n.txt  where busbw drops",
            "  ncclscope compare --scaling examples/scaling/     one table per node count",
            "",
            "Make the runs with NCCL_DEBUG=INFO, in the seed's order (one node first,",
            "then two nodes with the fewest variables, then the switch, then scale out):",
            "  NCCL_DEBUG=INFO all_reduce_perf -b 8 -e 8G -f 2 -g 8",
            "  mpirun -np 16 -H a:8,b:8 -x NCCL_DEBUG=INFO \\",
            "      all_reduce_perf -b 8 -e 8G -f 2 -g 1 > default.txt",
            "  mpirun -np 16 -H a:8,b:8 -x NCCL_DEBUG=INFO -x NCCL_IB_DISABLE=1 \\",
            "      all_reduce_perf -b 8 -e 8G -f 2 -g 1 > ib-disable.txt",
            "",
            "Exit codes:",
            "  0  no suspect: no finding of warning severity or worse",
            "  1  a suspect: AB_RDMA_SUSPECT, AB_CONGESTION_SUSPECT, P2P_NOT_USED,",
            "     SCALING_KNEE",
            "  2  usage error, a missing path, or a side without an nccl-tests table",
            "  3  internal error"
        })
final class CompareCommand implements Callable<Integer> {


    @CommandLine.Mixin
    ReportOptions output;

    @Option(names = "--scaling",
            description = "Scaling mode: every PATH holds nccl-tests tables of some node count (2, 3, ... N nodes); "
                    + "finds the knee where busbw drops below the model.")
    boolean scaling;

    @Parameters(paramLabel = "PATH", arity = "1..*",
            description = "A and B (files or folders); with --scaling, any number of files or folders.")
    List<String> paths = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Locale locale = output.locale(spec.commandLine());
        if (!scaling && paths.size() != 2) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "compare takes two paths, A and B (or --scaling PATH...); got " + paths.size());
        }
        List<Evidence> sets = new ArrayList<>();
        for (String p : paths) {
            Path path = Path.of(p);
            if (!Files.exists(path)) {
                err.println("ncclscope: " + p + ": no such file or folder");
                return Main.BAD_INPUT;
            }
            Evidence e = Evidence.builder().addPath(path).build();
            e.problems().forEach(pr -> err.println("ncclscope: " + pr.name() + ": " + pr.message()));
            if (!scaling && e.all(io.ncclscope.parsers.tests.NcclTestsData.class).isEmpty()) {
                err.println("ncclscope: " + p + ": no nccl-tests table found");
                return Main.BAD_INPUT;
            }
            sets.add(e);
        }
        boolean zh = "zh".equals(locale.getLanguage());
        List<Finding> findings;
        if (scaling) {
            Scaling s = Scaling.of(sets);
            if (s.points().isEmpty()) {
                err.println("ncclscope: no multi-rank nccl-tests table with a known node count in the input");
                return Main.BAD_INPUT;
            }
            findings = s.findings();
            print(out, scalingView(s, locale, zh));
        } else {
            Comparison c = Comparison.of(paths.get(0), sets.get(0), paths.get(1), sets.get(1));
            List<PlannedRun> plan = AbPlanner.plan(sets, c);
            findings = c.findings();
            print(out, compareView(c, plan, locale, zh));
        }
        out.flush();
        boolean suspect = findings.stream().anyMatch(f -> f.severity().compareTo(FindingSeverity.WARNING) >= 0);
        return suspect ? Main.PROBLEMS : Main.OK;
    }

    private void print(PrintWriter out, Map<String, Object> view) {
        switch (output.format) {
            case json -> {
                view.remove("zh");
                out.println(Json.pretty(view));
            }
            case md -> out.print(render(view, true));
            case text -> out.print(render(view, false));
        }
    }

    // -- views: one map, rendered as JSON, Markdown or text ----------------------------------------------------

    static Map<String, Object> compareView(Comparison c, List<PlannedRun> plan, Locale locale, boolean zh) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("mode", "compare");
        v.put("reading", c.reading().name());
        v.put("summary", c.summary().render(locale));
        v.put("collective", c.a().collective());
        List<Object> sides = new ArrayList<>();
        for (Side s : List.of(c.a(), c.b())) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("label", s.label());
            m.put("runs", s.runs().size());
            m.put("ranks", s.ranks());
            m.put("nodes", s.nodes());
            m.put("plateauBusBw", round(s.plateau()));
            m.put("jitter", round(s.jitter()));
            sides.add(m);
        }
        v.put("sides", sides);
        List<Object> sw = new ArrayList<>();
        for (SwitchDiff d : c.switches()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", d.name());
            m.put("a", d.valueA());
            m.put("b", d.valueB());
            m.put("origin", d.origin());
            sw.add(m);
        }
        v.put("switches", sw);
        v.put("ratio", round(c.ratio()));
        v.put("rowsMatched", c.rows().size());
        v.put("findings", localized(c.findings(), locale));
        List<Object> next = new ArrayList<>();
        for (PlannedRun r : plan) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("step", r.step());
            m.put("stage", r.stage());
            m.put("purpose", r.purpose().render(locale));
            m.put("command", r.command());
            next.add(m);
        }
        v.put("nextRuns", next);
        v.put("zh", zh);
        return v;
    }

    static Map<String, Object> scalingView(Scaling s, Locale locale, boolean zh) {
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("mode", "scaling");
        v.put("collective", s.collective());
        List<Object> pts = new ArrayList<>();
        for (ScalingPoint p : s.points()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("nodes", p.nodes());
            m.put("ranks", p.ranks());
            m.put("plateauBusBw", round(p.plateau()));
            m.put("expected", round(p.expected()));
            m.put("runs", p.runs().size());
            pts.add(m);
        }
        v.put("points", pts);
        v.put("kneeNodes", s.knee() == null ? null : s.knee().nodes());
        v.put("findings", localized(s.findings(), locale));
        v.put("zh", zh);
        return v;
    }

    private static List<LocalizedFinding> localized(List<Finding> fs, Locale locale) {
        List<LocalizedFinding> out = new ArrayList<>();
        for (Finding f : fs) out.add(Diagnosis.localize(f, locale));
        return out;
    }

    private static Double round(Double d) {
        return d == null ? null : Math.round(d * 1000) / 1000.0;
    }

    @SuppressWarnings("unchecked")
    static String render(Map<String, Object> v, boolean md) {
        boolean zh = Boolean.TRUE.equals(v.remove("zh"));
        StringBuilder sb = new StringBuilder();
        String h = md ? "### " : "";
        if ("scaling".equals(v.get("mode"))) {
            sb.append(h).append(zh ? "扩展性（" : "Scaling (").append(v.get("collective")).append(zh ? "）" : ")").append("\n\n");
            sb.append(md ? "| nodes | busbw GB/s | expected |\n|---:|---:|---:|\n" : String.format(Locale.ROOT, "%6s %12s %10s%n", "nodes", "busbw GB/s", "expected"));
            for (Object o : (List<Object>) v.get("points")) {
                Map<String, Object> p = (Map<String, Object>) o;
                String exp = p.get("expected") == null ? "-" : String.format(Locale.ROOT, "%.1f", (Double) p.get("expected"));
                String bw = String.format(Locale.ROOT, "%.1f", (Double) p.get("plateauBusBw"));
                sb.append(md ? "| " + p.get("nodes") + " | " + bw + " | " + exp + " |\n"
                        : String.format(Locale.ROOT, "%6s %12s %10s%n", p.get("nodes"), bw, exp));
            }
            sb.append('\n');
            if (v.get("kneeNodes") == null) {
                sb.append(zh ? "没有拐点：busbw 随节点数保持平稳。\n" : "No knee: busbw holds as nodes are added.\n");
            }
        } else {
            sb.append(h).append(zh ? "A/B 对比（开关法）" : "A/B comparison (switch method)").append("\n\n");
            List<Object> sw = (List<Object>) v.get("switches");
            if (sw.isEmpty()) sb.append(zh ? "开关：两边没有不同的 NCCL 开关\n" : "Switch: no NCCL switch differs\n");
            for (Object o : sw) {
                Map<String, Object> d = (Map<String, Object>) o;
                sb.append(zh ? "开关：" : "Switch: ").append(d.get("name")).append(" A=").append(d.get("a")).append(" B=")
                        .append(d.get("b")).append(" (").append(d.get("origin")).append(")\n");
            }
            sb.append('\n');
            sb.append(md ? "| side | path | ranks | nodes | plateau busbw GB/s | jitter |\n|---|---|---:|---:|---:|---:|\n"
                    : String.format(Locale.ROOT, "%-4s %-40s %6s %6s %12s %8s%n", "side", "path", "ranks", "nodes", "busbw GB/s", "jitter"));
            String[] names = {"A", "B"};
            int i = 0;
            for (Object o : (List<Object>) v.get("sides")) {
                Map<String, Object> s = (Map<String, Object>) o;
                String bw = s.get("plateauBusBw") == null ? "-" : String.format(Locale.ROOT, "%.1f", (Double) s.get("plateauBusBw"));
                String jit = s.get("jitter") == null ? "-" : String.format(Locale.ROOT, "%.0f%%", (Double) s.get("jitter") * 100);
                String ranks = String.valueOf(s.get("ranks") == null ? "-" : s.get("ranks"));
                String nodes = String.valueOf(s.get("nodes") == null ? "-" : s.get("nodes"));
                sb.append(md ? "| " + names[i] + " | `" + s.get("label") + "` | " + ranks + " | " + nodes + " | " + bw + " | " + jit + " |\n"
                        : String.format(Locale.ROOT, "%-4s %-40s %6s %6s %12s %8s%n", names[i], s.get("label"), ranks, nodes, bw, jit));
                i++;
            }
            sb.append('\n').append(md ? "**" : "").append(zh ? "结论：" : "Reading: ").append(md ? "** " : "")
                    .append(v.get("summary")).append("\n");
        }
        List<LocalizedFinding> fs = (List<LocalizedFinding>) v.get("findings");
        for (LocalizedFinding f : fs) {
            sb.append('\n').append(md ? "**" : "").append(f.severity()).append(' ').append(f.code()).append(": ")
                    .append(f.title()).append(md ? "**" : "").append('\n');
            sb.append("  ").append(f.detail()).append('\n');
            if (md) sb.append("```\n");
            for (EvidenceLine l : f.evidence()) {
                sb.append(md ? "" : "    ").append(l.artifact()).append(':').append(l.line()).append(": ").append(l.text().strip()).append('\n');
            }
            if (md) sb.append("```\n");
            f.actions().stream().filter(a -> a.command() != null && !a.command().isBlank()).limit(4).forEach(a ->
                    sb.append(md ? "- `" : "  $ ").append(a.command()).append(md ? "`\n" : "\n"));
        }
        Object next = v.get("nextRuns");
        if (next instanceof List<?> runs && !runs.isEmpty()) {
            sb.append('\n').append(h).append(zh ? "下一步要跑的测试" : "Next runs").append(md ? "\n\n" : ":\n");
            for (Object o : runs) {
                Map<String, Object> r = (Map<String, Object>) o;
                sb.append(md ? "" : "  ").append(r.get("step")).append(". ").append(r.get("purpose")).append('\n');
                sb.append(md ? "   `" : "     $ ").append(r.get("command")).append(md ? "`\n" : "\n");
            }
        }
        return sb.toString();
    }
}
