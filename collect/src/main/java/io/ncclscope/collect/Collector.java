package io.ncclscope.collect;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * Runs the {@link AllowList} on this node and writes a bundle folder that {@code ncclscope analyze} reads
 * directly: {@code manifest.json} (which makes the folder one node, named by {@link Manifest#host()}), one file per
 * command output, {@code net/sysfs.txt} and {@code ib/sysfs.txt} (interface and InfiniBand port state and
 * counters, {@code PATH VALUE} lines), and {@code env.txt} (the NCCL-relevant environment, secrets redacted).
 *
 * <p>Every command runs with its argv (no shell), {@code LC_ALL=C} (the parsers read English output), stdin from
 * {@code /dev/null} and its own timeout; a missing tool, a refusal, a failure or a timeout is recorded in the
 * manifest and never stops the collection. A {@code Collector} is immutable and thread-safe; each
 * {@link #collect} call runs its steps on a few threads of its own.
 *
 * <pre>{@code
 * Manifest m = Collector.builder().timeout(Duration.ofSeconds(20)).build().collect(Path.of("bundle"), System.err::println);
 * }</pre>
 */
public final class Collector {

    /** Default timeout of one command (10 s). */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    /** Default cap on one command's output (64 MiB); longer output is cut and flagged. */
    public static final long DEFAULT_MAX_OUTPUT = 64L << 20;
    /** Steps that read files rather than run commands: {@code net/sysfs.txt}, {@code ib/sysfs.txt}, {@code env.txt}. */
    public static final int FILE_READS = 3;
        /** Most interfaces probed with {@code ethtool}; more are counted in the manifest, not probed. */
    public static final int MAX_INTERFACES = 64;

    private static final Pattern REFUSAL = Pattern.compile(
            "(?i)permission denied|operation not permitted|must be root|requires root|insufficient permission|not permitted"
                    + "|access denied|are you root");

    private final Duration timeout;
    private final String node;
    private final Path sysRoot;
    private final Map<String, String> env;
    private final int threads;
    private final long maxOutput;
    private final List<String> searchPath;
    private final List<Probe> extraProbes;
    private final boolean versions;

    private Collector(Builder b) {
        this.timeout = b.timeout;
        this.node = b.node;
        this.sysRoot = b.sysRoot;
        this.env = b.env == null ? System.getenv() : b.env;
        this.threads = b.threads;
        this.maxOutput = b.maxOutput;
        this.extraProbes = List.copyOf(b.extraProbes);
        this.versions = b.versions;
        this.searchPath = b.searchPath != null ? b.searchPath
                : ToolSearchPath.of(this.env.getOrDefault("PATH", System.getenv("PATH")));
    }

    /** A builder with the defaults: 10 s per command, node named by the host name, {@code /sys} of this machine. */
    public static Builder builder() {
        return new Builder();
    }

    /** The timeout of each command. */
    public Duration timeout() {
        return timeout;
    }

    /** The ncclscope version this module was built as. */
    public static String version() {
        Properties p = new Properties();
        try (InputStream in = Collector.class.getResourceAsStream("version.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            return "unknown";
        }
        return p.getProperty("version", "unknown");
    }

    /** The interfaces that would be probed with {@code ethtool} on this node, in name order. */
    public List<String> interfaces() {
        return interfaces(new ArrayList<>());
    }

    private List<String> interfaces(List<String> skipped) {
        List<String> out = new ArrayList<>();
        Path dir = sysRoot.resolve("sys/class/net");
        if (!Files.isDirectory(dir)) return out;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (!AllowList.validInterface(n) || AllowList.skipped(n)) skipped.add(n);
                else out.add(n);
            }
        } catch (IOException e) {
            return out;
        }
        Collections.sort(out);
        while (out.size() > MAX_INTERFACES) skipped.add(out.remove(out.size() - 1));
        return out;
    }

    /** {@return every step {@link #collect} takes on this node: the commands of {@link #plan()} and the file reads} */
    public int steps() {
        return plan().size() + FILE_READS;
    }

        /** Every probe this collector would run on this node, in manifest order. */
    public List<Probe> plan() {
        List<Probe> all = new ArrayList<>(AllowList.all(interfaces()));
        all.addAll(extraProbes);
        return all;
    }

    /**
     * Collects into {@code outDir} (created; it must not exist or be empty, and must not be a link) and writes its
     * {@code manifest.json} last, so a folder with a manifest is a complete bundle. The folders are {@code 0700} and
     * the files {@code 0600} ({@link PrivateFiles}).
     *
     * @param progress receives one line per finished step
     * @return the manifest written
     * @throws IOException when the folder cannot be created or written (a failing command is never an exception)
     */
    public Manifest collect(Path outDir, Progress progress) throws IOException {
        Objects.requireNonNull(progress, "progress");
        if (Files.isSymbolicLink(outDir)) throw new IOException(outDir + " is a symbolic link; refusing to follow it");
        if (Files.exists(outDir)) {
            if (!Files.isDirectory(outDir)) throw new IOException(outDir + " exists and is not a folder");
            try (var s = Files.list(outDir)) {
                if (s.findAny().isPresent()) throw new IOException(outDir + " is not empty; collect writes a fresh bundle");
            }
        }
        PrivateFiles.createDirectories(outDir);
        Instant start = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        List<String> skippedIfaces = new ArrayList<>();
        List<String> ifaces = interfaces(skippedIfaces);
        List<Probe> probes = new ArrayList<>(AllowList.all(ifaces));
        probes.addAll(extraProbes);
        int total = probes.size() + FILE_READS;
        AtomicInteger done = new AtomicInteger();
        Progress p = line -> {
            synchronized (progress) {
                progress.report(String.format(Locale.ROOT, "[%2d/%d] %s", done.incrementAndGet(), total, line));
            }
        };

        List<Entry> entries = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "ncclscope-collect");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<Entry>> futures = new ArrayList<>();
            for (int i = 0; i < probes.size(); i++) {
                Probe pr = probes.get(i);
                int n = i;
                futures.add(pool.submit(() -> {
                    Entry e = run(pr, outDir, n);
                    p.report(line(e));
                    return e;
                }));
            }
            for (Future<Entry> f : futures) entries.add(get(f));
        } finally {
            pool.shutdownNow();
        }
        if (versions) entries = withVersions(entries);

        Entry net = sysfs(outDir, "net/sysfs.txt", "/sys/class/net/*/{mtu,speed,duplex,operstate,carrier,type}",
                netSysfs(ifaces, skippedIfaces));
        p.report(line(net));
        entries.add(net);
        Entry ib = sysfs(outDir, "ib/sysfs.txt", "/sys/class/infiniband/*/ports/*/{state,phys_state,rate,link_layer,counters/*,hw_counters/*}",
                ibSysfs());
        p.report(line(ib));
        entries.add(ib);
        Entry envEntry = envFile(outDir);
        p.report(line(envEntry));
        entries.add(envEntry);

        String hostname = hostname();
        Manifest m = new Manifest(Manifest.FORMAT, node != null ? node : hostname, hostname, start.toString(),
                Instant.now().truncatedTo(ChronoUnit.MILLIS).toString(), version(), osRelease(), readLine(Path.of("/proc/sys/kernel/osrelease")),
                System.getProperty("os.arch"), System.getProperty("user.name"), isRoot(),
                timeout.toMillis() / 1000.0, entries);
        PrivateFiles.writeString(outDir.resolve(Manifest.FILE), m.toJson());
        return m;
    }

    private static Entry get(Future<Entry> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof IOException io) throw io;
            if (e.getCause() instanceof UncheckedIOException u) throw u.getCause();
            throw new IllegalStateException(e.getCause());
        }
    }

    static String line(Entry e) {
        String o = e.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ');
        String s = String.format(Locale.ROOT, "%-9s %5.1f s  %s", o, e.durationMs() / 1000.0, e.what());
        if (e.outcome() != Outcome.OK && e.note() != null) s += "  (" + e.note().lines().findFirst().orElse("") + ")";
        return s;
    }

    /** Looks {@code tool} up in the system folders, then the absolute {@code PATH} entries ({@link ToolSearchPath}). */
    Path resolve(String tool) {
        return ToolSearchPath.find(searchPath, tool);
    }

    /** Runs one probe into its file. */
    Entry run(Probe probe, Path outDir, int n) throws IOException {
        Path exe = resolve(probe.tool());
        if (exe == null) {
            return new Entry(null, probe.argv(), null, null, Outcome.MISSING, null, 0, null, null, null,
                    "not installed: " + probe.tool() + " is not in the system folders nor on PATH");
        }
        Path out = outDir.resolve(probe.file());
        PrivateFiles.createDirectories(out.getParent());
        Path raw = PrivateFiles.createFile(probe.keep() != null ? outDir.resolve(".raw-" + n) : out);
        Path err = PrivateFiles.createFile(outDir.resolve(".stderr-" + n));
        List<String> cmd = new ArrayList<>(probe.argv());
        cmd.set(0, exe.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(raw.toFile())
                .redirectError(err.toFile())
                .redirectInput(stdin());
        pb.environment().put("LC_ALL", "C");
        pb.environment().put("LANG", "C");
        long t0 = System.nanoTime();
        Process proc;
        try {
            proc = pb.start();
            proc.getOutputStream().close();
        } catch (IOException e) {
            Files.deleteIfExists(raw);
            Files.deleteIfExists(err);
            String msg = String.valueOf(e.getMessage());
            Outcome o = msg.contains("error=13") ? Outcome.REFUSED : msg.contains("error=2,") ? Outcome.MISSING : Outcome.FAILED;
            return new Entry(null, probe.argv(), null, exe.toString(), o, null, ms(t0), null, null, null, msg);
        }
        Integer exit;
        boolean timedOut = false;
        try {
            if (proc.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                exit = proc.exitValue();
            } else {
                timedOut = true;
                exit = null;
                proc.descendants().forEach(ProcessHandle::destroyForcibly);
                proc.destroyForcibly();
                proc.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            proc.descendants().forEach(ProcessHandle::destroyForcibly);
            proc.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + probe.commandLine(), e);
        }
        long dur = ms(t0);
        String note = head(err, 3);
        Files.deleteIfExists(err);

        String kept = null;
        if (probe.keep() != null) {
            kept = filter(raw, out, probe.keep());
            Files.deleteIfExists(raw);
        }
        boolean truncated = false;
        long bytes = Files.exists(out) ? Files.size(out) : 0;
        if (bytes > maxOutput) {
            try (FileChannel ch = FileChannel.open(out, StandardOpenOption.WRITE)) {
                ch.truncate(maxOutput);
            }
            bytes = maxOutput;
            truncated = true;
        }
        if (bytes == 0) Files.deleteIfExists(out);

        Outcome o;
        if (timedOut) o = Outcome.TIMED_OUT;
        else if (exit == 0) o = Outcome.OK;
        else if (note != null && REFUSAL.matcher(note).find()) o = Outcome.REFUSED;
        else o = Outcome.FAILED;
        if (timedOut) note = "killed after " + timeout.toMillis() / 1000.0 + " s" + (note == null ? "" : "; " + note);
        if (kept != null) note = note == null ? kept : kept + "; " + note;
        return new Entry(bytes > 0 ? probe.file() : null, probe.argv(), null, exe.toString(), o, exit, dur,
                bytes > 0 ? bytes : null, truncated ? Boolean.TRUE : null, null, note);
    }

    /** Copies the lines of {@code raw} that {@code keep} finds into {@code out}; says how many were kept. */
    private static String filter(Path raw, Path out, Pattern keep) throws IOException {
        if (!Files.exists(raw)) return null;
        int all = 0;
        int kept = 0;
        var dec = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try (BufferedReader r = new BufferedReader(new java.io.InputStreamReader(Files.newInputStream(raw), dec));
             BufferedWriter w = new BufferedWriter(new java.io.OutputStreamWriter(PrivateFiles.newOutputStream(out), StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) {
                all++;
                // The kernel command line names drivers (driver_async_probe=mlx5_core) but is no event.
                if (keep.matcher(l).find() && !l.contains("ommand line:")) {
                    w.write(l);
                    w.write('\n');
                    kept++;
                }
            }
        }
        return kept + " of " + all + " lines kept (NVIDIA, NIC and PCIe events)";
    }

    /** Adds each tool's version line(s), asking each tool once. */
    private List<Entry> withVersions(List<Entry> entries) {
        Map<String, String> cache = new LinkedHashMap<>();
        List<Entry> out = new ArrayList<>(entries.size());
        for (Entry e : entries) {
            if (e.executable() == null || e.argv().isEmpty() || e.outcome() == Outcome.MISSING) {
                out.add(e);
                continue;
            }
            String tool = e.argv().get(0);
            String v = cache.computeIfAbsent(tool, t -> toolVersion(t, e.executable()));
            out.add(v.isEmpty() ? e : e.withToolVersion(v));
        }
        return out;
    }

    /** The first lines a tool prints for its version flag, joined with "; "; empty when it has none. */
    private String toolVersion(String tool, String exe) {
        List<String> args = AllowList.VERSION_ARGS.get(tool);
        if (args == null) return "";
        List<String> cmd = new ArrayList<>();
        cmd.add(exe);
        cmd.addAll(args);
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectInput(stdin());
            pb.environment().put("LC_ALL", "C");
            Process proc = pb.start();
            proc.getOutputStream().close();
            byte[] buf;
            try (InputStream in = proc.getInputStream()) {
                buf = in.readNBytes(4096);
                if (!proc.waitFor(Math.min(5000, timeout.toMillis()), TimeUnit.MILLISECONDS)) {
                    proc.descendants().forEach(ProcessHandle::destroyForcibly);
                    proc.destroyForcibly();
                    return "";
                }
            }
            if (proc.exitValue() != 0) return "";
            List<String> lines = new String(buf, StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(s -> !s.isEmpty()).limit(4).toList();
            String v = String.join("; ", lines);
            return v.length() > 300 ? v.substring(0, 300) : v;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    /** Interface state lines, {@code /sys/class/net/IF/mtu 1500}. */
    private List<String> netSysfs(List<String> ifaces, List<String> skipped) {
        List<String> lines = new ArrayList<>();
        List<String> all = new ArrayList<>(ifaces);
        if (Files.isDirectory(sysRoot.resolve("sys/class/net/lo"))) all.add(0, "lo");
        for (String i : all) {
            for (String f : List.of("mtu", "speed", "duplex", "operstate", "carrier", "type")) {
                String v = readLine(sysRoot.resolve("sys/class/net").resolve(i).resolve(f));
                if (v != null) lines.add("/sys/class/net/" + i + "/" + f + " " + v);
            }
        }
        skipped.remove("lo");
        if (!skipped.isEmpty()) lines.add("# " + skipped.size() + " interface(s) not probed: " + String.join(" ", skipped));
        return lines;
    }

    /** InfiniBand port state and every port counter, {@code /sys/class/infiniband/DEV/ports/N/counters/NAME VALUE}. */
    private List<String> ibSysfs() {
        List<String> lines = new ArrayList<>();
        Path ib = sysRoot.resolve("sys/class/infiniband");
        for (Path dev : sorted(ib)) {
            for (Path port : sorted(dev.resolve("ports"))) {
                String base = "/sys/class/infiniband/" + dev.getFileName() + "/ports/" + port.getFileName() + "/";
                for (String f : List.of("state", "phys_state", "rate", "link_layer")) {
                    String v = readLine(port.resolve(f));
                    if (v != null) lines.add(base + f + " " + v);
                }
                for (String group : List.of("counters", "hw_counters")) {
                    for (Path c : sorted(port.resolve(group))) {
                        String v = readLine(c);
                        if (v != null) lines.add(base + group + "/" + c.getFileName() + " " + v);
                    }
                }
            }
        }
        return lines;
    }

    private static List<Path> sorted(Path dir) {
        if (!Files.isDirectory(dir)) return List.of();
        try (var s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private Entry sysfs(Path outDir, String file, String source, List<String> lines) throws IOException {
        long t0 = System.nanoTime();
        if (lines.stream().allMatch(l -> l.startsWith("#"))) {
            return new Entry(null, List.of(), source, null, Outcome.MISSING, null, ms(t0), null, null, null, "nothing to read on this node");
        }
        Path out = outDir.resolve(file);
        PrivateFiles.createDirectories(out.getParent());
        PrivateFiles.write(out, lines);
        return new Entry(file, List.of(), source, null, Outcome.OK, null, ms(t0), Files.size(out), null, null, null);
    }

    private Entry envFile(Path outDir) throws IOException {
        long t0 = System.nanoTime();
        Path out = outDir.resolve("env.txt");
        PrivateFiles.write(out, Redactor.lines(env));
        return new Entry("env.txt", List.of(), "environment of the collecting process (NCCL-relevant, secrets redacted)",
                null, Outcome.OK, null, ms(t0), Files.size(out), null, null, null);
    }

    /** Commands read nothing: /dev/null, or a pipe closed at once where a minimal root has no /dev/null. */
    private static ProcessBuilder.Redirect stdin() {
        File devNull = new File("/dev/null");
        return devNull.exists() ? ProcessBuilder.Redirect.from(devNull) : ProcessBuilder.Redirect.PIPE;
    }

    private static long ms(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** The first non-blank lines of a small file, or null. */
    private static String head(Path f, int lines) {
        try {
            if (!Files.exists(f) || Files.size(f) == 0) return null;
            byte[] b;
            try (InputStream in = Files.newInputStream(f)) {
                b = in.readNBytes(2048);
            }
            List<String> l = new String(b, StandardCharsets.UTF_8).lines().map(String::strip).filter(s -> !s.isEmpty())
                    .limit(lines).toList();
            return l.isEmpty() ? null : String.join("\n", l);
        } catch (IOException e) {
            return null;
        }
    }

    /** The first line of a small file, stripped; null when unreadable (sysfs answers EINVAL for absent values). */
    static String readLine(Path f) {
        try (BufferedReader r = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            String l = r.readLine();
            return l == null ? null : l.strip();
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
    }

    private static String hostname() {
        String h = readLine(Path.of("/proc/sys/kernel/hostname"));
        if (h == null || h.isBlank()) h = readLine(Path.of("/etc/hostname"));
        if (h == null || h.isBlank()) h = System.getenv("HOSTNAME");
        if (h == null || h.isBlank()) {
            try {
                h = java.net.InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                h = "localhost";
            }
        }
        return h.strip();
    }

    private static String osRelease() {
        try {
            for (String l : Files.readAllLines(Path.of("/etc/os-release"), StandardCharsets.UTF_8)) {
                if (l.startsWith("PRETTY_NAME=")) return l.substring(12).replace("\"", "").strip();
            }
        } catch (IOException | UncheckedIOException e) {
            return null;
        }
        return null;
    }

    private static boolean isRoot() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.UTF_8)) {
                if (l.startsWith("Uid:")) return l.substring(4).strip().split("\\s+")[1].equals("0");
            }
        } catch (IOException | RuntimeException e) {
            return "root".equals(System.getProperty("user.name"));
        }
        return "root".equals(System.getProperty("user.name"));
    }

    /** Configuration of a {@link Collector}. Not thread-safe. */
    public static final class Builder {
        private Duration timeout = DEFAULT_TIMEOUT;
        private String node;
        private Path sysRoot = Path.of("/");
        private Map<String, String> env;
        private int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
        private long maxOutput = DEFAULT_MAX_OUTPUT;
        private List<String> searchPath;
        private final List<Probe> extraProbes = new ArrayList<>();
        private boolean versions = true;

        private Builder() {
        }

        /** The timeout of each command (default {@link #DEFAULT_TIMEOUT}); between 100 ms and one hour. */
        public Builder timeout(Duration d) {
            if (d.toMillis() < 100 || d.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException("timeout must be between 0.1 s and 3600 s: " + d);
            }
            this.timeout = d;
            return this;
        }

        /** The node name the bundle is filed under (default: the host name); a Kubernetes pod passes its node's. */
        public Builder node(String name) {
            if (name != null && (name.isBlank() || name.contains("/") || name.length() > 253)) {
                throw new IllegalArgumentException("not a node name: " + name);
            }
            this.node = name;
            return this;
        }

        /**
         * Where the host's {@code /sys} is found, as a root folder (default {@code /}); a container that mounts the
         * host's {@code /sys} at {@code /host/sys} passes {@code /host}.
         */
        public Builder systemRoot(Path root) {
            this.sysRoot = Objects.requireNonNull(root);
            return this;
        }

        /** The environment to record (default: this process's). */
        public Builder environment(Map<String, String> env) {
            this.env = Map.copyOf(env);
            return this;
        }

        /** Commands run at once (default: up to 4). */
        public Builder threads(int n) {
            if (n < 1 || n > 64) throw new IllegalArgumentException("threads must be 1..64: " + n);
            this.threads = n;
            return this;
        }

        /** Cap on one command's output in bytes (default {@link #DEFAULT_MAX_OUTPUT}). */
        public Builder maxOutputBytes(long n) {
            if (n < 1) throw new IllegalArgumentException("maxOutputBytes must be positive: " + n);
            this.maxOutput = n;
            return this;
        }

        /** Whether each tool's version is asked for (default true). */
        public Builder toolVersions(boolean on) {
            this.versions = on;
            return this;
        }

        /** Folders searched for the tools, instead of the system folders and {@code PATH}. For tests. */
        Builder searchPath(List<String> dirs) {
            this.searchPath = List.copyOf(dirs);
            return this;
        }

        /** Probes run after the allow-list. For tests only: the allow-list itself is fixed. */
        Builder extraProbe(Probe p) {
            this.extraProbes.add(p);
            return this;
        }

        /** The collector. */
        public Collector build() {
            return new Collector(this);
        }
    }
}
