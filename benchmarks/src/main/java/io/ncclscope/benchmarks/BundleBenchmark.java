package io.ncclscope.benchmarks;

import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Options;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.NodeStream;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.report.ReportPass;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Measures {@code analyze} over a generated cluster bundle: N node folders, each a copy of our real H200
 * capture ({@code examples/captured/h200-1gpu}) with the host name in its NCCL lines changed to the node's
 * own, so every node is a real node's outputs. Two paths, in one run on the same bundle:
 * <ul>
 * <li>{@code streamed}: what {@code ncclscope analyze} and the service do with folders and archives
 *     ({@code NcclScope.analyze(Options, Path...)}): one node folder read at a time into every analyzer's pass, its
 *     parsed facts let go;</li>
 * <li>{@code whole}: {@code NcclScope.evidence(root)} then {@code NcclScope.analyze(evidence)}: every node's facts
 *     held until the report is built.</li>
 * </ul>
 * Per size and path it prints the wall time of reading + parsing + analyzing, the CPU time of the process
 * ({@code cpu_s}, all threads; machine load barely moves it), files per second, and the live heap after full
 * collections at the moment the most is held ({@code heap_held}: for {@code whole} the evidence and the report, for
 * {@code streamed} every pass's state once the last node has been read, before the report is built), then once only
 * the report is left ({@code heap_report}), the findings as shown over the findings as made (a finding made alike on
 * many nodes is shown once, naming them) and the size of the Markdown and JSON reports. {@code findings_held} is the
 * heap of every finding made, each node's apart, held alone (measured in a second read): what the report would hold
 * if it did not merge alike findings as the passes hand them over (our capture has broken runs on purpose, so every
 * node makes four findings). The last lines give each path's heap growth per node from the smallest to the largest
 * size and check that both paths wrote the same report. {@code heap_held} is taken between reading and the report;
 * {@code --min-heap} finds the peak instead, report included: the smallest {@code -Xmx} at which a fresh JVM
 * analyzes each size.
 *
 * <pre>
 * ./mvnw -B -q package -pl benchmarks -am -DskipTests
 * java -Xmx1g -cp benchmarks/target/classes:sdk/target/classes:parsers/target/classes \
 *      io.ncclscope.benchmarks.BundleBenchmark --nodes 64,256,1024 --capture examples/captured/h200-1gpu
 * java -Xmx48m -cp ... io.ncclscope.benchmarks.BundleBenchmark --nodes 1024 --path streamed   # fits in 48 MiB
 * java -Xmx1g -cp ... io.ncclscope.benchmarks.BundleBenchmark --distinct   # each node its own pids, communicators and warning times
 * java -Xmx1g -cp ... io.ncclscope.benchmarks.BundleBenchmark --nodes 64,1024 --min-heap   # the peak, in fresh JVMs
 * </pre>
 */
public final class BundleBenchmark {

    private BundleBenchmark() {
    }

    /** One measurement. */
    private record Figures(String path, int nodes, int files, double wall, double cpu, long held, long report,
                           int findings, int made, int md, int json, String verdict, int seen, String jsonDigest,
                           long findingsHeld) {
    }

    public static void main(String[] args) throws Exception {
        List<Integer> sizes = List.of(64, 256, 1024);
        Path capture = Path.of("examples/captured/h200-1gpu");
        Path work = Path.of(System.getProperty("java.io.tmpdir"), "ncclscope-bundle-bench");
        List<String> paths = List.of("streamed", "whole");
        boolean distinct = false;
        boolean minHeap = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--nodes" -> sizes = Stream.of(args[++i].split(",")).map(String::trim).map(Integer::valueOf).toList();
                case "--capture" -> capture = Path.of(args[++i]);
                case "--work" -> work = Path.of(args[++i]);
                case "--path" -> paths = args[++i].equals("both") ? paths : List.of(args[i]);
                case "--distinct" -> distinct = true;
                case "--min-heap" -> minHeap = true;
                default -> {
                    System.err.println("usage: BundleBenchmark [--nodes 64,256,1024] [--capture DIR] [--work DIR] "
                            + "[--path streamed|whole|both] [--distinct] [--min-heap]");
                    System.exit(2);
                }
            }
        }
        if (!Files.isDirectory(capture)) {
            System.err.println("no capture folder at " + capture.toAbsolutePath());
            System.exit(2);
        }
        System.out.printf(Locale.ROOT, "max heap %d MiB, %d cores%n", Runtime.getRuntime().maxMemory() >> 20,
                Runtime.getRuntime().availableProcessors());
        if (minHeap) {
            minHeaps(capture, work, sizes, distinct);
            return;
        }
        System.out.printf(Locale.ROOT, "%-9s %-7s %-7s %-8s %-7s %-9s %-11s %-13s %-12s %-9s %-9s %-9s %s%n",
                "path", "nodes", "files", "wall_s", "cpu_s", "files/s", "heap_held", "findings_held", "heap_report",
                "findings", "md_bytes", "json_KiB", "verdict");
        // Warm-up on the smallest size, not reported.
        Path warm = work.resolve("warm");
        int warmFiles = generate(capture, warm, sizes.get(0), distinct);
        for (String p : paths) run(p, warm, sizes.get(0), warmFiles);
        deleteTree(warm);
        List<Figures> all = new ArrayList<>();
        for (int n : sizes) {
            Path root = work.resolve("n" + n);
            deleteTree(root);
            int files = generate(capture, root, n, distinct);
            String first = null;
            for (String p : paths) {
                Figures f = run(p, root, n, files);
                all.add(f);
                System.out.printf(Locale.ROOT, "%-9s %-7d %-7d %-8.2f %-7.2f %-9.0f %-11s %-13s %-12s %-9s %-9d %-9d %s (%d nodes seen)%n",
                        p, n, files, f.wall(), f.cpu(), files / f.wall(), mib(f.held()), mib(f.findingsHeld()),
                        mib(f.report()), f.findings() + "/" + f.made(), f.md(), f.json() / 1024, f.verdict(), f.seen());
            }
            deleteTree(root);
        }
        if (paths.size() == 2) {
            for (int n : sizes) {
                List<String> jsons = all.stream().filter(f -> f.nodes() == n).map(Figures::jsonDigest).distinct().toList();
                System.out.printf(Locale.ROOT, "%d nodes: streamed and whole reports %s; JSON report sha256 %s%n", n,
                        jsons.size() == 1 ? "are the same, byte for byte" : "DIFFER", String.join(" ", jsons));
            }
        }
        for (String p : paths) {
            List<Figures> fs = all.stream().filter(f -> f.path().equals(p)).toList();
            if (fs.size() < 2) continue;
            Figures a = fs.get(0), b = fs.get(fs.size() - 1);
            System.out.printf(Locale.ROOT, "%-9s heap_held %s at %d nodes -> %s at %d nodes: x%.2f, %.1f KiB a node%n", p,
                    mib(a.held()), a.nodes(), mib(b.held()), b.nodes(), (double) b.held() / a.held(),
                    (b.held() - a.held()) / 1024.0 / (b.nodes() - a.nodes()));
        }
        deleteTree(work);
    }

    private static Figures run(String path, Path root, int nodes, int files) throws IOException {
        System.gc();
        long c0 = processCpu();
        long t0 = System.nanoTime();
        Report r;
        long held;
        if (path.equals("whole")) {
            Evidence e = NcclScope.evidence(root);
            r = NcclScope.analyze(e, Locale.ENGLISH);
            long t1 = System.nanoTime(), c1 = processCpu();
            held = liveHeap(); // the evidence and the report
            e = null; // what a caller does once the report is built
            return figures(path, nodes, files, (t1 - t0) / 1e9, (c1 - c0) / 1e9, held, r, findingsHeld(root));
        }
        // The streamed path of NcclScope.analyze(Options, Path...), spelled out to weigh the passes' state at its
        // largest: every node read, the report not yet built.
        ReportPass pass = new ReportPass(NcclScope.analyzers());
        NodeStream stream = new NodeStream(NcclScope.evidenceBuilder(Options.DEFAULTS));
        try {
            stream.read(List.of(root), pass::read, pass::add);
        } catch (NodeStream.UnstreamableException ex) {
            throw new IllegalStateException("a generated bundle streams: " + ex.getMessage(), ex);
        }
        long pause = System.nanoTime(), cpuPause = processCpu();
        held = liveHeap();
        long resume = System.nanoTime(), cpuResume = processCpu();
        r = pass.finish(stream.problems(), Locale.ENGLISH);
        long t1 = System.nanoTime(), c1 = processCpu();
        pass = null; // what NcclScope.analyze lets go of once the report is built
        stream = null;
        return figures(path, nodes, files, ((pause - t0) + (t1 - resume)) / 1e9, ((cpuPause - c0) + (c1 - cpuResume)) / 1e9,
                held, r, findingsHeld(root));
    }

    private static Figures figures(String path, int nodes, int files, double wall, double cpu, long held, Report r,
                                   long findingsHeld) {
        long report = liveHeap();
        // Findings as shown (alike findings of many nodes once) and as made (one per node they were made on).
        int made = 0;
        for (LocalizedFinding f : r.findings()) made += f.nodes() != null ? f.nodes().size() : 1;
        int md = NcclScope.render(r, Format.MARKDOWN).length();
        String json = NcclScope.render(r, Format.JSON);
        return new Figures(path, nodes, files, wall, cpu, held, report, r.findings().size(), made, md, json.length(),
                r.verdict().jsonValue(), r.nodes().size(), sha256(json), findingsHeld);
    }

    /** The report's digest, kept instead of its text so that earlier runs' reports do not weigh on later figures. */
    private static String sha256(String text) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The live heap of the findings the analyzers make over the bundle (every node's, before alike ones are shown
     * once), held alone: the part of {@code heap_held} that is the diagnosis itself, which grows with the problems
     * found, not with what the passes keep to find them.
     */
    private static long findingsHeld(Path root) throws IOException {
        long base = liveHeap();
        List<Finding> all = findings(root);
        long held = liveHeap() - base;
        java.lang.ref.Reference.reachabilityFence(all);
        return held;
    }

    /** Every analyzer's findings over the bundle, read node by node; the passes go once they have finished. */
    private static List<Finding> findings(Path root) throws IOException {
        List<Pass> passes = NcclScope.analyzers().stream().map(Analyzer::pass).toList();
        NodeStream stream = new NodeStream(NcclScope.evidenceBuilder(Options.DEFAULTS));
        try {
            stream.read(List.of(root), s -> passes.forEach(p -> p.add(s)));
        } catch (NodeStream.UnstreamableException ex) {
            throw new IllegalStateException("a generated bundle streams: " + ex.getMessage(), ex);
        }
        List<Finding> all = new ArrayList<>();
        for (Pass p : passes) all.addAll(p.finish());
        return all;
    }

    /**
     * For each size, the smallest {@code -Xmx} (to 1 MiB) at which a fresh JVM analyzes the bundle on the streamed
     * path, report included ({@link Once}): the heap at its peak, which {@code heap_held} (taken between reading and
     * the report) does not see. A probe that runs ten times as long as the first, at 64 MiB (a minute at least), counts
     * as too small: just above its peak a JVM can collect for many minutes without running out.
     */
    private static void minHeaps(Path capture, Path work, List<Integer> sizes, boolean distinct) throws Exception {
        List<int[]> found = new ArrayList<>();
        for (int n : sizes) {
            Path root = work.resolve("n" + n);
            deleteTree(root);
            generate(capture, root, n, distinct);
            int lo = 4, hi = 64; // lo fails (or is assumed to), hi passes
            long start = System.nanoTime();
            if (!once(root, hi, Long.MAX_VALUE)) throw new IllegalStateException(n + " nodes do not fit in " + hi + " MiB");
            // A heap just above the peak can keep a JVM collecting for many minutes without running out: a probe that
            // takes ten times as long as the roomy run (one minute at least) does not complete.
            long limitNanos = Math.max(TimeUnit.MINUTES.toNanos(1), 10 * (System.nanoTime() - start));
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (once(root, mid, limitNanos)) hi = mid;
                else lo = mid;
            }
            found.add(new int[] {n, hi});
            System.out.printf(Locale.ROOT, "streamed  %-7d smallest -Xmx that completes: %d MiB%n", n, hi);
            deleteTree(root);
        }
        if (found.size() > 1) {
            int[] a = found.get(0), b = found.get(found.size() - 1);
            System.out.printf(Locale.ROOT, "streamed  smallest heap %d MiB at %d nodes -> %d MiB at %d nodes: x%.2f, %.1f KiB a node%n",
                    a[1], a[0], b[1], b[0], (double) b[1] / a[1], (b[1] - a[1]) * 1024.0 / (b[0] - a[0]));
        }
        deleteTree(work);
    }

    /** Whether a fresh JVM with {@code -Xmx<mib>m} analyzes {@code root} streamed within {@code limitNanos}. */
    private static boolean once(Path root, int mib, long limitNanos) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xmx" + mib + "m", "-cp", System.getProperty("java.class.path"),
                Once.class.getName(), root.toString()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        if (p.waitFor(limitNanos, TimeUnit.NANOSECONDS)) return p.exitValue() == 0;
        p.destroyForcibly().waitFor();
        System.out.printf(Locale.ROOT, "streamed  -Xmx%dm did not complete in %d s: counted as too small%n", mib,
                TimeUnit.NANOSECONDS.toSeconds(limitNanos));
        return false;
    }

    /** Analyzes one bundle folder the way {@code ncclscope analyze} does and renders the report; exit 0 when done. */
    public static final class Once {
        private Once() {
        }

        public static void main(String[] args) throws Exception {
            Report r = NcclScope.analyze(Options.DEFAULTS, Path.of(args[0]));
            System.out.println(NcclScope.render(r, Format.MARKDOWN).length());
        }
    }

    /** Copies the capture once per node, renaming the host in its text. Returns the file count. */
    static int generate(Path capture, Path root, int nodes) throws IOException {
        return generate(capture, root, nodes, false);
    }

    /**
     * Copies the capture once per node, renaming the host in its text; with {@code distinct}, each node's processes
     * also get their own pids and tids, its NCCL communicators their own ids and its warnings their own times (a second
     * later per node), as when every node ran its own single-node tests (without it, every node repeats the same
     * processes and communicators, which the analyzers rightly read as ranks colliding across nodes). Returns the file
     * count.
     */
    static int generate(Path capture, Path root, int nodes, boolean distinct) throws IOException {
        List<Path> src;
        try (Stream<Path> s = Files.walk(capture)) {
            src = s.filter(Files::isRegularFile).sorted().toList();
        }
        List<String> texts = new ArrayList<>();
        for (Path p : src) texts.add(Files.readString(p, StandardCharsets.UTF_8));
        int count = 0;
        for (int i = 1; i <= nodes; i++) {
            String host = String.format(Locale.ROOT, "gpu-node%04d", i);
            Path dir = root.resolve(host);
            for (int k = 0; k < src.size(); k++) {
                Path rel = capture.relativize(src.get(k));
                Path dst = dir.resolve(rel.toString());
                Files.createDirectories(dst.getParent());
                // The capture's only host name is "vm" (NCCL prefixes "vm:PID:TID", nccl-tests "on vm").
                String text = texts.get(k).replaceAll("\\bvm\\b", host);
                if (distinct) text = distinct(text, host, i);
                Files.writeString(dst, text, StandardCharsets.UTF_8);
                count++;
            }
        }
        return count;
    }

    private static final java.util.regex.Pattern PROCESS = java.util.regex.Pattern.compile("\\b(gpu-node\\d{4}):(\\d+)(?::(\\d+))?");
    private static final java.util.regex.Pattern COMM_ID = java.util.regex.Pattern.compile("commId 0x([0-9a-f]{1,16})");

    private static final java.util.regex.Pattern STAMP = java.util.regex.Pattern.compile("\\[(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})]");
    private static final java.time.format.DateTimeFormatter STAMP_FORMAT =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    /** Node {@code i}'s own pids, tids, communicator ids and times of its warnings ({@code i} seconds later) in {@code text}. */
    private static String distinct(String text, String host, int i) {
        String pids = PROCESS.matcher(text).replaceAll(m -> m.group(1) + ":" + (Long.parseLong(m.group(2)) + 1000L * i)
                + (m.group(3) == null ? "" : ":" + (Long.parseLong(m.group(3)) + 1000L * i)));
        String times = STAMP.matcher(pids).replaceAll(m -> "["
                + java.time.LocalDateTime.parse(m.group(1), STAMP_FORMAT).plusSeconds(i).format(STAMP_FORMAT) + "]");
        return COMM_ID.matcher(times).replaceAll(m -> "commId 0x"
                + Long.toHexString(Long.parseUnsignedLong(m.group(1), 16) ^ (0x9E3779B97F4A7C15L * i)));
    }

    /** CPU time of the whole process (every thread: parsing runs in parallel), in nanoseconds; load barely moves it. */
    private static long processCpu() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }

    /** Heap in use after full collections (two: the first may only queue what the second frees). */
    private static long liveHeap() {
        System.gc();
        System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static String mib(long b) {
        return String.format(Locale.ROOT, "%.1fMiB", b / 1048576.0);
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(x);
        }
    }
}
