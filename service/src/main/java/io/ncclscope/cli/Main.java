package io.ncclscope.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.BooleanSupplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The {@code ncclscope} command line. Subcommands are thin adapters over the parsers and the SDK;
 * results go to stdout, progress and diagnostics to stderr.
 *
 * <p>Exit codes: 0 healthy / done, 1 problems found, 2 usage or input error, 3 internal error, 4 inconclusive (no
 * problem found, but the inputs cannot settle it).
 */
@Command(
        name = "ncclscope",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Turns the outputs engineers collect when multi-node NCCL training is slow or fails "
                    + "(nvidia-smi topo -m, lspci, ibstat, ethtool, NCCL_DEBUG logs, nccl-tests tables...) "
                    + "into typed facts and an evidence chain: what is wrong, where, the lines that prove it, and what to run next.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope analyze bundle/                     verdict, findings, next commands",
            "  ncclscope analyze --format md job.log         chat-sized Markdown",
            "  ncclscope collect --out bundle/               this node's facts, for analyze",
            "  ncclscope compare default/ ib-disable/        the A/B switch method",
            "  ncclscope plan pairs --launcher slurm gpu[01-16]   pairwise tests",
            "  ncclscope localize pairs/                     name the slow node or path",
            "  ncclscope plot -o busbw.svg all_reduce.txt    busbw vs size, expected plateau",
            "  ncclscope report -o ticket.html bundle/       report for a ticket (HTML)",
            "  ncclscope workflow --state s.json job.log     the five steps, what to run next",
            "  ncclscope parse topo.txt                      detect the kind, print JSON",
            "  nvidia-smi topo -m | ncclscope parse -        read stdin",
            "  ncclscope parse --kind nccl-log --format text job.log",
            "  ncclscope parse --list-kinds                  what can be read, and how",
            "  ncclscope rules --lang zh-CN                  the finding codes, in Chinese",
            "  ncclscope serve --port 8080                   the REST service (/v1/analyze)",
            "",
            "Exit codes: 0 ok (healthy), 1 problems found, 2 usage or input error, 3 internal error,",
            "4 inconclusive (no problem found, but the inputs cannot settle it: see the report's Coverage)."
        })
public final class Main implements Runnable {

    /** Exit code: everything fine. */
    public static final int OK = 0;
    /** Exit code: the input shows problems. */
    public static final int PROBLEMS = 1;
    /** Exit code: bad usage or input. */
    public static final int BAD_INPUT = 2;
    /** Exit code: a bug in ncclscope. */
    public static final int INTERNAL = 3;
    /** Exit code: no problem found, but the inputs cannot settle it ({@code Verdict.INCONCLUSIVE}). */
    public static final int INCONCLUSIVE = 4;

    /**
     * The subcommands, by name, in the order {@code --help} lists them. Only the one a run names is built: picocli
     * reads a command's annotations by reflection, and building all twelve was a third of the node bundle's startup.
     * A run that names none (help, a typo, no argument) gets them all, so usage, {@code help CMD} and picocli's
     * suggestions see every command.
     */
    static final Map<String, Class<?>> COMMANDS = commands();

    /** picocli's system property: a comma-separated list of regular expressions of the types not to convert. */
    static final String CONVERTER_EXCLUDES = "picocli.converters.excludes";
    /** The types of picocli's built-in converters that no option of ours has (CliModelTest checks it). */
    static final String UNUSED_CONVERTERS = "java\\.(sql|time)\\..*";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private static Map<String, Class<?>> commands() {
        Map<String, Class<?>> m = new LinkedHashMap<>();
        m.put("analyze", AnalyzeCommand.class);
        m.put("collect", CollectCommand.class);
        m.put("compare", CompareCommand.class);
        m.put("expect", ExpectCommand.class);
        m.put("localize", LocalizeCommand.class);
        m.put("plan", PlanCommand.class);
        m.put("plot", PlotCommand.class);
        m.put("parse", ParseCommand.class);
        m.put("rules", RulesCommand.class);
        m.put("report", ReportCommand.class);
        m.put("serve", ServeCommand.class);
        m.put("workflow", WorkflowCommand.class);
        m.put("help", CommandLine.HelpCommand.class);
        return Collections.unmodifiableMap(m);
    }

    @SuppressForbidden("the process ends here with the command's exit code; halt skips booting a log manager")
    public static void main(String[] args) {
        CatalogueWarmup.start(args);
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int code = run(args, out, err, System.in);
        out.flush();
        err.flush();
        System.out.flush();
        System.err.flush();
        // A one-shot command registers no shutdown hook and leaves nothing to clean up, and System.exit would log
        // the exit through System.Logger: with jboss-logmanager on the class path (for 'serve') that boots a whole
        // log manager just to discard one debug line, a tenth of a short command's run. 'serve' never gets here
        // while it runs: Quarkus exits through System.exit, its hooks included.
        Runtime.getRuntime().halt(code);
    }

