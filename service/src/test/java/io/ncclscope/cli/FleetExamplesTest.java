package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.ncclscope.parsers.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine;

/**
 * The fleet recipes of examples/fleet: the Kubernetes manifests are well-formed and run ncclscope commands this CLI
 * accepts, and the Slurm recipe collects one bundle per node and analyzes them all under the real Slurm that
 * {@code .ci/run} starts ({@code NCCLSCOPE_SLURM_CONF}; skipped without it).
 */
class FleetExamplesTest {

    static final Path FLEET = Path.of("../examples/fleet");

    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> docs(Path file) throws IOException {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Object o : new Yaml().loadAll(Files.readString(file))) {
            if (o != null) out.add((Map<String, Object>) o);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    static <T> T at(Object o, String... path) {
        Object cur = o;
        for (String p : path) {
            if (cur instanceof Map<?, ?> m) cur = m.get(p);
            else if (cur instanceof List<?> l) cur = l.get(Integer.parseInt(p));
            else fail("no " + String.join(".", path) + " in " + o);
        }
        return (T) cur;
    }

    /** Checks that picocli accepts {@code args} for the ncclscope command line (options exist, values parse). */
    static void accepted(List<String> args) {
        CommandLine cl = Main.commandLine(new java.io.PrintWriter(new java.io.StringWriter()),
                new java.io.PrintWriter(new java.io.StringWriter()), new java.io.ByteArrayInputStream(new byte[0]));
        try {
            cl.parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            fail("ncclscope " + String.join(" ", args) + " is refused: " + e.getMessage());
        }
    }

    @Test
    void theKubernetesManifestsAreWellFormedAndShareTheBundleVolume() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(FLEET.resolve("k8s"))) {
            files = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(files).extracting(p -> p.getFileName().toString())
                .containsExactly("analyze-job.yaml", "bundles-pvc.yaml", "collect-daemonset.yaml");
        String claim = null;
        for (Path f : files) {
            for (Map<String, Object> d : docs(f)) {
                assertThat(d).as(f.toString()).containsKeys("apiVersion", "kind", "metadata");
                if (d.get("kind").equals("PersistentVolumeClaim")) {
                    claim = at(d, "metadata", "name");
                    assertThat((List<String>) at(d, "spec", "accessModes")).containsExactly("ReadWriteMany");
                }
            }
        }
        assertThat(claim).isEqualTo("ncclscope-bundles");

        Map<String, Object> ds = docs(FLEET.resolve("k8s/collect-daemonset.yaml")).get(0);
        assertThat(ds).containsEntry("apiVersion", "apps/v1").containsEntry("kind", "DaemonSet");
        Map<String, Object> match = at(ds, "spec", "selector", "matchLabels");
        assertThat((Map<String, Object>) at(ds, "spec", "template", "metadata", "labels")).containsAllEntriesOf(match);
        Map<String, Object> collect = at(ds, "spec", "template", "spec", "initContainers", "0");
        List<String> cmd = at(collect, "command");
        assertThat(cmd.get(0)).isEqualTo("/opt/ncclscope/bin/ncclscope");
        assertThat(cmd.subList(1, cmd.size())).startsWith("collect").contains("--node", "$(NODE_NAME)", "--out", "/bundles/$(NODE_NAME)");
        accepted(cmd.subList(1, cmd.size()));
        List<Map<String, Object>> env = at(collect, "env");
        assertThat(env).anySatisfy(e -> assertThat(e).containsEntry("name", "NODE_NAME")
                .extractingByKey("valueFrom").asString().contains("spec.nodeName"));
        assertVolumesResolve(at(ds, "spec", "template", "spec"), claim);
        // --sys-root /host needs the host's /sys at /host/sys.
        assertThat((List<Map<String, Object>>) at(collect, "volumeMounts"))
                .anySatisfy(m -> assertThat(m).containsEntry("mountPath", "/host/sys"));

        Map<String, Object> job = docs(FLEET.resolve("k8s/analyze-job.yaml")).get(0);
        assertThat(job).containsEntry("apiVersion", "batch/v1").containsEntry("kind", "Job");
        Map<String, Object> pod = at(job, "spec", "template", "spec");
        assertThat(pod).containsEntry("restartPolicy", "Never");
        List<String> script = at(pod, "containers", "0", "command");
        assertThat(script.subList(0, 2)).containsExactly("/bin/sh", "-c");
        List<String> calls = script.get(2).lines().map(String::strip).filter(l -> l.startsWith("/opt/ncclscope/bin/ncclscope "))
                .toList();
        assertThat(calls).hasSize(2);
        for (String c : calls) {
            List<String> args = List.of(c.replaceFirst(" >.*$", "").split(" ")).subList(1, c.replaceFirst(" >.*$", "").split(" ").length);
            assertThat(args).startsWith("analyze").contains("/bundles");
            accepted(args);
        }
        assertVolumesResolve(pod, claim);
    }

