package io.ncclscope.cli;

import io.ncclscope.collect.Bundles;
import io.ncclscope.collect.Collector;
import io.ncclscope.collect.Manifest;
import io.ncclscope.collect.PrivateFiles;
import io.ncclscope.collect.Probe;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ncclscope collect}: runs the node allow-list and writes a bundle that {@code analyze} reads. */
@Command(
        name = "collect",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = {
            "Collect this node's facts into a bundle that 'ncclscope analyze' reads directly.",
            "Runs a fixed list of commands, each with a timeout and no shell: nvidia-smi topo -m, nvidia-smi -q, "
                    + "nvidia-smi nvlink -s, nvidia-smi -L, lspci -tv, lspci -vvv, numactl -H, ibstat, ibv_devinfo, "
                    + "ibdev2netdev, show_gids, ip -d link, ip addr, dmesg -T (NVIDIA, NIC and PCIe lines only), and "
                    + "ethtool, ethtool -i, ethtool -S for each interface in /sys/class/net; then reads interface MTU "
                    + "and state and the InfiniBand port counters from /sys, and the NCCL-relevant environment with "
                    + "secrets redacted. A missing tool or a refused command is recorded in manifest.json, never fatal. "
                    + "Run it as root for the full lspci and dmesg output.",
            "Two bundles of one node taken before and after a job give counter deltas: "
                    + "'ncclscope analyze before/ after/'.",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  ncclscope collect                          into ./ncclscope-HOST-TIME/",
            "  ncclscope collect --out /shared/bundles/$(hostname)",
            "  ncclscope collect --out - | ssh jump 'tar -x -C bundles'   tar on stdout",
            "  ncclscope collect --out node.tar.gz --timeout 30",
            "  ncclscope collect --list                   the commands, without running them",
            "  ncclscope analyze /shared/bundles/         then one verdict over all nodes",
            "",
            "On every node of a Slurm allocation or a Kubernetes cluster: examples/fleet/.",
            "",
            "Exit codes: 0 bundle written (missing tools included); 2 usage error or output",
            "not writable; 3 internal error."
        })
final class CollectCommand implements Callable<Integer> {


    @Option(names = {"-o", "--out"}, paramLabel = "DIR|-|FILE.tar[.gz]",
            description = "Where the bundle goes: a new or empty folder; '-' for a tar on stdout; a file ending in "
                    + ".tar or .tar.gz. Default: ./ncclscope-NODE-TIME/.")
    String out;

    @Option(names = "--timeout", paramLabel = "S", defaultValue = "10",
            description = "Seconds each command may run before it is killed (default: ${DEFAULT-VALUE}).")
    double timeout;

    @Option(names = "--node", paramLabel = "NAME",
            description = "The node name the bundle is filed under (default: the host name). In a Kubernetes pod, "
                    + "pass the node's name (spec.nodeName).")
    String node;

    @Option(names = "--sys-root", paramLabel = "DIR",
            description = "Where the host's /sys is mounted, as a root folder (default: /). A container with the "
                    + "host's /sys at /host/sys passes /host.")
    Path sysRoot;

    @Option(names = "--list", description = "Print the commands that would run on this node, and run none.")
    boolean list;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines on stderr.")
    boolean quiet;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final OutputStream stdout;

