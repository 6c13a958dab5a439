package io.ncclscope.cli;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Format;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
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

/** {@code ncclscope parse}: detect the kind of each input and print its typed facts. */
@Command(
        name = "parse",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Parse tool outputs into typed facts.",
            "Detects the kind of each input (or takes --kind) and prints {\"kind\", \"data\", \"warnings\"} "
                    + "as JSON: one object for one input, an array for several (each with its \"source\"); "
                    + "or a readable text view. Odd lines never abort a parse: they become warnings with "
                    + "their line numbers.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope parse nvidia-smi-topo.txt",
            "  nvidia-smi topo -m | ncclscope parse -",
            "  ncclscope parse --kind nccl-log --format text rank0.log rank1.log",
            "  ncclscope parse --list-kinds",
            "",
            "Exit codes:",
            "  0  every input parsed",
            "  2  usage error, unreadable file, or an input of no known kind or with an",
            "     error-severity warning (the output still shows what was read)",
            "  3  internal error"
        })
final class ParseCommand implements Callable<Integer> {

    @Option(names = {"-k", "--kind"}, paramLabel = "KIND",
            description = "Input kind; detected when omitted. One of: ${COMPLETION-CANDIDATES}.",
            completionCandidates = KindIds.class, converter = KindConverter.class)
    Kind kind;

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "json", converter = FormatNames.JsonText.class,
            description = "Output format: json (default) or text.")
    Format format;

    @Option(names = "--list-kinds", description = "List the kinds read, with the command that produces each, and exit.")
    boolean listKinds;

    @Option(names = "--max-line-length", paramLabel = "CHARS", defaultValue = "65536",
            description = "Characters kept of one line (default: ${DEFAULT-VALUE}).")
    int maxLineLength;

    @Parameters(paramLabel = "FILE", arity = "0..*",
            description = "Files to parse; '-' reads standard input.")
    List<String> files = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final InputStream stdin;

    ParseCommand(InputStream stdin) {
        this.stdin = stdin;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (listKinds) {
            out.printf(Locale.ROOT, "%-14s %s%n", "KIND", "PRODUCED BY");
            for (Kind k : Kind.values()) {
                if (k != Kind.UNKNOWN) out.printf(Locale.ROOT, "%-14s %s%n", k.id(), k.command());
            }
            return Main.OK;
        }
        if (files.isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "no input: give a FILE, or '-' for standard input");
        }
        ParseLimits limits;
        try {
            limits = ParseLimits.builder().maxLineLength(maxLineLength).build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        int code = Main.OK;
        List<Map<String, Object>> results = new ArrayList<>();
        Inputs inputs = new Inputs(files, stdin, err);
        for (Inputs.Input input : inputs.existing()) {
            String f = input.arg();
            ParseResult<?> r;
            try (java.io.InputStream in = inputs.stream(input)) {
                r = Parsers.parse(in, kind, limits);
            } catch (IOException e) {
                err.println("ncclscope: " + f + ": cannot read: " + e.getMessage());
                code = Main.BAD_INPUT;
                continue;
            }
            if (r.kind() == Kind.UNKNOWN || r.hasErrors()) {
                code = Main.BAD_INPUT;
                err.println("ncclscope: " + f + ": " + (r.kind() == Kind.UNKNOWN
                        ? "not a known tool output (try --list-kinds, or --kind)"
                        : "parsed as " + r.kind() + " with errors (see warnings)"));
            }
            Map<String, Object> o = new LinkedHashMap<>();
            if (files.size() > 1) o.put("source", f);
            o.put("kind", r.kind());
            o.put("data", r.data());
            o.put("warnings", r.warnings());
            results.add(o);
        }
        if (inputs.missing()) code = Main.BAD_INPUT;
        if (results.isEmpty()) {
            return code;
        }
        if (format == Format.JSON) {
            out.println(Json.pretty(results.size() == 1 && files.size() == 1 ? results.get(0) : results));
        } else {
            for (Map<String, Object> o : results) {
                TextView.print(out, o);
            }
        }
        out.flush();
        return code;
    }

    /** Completion candidates and help text: every kind id. */
    static final class KindIds extends ArrayList<String> {
        KindIds() {
            for (Kind k : Kind.values()) {
                if (k != Kind.UNKNOWN) add(k.id());
            }
        }
    }

    static final class KindConverter implements CommandLine.ITypeConverter<Kind> {
        @Override
        public Kind convert(String value) {
            return Kind.fromId(value).filter(k -> k != Kind.UNKNOWN).orElseThrow(() ->
                    new CommandLine.TypeConversionException("unknown kind '" + value + "'; one of " + String.join(", ", new KindIds())));
        }
    }
}
