package io.ncclscope.benchmarks;

import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Options;
import io.ncclscope.sdk.evidence.NodeStream;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.report.ReportPass;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Where the CPU of one streamed {@code analyze} of a bundle goes, in a fresh JVM (run it with the CLI's settings):
 * the whole process, the thread that folds the nodes into the analyzers in order (it runs beside the parsing, and
 * bounds the wall once the cores parse faster than it folds), and the finish and JSON rendering after the read
 * (serial). With T(n) = max((cpu - in_order - finish) / n, in_order) + finish, these predict the wall on n cores.
 * The bytes allocated by every thread and the collections (count and time) follow: allocation barely moves with the
 * machine's load, so it shows a cut in garbage where the CPU time of one run is too noisy to.
 *
 * <pre>
 * java -XX:+UseSerialGC -Xmn64m -XX:TieredStopAtLevel=1 -cp benchmarks/target/classes:sdk/target/classes:parsers/target/classes \
 *      io.ncclscope.benchmarks.NodePipelineBenchmark /tmp/n1024     # a folder from: Generate nodes --nodes 1024 --out /tmp/n1024
 * </pre>
 */
public final class NodePipelineBenchmark {

    private NodePipelineBenchmark() {
    }

    /** CPU of the in-order thread up to its last node, and within the folds alone. */
    private static volatile long inOrderCpu;
    private static long foldCpu;

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: NodePipelineBenchmark BUNDLE_FOLDER");
            System.exit(2);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long c0 = processCpu(), t0 = System.nanoTime();
        ReportPass pass = new ReportPass(NcclScope.analyzers());
        NodeStream stream = new NodeStream(NcclScope.evidenceBuilder(Options.DEFAULTS));
        stream.read(List.of(Path.of(args[0])), pass::read, r -> {
            long f0 = threads.getCurrentThreadCpuTime();
            pass.add(r);
            inOrderCpu = threads.getCurrentThreadCpuTime();
            foldCpu += inOrderCpu - f0;
        });
        long t1 = System.nanoTime(), m1 = threads.getCurrentThreadCpuTime();
        Report report = pass.finish(stream.problems(), Locale.ENGLISH);
        String json = NcclScope.render(report, Format.JSON);
        long t2 = System.nanoTime(), m2 = threads.getCurrentThreadCpuTime(), c2 = processCpu();
        String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(json.getBytes(StandardCharsets.UTF_8)));
        System.out.printf(Locale.ROOT, "nodes %d wall %.2f s cpu %.2f s read_wall %.2f s in_order_cpu %.2f s (folds %.2f s)"
                + " finish_render_cpu %.2f s json_sha256 %s allocated %d MB gc %d (%.2f s)%n", stream.nodes(),
                (t2 - t0) / 1e9, (c2 - c0) / 1e9, (t1 - t0) / 1e9, inOrderCpu / 1e9, foldCpu / 1e9, (m2 - m1) / 1e9, sha,
                allocated() >> 20, collections(), collectionMillis() / 1e3);
    }

    /** Bytes allocated by every thread so far, ended ones included (the pool's); -1 when the JVM does not say. */
    private static long allocated() {
        return threadsBean() instanceof com.sun.management.ThreadMXBean t ? t.getTotalThreadAllocatedBytes() : -1;
    }

    private static ThreadMXBean threadsBean() {
        return ManagementFactory.getThreadMXBean();
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(b -> b.getCollectionCount()).sum();
    }

    private static long collectionMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream().mapToLong(b -> b.getCollectionTime()).sum();
    }

    private static long processCpu() {
        return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : 0;
    }
}
