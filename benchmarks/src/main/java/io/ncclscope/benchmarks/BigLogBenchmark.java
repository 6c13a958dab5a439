package io.ncclscope.benchmarks;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The big-log row of issue 23 in process: parses one file the way {@code ncclscope analyze} does
 * ({@link Parsers#parse(Path, ParseLimits, java.util.function.LongConsumer)}: a big NCCL log in line-aligned chunks
 * read on up to two threads, scanned by one), several times, and prints for each run the MB/s of wall time and of
 * the process's CPU time (all threads, the JIT and GC included) and of the CPU time of the one thread that scans the
 * lines (the bound on the wall figure however many cores read chunks), then a summary line with the medians. Run it with
 * the CLI's JVM flags to see the CLI's figure, and with C2 for the service's:
 *
 * <pre>
 * java -cp benchmarks.jar:BUNDLE/app/ncclscope.jar io.ncclscope.benchmarks.Generate log --size 1g --out /tmp/big.log
 * java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmn64m -cp benchmarks.jar:BUNDLE/app/ncclscope.jar \
 *      io.ncclscope.benchmarks.BigLogBenchmark --file /tmp/big.log --runs 5
 * taskset -c 0 java ...                                                 # the one-core figure
 * </pre>
 *
 * The first run includes the JIT's warm-up, as a one-shot {@code analyze} does; the summary's medians cover every
 * run. Prints the facts' line counts too, so two builds can be checked to read the same file alike. Throughput is in
 * MB/s of the file's bytes (1 MB = 10^6 bytes).
 */
public final class BigLogBenchmark {

    private BigLogBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        Path file = null;
        int runs = 3;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--file" -> file = Path.of(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "-h", "--help" -> {
                    System.out.println("usage: BigLogBenchmark --file FILE [--runs 3]");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (file == null) throw new IllegalArgumentException("--file FILE is required");
        long bytes = Files.size(file);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.printf(Locale.ROOT, "big log %s: %,d bytes; Java %s, %d CPUs, %s%n", file, bytes,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getRuntimeMXBean().getInputArguments());
        double[] wall = new double[runs];
        double[] cpu = new double[runs];
        double[] scan = new double[runs];
        java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int r = 0; r < runs; r++) {
            long c0 = os.getProcessCpuTime();
            long s0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            ParseResult<?> result = Parsers.parse(file, ParseLimits.DEFAULTS, read -> { });
            wall[r] = (System.nanoTime() - t0) / 1e9;
            cpu[r] = (os.getProcessCpuTime() - c0) / 1e9;
            scan[r] = (threads.getCurrentThreadCpuTime() - s0) / 1e9;
            System.out.printf(Locale.ROOT, "run %d: %.2f s wall (%.1f MB/s), %.2f s CPU (%.1f MB/s of CPU), %.2f s on the"
                            + " scanning thread (%.1f MB/s); %s, %d warnings, facts %s%n", r + 1, wall[r], bytes / 1e6 / wall[r],
                    cpu[r], bytes / 1e6 / cpu[r], scan[r], bytes / 1e6 / scan[r],
                    result.kind(), result.warnings().size(), Integer.toHexString(result.data().toString().hashCode()));
        }
        System.out.printf(Locale.ROOT, "SUMMARY wall_mb_s=%.1f cpu_mb_s=%.1f scan_thread_mb_s=%.1f runs=%d (medians)%n",
                bytes / 1e6 / median(wall), bytes / 1e6 / median(cpu), bytes / 1e6 / median(scan), runs);
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
