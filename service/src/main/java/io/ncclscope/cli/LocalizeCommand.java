package io.ncclscope.cli;

import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.localize.Localizer;
import io.ncclscope.sdk.localize.PairHeatmap;
import io.ncclscope.sdk.localize.PairReport;
import io.ncclscope.sdk.localize.PairResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
        switch (output.format) {
            case JSON -> out.print(PairReport.json(l, locale));
            case MARKDOWN -> out.print(PairReport.markdown(l, locale));
            case TEXT -> out.print(PairReport.text(l, locale));
        }
        out.flush();
        if (svg != null) {
            Path parent = svg.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(svg, PairHeatmap.svg(l), StandardCharsets.UTF_8);
            err.println("ncclscope: wrote " + svg);
        }
        return l.slowNodes().isEmpty() && l.slowPairs().isEmpty() ? Main.OK : Main.PROBLEMS;
    }
}
