package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code plan pairs --launcher slurm} under a real Slurm: the emulated nodes that {@code .ci/slurm-up.sh} starts on
 * this machine (slurmctld plus one {@code slurmd -N nX} per node, all on 127.0.0.1). The payload needs no GPU: each
 * task prints {@code $SLURMD_NODENAME}, so every pair's output file must name exactly the two nodes of the pair.
 * Skipped unless {@code NCCLSCOPE_SLURM_CONF} names the cluster's slurm.conf ({@code .ci/run} sets it).
 */
class SlurmLauncherTest {

    static final long JOB_TIMEOUT_MS = 120_000;

    record Out(int code, String text) {
    }

    /** Runs a Slurm client command against the test cluster, bounded in time. */
    static Out slurm(Path conf, Path dir, long timeoutS, String... cmd) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("SLURM_CONF", conf.toString());
        Process p = pb.start();
        // Slurm's clients print little; reading after the wait cannot fill the pipe.
        if (!p.waitFor(timeoutS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail(String.join(" ", cmd) + " took more than " + timeoutS + " s");
        }
        return new Out(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
    }

    @Test
    void theSbatchScriptRunsEveryPairOnItsTwoNodes(@TempDir Path tmp) throws Exception {
        String env = System.getenv("NCCLSCOPE_SLURM_CONF");
        Assumptions.assumeTrue(env != null && !env.isBlank(),
                "NCCLSCOPE_SLURM_CONF is not set: no Slurm to run under (.ci/run starts one)");
        Path conf = Path.of(env);
        Assumptions.assumeTrue(Files.isRegularFile(conf), "NCCLSCOPE_SLURM_CONF=" + conf + ": no such file");

        Out sinfo = slurm(conf, tmp, 30, "sinfo", "-h", "-N", "-t", "idle", "-o", "%N");
        assertThat(sinfo.code()).as(sinfo.text()).isZero();
        List<String> nodes = sinfo.text().lines().map(String::trim).filter(s -> !s.isEmpty()).distinct().sorted().toList();
        assertThat(nodes).as("idle nodes of the test cluster").hasSizeGreaterThanOrEqualTo(4);
        nodes = nodes.subList(0, 4);

        LocalizeCommandTest.Run plan = LocalizeCommandTest.run("plan", "pairs", "--launcher", "slurm",
                "--payload", "echo \"$SLURMD_NODENAME\"", "--gpus-per-node", "1",
                // The emulated nodes have no GPU GRES: a GPU request would leave the job pending forever.
                "--gpu-request", "none", "--out", tmp.toString(),
                String.join(",", nodes));
        assertThat(plan.code()).as(plan.err()).isZero();
        assertThat(plan.out()).contains("4 nodes, 3 rounds, 6 two-node tests");
        String script = Files.readString(tmp.resolve("pairs.sbatch"));

        Out submit = slurm(conf, tmp, 30, "sbatch", "--parsable", "pairs.sbatch");
        assertThat(submit.code()).as(submit.text()).isZero();
        String job = submit.text().lines().reduce((a, b) -> b).orElse("").split(";")[0].trim();
        assertThat(job).as(submit.text()).matches("\\d+");

        long deadline = System.currentTimeMillis() + JOB_TIMEOUT_MS;
        while (true) {
            Out q = slurm(conf, tmp, 30, "squeue", "-h", "-j", job, "-o", "%T");
            // Gone from the queue (finished), or already purged; any other error is retried until the deadline.
            if (q.code() == 0 ? q.text().isEmpty() : q.text().contains("Invalid job id")) break;
            if (System.currentTimeMillis() > deadline) {
                slurm(conf, tmp, 30, "scancel", job);
                fail("job " + job + " still " + q.text() + " after " + JOB_TIMEOUT_MS / 1000 + " s; " + jobLog(tmp, job));
            }
            Thread.sleep(250);
        }
        Out show = slurm(conf, tmp, 30, "scontrol", "show", "job", job);
        assertThat(show.text()).as(jobLog(tmp, job)).contains("JobState=COMPLETED", "ExitCode=0:0");

        Matcher m = Pattern.compile("srun --quiet --nodes=2 --nodelist=([^,\\s]+),(\\S+) .*> pairs/(round-\\d+/\\S+\\.txt)")
                .matcher(script);
        List<String> planned = new ArrayList<>();
        while (m.find()) {
            planned.add(m.group(3));
            Path f = tmp.resolve("pairs").resolve(m.group(3));
            assertThat(f).as(jobLog(tmp, job)).isRegularFile();
            List<String> lines = Files.readAllLines(f).stream().map(String::trim).filter(s -> !s.isEmpty()).sorted().toList();
            assertThat(lines).as(f + " (one line per task: its node)")
                    .isEqualTo(List.of(m.group(1), m.group(2)).stream().sorted().toList());
        }
        assertThat(planned).hasSize(6);
        assertThat(LocalizeCommandTest.files(tmp.resolve("pairs"), ".txt")).hasSize(6);
    }

    static String jobLog(Path dir, String job) {
        try {
            return "job log: " + Files.readString(dir.resolve("ncclscope-pairs-" + job + ".out"));
        } catch (IOException e) {
            return "no job log (" + e.getMessage() + ")";
        }
    }
}
