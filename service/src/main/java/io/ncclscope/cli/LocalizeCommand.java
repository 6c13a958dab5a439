package io.ncclscope.cli;

import io.ncclscope.sdk.Surface;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Launchers;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.localize.Localizer;
import io.ncclscope.sdk.localize.NextPass;
import io.ncclscope.sdk.localize.PairHeatmap;
import io.ncclscope.sdk.localize.PairReport;
import io.ncclscope.sdk.localize.PairResult;
import io.ncclscope.sdk.localize.PlanBudget;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ncclscope localize}: two-node test results in, the slow node or slow path out. */
@Command(
        name = "localize",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Name the bad node from two-node tests (step 4 of the method, 点名).",
            "Reads nccl-tests outputs of two-node runs (hosts from the '# Rank N ... on HOST' lines, else from "
                    + "file names A__B.txt), builds the matrix of plateau bus bandwidth per pair, and separates a "
                    + "slow node (all its pairs slow: SLOW_NODE) from a slow path (A-B slow while A and B are fine "
                    + "with others: SLOW_PAIR, the fabric between them). Slow means below 80%% of the median pair, "
                    + "or of --expect when given.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope localize pairs/                       results of 'ncclscope plan pairs'",
            "  ncclscope localize --svg heatmap.svg pairs/     and the node x node heatmap",
            "  ncclscope localize --format md pairs/ | bot     chat-sized Markdown",
            "  ncclscope localize --expect 180 pairs/          judge against 180 GB/s, not the median",
            "  ncclscope localize --lang zh-CN pairs/          the report in Chinese",
            "  ncclscope localize --plan-next plan2 pairs/     and write the next pass's sbatch script",
            "",
            "When suspects remain, the report ends with the next pass (each suspect against",
            "known-good nodes), its budget, and the exact command that writes its files.",
            "",
            "Exit codes:",
            "  0  no slow node or slow path",
            "  1  a slow node or slow path found",
            "  2  usage error, or no two-node result in the input",
            "  3  internal error"
        })
final class LocalizeCommand implements Callable<Integer> {


    @CommandLine.Mixin
    ReportOptions output;

    @Option(names = "--svg", paramLabel = "FILE", description = "Also write the pairwise heatmap to FILE (SVG).")
    Path svg;

    @Option(names = "--expect", paramLabel = "GBPS",
            description = "Expected pair busbw in GB/s; slow is then below --fraction of it, not of the median.")
    Double expect;

    @Option(names = "--fraction", paramLabel = "F", defaultValue = "0.8",
            description = "Share of the median (or of --expect) below which a pair is slow (default 0.8).")
    double fraction;

    @Option(names = "--plan-next", paramLabel = "DIR",
            description = "Also write the next pass's launcher files to DIR: each unresolved suspect against known-good "
                    + "nodes (as 'ncclscope plan pairs --retest PATH... --out DIR NODES').")
    Path planNext;

    @Option(names = "--launcher", paramLabel = "KIND", defaultValue = "slurm",
            description = "Launcher of the next pass: slurm (default), mpirun or k8s.")
    Launchers.Kind launcher;

    @Option(names = {"-g", "--gpus-per-node"}, paramLabel = "G", defaultValue = "8",
            description = "GPUs per node in the next pass (default 8).")
    int gpus;

    @Option(names = "--gpu-request", paramLabel = "HOW", defaultValue = "gpus",
            description = "How the next pass's Slurm script asks for GPUs: gpus (--gpus-per-node, default), gres or none.")
    Launchers.GpuRequest gpuRequest;

    @Option(names = "--minutes-per-test", paramLabel = "M", defaultValue = "" + PlanBudget.DEFAULT_MINUTES_PER_TEST,
            description = "Time limit of one test of the next pass in minutes (default ${DEFAULT-VALUE}).")
    int minutesPerTest;

    @Option(names = "--partners", paramLabel = "K", defaultValue = "2",
            description = "Known-good partners per suspect in the next pass (default 2).")
    int partners;

    @Parameters(paramLabel = "PATH", arity = "1..*", description = "Result files or folders (searched recursively).")
    List<Path> paths = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Locale locale = output.locale(spec.commandLine());
        Localizer localizer;
        try {
            localizer = new Localizer(expect, fraction);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Evidence.Builder b = Evidence.builder();
        for (Path p : paths) {
            if (!Files.exists(p)) {
                err.println("ncclscope: " + p + ": no such file or folder");
                return Main.BAD_INPUT;
            }
            b.addPath(p);
        }
        Evidence evidence = b.build();
        evidence.problems().forEach(pr -> err.println("ncclscope: " + pr.name() + ": " + pr.message()));
        List<PairResult> results = Localizer.read(evidence);
        if (results.isEmpty()) {
            err.println("ncclscope: no two-node nccl-tests result in the input");
            return Main.BAD_INPUT;
        }
        List<PairResult> same = Localizer.sameSeries(results);
        err.println("ncclscope: " + results.size() + " two-node results"
                + (same.size() < results.size() ? "; judging the " + same.size() + " of the most common series ("
                + same.get(0).series() + "), ignoring " + (results.size() - same.size()) + " of other tests" : ""));
        Localization l = localizer.localize(results);
        Launchers.Options options;
        try {
            options = new Launchers.Options(gpus, Launchers.DEFAULT_PAYLOAD, Launchers.Options.defaults().image(), gpuRequest,
                    minutesPerTest);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        NextPass next = NextPass.of(l, paths.stream().map(Path::toString).toList(), launcher, options, partners).orElse(null);
        switch (output.format) {
            case JSON -> out.print(PairReport.json(l, locale, next));
            case MARKDOWN -> out.print(PairReport.markdown(l, locale, Surface.CLI, next));
            case TEXT -> out.print(PairReport.text(l, locale, Surface.CLI, next));
        }
        out.flush();
        if (planNext != null) {
            if (next == null) {
                err.println("ncclscope: no next pass to plan: no unresolved suspect, or no known-good node");
            } else {
                Map<String, String> files = Launchers.render(next.plan(), launcher, options);
                for (Map.Entry<String, String> e : files.entrySet()) {
                    Path p = planNext.resolve(e.getKey());
                    Files.createDirectories(p.getParent() == null ? planNext : p.getParent());
                    Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
                }
                err.println("ncclscope: wrote the next pass (" + files.size() + " files) to " + planNext);
            }
        }
        if (svg != null) {
            Path parent = svg.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(svg, PairHeatmap.svg(l), StandardCharsets.UTF_8);
            err.println("ncclscope: wrote " + svg);
        }
        return l.slowNodes().isEmpty() && l.slowPairs().isEmpty() ? Main.OK : Main.PROBLEMS;
    }
}