    /** Runs the CLI with the given streams; returns the exit code. Used by tests. */
    public static int run(String[] args, PrintWriter out, PrintWriter err, InputStream stdin) {
        return run(args, out, err, stdin, Progress::stderrIsTerminal);
    }

    /** As {@link #run(String[], PrintWriter, PrintWriter, InputStream)}, with {@code err} a terminal or not (tests). */
    static int run(String[] args, PrintWriter out, PrintWriter err, InputStream stdin, BooleanSupplier errIsTerminal) {
        String named = args.length > 0 && !"help".equals(args[0]) && COMMANDS.containsKey(args[0]) ? args[0] : null;
        // --version alone needs no command: building all of them (picocli's help command by reflection) was most of
        // its run.
        if (named == null && args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) named = "";
        CommandLine cl = commandLine(out, err, stdin, named, errIsTerminal);
        return cl.execute(args);
    }

    /** The command line with every subcommand. */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, InputStream stdin) {
        return commandLine(out, err, stdin, null, Progress::stderrIsTerminal);
    }

    /**
     * The command line with subcommand {@code only} (none when it names none), or with all of them when it is null;
     * {@code errIsTerminal} says whether progress may be drawn on {@code err}.
     */
    static CommandLine commandLine(PrintWriter out, PrintWriter err, InputStream stdin, String only,
                                   BooleanSupplier errIsTerminal) {
        // picocli looks up a converter for each java.sql and java.time type by reflection whenever a command line is
        // built (Class.forName, then the parse method), a twentieth of a short command; no option here has such a type.
        if (System.getProperty(CONVERTER_EXCLUDES) == null) System.setProperty(CONVERTER_EXCLUDES, UNUSED_CONVERTERS);
        Factory factory = new Factory(stdin, errIsTerminal);
        // The models come from CliModel, written at build time from the commands' annotations: no annotation is read
        // by reflection here (CliModelTest keeps the two the same).
        CommandLine cl = new CommandLine(CliModel.root(new Main(), factory), factory);
        for (Map.Entry<String, Class<?>> c : COMMANDS.entrySet()) {
            if (only != null && !only.equals(c.getKey())) continue;
            CommandSpec spec;
            try {
                spec = CliModel.command(c.getKey(), factory);
            } catch (Exception e) {
                throw new IllegalStateException("cannot create command " + c.getKey(), e);
            }
            cl.addSubcommand(c.getKey(), spec != null ? new CommandLine(spec, factory) : new CommandLine(c.getValue(), factory));
        }
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setUsageHelpAutoWidth(false);
        cl.setExitCodeExceptionMapper(e -> e instanceof CommandLine.ParameterException ? BAD_INPUT : INTERNAL);
        cl.setParameterExceptionHandler((ex, a) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("ncclscope: " + ex.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for more information.");
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, c, r) -> {
            c.getErr().println("ncclscope: internal error: " + ex);
            c.getErr().println("Please report it with the input that caused it.");
            return INTERNAL;
        });
        return cl;
    }

    @Override
    public void run() {
        // No subcommand: show the usage, which is not an error in itself but not a result either.
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    /** Reads the version written at build time. */
    static String version() {
        Properties p = new Properties();
        try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version", "unknown");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {
                "ncclscope " + version(),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vendor", "?") + ")"
            };
        }
    }

    /** Gives commands the stdin of this run (tests pass their own). */
    static final class Factory implements CommandLine.IFactory {
        private final InputStream stdin;
        private final BooleanSupplier errIsTerminal;
        /**
         * picocli's own factory, for the classes this one does not make; made when first needed: making it looks up
         * Groovy's Closure class on the whole class path (every jar opened and searched, then a ClassNotFoundException),
         * which a short command such as analyze of one log never needs.
         */
        private CommandLine.IFactory fallback;

        Factory(InputStream stdin) {
            this(stdin, Progress::stderrIsTerminal);
        }

        Factory(InputStream stdin, BooleanSupplier errIsTerminal) {
            this.stdin = stdin;
            this.errIsTerminal = errIsTerminal;
        }

        @Override
        public <K> K create(Class<K> cls) throws Exception {
            if (cls == ParseCommand.class) {
                return cls.cast(new ParseCommand(stdin));
            }
            if (cls == AnalyzeCommand.class) {
                return cls.cast(new AnalyzeCommand(stdin, errIsTerminal));
            }
            if (cls == ReportCommand.class) {
                return cls.cast(new ReportCommand(stdin));
            }
            if (cls == CollectCommand.class) {
                return cls.cast(new CollectCommand(System.out));
            }
            if (cls == WorkflowCommand.class) {
                return cls.cast(new WorkflowCommand(stdin));
            }
            if (cls == List.class) {
                // The value of a multi-value option or parameter (every one of ours is a List): what picocli's own
                // factory makes for it.
                return cls.cast(new ArrayList<>());
            }
            if (fallback == null) fallback = CommandLine.defaultFactory();
            return fallback.create(cls);
        }
    }
}
