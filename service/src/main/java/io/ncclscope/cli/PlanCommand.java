package io.ncclscope.cli;

import io.ncclscope.sdk.Language;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Launchers;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.localize.Localizer;
import io.ncclscope.sdk.localize.NodeList;
import io.ncclscope.sdk.localize.PairPlan;
import io.ncclscope.sdk.localize.PlanBudget;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ncclscope plan}: test schedules to run on a cluster; {@code plan pairs} is the pairwise one. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        subcommands = {PlanCommand.Pairs.class},
        description = {"Write test schedules to run on a cluster (Slurm, mpirun, Kubernetes).", ""},
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope plan pairs --out plan 'gpu[01-08]'    pairwise tests of 8 nodes, as a Slurm job",
            "",
            "Exit codes: 0 written, 2 usage or input error, 3 internal error."
        })
final class PlanCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "a plan kind is required (pairs)");
    }

    /** {@code ncclscope plan pairs}. */
    @Command(
            name = "pairs",
            mixinStandardHelpOptions = true,
            versionProvider = Main.Version.class,
            description = {
                "Plan two-node tests that name the bad node (step 4 of the method, 点名).",
                "The tournament tests every pair once in N-1 rounds of N/2 concurrent pairs (odd N: one node sits "
                        + "out per round); it finds a slow node and a slow path. --screen runs only the first round "
                        + "(N/2 tests at once): enough to catch a slow node, not a slow path. --retest RESULTS plans "
                        + "the second pass: each suspect of those results against known-good nodes.",
                "Each pair's output goes to pairs/round-R/A__B.txt; read them back with 'ncclscope localize pairs/'.",
                ""
            },
            footerHeading = "%nExamples:%n",
            footer = {
                "  ncclscope plan pairs --out plan 'gpu[01-08]'",
                "      Slurm; then: sbatch plan/pairs.sbatch; ncclscope localize pairs/",
                "  ncclscope plan pairs --launcher mpirun --out plan hosts.txt",
                "      then: bash plan/run-pairs.sh",
                "  ncclscope plan pairs --launcher k8s --out plan n1,n2,n3,n4",
                "      Kubeflow MPIJobs; then: bash plan/run-k8s.sh",
                "  ncclscope plan pairs --gpu-request gres --minutes-per-test 5 --out plan 'gpu[01-08]'",
                "      --gres=gpu:8 instead of --gpus-per-node=8, and 5 minutes a test",
                "  ncclscope plan pairs --payload hostname -g 1 'node[1-4]'",
                "      a dry run that needs no GPU",
                "  ncclscope plan pairs --screen --out plan 'gpu[0001-1000]'",
                "      one round of 500 pairs: catches a slow node; then the second pass:",
                "  ncclscope plan pairs --retest pairs/ --out plan2 'gpu[0001-1000]'",
                "  ncclscope plan pairs --lang zh-CN --out plan 'gpu[01-08]'",
                "      the summary and budget in Chinese",
                "",
                "Without --out the files are printed to stdout, each after a '==> PATH <==' line.",
                "The summary ends with the budget, known before anyone runs the plan: rounds, wall time and GPU-hours",
                "at most (each test held to --minutes-per-test; a Slurm job also holds its idle nodes).",
                "",
                "Exit codes: 0 written, 2 usage or input error (bad node list, unreadable results), 3 internal error."
            })
    static final class Pairs implements Callable<Integer> {

        @Option(names = "--launcher", paramLabel = "KIND", defaultValue = "slurm",
                description = "slurm (default: an sbatch script), mpirun (driver script and hostfiles) or k8s (MPIJob manifests).")
        Launchers.Kind launcher;

        @Option(names = {"-g", "--gpus-per-node"}, paramLabel = "G", defaultValue = "8",
                description = "Processes (one GPU each) per node (default 8).")
        int gpus;

        @Option(names = "--gpu-request", paramLabel = "HOW", defaultValue = "gpus",
                description = "How the Slurm script asks for each node's GPUs: gpus (default: --gpus-per-node=G), "
                        + "gres (--gres=gpu:G) or none (the partition gives whole nodes). Kubernetes always sets the "
                        + "nvidia.com/gpu limit.")
        Launchers.GpuRequest gpuRequest;

        @Option(names = "--minutes-per-test", paramLabel = "M", defaultValue = "" + PlanBudget.DEFAULT_MINUTES_PER_TEST,
                description = "Time limit of one two-node test in minutes (default ${DEFAULT-VALUE}); the scripts "
                        + "enforce it and the budget printed (rounds, wall time, GPU-hours) counts with it.")
        int minutesPerTest;

        @Option(names = "--payload", paramLabel = "CMD", defaultValue = Launchers.DEFAULT_PAYLOAD,
                description = "What each process runs (default: '${DEFAULT-VALUE}', with NCCL_DEBUG=INFO).")
        String payload;

        @Option(names = "--image", paramLabel = "IMAGE", defaultValue = "nvcr.io/nvidia/pytorch:24.07-py3",
                description = "Container image for --launcher k8s (default ${DEFAULT-VALUE}).")
        String image;

        @Option(names = {"-o", "--out"}, paramLabel = "DIR", description = "Folder to write the files to.")
        Path out;

        @Option(names = "--screen", description = "Only the first round: every node once, N/2 tests.")
        boolean screen;

        @Option(names = "--retest", paramLabel = "RESULTS",
                description = "Plan the second pass from these results: suspects against known-good nodes.")
        Path retest;

        @Option(names = "--partners", paramLabel = "K", defaultValue = "2",
                description = "Known-good partners per suspect in --retest (default 2).")
        int partners;

        @Option(names = {"-l", "--lang"}, paramLabel = "LANG", defaultValue = "en",
                description = "Language of the summary (size and budget): en (default) or zh-CN. The scripts' own "
                        + "comments stay in English.")
        String lang;

        @Parameters(paramLabel = "NODES", arity = "1",
                description = "A file with one host per line (a hostfile), a Slurm expression like 'gpu[01-04,07]', or a comma list.")
        String nodes;

        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            PrintWriter o = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            Locale locale = Languages.parse(spec.commandLine(), lang);
            List<String> hosts;
            String listText = nodes;
            try {
                Path f = Path.of(nodes);
                if (Files.isRegularFile(f)) listText = Files.readString(f, StandardCharsets.UTF_8);
            } catch (java.nio.file.InvalidPathException e) {
                // Not a path: an expression or a list.
            }
            try {
                hosts = NodeList.parse(listText);
            } catch (IllegalArgumentException e) {
                err.println("ncclscope: " + nodes + ": " + e.getMessage());
                return Main.BAD_INPUT;
            }
            if (hosts.size() < 2) {
                err.println("ncclscope: a pairwise plan needs at least 2 nodes; got " + hosts.size());
                return Main.BAD_INPUT;
            }
            PairPlan plan;
            if (retest != null) {
                if (!Files.exists(retest)) {
                    err.println("ncclscope: " + retest + ": no such file or folder");
                    return Main.BAD_INPUT;
                }
                Localization l = new Localizer().localize(Localizer.read(Evidence.builder().addPath(retest).build()));
                if (l.suspects().isEmpty()) {
                    err.println("ncclscope: nothing to retest: no unresolved suspect in " + retest);
                    return Main.OK;
                }
                try {
                    plan = PairPlan.retest(l, hosts, partners);
                } catch (IllegalArgumentException e) {
                    err.println("ncclscope: " + e.getMessage());
                    return Main.BAD_INPUT;
                }
            } else {
                plan = screen ? PairPlan.screen(hosts) : PairPlan.tournament(hosts);
            }
            Map<String, String> files;
            Launchers.Options options;
            try {
                options = new Launchers.Options(gpus, payload, image, gpuRequest, minutesPerTest);
                files = Launchers.render(plan, launcher, options);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
            }
            String summary = summary(plan, launcher, options, locale);
            if (out == null) {
                files.forEach((path, text) -> {
                    o.println("==> " + path + " <==");
                    o.print(text);
                });
                err.println("ncclscope: " + summary.replace("\n", "\nncclscope: "));
            } else {
                for (Map.Entry<String, String> e : files.entrySet()) {
                    Path p = out.resolve(e.getKey());
                    Files.createDirectories(p.getParent() == null ? out : p.getParent());
                    Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
                    if (p.toString().endsWith(".sh") || p.toString().endsWith(".sbatch")) p.toFile().setExecutable(true);
                }
                o.println(summary);
                o.println(Message.of(PlanBudget.class, "plan.wrote", "count", files.size(),
                        "fileUnit", Language.of(locale) == Language.SIMPLIFIED_CHINESE ? "文件" : files.size() == 1 ? "file" : "files", "dir", out).render(locale));
            }
            o.flush();
            return Main.OK;
        }

        /** The plan in two lines, in {@code locale}: its size, then its budget before anyone runs it. */
        static String summary(PairPlan plan, Launchers.Kind launcher, Launchers.Options options, Locale locale) {
            return Message.of(PlanBudget.class, "plan.size", "nodes", plan.nodes().size(), "rounds", plan.rounds().size(),
                    "tests", plan.tests().size(), "allPairs", PairPlan.allPairs(plan.nodes().size())).render(locale) + "\n"
                    + Launchers.budget(plan, options).text(launcher == Launchers.Kind.slurm, locale);
        }
    }
}
