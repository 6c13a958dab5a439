package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code ncclscope collect} on this (GPU-less) build machine, then {@code analyze} on what it wrote. */
class CollectCommandTest {

    @Test
    void collectWritesABundleThatAnalyzeReadsAsOneNode(@TempDir Path tmp) throws Exception {
        Path b = tmp.resolve("bundle");
        CliTest.Run c = CliTest.run("collect", "--out", b.toString(), "--node", "ci-node-1", "--timeout", "5");
        assertThat(c.code()).as(c.err()).isZero();
        assertThat(c.out()).as("results only on stdout; collect prints none").isEmpty();
        assertThat(c.err()).contains("ncclscope: collecting", "missing", "nvidia-smi topo -m",
                "bundle of ci-node-1 in " + b, "next: ncclscope analyze " + b);
        // The count announced is the count the progress lines run to (issue 19: it said 23 commands and counted to /26).
        java.util.regex.Matcher announced = java.util.regex.Pattern.compile("collecting (\\d+) steps \\((\\d+) commands, (\\d+) file reads\\)")
                .matcher(c.err());
        assertThat(announced.find()).as(c.err()).isTrue();
        int steps = Integer.parseInt(announced.group(1));
        assertThat(Integer.parseInt(announced.group(2)) + Integer.parseInt(announced.group(3))).isEqualTo(steps);
        java.util.regex.Matcher progress = java.util.regex.Pattern.compile("\\[\\s*(\\d+)/(\\d+)]").matcher(c.err());
        int last = 0;
        while (progress.find()) {
            assertThat(Integer.parseInt(progress.group(2))).as(c.err()).isEqualTo(steps);
            last = Integer.parseInt(progress.group(1));
        }
        assertThat(last).as(c.err()).isEqualTo(steps);
        // analyze reads the archive collect writes as it is: collect never says to extract it.
        assertThat(c.err()).doesNotContainIgnoringCase("extract");
        Map<?, ?> m = (Map<?, ?>) Json.parse(Files.readString(b.resolve("manifest.json")));
        assertThat(m.get("host")).isEqualTo("ci-node-1");
        assertThat(b.resolve("env.txt")).isRegularFile();

        CliTest.Run a = CliTest.run("analyze", "--format", "json", b.toString());
        assertThat(a.code()).as(a.err()).isIn(Main.OK, Main.PROBLEMS, Main.INCONCLUSIVE);
        Map<?, ?> report = (Map<?, ?>) Json.parse(a.out());
        if (!Files.exists(b.resolve("sys/topo-m.txt")) && !Files.exists(b.resolve("sys/nvsmi-q.txt"))) {
            // A bundle of a machine without the GPU tools is never healthy: the node's GPU facts are its purpose.
            assertThat(report.get("verdict")).as(a.out()).isNotEqualTo("healthy");
        }
        assertThat(report.get("nodes")).isEqualTo(List.of("ci-node-1"));
        if (Files.exists(b.resolve("net/ip-addr.txt"))) {
            assertThat((List<?>) report.get("artifacts")).anySatisfy(x -> assertThat(x.toString())
                    .contains("name=bundle/net/ip-addr.txt", "kind=iplink"));
        }
    }

    @Test
    void outDashWritesATarOfTheNodeFolderToStdout(@TempDir Path tmp) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        // The registered command writes to System.out; this one writes to a buffer.
        CommandLine collect = new CommandLine(new CollectCommand(bytes));
        collect.setErr(new PrintWriter(err, true));
        int code = collect.execute("--out", "-", "--node", "n1", "--timeout", "5", "--quiet");
        assertThat(code).as(err.toString()).isZero();
        Path tar = tmp.resolve("b.tar");
        Files.write(tar, bytes.toByteArray());
        Process p = new ProcessBuilder("tar", "-tf", tar.toString()).redirectErrorStream(true).start();
        String list = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(list).isZero();
        assertThat(list.lines()).contains("n1/", "n1/manifest.json", "n1/env.txt");
        assertThat(err.toString()).contains("bundle of n1 in stdout (tar)");
    }

    @Test
    void outTarGzNeverFollowsAPlantedLinkAndIsWrittenOwnerOnly(@TempDir Path tmp) throws Exception {
        Path victim = Files.writeString(tmp.resolve("victim"), "keep me");
        Path planted = Files.createSymbolicLink(tmp.resolve("node.tar.gz"), victim);
        CliTest.Run r = CliTest.run("collect", "--out", planted.toString(), "--node", "n1", "--timeout", "5", "--quiet");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("symbolic link");
        assertThat(Files.readString(victim)).isEqualTo("keep me");
        assertThat(Files.isSymbolicLink(planted)).isTrue();

        Path good = tmp.resolve("good.tar.gz");
        Files.writeString(good, "an older bundle");
        CliTest.Run ok = CliTest.run("collect", "--out", good.toString(), "--node", "n1", "--timeout", "5", "--quiet");
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(good))).isEqualTo("rw-------");
        Process p = new ProcessBuilder("tar", "-tvzf", good.toString()).redirectErrorStream(true).start();
        String list = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(list).isZero();
        assertThat(list.lines()).anySatisfy(l -> assertThat(l).startsWith("drwx------").endsWith("n1/"))
                .filteredOn(l -> !l.endsWith("/")).isNotEmpty().allSatisfy(l -> assertThat(l).startsWith("-rw-------"));
        try (var s = Files.list(tmp)) {
            assertThat(s.map(x -> x.getFileName().toString())).noneMatch(n -> n.endsWith(".part"));
        }
    }

    @Test
    void anOutFolderThatIsALinkIsRefused(@TempDir Path tmp) throws Exception {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(tmp.resolve("bundle"), elsewhere);
        CliTest.Run r = CliTest.run("collect", "--out", link.toString(), "--timeout", "5", "--quiet");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("symbolic link");
        try (var s = Files.list(elsewhere)) {
            assertThat(s).isEmpty();
        }
    }

    @Test
    void aNonEmptyOutFolderIsAUsageErrorAndNothingRuns(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("x.txt"), "keep");
        CliTest.Run r = CliTest.run("collect", "--out", tmp.toString());
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("is not an empty folder");
        assertThat(tmp.resolve("manifest.json")).doesNotExist();
    }

    @Test
    void aTimeoutOutOfRangeIsAUsageError() {
        CliTest.Run r = CliTest.run("collect", "--timeout", "0");
        assertThat(r.code()).isEqualTo(Main.BAD_INPUT);
        assertThat(r.err()).contains("--timeout must be between 0.1 and 3600 seconds");
    }

    @Test
    void listPrintsTheAllowListAndRunsNothing() {
        CliTest.Run r = CliTest.run("collect", "--list");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("sys/topo-m.txt", "nvidia-smi topo -m", "lspci -vvv", "ibstat", "dmesg -T");
        assertThat(r.err()).isEmpty();
    }
}
