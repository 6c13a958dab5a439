package io.ncclscope.cli;

import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.compare.AbPlanner;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.PlannedRun;
import io.ncclscope.sdk.compare.Scaling;
import io.ncclscope.sdk.compare.SideExpectation;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.io.IOException;
import java.io.PrintWriter;
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
            "  ncclscope compare --format html a/ b/ > ab.html   one page, both runs on one chart",
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
            "  2  usage error, a missing path, a side without an nccl-tests table, or two sides",
            "     that cannot be compared (different collectives, operations, data types or",
            "     sizes; a switch read across different rank or node counts)",
            "  3  internal error"
        })
final class CompareCommand implements Callable<Integer> {


    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT", defaultValue = "text", converter = FormatNames.TextMdJsonHtml.class,
            description = "text (default, everything), md (chat-sized Markdown), json, or html (one page: both runs on one "
                    + "chart, each side's expectation and segment beside the measured figures).")
    Format format;

    @Option(names = {"-l", "--lang"}, paramLabel = "LANG", defaultValue = "en",
            description = "Language of the report: en (default) or zh-CN.")
    String lang;

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
        Locale locale = Languages.parse(spec.commandLine(), lang);
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
        List<Finding> findings;
        if (scaling) {
            Scaling s = Scaling.of(sets);
            if (s.points().isEmpty()) {
                err.println("ncclscope: no multi-rank nccl-tests table with a known node count in the input");
                return Main.BAD_INPUT;
            }
            findings = s.findings();
            out.print(NcclScope.render(s, format, locale));
        } else {
            Comparison c = Comparison.of(paths.get(0), sets.get(0), paths.get(1), sets.get(1));
            List<PlannedRun> plan = AbPlanner.plan(sets, c);
            findings = c.findings();
            List<SideExpectation> expectations = List.of(SideExpectation.of(sets.get(0)), SideExpectation.of(sets.get(1)));
            out.print(NcclScope.render(c, plan, expectations, format, locale));
            if (c.reading() == Comparison.Reading.NOT_JUDGED) {
                // Nothing can be said of the two sides: a usage answer, never "no suspect".
                out.flush();
                err.println("ncclscope: " + c.summary().render(locale));
                return Main.BAD_INPUT;
            }
        }
        out.flush();
        boolean suspect = findings.stream().anyMatch(f -> f.severity().compareTo(FindingSeverity.WARNING) >= 0);
        return suspect ? Main.PROBLEMS : Main.OK;
    }


}
