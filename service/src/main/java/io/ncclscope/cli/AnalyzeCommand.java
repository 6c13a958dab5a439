package io.ncclscope.cli;

import io.ncclscope.parsers.Kind;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Options;
import io.ncclscope.sdk.report.Renderers;
import io.ncclscope.sdk.report.Report;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.BooleanSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ncclscope analyze}: evidence in, verdict, findings and next commands out. */
@Command(
        name = "analyze",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Diagnose a slow or failing NCCL job: verdict, evidence lines, next commands.",
            "Takes whatever you have: one pasted log, a few files, "
                    + "or a bundle folder with one sub-folder per node. Says what is wrong, where (node, rank, "
                    + "GPU, NIC, link), quotes the lines that prove it, and gives the commands to run next.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope analyze job.log                       one log",
            "  ncclscope analyze bundle/                       one sub-folder per node",
            "  ncclscope analyze --format md job.log | bot     a chat-sized verdict",
            "  kubectl logs trainer-0 | ncclscope analyze -    stdin",
            "  ncclscope analyze --lang zh-CN bundle/          the report in Chinese",
            "",
            "Exit codes:",
            "  0  healthy: no finding of warning severity or worse, and the checks the inputs call for ran",
            "  1  problems found",
            "  2  usage error, a missing path, or files none of which is a known",
            "     tool's output",
            "  3  internal error",
            "  4  inconclusive: no problem found, but the inputs cannot settle it (a bandwidth table with",
            "     no hardware facts, a collect bundle without nvidia-smi output); the report's Coverage",
            "     block says what was checked and which input would settle the rest; also a folder or",
            "     bundle archive in which nothing could be judged (empty, or no known tool output)"
        })
final class AnalyzeCommand implements Callable<Integer> {


    @CommandLine.Mixin
    ReportOptions output;

    @Option(names = {"-q", "--quiet"},
            description = "No progress line on stderr (it shows only when stderr is a terminal and the work takes over a second).")
    boolean quiet;

    @CommandLine.Mixin
    ArchiveLimits archiveLimits;

    @Parameters(paramLabel = "PATH", arity = "1..*",
            description = "Files, folders or collect bundles (.tar.gz, .tgz, .tar, .zip) to analyze; '-' reads standard input.")
    List<String> paths = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final InputStream stdin;
    private final BooleanSupplier errIsTerminal;

    AnalyzeCommand(InputStream stdin) {
        this(stdin, Progress::stderrIsTerminal);
    }

    AnalyzeCommand(InputStream stdin, BooleanSupplier errIsTerminal) {
        this.stdin = stdin;
        this.errIsTerminal = errIsTerminal;
    }

    /**
     * The report of every input; null when nothing in them is a known tool output. Files and folders are read one
     * node at a time ({@link NcclScope#analyze(Options, Path...)}), so that a bundle of a thousand nodes never sits
     * in memory whole; standard input is read whole with the rest. Reading files shows a {@link Progress} line on a
     * terminal.
     */
    private Report analyze(Inputs inputs, Locale locale, PrintWriter err) throws IOException {
        List<Path> paths = inputs.paths();
        Report report;
        if (paths != null) {
            Options options = Options.builder().locale(locale).build();
            if (!quiet && errIsTerminal.getAsBoolean()) {
                try (Progress progress = Progress.start(err, paths)) {
                    report = NcclScope.analyze(options, progress, paths.toArray(Path[]::new));
                }
            } else {
                report = NcclScope.analyze(options, paths.toArray(Path[]::new));
            }
            report.problems().forEach(pr -> err.println("ncclscope: " + pr.name() + ": " + pr.message()));
        } else {
            report = NcclScope.analyze(inputs.evidence(), locale);
        }
        String unknown = Kind.UNKNOWN.id();
        // Files that are no tool's output are bad input; a bundle where nothing could be judged is inconclusive.
        if (report.inputs().kinds().getOrDefault(unknown, 0) == report.inputs().count() && !inputs.holdsBundle()) {
            err.println("ncclscope: no known tool output in the input (see 'ncclscope parse --list-kinds')");
            return null;
        }
        return report;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Locale locale = output.locale(spec.commandLine());
        try (Inputs inputs = new Inputs(paths, stdin, err, archiveLimits)) {
            Report report = analyze(inputs, locale, err);
            if (report == null) return Main.BAD_INPUT;
            switch (output.format) {
                case JSON -> out.print(Renderers.json(report));
                case MARKDOWN -> out.print(Renderers.markdown(report));
                case TEXT -> out.print(Renderers.text(report));
            }
            out.flush();
            if (inputs.missing()) return Main.BAD_INPUT;
            return report.verdict().exitCode();
        }
    }
}
