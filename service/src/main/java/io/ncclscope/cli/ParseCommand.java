package io.ncclscope.cli;

import io.ncclscope.parsers.FleetOutputs;
import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.TextDecoding;
import io.ncclscope.parsers.flightrec.FlightRecorderParser;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Format;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.SequenceInputStream;
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
                    + "or a readable text view. One command's output on several nodes as pdsh, clush, dshbak "
                    + "or ansible print it is read per node: an array, each with its \"node\" (NCCL logs and "
                    + "nccl-tests output are read whole). Odd lines never abort a parse: they become warnings "
                    + "with their line numbers.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope parse nvidia-smi-topo.txt",
            "  nvidia-smi topo -m | ncclscope parse -",
            "  pdsh -w gpu[01-08] ibstat | ncclscope parse -",
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
            List<FleetOutputs.NodeOutput> nodes;
            ParseResult<?> whole = null;
            try (InputStream in = inputs.stream(input)) {
                byte[] head = kind == null ? in.readNBytes(Parsers.HEAD_CHARS) : new byte[0];
                nodes = head.length < Parsers.HEAD_CHARS && head.length > 0 ? fleet(head, limits) : List.of();
                if (nodes.isEmpty()) whole = Parsers.parse(new SequenceInputStream(new ByteArrayInputStream(head), in), kind, limits);
            } catch (IOException e) {
                err.println("ncclscope: " + f + ": cannot read: " + e.getMessage());
                code = Main.BAD_INPUT;
                continue;
            }
            if (whole != null) {
                code = Math.max(code, add(results, f, null, whole, err));
            } else {
                for (FleetOutputs.NodeOutput n : nodes) code = Math.max(code, add(results, f, n.host(), n.result(), err));
            }
        }
        if (inputs.missing()) code = Main.BAD_INPUT;
        if (results.isEmpty()) {
            return code;
        }
        if (format == Format.JSON) {
            out.println(Json.pretty(results.size() == 1 && files.size() == 1 && !results.get(0).containsKey("node") ? results.get(0) : results));
        } else {
            for (Map<String, Object> o : results) {
                TextView.print(out, o);
            }
        }
        out.flush();
        return code;
    }

    /**
     * Each node's outputs when {@code bytes} (a whole input) is one command's output on several nodes as a fleet tool
     * prints it ({@link FleetOutputs}: pdsh, clush, dshbak, ansible); empty for any other input, which is parsed whole.
     */
    private static List<FleetOutputs.NodeOutput> fleet(byte[] bytes, ParseLimits limits) {
        if (FlightRecorderParser.looksPickled(bytes, bytes.length)) return List.of();
        return FleetOutputs.parse(TextDecoding.decode(bytes, null), limits);
    }

    /**
     * Adds one result ({@code source} when several files were given, {@code node} when the input was a fleet tool's
     * output, then {@code kind}, {@code data}, {@code warnings}) and says on {@code err} what was not read.
     *
     * @return the exit code it calls for: {@link Main#BAD_INPUT} for no known tool output or errors, else {@link Main#OK}
     */
    private int add(List<Map<String, Object>> results, String file, String node, ParseResult<?> r, PrintWriter err) {
        int code = Main.OK;
        if (r.kind() == Kind.UNKNOWN || r.hasErrors()) {
            code = Main.BAD_INPUT;
            err.println("ncclscope: " + file + (node == null ? "" : " (node " + node + ")") + ": " + (r.kind() == Kind.UNKNOWN
                    ? "not a known tool output (try --list-kinds, or --kind)"
                    : "parsed as " + r.kind() + " with errors (see warnings)"));
        }
        Map<String, Object> o = new LinkedHashMap<>();
        if (files.size() > 1) o.put("source", file);
        if (node != null) o.put("node", node);
        o.put("kind", r.kind());
        o.put("data", r.data());
        o.put("warnings", r.warnings());
        results.add(o);
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