    @SuppressWarnings("unchecked")
    static void assertVolumesResolve(Map<String, Object> pod, String claim) {
        List<Map<String, Object>> volumes = (List<Map<String, Object>>) pod.get("volumes");
        List<String> names = volumes.stream().map(v -> (String) v.get("name")).toList();
        List<Map<String, Object>> containers = new ArrayList<>();
        for (String k : List.of("initContainers", "containers")) {
            if (pod.get(k) != null) containers.addAll((List<Map<String, Object>>) pod.get(k));
        }
        for (Map<String, Object> c : containers) {
            List<Map<String, Object>> mounts = (List<Map<String, Object>>) c.getOrDefault("volumeMounts", List.of());
            for (Map<String, Object> m : mounts) assertThat(names).as("volume of " + c.get("name")).contains((String) m.get("name"));
        }
        assertThat(volumes).anySatisfy(v -> assertThat(v.toString()).contains("claimName=" + claim));
    }

    @Test
    void theSlurmRecipeCollectsOneBundlePerNodeAndAnalyzesThemAll(@TempDir Path tmp) throws Exception {
        String env = System.getenv("NCCLSCOPE_SLURM_CONF");
        Assumptions.assumeTrue(env != null && !env.isBlank(),
                "NCCLSCOPE_SLURM_CONF is not set: no Slurm to run under (.ci/run starts one)");
        Path conf = Path.of(env);
        Assumptions.assumeTrue(Files.isRegularFile(conf), "NCCLSCOPE_SLURM_CONF=" + conf + ": no such file");

        // The emulated nodes all run on this machine: ncclscope there is this build, through a small wrapper.
        Path wrapper = tmp.resolve("ncclscope");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Files.writeString(wrapper, "#!/bin/sh\nexec '" + java + "' -cp '" + System.getProperty("java.class.path")
                + "' io.ncclscope.cli.Main \"$@\"\n");
        assertThat(wrapper.toFile().setExecutable(true)).isTrue();
        Path out = tmp.resolve("bundles");
        Path script = FLEET.resolve("slurm-collect.sbatch").toAbsolutePath();

        SlurmLauncherTest.Out submit = SlurmLauncherTest.slurm(conf, tmp, 30, "sbatch", "--parsable", "--nodes=4",
                "--export=ALL,NCCLSCOPE=" + wrapper + ",NCCLSCOPE_OUT=" + out, script.toString());
        assertThat(submit.code()).as(submit.text()).isZero();
        String job = submit.text().lines().reduce((a, b) -> b).orElse("").split(";")[0].trim();
        long deadline = System.currentTimeMillis() + SlurmLauncherTest.JOB_TIMEOUT_MS;
        while (true) {
            SlurmLauncherTest.Out q = SlurmLauncherTest.slurm(conf, tmp, 30, "squeue", "-h", "-j", job, "-o", "%T");
            if (q.code() == 0 ? q.text().isEmpty() : q.text().contains("Invalid job id")) break;
            if (System.currentTimeMillis() > deadline) {
                SlurmLauncherTest.slurm(conf, tmp, 30, "scancel", job);
                fail("job " + job + " still " + q.text() + "; " + log(tmp, job));
            }
            Thread.sleep(250);
        }
        SlurmLauncherTest.Out show = SlurmLauncherTest.slurm(conf, tmp, 30, "scontrol", "show", "job", job);
        assertThat(show.text()).as(log(tmp, job)).contains("JobState=COMPLETED", "ExitCode=0:0");

        List<String> nodes;
        try (Stream<Path> s = Files.list(out)) {
            nodes = s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(nodes).as(log(tmp, job)).hasSize(4);
        for (String n : nodes) {
            Map<?, ?> m = (Map<?, ?>) Json.parse(Files.readString(out.resolve(n).resolve("manifest.json")));
            assertThat(m.get("host")).as("bundle of " + n).isEqualTo(n);
        }
        Map<?, ?> verdict = (Map<?, ?>) Json.parse(Files.readString(out.resolve("verdict.json"), StandardCharsets.UTF_8));
        assertThat((List<?>) verdict.get("nodes")).as("one analyze over every node's bundle").hasSize(4);
        assertThat(Files.readString(out.resolve("verdict.md"))).contains("**ncclscope:", "4 node(s)");
        assertThat(log(tmp, job)).contains("4 of 4 bundle(s) written");
    }

    static String log(Path dir, String job) {
        try {
            return "job log: " + Files.readString(dir.resolve("ncclscope-collect-" + job + ".out"));
        } catch (IOException e) {
            return "no job log (" + e.getMessage() + ")";
        }
    }
}