    CollectCommand(OutputStream stdout) {
        this.stdout = stdout;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (!(timeout >= 0.1 && timeout <= 3600)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--timeout must be between 0.1 and 3600 seconds: " + timeout);
        }
        Collector c;
        try {
            Collector.Builder b = Collector.builder().timeout(Duration.ofMillis(Math.round(timeout * 1000))).node(node);
            if (sysRoot != null) b.systemRoot(sysRoot);
            c = b.build();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (list) {
            PrintWriter o = spec.commandLine().getOut();
            for (Probe p : c.plan()) o.printf(Locale.ROOT, "%-28s %s%n", p.file(), p.commandLine());
            o.flush();
            return Main.OK;
        }

        boolean toStdout = "-".equals(out);
        boolean toTar = !toStdout && out != null && (out.endsWith(".tar") || out.endsWith(".tar.gz") || out.endsWith(".tgz"));
        Path dir;
        if (toTar) {
            String refused = tarTargetProblem(Path.of(out));
            if (refused != null) {
                err.println("ncclscope: " + refused);
                return Main.BAD_INPUT;
            }
        }
        if (toStdout || toTar) {
            dir = Files.createTempDirectory("ncclscope-collect-");
        } else {
            dir = Path.of(out != null ? out : "ncclscope-" + safe(node != null ? node : hostname()) + "-" + stamp(Instant.now()));
            if (Files.isSymbolicLink(dir)) {
                err.println("ncclscope: " + dir + " is a symbolic link; collect does not follow links for --out");
                return Main.BAD_INPUT;
            }
            if (Files.exists(dir) && (!Files.isDirectory(dir) || !empty(dir))) {
                err.println("ncclscope: " + dir + " exists and is not an empty folder; collect writes a fresh bundle");
                return Main.BAD_INPUT;
            }
            try {
                PrivateFiles.createDirectories(dir);
            } catch (IOException e) {
                err.println("ncclscope: cannot create " + dir + ": " + e.getMessage());
                return Main.BAD_INPUT;
            }
        }
        try {
            if (!quiet) {
                err.println("ncclscope: collecting " + c.steps() + " steps (" + c.plan().size() + " commands, "
                        + Collector.FILE_READS + " file reads), " + trim(timeout) + " s timeout each ...");
            }
            Manifest m = c.collect(dir, quiet ? line -> { } : line -> {
                err.println("  " + line);
                err.flush();
            });
            long mtime = Instant.parse(m.time()).getEpochSecond();
            String where;
            if (toStdout) {
                Bundles.tar(dir, safe(m.host()), mtime, stdout, false);
                stdout.flush();
                where = "stdout (tar)";
            } else if (toTar) {
                Path f = Path.of(out);
                writeTar(dir, m, mtime, f);
                where = f.toString();
            } else {
                where = dir.toString();
            }
            err.println("ncclscope: bundle of " + m.host() + " in " + where + ": " + m.summary());
            if (!m.root()) err.println("ncclscope: not root: lspci -vvv and dmesg may print less or refuse");
            // analyze reads a .tar or .tar.gz bundle as it is: no need to extract it first.
            if (!toStdout) err.println("ncclscope: next: ncclscope analyze " + where);
            return Main.OK;
        } finally {
            if (toStdout || toTar) delete(dir);
        }
    }

    /**
     * Why {@code target} cannot take the tar, or null: a link there is never followed (a link planted in a shared
     * folder would otherwise make root overwrite any file), nor is a folder replaced.
     */
    private static String tarTargetProblem(Path target) {
        if (Files.isSymbolicLink(target)) return target + " is a symbolic link; collect does not follow links for --out";
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) return target + " is a folder; give a file name ending in .tar or .tar.gz";
        Path parent = target.toAbsolutePath().getParent();
        if (parent == null || !Files.isDirectory(parent)) return "the folder of " + target + " does not exist";
        return null;
    }

    /**
     * Writes the tar into a new private file ({@code 0600}, created new, so never through a link) next to
     * {@code target}, then renames it over {@code target}: a link planted at the name meanwhile is replaced, never
     * written through, and a reader never sees half a tar.
     */
    private static void writeTar(Path dir, Manifest m, long mtime, Path target) throws IOException {
        Path parent = target.toAbsolutePath().getParent();
        Path part = parent.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".part");
        try {
            try (OutputStream o = PrivateFiles.newOutputStream(part)) {
                Bundles.tar(dir, safe(m.host()), mtime, o, !target.toString().endsWith(".tar"));
            }
            Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(part);
        }
    }

    private static String trim(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static String hostname() {
        try {
            String h = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (!h.isEmpty()) return h;
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        String h = System.getenv("HOSTNAME");
        return h == null || h.isBlank() ? "node" : h.strip();
    }

    private static boolean empty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp folder left behind is not worth failing the command
        }
    }

    /**
     * {@return {@code now} as the default bundle folder names it: 20261205T180102Z} Made when a bundle is named, not in
     * this class's initializer: every run that lists the commands (--help, help, a typo) builds this command, so the
     * AOT cache's training run took the formatter's 49 classes (java.time's) into the cache, which every command loads
     * at its start.
     */
    private static String stamp(Instant now) {
        return DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'", Locale.ROOT).withZone(ZoneOffset.UTC).format(now);
    }
}
