package io.ncclscope.benchmarks;

import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Report;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Measures {@code analyze} over a generated cluster bundle: N node folders, each a copy of our real H200
 * capture ({@code examples/captured/h200-1gpu}) with the host name in its NCCL lines changed to the node's
 * own, so every node is a real node's outputs. Prints, per size, the wall time of reading + parsing +
 * analyzing, the files per second, and the live heap (after a full GC) at the end of the run while the evidence
 * is still held ({@code heap_with_ev}: parsed facts, the quote cache, the report) and once only the report is
 * left ({@code heap_report}, what {@code ncclscope analyze} keeps to render), then the heap's peak, the CPU time of
 * the process ({@code cpu_s}, all threads; machine load barely moves it), the findings as shown over the findings as
 * made (a finding made alike on many nodes is shown once, naming them) and the size of the Markdown and JSON reports.
 *
 * <pre>
 * ./mvnw -B -q package -pl benchmarks -am -DskipTests
 * java -Xmx1g -cp benchmarks/target/classes:sdk/target/classes:parsers/target/classes \
 *      io.ncclscope.benchmarks.BundleBenchmark --nodes 64,256,1024 --capture examples/captured/h200-1gpu
 * </pre>
 */
public final class BundleBenchmark {

    private BundleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        List<Integer> sizes = List.of(64, 256, 1024);
        Path capture = Path.of("examples/captured/h200-1gpu");
        Path work = Path.of(System.getProperty("java.io.tmpdir"), "ncclscope-bundle-bench");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--nodes" -> sizes = Stream.of(args[++i].split(",")).map(String::trim).map(Integer::valueOf).toList();
                case "--capture" -> capture = Path.of(args[++i]);
                case "--work" -> work = Path.of(args[++i]);
                default -> {
                    System.err.println("usage: BundleBenchmark [--nodes 64,256,1024] [--capture DIR] [--work DIR]");
                    System.exit(2);
                }
            }
        }
        if (!Files.isDirectory(capture)) {
            System.err.println("no capture folder at " + capture.toAbsolutePath());
            System.exit(2);
        }
        System.out.printf(Locale.ROOT, "%-7s %-7s %-8s %-7s %-9s %-13s %-12s %-12s %-9s %-9s %-9s %s%n",
                "nodes", "files", "wall_s", "cpu_s", "files/s", "heap_with_ev", "heap_report", "heap_peak", "findings",
                "md_bytes", "json_KiB", "verdict");
        // Warm-up on the smallest size, not reported.
        run(capture, work, sizes.get(0), false);
        for (int n : sizes) {
            run(capture, work, n, true);
        }
        deleteTree(work);
    }

    private static void run(Path capture, Path work, int nodes, boolean print) throws IOException {
        Path root = work.resolve("n" + nodes);
        deleteTree(root);
        int files = generate(capture, root, nodes);
        System.gc();
        resetPeaks();
        long c0 = processCpu();
        long t0 = System.nanoTime();
        Evidence e = NcclScope.evidence(root);
        Report r = NcclScope.analyze(e, Locale.ENGLISH);
        long t1 = System.nanoTime();
        long c1 = processCpu();
        long peak = peakHeap();
        long withEvidence = liveHeap();
        e = null; // what the CLI does once the report is built
        long reportOnly = liveHeap();
        if (print) {
            double s = (t1 - t0) / 1e9;
            // Findings as shown (alike findings of many nodes once) and as made (one per node they were made on).
            int made = 0;
            for (LocalizedFinding f : r.findings()) made += f.nodes() != null ? f.nodes().size() : 1;
            int md = NcclScope.render(r, Format.MARKDOWN).length();
            int json = NcclScope.render(r, Format.JSON).length();
            System.out.printf(Locale.ROOT, "%-7d %-7d %-8.2f %-7.2f %-9.0f %-13s %-12s %-12s %-9s %-9d %-9d %s (%d nodes seen)%n",
                    nodes, files, s, (c1 - c0) / 1e9, files / s, mib(withEvidence), mib(reportOnly), mib(peak),
                    r.findings().size() + "/" + made, md, json / 1024, r.verdict(), r.nodes().size());
        }
        deleteTree(root);
    }

    /** Copies the capture once per node, renaming the host in its text. Returns the file count. */
    static int generate(Path capture, Path root, int nodes) throws IOException {
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
                Files.writeString(dst, texts.get(k).replaceAll("\\bvm\\b", host), StandardCharsets.UTF_8);
                count++;
            }
        }
        return count;
    }

    /** CPU time of the whole process (every thread: parsing runs in parallel), in nanoseconds; load barely moves it. */
    private static long processCpu() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) p.resetPeakUsage();
        }
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) sum += p.getPeakUsage().getUsed();
        }
        return sum;
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
