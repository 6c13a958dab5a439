package io.ncclscope.cli;

import io.ncclscope.parsers.Kind;
import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.FinalReport;
import io.ncclscope.sdk.report.Verdict;
import io.ncclscope.sdk.workflow.Workflow;
import io.ncclscope.sdk.workflow.WorkflowJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ncclscope report}: the deliverable conclusion (symptom, evidence chain, fixes, unproven) as a document. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Write the deliverable report of a slow or failing NCCL job, for a ticket or a chat.",
            "The conclusion of the five-step method: the symptom with its figures (busbw against what the "
                    + "hardware should give, jitter, the first failing rank and host), the evidence chain with the "
                    + "lines that prove each link, the fix actions split into hardware, fabric, configuration and "
                    + "application, and what remains unproven with the commands that would prove it.",
            "HTML is one self-contained page (inline CSS and SVG busbw plots, no script, nothing fetched); "
                    + "md is sized for a chat; json holds every field; text holds everything as plain text.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope report -o ticket.html bundle/        one HTML page for the ticket",
            "  ncclscope report --format html job.log > t.html   the format given, stdout",
            "  ncclscope report --format md job.log run.txt   chat-sized Markdown",
            "  ncclscope report --lang zh-CN -o zh.html bundle/   the report in Chinese",
            "  kubectl logs trainer-0 | ncclscope report -f json -   stdin, JSON for a bot",
            "",
            "Exit codes:",
            "  0  healthy: nothing of warning severity or worse, and the checks the inputs call for ran",
            "  1  problems found (report written)",
            "  2  usage error, a path that does not exist, or files none of which is",
            "     a known tool's output",
            "  3  internal error",
            "  4  inconclusive: no problem found, but the inputs cannot settle it (report written;",
            "     its Coverage section names the input that would); also a folder or",
            "     bundle archive in which nothing could be judged"
        })
final class ReportCommand implements Callable<Integer> {

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", converter = FormatNames.HtmlMdJsonText.class,
            description = "html, md, json or text. Default: from the -o file name (.html, .htm, .md, .json), else text.")
    Format format;

    @Option(names = {"-l", "--lang"}, paramLabel = "LANG", defaultValue = "en",
            description = "Language of the report: en (default) or zh-CN.")
    String lang;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE",
            description = "Write the report to FILE (folders are created) instead of standard output.")
    Path out;

    @Option(names = "--state", paramLabel = "FILE",
            description = "A workflow state (JSON, from 'ncclscope workflow' or a bot): evidence given earlier counts "
                    + "toward what remains unproven.")
    Path stateFile;

    @Parameters(paramLabel = "PATH", arity = "1..*",
            description = "Files, folders (one sub-folder per node) or bundle archives (.tar.gz, .zip...) to report on; '-' reads standard input.")
    List<String> paths = new ArrayList<>();

    @CommandLine.Mixin
    ArchiveLimits archiveLimits;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final InputStream stdin;

    ReportCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    /** The format asked for, else the one the output file's name implies, else text. */
    Format format() {
        if (format != null) return format;
        if (out != null && out.getFileName() != null) {
            String n = out.getFileName().toString().toLowerCase(Locale.ROOT);
            if (n.endsWith(".html") || n.endsWith(".htm")) return Format.HTML;
            if (n.endsWith(".md") || n.endsWith(".markdown")) return Format.MARKDOWN;
            if (n.endsWith(".json")) return Format.JSON;
        }
        return Format.TEXT;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        Locale locale = Languages.parse(spec.commandLine(), lang);
        Workflow state = Workflow.empty();
        if (stateFile != null) {
            try {
                state = WorkflowJson.read(Files.readString(stateFile, StandardCharsets.UTF_8));
            } catch (IOException | IllegalArgumentException e) {
                err.println("ncclscope: " + stateFile + ": " + (e instanceof NoSuchFileException ? "no such file"
                        : e.getMessage()));
                return Main.BAD_INPUT;
            }
        }
        try (Inputs inputs = new Inputs(paths, stdin, err, archiveLimits)) {
            Evidence evidence = inputs.evidence();
            long known = evidence.artifacts().stream().filter(a -> a.kind() != Kind.UNKNOWN).count();
            if (known == 0 && !inputs.holdsBundle()) {
                err.println("ncclscope: no known tool output in the input (see 'ncclscope parse --list-kinds')");
                return Main.BAD_INPUT;
            }
            boolean bad = inputs.missing();
            FinalReport report = NcclScope.report(state, evidence, locale);
            Format f = format();
            String doc = NcclScope.render(report, f);
            if (out == null) {
                PrintWriter o = spec.commandLine().getOut();
                o.print(doc);
                o.flush();
            } else {
                Path parent = out.toAbsolutePath().getParent();
                if (parent != null) Files.createDirectories(parent);
                Files.writeString(out, doc, StandardCharsets.UTF_8);
                err.println("ncclscope: wrote " + out + " (" + FormatNames.name(f) + ", " + report.chain().size() + " link(s), "
                        + report.plots().size() + " plot(s)): "
                        + (report.verdict() == Verdict.PROBLEMS ? "problems found" : report.verdict().jsonValue()));
            }
            if (bad) return Main.BAD_INPUT;
            return report.verdict().exitCode();
        }
    }
}
