package io.ncclscope.benchmarks;

import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.internal.LineSource;
import io.ncclscope.parsers.internal.Warnings;
import io.ncclscope.parsers.nccl.NcclLog;
import io.ncclscope.parsers.nccl.NcclLogParser;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Measures {@link NcclLogParser} on a large NCCL log made of real corpus lines: throughput, wall time and heap, next to
 * {@code grep -c NCCL} on the same file, for a large and a smaller size (the heap must stay flat between them).
 *
 * <pre>
 * ./mvnw -B -q -o package -pl benchmarks -am -DskipTests          # (-Dncclscope.target=target-X: use target-X below)
 * java -Xmx256m -cp parsers/target/classes:benchmarks/target/classes io.ncclscope.benchmarks.NcclLogBenchmark \
 *      --size 1g --small 128m --out /tmp/ncclscope-nccl.log --corpus ../shared/corpus
 * taskset -c 3 java ...                                              # the strict one-core figure
 * </pre>
 *
 * Prints the generation, {@code grep -c NCCL} (LC_ALL=C) on the same file, the parse of the small file, each timed
 * parse of the large one (MB/s, wall time, peak heap used, most live heap after a GC, heap the result retains),
 * line reading alone through {@code LineSource}, the facts kept, and a one-line summary.
 *
 * Options: {@code --size} (default {@code 1g}; suffixes k, m, g), {@code --small} (default size / 8), {@code --out}
 * (default {@code /tmp/ncclscope-nccl-bench.log}; the small file gets {@code .small} appended), {@code --corpus}
 * (default: system property {@code ncclscope.corpus}, then {@code NCCLSCOPE_CORPUS}, then {@code ../shared/corpus}),
 * {@code --runs} (timed parses of the large file, default 2), {@code --keep} (leave the generated files; they are
 * deleted otherwise), {@code --reuse} (use the files a {@code --keep} run left instead of generating them again). Throughput is in MB/s of the file's bytes (1 MB = 10^6 bytes); heap in MiB.
 */
public final class NcclLogBenchmark {

    private NcclLogBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        long size = 1L << 30;
        Long small = null;
        Path out = Path.of("/tmp/ncclscope-nccl-bench.log");
        String corpus = null;
        int runs = 2;
        boolean keep = false;
        boolean reuse = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--size" -> size = bytes(args[++i]);
                case "--small" -> small = bytes(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--corpus" -> corpus = args[++i];
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--keep" -> keep = true;
                case "--reuse" -> reuse = true;
                case "-h", "--help" -> {
                    System.out.println("usage: NcclLogBenchmark [--size 1g] [--small 128m] [--out FILE] [--corpus DIR] [--runs 2] [--keep] [--reuse]");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (small == null) small = Math.max(1L << 20, size / 8);
        if (corpus == null) corpus = System.getProperty("ncclscope.corpus");
        if (corpus == null) corpus = System.getenv("NCCLSCOPE_CORPUS");
        if (corpus == null) corpus = "../shared/corpus";
        Path smallOut = Path.of(out + ".small");

        System.out.printf(Locale.ROOT, "ncclscope NcclLogParser benchmark (Java %s, %d CPUs, max heap %d MiB)%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(),
                Runtime.getRuntime().maxMemory() >> 20);
        NcclLogGenerator gen = NcclLogGenerator.fromCorpus(Path.of(corpus));
        System.out.printf(Locale.ROOT, "corpus: %s/nccl-logs, %d files, %d template lines, replayed as %d nodes%n",
                corpus, gen.files(), gen.templateLines(), NcclLogGenerator.NODES);
        if (reuse && Files.exists(out) && Files.exists(smallOut)) {
            System.out.printf(Locale.ROOT, "reusing %s: %,d bytes; %s: %,d bytes%n", out, Files.size(out),
                    smallOut.getFileName(), Files.size(smallOut));
        } else {
            long t0 = System.nanoTime();
            long lines = gen.write(out, size);
            gen.write(smallOut, small);
            System.out.printf(Locale.ROOT, "generated %s: %,d bytes, %,d lines; %s: %,d bytes (%.1f s)%n", out,
                    Files.size(out), lines, smallOut.getFileName(), Files.size(smallOut), (System.nanoTime() - t0) / 1e9);
        }
        try {
            run(out, smallOut, runs);
        } finally {
            if (!keep) {
                Files.deleteIfExists(out);
                Files.deleteIfExists(smallOut);
            }
        }
    }

    private static void run(Path big, Path small, int runs) throws Exception {
        long bigBytes = Files.size(big);
        long smallBytes = Files.size(small);

        Grep g = grep(big); // also brings the file into the page cache
        g = grep(big);
        System.out.printf(Locale.ROOT, "grep -c NCCL      : %,12d matches  %7.2f s  %8.1f MB/s%n", g.count, g.seconds,
                bigBytes / 1e6 / g.seconds);

        // Warm the JIT on the small file, then measure it with the heap sampler.
        parse(small);
        Measure ms = measure(small);
        report("parse small", smallBytes, ms);

        double best = Double.MAX_VALUE;
        Measure last = null;
        for (int r = 1; r <= runs; r++) {
            Measure mb = measure(big);
            report("parse large #" + r, bigBytes, mb);
            best = Math.min(best, mb.seconds);
            last = mb;
        }
        double ls = lineSourceOnly(big);
        System.out.printf(Locale.ROOT, "LineSource only   : %,12d bytes    %7.2f s  %8.1f MB/s  (line reading alone, no parsing)%n",
                bigBytes, ls, bigBytes / 1e6 / ls);

        NcclLog d = last.result.data();
        System.out.printf(Locale.ROOT, "facts kept        : %d ranks, %d processes, %d hosts, %d transports (+%,d dropped), %d events "
                        + "(+%,d dropped), %d warnings (+%,d dropped), %d launcher errors; %,d lines, %,d NCCL lines%n",
                d.ranks().size(), d.processes().size(), d.hosts().size(), d.transports().size(), d.transportsDropped(),
                d.events().size(), d.eventsDropped(), d.warnings().size(), d.warningsDropped(), d.launcherErrors().size(),
                d.lines(), d.ncclLines());
        System.out.printf(Locale.ROOT, "summary           : parse %.1f MB/s (best of %d, %.2f s for %,d bytes), grep -c NCCL %.1f MB/s; "
                        + "live heap after GC %d MiB (large) vs %d MiB (small); result retained %d MiB vs %d MiB%n",
                bigBytes / 1e6 / best, runs, best, bigBytes, bigBytes / 1e6 / g.seconds, last.maxLiveAfterGc >> 20,
                ms.maxLiveAfterGc >> 20, last.retained >> 20, ms.retained >> 20);
    }

    private static void report(String what, long bytes, Measure m) {
        System.out.printf(Locale.ROOT, "%-18s: %,12d bytes    %7.2f s  %8.1f MB/s  heap: peak used %d MiB, max live after GC %d MiB,"
                        + " result retained %d MiB%n", what, bytes, m.seconds, bytes / 1e6 / m.seconds, m.peakUsed >> 20,
                m.maxLiveAfterGc >> 20, m.retained >> 20);
    }

    private record Grep(long count, double seconds) {
    }

    private static Grep grep(Path file) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder("grep", "-c", "NCCL", file.toString()).redirectErrorStream(true);
        pb.environment().put("LC_ALL", "C");
        long t0 = System.nanoTime();
        Process p = pb.start();
        String outText = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        p.waitFor();
        double s = (System.nanoTime() - t0) / 1e9;
        long count;
        try {
            count = Long.parseLong(outText);
        } catch (NumberFormatException e) {
            count = -1;
        }
        return new Grep(count, s);
    }

