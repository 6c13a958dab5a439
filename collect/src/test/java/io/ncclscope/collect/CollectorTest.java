package io.ncclscope.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CollectorTest {

    /** A fake /sys with two NICs, a container veth and one InfiniBand port. */
    static Path fakeSys(Path root) throws IOException {
        for (String i : List.of("lo", "eth0", "ib0", "veth12ab")) {
            Path d = Files.createDirectories(root.resolve("sys/class/net").resolve(i));
            Files.writeString(d.resolve("mtu"), i.equals("ib0") ? "4092\n" : "1500\n");
            Files.writeString(d.resolve("operstate"), "up\n");
        }
        Path port = Files.createDirectories(root.resolve("sys/class/infiniband/mlx5_0/ports/1/counters"));
        Files.writeString(port.resolve("symbol_error"), "3\n");
        Files.writeString(port.resolve("port_rcv_data"), "123456\n");
        Files.writeString(port.getParent().resolve("state"), "4: ACTIVE\n");
        Files.writeString(port.getParent().resolve("rate"), "400 Gb/sec (4X NDR)\n");
        return root;
    }

    /** Empty folders as the only search path: every tool of the allow-list is missing. */
    static Collector.Builder noTools(Path tmp) throws IOException {
        return Collector.builder().searchPath(List.of(Files.createDirectories(tmp.resolve("empty-bin")).toString()))
                .systemRoot(fakeSys(tmp.resolve("root"))).environment(Map.of("NCCL_DEBUG", "INFO", "HOME", "/root"));
    }

    @Test
    void missingToolsAreRecordedAndTheBundleIsStillWritten(@TempDir Path tmp) throws IOException {
        List<String> progress = Collections.synchronizedList(new ArrayList<>());
        Manifest m = noTools(tmp).node("gpu07").build().collect(tmp.resolve("b"), progress::add);

        assertThat(m.host()).isEqualTo("gpu07");
        assertThat(m.entries()).filteredOn(e -> !e.argv().isEmpty())
                .allSatisfy(e -> assertThat(e.outcome()).isEqualTo(Outcome.MISSING))
                .extracting(Entry::what).contains("nvidia-smi topo -m", "ethtool -S eth0", "ethtool -S ib0", "dmesg -T")
                .doesNotContain("ethtool lo", "ethtool veth12ab");
        assertThat(progress).hasSize(m.entries().size()).anySatisfy(l -> assertThat(l).contains("missing", "nvidia-smi -q"));
        assertThat(tmp.resolve("b/manifest.json")).isRegularFile();
        assertThat(Files.readString(tmp.resolve("b/net/sysfs.txt")))
                .contains("/sys/class/net/ib0/mtu 4092", "/sys/class/net/lo/mtu 1500", "not probed: veth12ab");
        assertThat(Files.readString(tmp.resolve("b/ib/sysfs.txt")))
                .contains("/sys/class/infiniband/mlx5_0/ports/1/counters/symbol_error 3",
                        "/sys/class/infiniband/mlx5_0/ports/1/state 4: ACTIVE");
        assertThat(Files.readString(tmp.resolve("b/env.txt"))).contains("NCCL_DEBUG=INFO").doesNotContain("HOME");
    }

    @Test
    void theManifestIsJsonWithHostTimeVersionAndEveryStep(@TempDir Path tmp) throws IOException {
        Manifest m = noTools(tmp).build().collect(tmp.resolve("b"), Progress.NONE);
        Object o = Json.parse(Files.readString(tmp.resolve("b/manifest.json")));
        assertThat(o).isInstanceOf(Map.class);
        Map<?, ?> j = (Map<?, ?>) o;
        assertThat(j.get("host")).isEqualTo(m.host());
        assertThat(j.get("format")).isEqualTo(1L);
        assertThat((String) j.get("time")).matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
        assertThat(j.get("ncclscope")).isEqualTo(Collector.version());
        assertThat((List<?>) j.get("entries")).hasSize(m.entries().size());
        Map<?, ?> first = (Map<?, ?>) ((List<?>) j.get("entries")).get(0);
        assertThat(first.get("argv")).isEqualTo(List.of("nvidia-smi", "topo", "-m"));
        assertThat(first.get("outcome")).isEqualTo("MISSING");
    }

    @Test
    void realCommandsRunWithoutAShellAndTheirOutputLandsInTheBundle(@TempDir Path tmp) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        // A stand-in ethtool that prints its argv: proves argv reaches the tool unchanged, with no shell.
        Path ethtool = bin.resolve("ethtool");
        Files.writeString(ethtool, "#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'ethtool version 6.1'; exit 0; fi\n"
                + "echo \"Settings for $*:\"; echo \"LC_ALL=$LC_ALL\"\n");
        ethtool.toFile().setExecutable(true);
        Path lspci = bin.resolve("lspci");
        Files.writeString(lspci, "#!/bin/sh\necho 'lspci: Unable to read the standard configuration space header: Permission denied' >&2\nexit 1\n");
        lspci.toFile().setExecutable(true);
        Manifest m = noTools(tmp).searchPath(List.of(bin.toString())).build().collect(tmp.resolve("b"), Progress.NONE);

        Entry e = m.entries().stream().filter(x -> x.what().equals("ethtool -S eth0")).findFirst().orElseThrow();
        assertThat(e.outcome()).isEqualTo(Outcome.OK);
        assertThat(e.exitCode()).isZero();
        assertThat(e.executable()).isEqualTo(ethtool.toString());
        assertThat(e.toolVersion()).isEqualTo("ethtool version 6.1");
        assertThat(Files.readString(tmp.resolve("b").resolve(e.file()))).isEqualTo("Settings for -S eth0:\nLC_ALL=C\n");
        Entry l = m.entries().stream().filter(x -> x.what().equals("lspci -vvv")).findFirst().orElseThrow();
        assertThat(l.outcome()).isEqualTo(Outcome.REFUSED);
        assertThat(l.exitCode()).isEqualTo(1);
        assertThat(l.file()).isNull();
        assertThat(l.note()).contains("Permission denied");
        assertThat(tmp.resolve("b/sys/lspci-vvv.txt")).doesNotExist();
        try (var s = Files.walk(tmp.resolve("b"))) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith(".stderr") || n.startsWith(".raw"));
        }
    }

    @Test
    void aCommandPastItsTimeoutIsKilledWithItsChildrenAndRecorded(@TempDir Path tmp) throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path slow = bin.resolve("slow");
        Path pidFile = tmp.resolve("child.pid");
        Files.writeString(slow, "#!/bin/sh\nsleep 60 &\necho $! > " + pidFile + "\necho started\nwait\n");
        slow.toFile().setExecutable(true);
        long t0 = System.nanoTime();
        Manifest m = noTools(tmp).searchPath(List.of(bin.toString())).timeout(Duration.ofMillis(700))
                .extraProbe(new Probe("slow.txt", Kind.UNKNOWN, "slow")).build().collect(tmp.resolve("b"), Progress.NONE);
        assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0)).isLessThan(30);
        Entry e = m.entries().stream().filter(x -> x.what().equals("slow")).findFirst().orElseThrow();
        assertThat(e.outcome()).isEqualTo(Outcome.TIMED_OUT);
        assertThat(e.exitCode()).isNull();
        assertThat(e.note()).startsWith("killed after 0.7 s");
        assertThat(Files.readString(tmp.resolve("b/slow.txt"))).isEqualTo("started\n");
        long child = Long.parseLong(Files.readString(pidFile).strip());
        Thread.sleep(200);
        // Killed: gone, or a zombie waiting for its new parent to reap it (state Z in /proc/PID/stat).
        Path stat = Path.of("/proc/" + child + "/stat");
        String state = Files.exists(stat) ? Files.readString(stat).replaceFirst("^.*\\) ", "").substring(0, 1) : "gone";
        assertThat(state).as("the sleep child's state").isIn("gone", "Z", "X");
    }

    @Test
    void dmesgKeepsOnlyNvidiaNicAndPcieLines(@TempDir Path tmp) throws IOException {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Path dmesg = bin.resolve("dmesg");
        Files.writeString(dmesg, "#!/bin/sh\ncat <<'X'\n[Tue Dec  2 10:00:00 2026] usb 1-1: new device\n"
                + "[Tue Dec  2 10:00:01 2026] NVRM: Xid (PCI:0000:18:00): 79, pid=1, GPU has fallen off the bus.\n"
                + "[Tue Dec  2 10:00:02 2026] mlx5_core 0000:3b:00.0: Port module event: module 0, Cable unplugged\n"
                + "[Tue Dec  2 10:00:03 2026] audit: user alice logged in\n"
                + "[Tue Dec  2 10:00:04 2026] Kernel command line: quiet driver_async_probe=mlx5_core\nX\n");
        dmesg.toFile().setExecutable(true);
        Manifest m = noTools(tmp).searchPath(List.of(bin.toString())).build().collect(tmp.resolve("b"), Progress.NONE);
        assertThat(Files.readAllLines(tmp.resolve("b/sys/dmesg.txt"))).hasSize(2)
                .allSatisfy(l -> assertThat(l).containsAnyOf("Xid", "mlx5"));
        assertThat(m.entries()).filteredOn(e -> e.what().equals("dmesg -T")).singleElement()
                .satisfies(e -> assertThat(e.note()).startsWith("2 of 5 lines kept"));
    }

    @Test
    void aNonEmptyFolderIsNeverOverwritten(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("keep.txt"), "x");
        assertThatThrownBy(() -> noTools(tmp.resolve("x")).build().collect(tmp, Progress.NONE))
                .isInstanceOf(IOException.class).hasMessageContaining("not empty");
    }

    @Test
    void interfaceNamesThatCouldReadAsOptionsOrPathsAreRefused() {
        assertThat(AllowList.validInterface("enp1s0f0np0")).isTrue();
        assertThat(AllowList.validInterface("ib0.8001")).isTrue();
        assertThat(AllowList.validInterface("-S")).isFalse();
        assertThat(AllowList.validInterface("../x")).isFalse();
        assertThat(AllowList.validInterface("a-name-longer-than-15")).isFalse();
        assertThatThrownBy(() -> AllowList.perInterface("--help")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theBundleTarsWithTheNodeFolderAndRoundTripsThroughSystemTar(@TempDir Path tmp) throws Exception {
        noTools(tmp).node("gpu07").build().collect(tmp.resolve("b"), Progress.NONE);
        Path longName = tmp.resolve("b/net/" + "x".repeat(120) + ".txt");
        Files.writeString(longName, "long\n");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Bundles.tar(tmp.resolve("b"), "gpu07", 1_800_000_000L, bytes, true);
        Path tgz = tmp.resolve("b.tar.gz");
        Files.write(tgz, bytes.toByteArray());
        Path x = Files.createDirectories(tmp.resolve("x"));
        Process p = new ProcessBuilder("tar", "-xzf", tgz.toString(), "-C", x.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(out).isZero();
        assertThat(x.resolve("gpu07/manifest.json")).hasSameTextualContentAs(tmp.resolve("b/manifest.json"));
        assertThat(x.resolve("gpu07/net/" + "x".repeat(120) + ".txt")).hasContent("long");
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        Bundles.tar(tmp.resolve("b"), "gpu07", 1_800_000_000L, again, true);
        assertThat(again.toByteArray()).as("reproducible").isEqualTo(bytes.toByteArray());
    }
}
