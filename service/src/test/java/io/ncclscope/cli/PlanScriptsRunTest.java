package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.cli.LocalizeCommandTest.Run;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file {@code plan pairs} and {@code localize --plan-next} write runs in a shell as written (issue 24): bash
 * accepts each script ({@code bash -n}), and run with stand-ins for {@code srun}, {@code mpirun} and {@code kubectl}
 * on the PATH that record their arguments, each script asks for the GPUs and the time limit it promised and writes one
 * output per pair. The command localize prints for the next pass, split into words by bash itself, is a command the
 * CLI takes and writes the same plan with.
 */
class PlanScriptsRunTest {

    Path bin;

    @BeforeEach
    void bash() {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/bash")), "no /bin/bash");
    }

    /** A stand-in on the PATH that appends its arguments to {@code calls.log} and prints a line. */
    void standIn(Path dir, String name) throws Exception {
        bin = Files.createDirectories(dir.resolve("bin"));
        Path f = bin.resolve(name);
        Files.writeString(f, "#!/bin/bash\necho \"" + name + " $*\" >> \"$CALLS\"\necho ok\n", StandardCharsets.UTF_8);
        assertThat(f.toFile().setExecutable(true)).isTrue();
    }

    /** Runs {@code bash args...} in {@code dir} with the stand-ins first on the PATH; returns its output. */
    String bash(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("/bin/bash"));
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        if (bin != null) pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().put("CALLS", dir.resolve("calls.log").toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as("bash %s: %s", String.join(" ", args), out).isZero();
        return out;
    }

    List<String> calls(Path dir) throws Exception {
        return Files.readAllLines(dir.resolve("calls.log"), StandardCharsets.UTF_8);
    }

    @Test
    void theSlurmScriptAsksForGpusAndHoldsEachStepToItsLimit(@TempDir Path tmp) throws Exception {
        Run plan = LocalizeCommandTest.run("plan", "pairs", "--gpu-request", "gres", "-g", "4", "--minutes-per-test", "7",
                "--out", tmp.toString(), "n[1-4]");
        assertThat(plan.code()).as(plan.err()).isZero();
        assertThat(plan.out()).contains("4 nodes, 3 rounds, 6 two-node tests",
                "budget: at most 3 rounds, 21 min wall, 5.6 GPU-hours of tests (5.6 held by one Slurm job of all 4 nodes)");
        bash(tmp, "-n", "pairs.sbatch");
        standIn(tmp, "srun");
        bash(tmp, "pairs.sbatch");
        assertThat(calls(tmp)).hasSize(6).allSatisfy(c -> assertThat(c).contains(" --gres=gpu:4 --time=7 ", "--ntasks=8"));
        assertThat(LocalizeCommandTest.files(tmp.resolve("pairs"), ".txt")).hasSize(6);
        assertThat(Files.readString(tmp.resolve("pairs.sbatch"))).contains("#SBATCH --gres=gpu:4\n", "#SBATCH --time=24\n");
    }

    @Test
    void theMpirunDriverHoldsEachTestToItsLimit(@TempDir Path tmp) throws Exception {
        Run plan = LocalizeCommandTest.run("plan", "pairs", "--launcher", "mpirun", "-g", "2", "--minutes-per-test", "1",
                "--out", tmp.toString(), "a,b,c,d");
        assertThat(plan.code()).as(plan.err()).isZero();
        assertThat(plan.out()).contains("budget: at most 3 rounds, 3 min wall, 0.4 GPU-hours of tests at 1 min a test")
                .doesNotContain("held by one Slurm job");
        bash(tmp, "-n", "run-pairs.sh");
        standIn(tmp, "mpirun");
        bash(tmp, "run-pairs.sh");
        assertThat(calls(tmp)).hasSize(6).allSatisfy(c -> assertThat(c).startsWith("mpirun --hostfile hostfiles/round-"));
        assertThat(LocalizeCommandTest.files(tmp.resolve("pairs"), ".txt")).hasSize(6);
    }

    @Test
    void theKubernetesDriverAppliesWaitsSavesAndDeletesEachRound(@TempDir Path tmp) throws Exception {
        Run plan = LocalizeCommandTest.run("plan", "pairs", "--launcher", "k8s", "-g", "8", "--minutes-per-test", "15",
                "--out", tmp.toString(), "a,b,c,d");
        assertThat(plan.code()).as(plan.err()).isZero();
        bash(tmp, "-n", "run-k8s.sh");
        standIn(tmp, "kubectl");
        bash(tmp, "run-k8s.sh");
        List<String> calls = calls(tmp);
        assertThat(calls.stream().filter(c -> c.contains(" apply -f k8s/round-"))).hasSize(3);
        assertThat(calls.stream().filter(c -> c.contains(" wait --for=condition=Succeeded --timeout=15m mpijob/"))).hasSize(6);
        assertThat(calls.stream().filter(c -> c.contains(" delete -f k8s/round-"))).hasSize(3);
        assertThat(Files.readString(tmp.resolve("k8s/round-1.yaml"))).contains("nvidia.com/gpu: 8", "activeDeadlineSeconds: 900");
    }

    @Test
    void theNextPassLocalizePrintsIsACommandThatWritesThePlanItWrote(@TempDir Path tmp) throws Exception {
        Path results = LocalizeCommandTest.EXAMPLE.resolve("results");
        Path written = tmp.resolve("written");
        Run l = LocalizeCommandTest.run("localize", "--plan-next", written.toString(), results.toString());
        assertThat(l.code()).isEqualTo(1);
        String line = l.out().lines().filter(s -> s.startsWith("  $ ncclscope plan pairs ")).findFirst().orElseThrow();
        String command = line.substring("  $ ".length());
        bash(tmp, "-n", "-c", command);
        // bash splits the line into words, as a user's shell would; the CLI runs them, its files going elsewhere.
        String words = bash(tmp, "-c", "printf '%s\\n' " + command.substring("ncclscope ".length()));
        List<String> args = new ArrayList<>(words.lines().toList());
        int out = args.indexOf("--out");
        args.set(out + 1, tmp.resolve("again").toString());
        Run again = LocalizeCommandTest.run(args.toArray(String[]::new));
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(Files.readString(tmp.resolve("again/pairs.sbatch"))).isEqualTo(Files.readString(written.resolve("pairs.sbatch")))
                .contains("srun --quiet --nodes=2 --nodelist=node05,");
        assertThat(l.out()).contains("Next pass: retest node05 against known-good nodes: 2 two-node tests in 2 round(s)");
    }
}
