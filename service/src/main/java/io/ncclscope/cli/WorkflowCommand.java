package io.ncclscope.cli;

import io.ncclscope.parsers.Kind;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.workflow.Workflow;
import io.ncclscope.sdk.workflow.WorkflowJson;
import io.ncclscope.sdk.workflow.WorkflowRenderers;
import io.ncclscope.sdk.workflow.WorkflowView;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ncclscope workflow}: where an investigation stands in the five steps, and what to run next. */
@Command(
        name = "workflow",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Walk the five-step method: 1 collect the minimal facts, 2 prove connectivity and the interface choice, "
                    + "3 A/B switch (default vs NCCL_IB_DISABLE=1), 4 name the bad node, 5 hand over a conclusion.",
            "Prints each step's status (satisfied, partly, missing, blocked, not needed), the evidence lines behind it, "
                    + "what is missing, and the exact commands to run next, with the environment variables set and the "
                    + "node names, interface and GPU count you have filled in.",
            "Evidence can come a piece at a time: keep the state in a file (--state to read it, --write-state to "
                    + "write it; give both the same FILE to update it in place) and add the next outputs as they arrive. "
                    + "The state is JSON with a schemaVersion; a chat bot or service can hold it instead of a file.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope workflow                                 where to start: step 1's commands",
            "  ncclscope workflow job.log                         the steps, given one log",
            "  ncclscope workflow --write-state s.json job.log    ... and keep the state",
            "  ncclscope workflow --state s.json --write-state s.json ibstat.txt",
            "                                                     add the next output, update the state in place",
            "  ncclscope workflow --state s.json                  where the saved investigation stands",
            "  ncclscope workflow --format md --lang zh-CN bundle/   chat-sized, in Chinese",
            "  kubectl logs trainer-0 | ncclscope workflow -      stdin",
            "",
            "Exit codes:",
            "  0  no problem found so far (the steps may still ask for evidence)",
            "  1  problems found",
            "  2  usage error, a missing file, an unreadable state, or files that are",
            "     no known tool output",
            "  3  internal error"
        })
final class WorkflowCommand implements Callable<Integer> {

    @CommandLine.Mixin
    ReportOptions output;

    @Option(names = "--state", paramLabel = "FILE",
            description = "Read the state of an investigation from FILE (JSON written by --write-state or by 'analyze --format json' "
                    + "as its 'workflow' member); it must exist. Without it, the investigation starts empty.")
    Path state;

    @Option(names = "--write-state", paramLabel = "FILE",
            description = "Write the new state to FILE (JSON, texts in --lang). May be the --state FILE: then it is updated in place.")
    Path writeState;

    @Parameters(paramLabel = "PATH", arity = "0..*",
            description = "Outputs to add: files or folders (one sub-folder per node); '-' reads standard input. None: only show the state.")
    List<String> paths = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final InputStream stdin;

    WorkflowCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Locale locale = output.locale(spec.commandLine());
        Workflow w = Workflow.empty();
        if (state != null) {
            if (!Files.isRegularFile(state)) {
                err.println("ncclscope: " + state + ": no such state file (omit --state to start an investigation)");
                return Main.BAD_INPUT;
            }
            try {
                w = readState(Files.readString(state, StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                err.println("ncclscope: " + state + ": " + e.getMessage());
                return Main.BAD_INPUT;
            }
        }
        if (writeState != null) {
            Path dir = writeState.toAbsolutePath().getParent();
            if (dir == null || !Files.isDirectory(dir) || Files.isDirectory(writeState)) {
                err.println("ncclscope: " + writeState + ": cannot write the state there (no such folder, or a folder)");
                return Main.BAD_INPUT;
            }
        }
        boolean bad = false;
        if (!paths.isEmpty()) {
            Evidence.Builder b = Evidence.builder();
            for (String p : paths) {
                if (p.equals("-")) {
                    b.addReader("stdin", io.ncclscope.parsers.TextDecoding.reader(stdin, null), null, null);
                    continue;
                }
                Path path = Path.of(p);
                if (!Files.exists(path)) {
                    err.println("ncclscope: " + p + ": no such file or folder");
                    bad = true;
                    continue;
                }
                b.addPath(path);
            }
            Evidence evidence = b.build();
            evidence.problems().forEach(pr -> err.println("ncclscope: " + pr.name() + ": " + pr.message()));
            // Files that are no tool's output are bad input; a folder where nothing is known is the workflow's step 1.
            boolean folder = paths.stream().anyMatch(p -> !p.equals("-") && Files.isDirectory(Path.of(p)));
            if (evidence.artifacts().stream().noneMatch(a -> a.kind() != Kind.UNKNOWN) && !folder) {
                err.println("ncclscope: no known tool output in the input (see 'ncclscope parse --list-kinds')");
                return Main.BAD_INPUT;
            }
            w = NcclScope.workflow(w, evidence);
        }
        if (writeState != null) {
            write(writeState, WorkflowJson.write(w, locale));
            err.println("ncclscope: state written to " + writeState);
        }
        WorkflowView v = w.view(locale);
        switch (output.format) {
            case JSON -> out.print(WorkflowRenderers.json(v));
            case MARKDOWN -> out.print(WorkflowRenderers.markdown(v));
            case TEXT -> out.print(WorkflowRenderers.text(v));
        }
        out.flush();
        if (bad) return Main.BAD_INPUT;
        boolean problems = w.findings().stream().anyMatch(f -> f.severity().atLeast(FindingSeverity.WARNING));
        return problems ? Main.PROBLEMS : Main.OK;
    }

    /** A state file, or the JSON report of {@code analyze}, whose {@code workflow} member is a state. */
    private static Workflow readState(String text) {
        Object o;
        try {
            o = io.ncclscope.parsers.json.Json.parse(text);
        } catch (io.ncclscope.parsers.json.Json.JsonException e) {
            throw new IllegalArgumentException("the state is not JSON: " + e.getMessage(), e);
        }
        if (o instanceof java.util.Map<?, ?> m && !m.containsKey("schemaVersion") && m.get("workflow") instanceof java.util.Map<?, ?> wf) {
            return WorkflowJson.read(io.ncclscope.parsers.json.Json.write(wf));
        }
        return WorkflowJson.read(text);
    }

    /** Writes through a temporary file in the same folder, so that an interrupted run never leaves half a state. */
    private static void write(Path file, String text) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = Files.createTempFile(dir, ".ncclscope-state", ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
