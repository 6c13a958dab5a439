package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan pairs} and {@code localize} end to end on examples/pairs: the plan for its 8 nodes names exactly the
 * 28 result files kept there (synthetic tables, see its README), and localize finds exactly node05 (slow node) and
 * node02-node07 (slow path).
 */
class LocalizeCommandTest {

    static final Path EXAMPLE = Path.of("../examples/pairs");

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true),
                new ByteArrayInputStream(new byte[0]));
        return new Run(code, out.toString(), err.toString());
    }

    static Set<String> files(Path root, String suffix) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .filter(n -> n.endsWith(suffix)).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
        }
    }

    @Test
    void planForTheExampleNodesIsTheCommittedPlanAndNamesEveryResultFile(@TempDir Path tmp) throws Exception {
        Run r = run("plan", "pairs", "--out", tmp.toString(), EXAMPLE.resolve("nodes.txt").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("8 nodes, 7 rounds, 28 two-node tests (all pairs one at a time: 28)");
        String sbatch = Files.readString(tmp.resolve("pairs.sbatch"));
        assertThat(sbatch).isEqualTo(Files.readString(EXAMPLE.resolve("plan/pairs.sbatch")));
        Set<String> planned = new TreeSet<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("> pairs/(round-\\d+/\\S+\\.txt)").matcher(sbatch);
        while (m.find()) planned.add(m.group(1));
        assertThat(planned).hasSize(28).isEqualTo(files(EXAMPLE.resolve("results"), ".txt"));
    }

    @Test
    void localizeFindsExactlyTheSlowNodeAndTheSlowPath(@TempDir Path tmp) throws Exception {
        Path svg = tmp.resolve("heat/heatmap.svg");
        Run r = run("localize", "--svg", svg.toString(), EXAMPLE.resolve("results").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.PROBLEMS);
        assertThat(r.out()).contains("Slow nodes: node05; slow paths: node02\u2194node07.");
        assertThat(r.out().lines().filter(l -> l.startsWith("ERROR SLOW_NODE") || l.startsWith("WARNING SLOW_PAIR")))
                .hasSize(2);
        assertThat(Files.readString(svg)).startsWith("<?xml").contains("node02 \u2194 node07: 96.0 GB/s");

        Run j = run("localize", "--format", "json", EXAMPLE.resolve("results").toString());
        Map<?, ?> json = (Map<?, ?>) Json.parse(j.out());
        assertThat(json.get("slowNodes")).isEqualTo(List.of("node05"));
        assertThat(json.get("slowPairs")).isEqualTo(List.of(List.of("node02", "node07")));
        assertThat(((List<?>) json.get("findings"))).hasSize(2);

        Run zh = run("localize", "--format", "md", "--lang", "zh-CN", EXAMPLE.resolve("results").toString());
        assertThat(zh.out()).contains("慢节点：node05", "嫌疑在它们之间的链路");
    }

    @Test
    void aHealthySubsetExitsZero(@TempDir Path dir) throws Exception {
        // Every round of the 8-node plan touches node05, so take the three pairs among node01, node03 and node04.
        for (String n : files(EXAMPLE.resolve("results"), ".txt")) {
            String base = n.substring(n.indexOf('/') + 1);
            if (base.matches("node0[134]__node0[134]\\.txt")) {
                Files.copy(EXAMPLE.resolve("results").resolve(n), dir.resolve(base));
            }
        }
        Run r = run("localize", dir.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("3 two-node tests", "No slow node or slow path.");
    }

    @Test
    void planSummaryAndBudgetComeInEitherLanguage(@TempDir Path tmp) throws Exception {
        Run en = run("plan", "pairs", "--out", tmp.resolve("en").toString(), "gpu[01-04]");
        assertThat(en.code()).isZero();
        assertThat(en.out()).isEqualTo("4 nodes, 3 rounds, 6 two-node tests (all pairs one at a time: 6)\n"
                + "budget: at most 3 rounds, 30 min wall, 16.0 GPU-hours of tests (16.0 held by one Slurm job of all 4 nodes)"
                + " at 10 min a test, 8 GPUs a node\nwrote 1 file to " + tmp.resolve("en") + "\n");
        Run zh = run("plan", "pairs", "--lang", "zh-CN", "--launcher", "mpirun", "--out", tmp.resolve("zh").toString(), "gpu[01-04]");
        assertThat(zh.code()).isZero();
        assertThat(zh.out()).startsWith("4 个节点，3 轮，6 个双节点测试（逐对全测需要 6 个）\n预算：最多 3 轮，墙钟 30 分钟，测试共 16.0 GPU 小时")
                .contains("已写入 ", "个文件到 ");
        // The scripts' comments stay English whatever the language of the summary.
        assertThat(Files.readString(tmp.resolve("zh/run-pairs.sh"))).contains("# Budget: at most 3 rounds");
        assertThat(run("plan", "pairs", "--lang", "fr", "gpu[01-04]").code()).isEqualTo(2);
    }

    @Test
    void planRendersEveryLauncherAndReadsSlurmExpressions(@TempDir Path tmp) throws Exception {
        Run slurm = run("plan", "pairs", "--payload", "hostname", "--gpus-per-node", "1", "gpu[01-04]");
        assertThat(slurm.code()).isZero();
        assertThat(slurm.out()).startsWith("==> pairs.sbatch <==\n").contains("PAYLOAD='hostname'",
                "srun --quiet --nodes=2 --nodelist=gpu01,gpu04 --ntasks-per-node=1 --ntasks=2");
        Run mpi = run("plan", "pairs", "--launcher", "mpirun", "--out", tmp.resolve("m").toString(), "a,b,c");
        assertThat(mpi.code()).isZero();
        assertThat(tmp.resolve("m/run-pairs.sh")).exists();
        assertThat(files(tmp.resolve("m/hostfiles"), "")).hasSize(3);
        Run k8s = run("plan", "pairs", "--launcher", "k8s", "--out", tmp.resolve("k").toString(), "n[1-4]");
        assertThat(k8s.code()).isZero();
        assertThat(Files.readString(tmp.resolve("k/k8s/round-1.yaml"))).contains("kind: MPIJob");
        Run screen = run("plan", "pairs", "--screen", "gpu[0001-1000]");
        assertThat(screen.err()).contains("1000 nodes, 1 rounds, 500 two-node tests (all pairs one at a time: 499500)");
    }

    @Test
    void retestPlansSuspectsAgainstKnownGoodNodes(@TempDir Path tmp) throws Exception {
        // Round 1 alone as a screening pass: node04-node05 and node02-node07 are slow, both unresolved.
        Run r = run("plan", "pairs", "--retest", EXAMPLE.resolve("results/round-1").toString(),
                EXAMPLE.resolve("nodes.txt").toString());
        assertThat(r.code()).as(r.err()).isZero();
        String s = r.out();
        for (String suspect : List.of("node02", "node04", "node05", "node07")) {
            assertThat(s.lines().filter(l -> l.startsWith("srun") && l.contains("--nodelist=" + suspect + ","))).hasSize(2);
        }
    }

    @Test
    void badInputExitsTwoAndHelpTeaches() {
        assertThat(run("plan", "pairs", "gpu[01-").code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run("plan", "pairs", "only1").code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run("plan", "pairs", "--gpus-per-node", "0", "a,b").code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run("localize", "no/such/folder").code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run("localize", EXAMPLE.resolve("nodes.txt").toString()).code()).isEqualTo(Main.BAD_INPUT);
        assertThat(run("plan").code()).isEqualTo(Main.BAD_INPUT);
        Run h = run("localize", "--help");
        assertThat(h.code()).isZero();
        assertThat(h.out()).contains("Examples:", "ncclscope localize --svg heatmap.svg pairs/", "Exit codes:");
        Run p = run("plan", "pairs", "--help");
        assertThat(p.out()).contains("Examples:", "--launcher", "--payload", "sbatch plan/pairs.sbatch", "--retest pairs/");
        assertThat(run("--help").out()).contains("localize", "plan");
    }

    /**
     * The Slurm script's mechanics without Slurm: a stand-in {@code srun} on the PATH prints a two-node table
     * naming the hosts of its {@code --nodelist}; the script's rounds, {@code &}/{@code wait} and output paths must
     * give localize one result per pair. (Running under a real Slurm is a later step of the project's CI.)
     */
    @Test
    void theSlurmScriptRunsEveryPairAndLocalizeReadsItsOutput(@TempDir Path tmp) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/bash")));
        assertThat(run("plan", "pairs", "--payload", "hostname", "-g", "1", "--out", tmp.toString(), "n[1-6]").code()).isZero();
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path srun = bin.resolve("srun");
        Files.writeString(srun, String.join("\n",
                "#!/bin/bash",
                "for a in \"$@\"; do case $a in --nodelist=*) IFS=, read -r A B <<< \"${a#--nodelist=}\";; esac; done",
                "echo '# Using devices'",
                "echo \"#  Rank  0 Group  0 Pid   1001 on $A device  0 [0000:07:00] NVIDIA A100-SXM4-80GB\"",
                "echo \"#  Rank  1 Group  0 Pid   1002 on $B device  0 [0000:07:00] NVIDIA A100-SXM4-80GB\"",
                "echo '#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong'",
                "echo '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)'",
                "echo '  1073741824     268435456     float     sum      -1    10000  107.37  107.37      0    10000  107.37  107.37      0'",
                "echo '# Avg bus bandwidth    : 107.37'",
                ""));
        assertThat(srun.toFile().setExecutable(true)).isTrue();
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", "pairs.sbatch").directory(tmp.toFile()).redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process p = pb.start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(log).isZero();
        assertThat(files(tmp.resolve("pairs"), ".txt")).hasSize(15);
        Run r = run("localize", tmp.resolve("pairs").toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("6 nodes, 15 two-node tests", "No slow node or slow path.");
    }
}