    private static final class Measure {
        double seconds;
        long peakUsed;
        long maxLiveAfterGc;
        long retained;
        ParseResult<NcclLog> result;
    }

    /** One timed parse with a heap sampler thread (heap used, and the pools' usage after their last GC). */
    private static Measure measure(Path file) throws Exception {
        Measure m = new Measure();
        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        settle();
        long base = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        long baseAfterGc = afterGc(pools);
        long[] peak = {0, 0};
        sampling = true;
        Thread sampler = new Thread(() -> {
            while (sampling) {
                peak[0] = Math.max(peak[0], ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
                peak[1] = Math.max(peak[1], afterGc(pools));
                try {
                    Thread.sleep(10);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();
        long t0 = System.nanoTime();
        m.result = parse(file);
        m.seconds = (System.nanoTime() - t0) / 1e9;
        sampling = false;
        sampler.join();
        m.peakUsed = peak[0];
        m.maxLiveAfterGc = Math.max(0, peak[1] - baseAfterGc);
        settle();
        m.retained = Math.max(0, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() - base);
        if (m.result.data().lines() == 0) throw new IllegalStateException("nothing parsed");
        return m;
    }

    private static volatile boolean sampling;

    private static long afterGc(List<MemoryPoolMXBean> pools) {
        long sum = 0;
        for (MemoryPoolMXBean p : pools) {
            MemoryUsage u = p.getCollectionUsage();
            if (u != null) sum += u.getUsed();
        }
        return sum;
    }

    private static void settle() throws InterruptedException {
        for (int i = 0; i < 3; i++) {
            System.gc();
            Thread.sleep(50);
        }
    }

    private static ParseResult<NcclLog> parse(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            return new NcclLogParser().parse(r, ParseLimits.DEFAULTS);
        }
    }

    /** The cost of reading lines alone (LineSource over the same reader), for comparison. */
    private static double lineSourceOnly(Path file) throws IOException {
        long t0 = System.nanoTime();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            LineSource src = LineSource.streaming(r, new Warnings(10), ParseLimits.DEFAULTS);
            long n = 0;
            while (src.next() != null) n++;
            if (n == 0) throw new IllegalStateException("no lines");
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    /** {@code 1g}, {@code 128m}, {@code 64k}, {@code 1000}. */
    static long bytes(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT);
        long mult = 1;
        char last = t.charAt(t.length() - 1);
        if (last == 'k' || last == 'm' || last == 'g') {
            mult = last == 'k' ? 1L << 10 : last == 'm' ? 1L << 20 : 1L << 30;
            t = t.substring(0, t.length() - 1);
        }
        return (long) (Double.parseDouble(t) * mult);
    }
}
