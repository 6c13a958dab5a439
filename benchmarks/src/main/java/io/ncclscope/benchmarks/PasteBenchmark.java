package io.ncclscope.benchmarks;

import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.ToolParser;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Renderers;
import io.ncclscope.sdk.report.Report;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * What one {@code POST /v1/analyze} of a chat paste costs inside the SDK, step by step, in CPU time and bytes allocated
 * per call of the calling thread (figures that load on other cores barely moves, unlike wall time): detection, the
 * evidence (detection and parse), the analysis, the Markdown render, the whole request as the service runs it, and
 * each kind's sniffer alone.
 *
 * <pre>
 * ./mvnw -B -q -o package -pl benchmarks -am -DskipTests
 * java -cp parsers/target/classes:sdk/target/classes:benchmarks/target/classes io.ncclscope.benchmarks.PasteBenchmark \
 *      [--paste examples/captured/h200-1gpu/nccl/duplicate-gpu.log] [--seconds 2] [--rounds 5]
 * </pre>
 *
 * The whole request is warmed up for three times {@code --seconds}; then each step is warmed up for {@code --seconds}, then timed in {@code --rounds} rounds of {@code --seconds} each; the
 * printed figures are the median round's per-call CPU microseconds (ThreadMXBean thread CPU time) and allocated KiB
 * (com.sun.management.ThreadMXBean allocated bytes). The paste default is the service load run's paste
 * ({@code benchmarks/load/analyze-wrk.sh}).
 */
public final class PasteBenchmark {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** Keeps results reachable so that the JIT cannot drop the work. */
    private static volatile Object sink;

    private PasteBenchmark() {
    }

    /** One step's figures: median per-call CPU and allocation over the rounds. */
    record Figures(String step, double cpuMicros, double allocKib, long calls) {
    }

    public static void main(String[] args) throws Exception {
        Path paste = Path.of("examples/captured/h200-1gpu/nccl/duplicate-gpu.log");
        double seconds = 2;
        int rounds = 5;
        boolean sniffersToo = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--paste" -> paste = Path.of(args[++i]);
                case "--seconds" -> seconds = Double.parseDouble(args[++i]);
                case "--rounds" -> rounds = Integer.parseInt(args[++i]);
                case "--no-sniffers" -> sniffersToo = false;
                case "-h", "--help" -> {
                    System.out.println("usage: PasteBenchmark [--paste FILE] [--seconds 2] [--rounds 5] [--no-sniffers]");
                    return;
                }
                default -> throw new IllegalArgumentException("unknown option " + args[i] + " (--help lists them)");
            }
        }
        if (!THREADS.isThreadCpuTimeSupported() || !THREADS.isThreadAllocatedMemorySupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time or allocation");
        }
        THREADS.setThreadCpuTimeEnabled(true);
        THREADS.setThreadAllocatedMemoryEnabled(true);
        String text = Files.readString(paste, StandardCharsets.UTF_8);
        Locale en = Locale.ENGLISH;
        Evidence evidence = Evidence.builder().addText("chat-paste", text, null).build();
        Report report = NcclScope.analyze(evidence, en);
        System.out.printf(Locale.ROOT, "ncclscope paste benchmark (Java %s, %d CPUs): %s, %d bytes, %d lines, kind %s, verdict %s%n",
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors(), paste,
                text.getBytes(StandardCharsets.UTF_8).length, text.lines().count(), evidence.artifacts().get(0).kind(),
                report.verdict());
        System.out.printf(Locale.ROOT, "per call, median of %d rounds of %.1f s after %.1f s of warm-up per step%n", rounds,
                seconds, seconds);

        // The whole request first, so that the first step measured does not pay for the JIT's work on the others.
        Supplier<?> request = () -> Renderers.markdown(NcclScope.analyze(
                Evidence.builder().addText("chat-paste", text, null).build(), en));
        run(request, (long) (3 * seconds * 1e9));
        List<Figures> steps = new ArrayList<>();
        steps.add(measure("detect", () -> Parsers.detect(text), seconds, rounds));
        steps.add(measure("evidence (detect + parse)", () -> Evidence.builder().addText("chat-paste", text, null).build(),
                seconds, rounds));
        steps.add(measure("analyze", () -> NcclScope.analyze(evidence, en), seconds, rounds));
        steps.add(measure("render markdown", () -> Renderers.markdown(report), seconds, rounds));
        steps.add(measure("request (all of the above)", request, seconds, rounds));
        System.out.printf(Locale.ROOT, "%-30s %12s %12s %10s%n", "step", "CPU us/call", "alloc KiB", "calls");
        for (Figures f : steps) print(f);

        if (sniffersToo) System.out.println("sniffers (each kind's detection score of the paste):");
        List<Figures> sniffers = new ArrayList<>();
        for (ToolParser<?> p : sniffersToo ? Parsers.all() : List.<ToolParser<?>>of()) {
            sniffers.add(measure("  sniff " + p.kind().name().toLowerCase(Locale.ROOT), () -> p.sniff(text),
                    Math.max(0.2, seconds / 4), rounds));
        }
        sniffers.sort((a, b) -> Double.compare(b.cpuMicros(), a.cpuMicros()));
        double sum = 0;
        for (Figures f : sniffers) {
            print(f);
            sum += f.cpuMicros();
        }
        if (sniffersToo) System.out.printf(Locale.ROOT, "%-30s %12.1f%n", "  sum of sniffers", sum);
        Figures whole = steps.get(4);
        System.out.printf(Locale.ROOT, "SUMMARY request_cpu_us=%.1f request_alloc_kib=%.1f detect_cpu_us=%.1f%n",
                whole.cpuMicros(), whole.allocKib(), steps.get(0).cpuMicros());
    }

    private static void print(Figures f) {
        System.out.printf(Locale.ROOT, "%-30s %12.1f %12.1f %10d%n", f.step(), f.cpuMicros(), f.allocKib(), f.calls());
    }

    /** Warms {@code step} up, then times {@code rounds} rounds of about {@code seconds} each. */
    static Figures measure(String name, Supplier<?> step, double seconds, int rounds) {
        long budget = (long) (seconds * 1e9);
        run(step, budget);
        double[] cpu = new double[rounds];
        double[] alloc = new double[rounds];
        long calls = 0;
        for (int r = 0; r < rounds; r++) {
            long[] fig = run(step, budget);
            cpu[r] = fig[0] / 1e3 / fig[2];
            alloc[r] = fig[1] / 1024.0 / fig[2];
            calls += fig[2];
        }
        return new Figures(name, median(cpu), median(alloc), calls);
    }

    /** Calls {@code step} until {@code budgetNanos} of thread CPU are spent: {CPU ns, bytes allocated, calls}. */
    private static long[] run(Supplier<?> step, long budgetNanos) {
        long tid = Thread.currentThread().getId();
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        long alloc0 = THREADS.getThreadAllocatedBytes(tid);
        long calls = 0;
        long cpu;
        do {
            // Batches of calls between clock reads keep the reads' own cost out of the figures.
            for (int i = 0; i < 16; i++) sink = step.get();
            calls += 16;
            cpu = THREADS.getCurrentThreadCpuTime();
        } while (cpu - cpu0 < budgetNanos);
        long alloc = THREADS.getThreadAllocatedBytes(tid) - alloc0;
        return new long[] {cpu - cpu0, alloc, calls};
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
