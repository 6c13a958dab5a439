package io.ncclscope.benchmarks;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Options;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.report.Report;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures the hang analyzer at scale: a generated job of {@code --ranks} ranks (8 per node folder), each with a
 * pickled Flight Recorder dump of {@code --entries} collectives (format 2.10, protocol 2, as torch's pickler writes it)
 * and a node NCCL log with its ranks' {@code Init COMPLETE} and watchdog lines; one rank stops a collective early.
 * Prints the wall and CPU time of {@code NcclScope.analyze} (streamed, one node folder at a time, as the CLI and the
 * service read bundles), the peak heap of the run (every heap pool's peak, reset before), and the first finding,
 * which must name the rank that never entered. Goal: 1,024 ranks of 2,000 entries in 5 s on 2 cores.
 *
 * <pre>
 * ./mvnw -B -q package -pl parsers,sdk,benchmarks -DskipTests
 * java -Xmx512m -cp benchmarks/target/classes:sdk/target/classes:parsers/target/classes \
 *      io.ncclscope.benchmarks.HangBenchmark --ranks 1024 --entries 2000
 * </pre>
 */
public final class HangBenchmark {

    private HangBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int ranks = 1024;
        int entries = 2000;
        int runs = 3;
        boolean memoize = true;
        Path work = Path.of(System.getProperty("java.io.tmpdir"), "ncclscope-hang-bench");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--ranks" -> ranks = Integer.parseInt(args[++i]);
                case "--entries" -> entries = Integer.parseInt(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--work" -> work = Path.of(args[++i]);
                case "--fresh-strings" -> memoize = false;
                default -> throw new IllegalArgumentException("usage: HangBenchmark [--ranks N] [--entries N] [--runs N] [--work DIR] [--fresh-strings]");
            }
        }
        int behind = ranks / 2 + 3;
        Path root = generate(work, ranks, entries, behind, memoize);
        long bytes;
        try (var s = Files.walk(root)) {
            bytes = s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
        System.out.printf(Locale.ROOT, "job: %d ranks, %d entries each, %d node folders, %.1f MiB of dumps and logs%n", ranks,
                entries, (ranks + 7) / 8, bytes / 1048576.0);
        for (int run = 1; run <= runs; run++) {
            System.gc();
            for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) p.resetPeakUsage();
            var threads = ManagementFactory.getThreadMXBean();
            long cpu0 = processCpu();
            long t0 = System.nanoTime();
            Report r = NcclScope.analyze(Options.DEFAULTS, root);
            double wall = (System.nanoTime() - t0) / 1e9;
            double cpu = (processCpu() - cpu0) / 1e9;
            long peak = 0;
            for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
                if (p.getType() == MemoryType.HEAP) peak += p.getPeakUsage().getUsed();
            }
            LocalizedFinding first = r.findings().isEmpty() ? null : r.findings().get(0);
            System.out.printf(Locale.ROOT, "run %d: wall %.2f s, cpu %.2f s, peak heap %.0f MiB (max %.0f MiB), threads %d, "
                    + "first finding %s rank %s on %s%n", run, wall, cpu, peak / 1048576.0,
                    Runtime.getRuntime().maxMemory() / 1048576.0, threads.getThreadCount(),
                    first == null ? "-" : first.code(), first == null ? "-" : first.subject().rank(),
                    first == null ? "-" : first.subject().node());
            if (first == null || !"HANG_RANK_NOT_ENTERED".equals(first.code()) || first.subject().rank() != behind) {
                throw new IllegalStateException("the report does not name rank " + behind + " first");
            }
        }
    }

    private static long processCpu() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean s ? s.getProcessCpuTime() : 0;
    }

    /** The job's bundle: node folders {@code node-0000} ..., each with 8 ranks' dumps and one NCCL log. */
    static Path generate(Path work, int ranks, int entries, int behind, boolean memoize) throws IOException {
        Path root = work.resolve(ranks + "x" + entries + (memoize ? "" : "-fresh-strings"));
        if (Files.isDirectory(root)) return root;
        Files.createDirectories(root);
        long hang = 10_000L + entries;
        for (int node = 0; node * 8 < ranks; node++) {
            String host = String.format(Locale.ROOT, "node-%04d", node);
            Path dir = root.resolve(host);
            Files.createDirectories(dir);
            StringBuilder log = new StringBuilder();
            for (int r = node * 8; r < Math.min(ranks, node * 8 + 8); r++) {
                int gpu = r % 8;
                log.append(host).append(':').append(1000 + r).append(':').append(1000 + r).append(" [").append(gpu)
                        .append("] NCCL INFO comm 0x55d0c0a").append(r).append(" rank ").append(r).append(" nranks ")
                        .append(ranks).append(" cudaDev ").append(gpu).append(" nvmlDev ").append(gpu)
                        .append(" busId ").append(Integer.toHexString(0x18 + 0x10 * gpu)).append("000 commId 0x7f3a9c1e2b4d6e8f - Init COMPLETE\n");
            }
            for (int r = node * 8; r < Math.min(ranks, node * 8 + 8); r++) {
                if (r == behind) continue;
                log.append("[rank").append(r).append("]:[E1204 23:31:07.100428331 ProcessGroupNCCL.cpp:616] [Rank ").append(r)
                        .append("] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=").append(hang)
                        .append(", OpType=ALLREDUCE, NumelIn=4194304, NumelOut=4194304, Timeout(ms)=600000) ran for 600045 milliseconds before timing out.\n");
                long last = r == behind ? hang - 1 : hang;
                Files.write(dir.resolve("nccl_trace_rank_" + r), dump(ranks, entries, last, hang, memoize));
            }
            if (behind / 8 == node) {
                Files.write(dir.resolve("nccl_trace_rank_" + behind), dump(ranks, entries, hang - 1, hang, memoize));
            }
            Files.writeString(dir.resolve("train.log"), log, StandardCharsets.UTF_8);
        }
        return root;
    }

    /** One rank's dump: {@code entries} all_reduce collectives ending at {@code last}; {@code hang} never completes. */
    static byte[] dump(int ranks, int entries, long last, long hang, boolean memoize) {
        Pickle p = new Pickle(memoize);
        p.dictStart();
        p.str("version").str("2.10");
        p.str("comm_lib_version").str("2.21.5");
        p.str("pg_config").dictStart().str("0").dictStart().str("name").str("0").str("desc").str("default_pg")
                .str("ranks").str("[0, ..., " + (ranks - 1) + "]").dictEnd().dictEnd();
        p.str("pg_status").dictStart().str("0").dictStart().str("last_enqueued_collective").integer(last)
                .str("last_started_collective").integer(last).str("last_completed_collective").integer(Math.min(last, hang - 1))
                .dictEnd().dictEnd();
        p.str("entries").listStart();
        for (long seq = last - entries + 1; seq <= last; seq++) {
            boolean done = seq < hang;
            p.dictStart();
            p.str("record_id").integer(seq).str("pg_id").integer(0).str("process_group").tuple2("0", "default_pg");
            p.str("collective_seq_id").integer(seq).str("p2p_seq_id").integer(0).str("op_id").integer(seq);
            p.str("profiling_name").str("nccl:all_reduce").str("time_created_ns").integer(1_733_355_000_000_000_000L + seq);
            p.str("input_sizes").listStart().listStart().integer(4194304).listEnd().listEnd();
            p.str("input_dtypes").listStart().str("Float").listEnd();
            p.str("output_sizes").listStart().listStart().integer(4194304).listEnd().listEnd();
            p.str("output_dtypes").listStart().str("Float").listEnd();
            p.str("state").str(done ? "completed" : "started");
            p.str("time_discovered_started_ns").integer(1_733_355_000_000_000_500L + seq);
            p.str("time_discovered_completed_ns");
            if (done) p.integer(1_733_355_000_000_000_900L + seq); else p.none();
            p.str("retired").bool(done).str("timeout_ms").integer(600000).str("is_p2p").bool(false);
            p.dictEnd();
        }
        p.listEnd();
        p.dictEnd();
        return p.bytes();
    }

    /**
     * A pickle writer of protocol 2 for dicts, lists, tuples, strings, integers, booleans and None, encoding as torch's
     * own pickler does (torch/csrc/jit/serialization/pickler.cpp, what {@code _dump_fr_trace()} writes): every distinct
     * string once ({@code BINUNICODE} then {@code BINPUT}) and recalled after ({@code BINGET}), integers in the
     * smallest of {@code BININT1}, {@code BININT2}, {@code BININT} and an 8-byte {@code LONG1} (the opcodes of the real
     * captures in examples/hangs/captured-2.11). {@code --fresh-strings} writes every string anew instead, the encoding
     * this benchmark used before (932 MiB at 1,024 x 2,000 against about 370 MiB).
     */
    private static final class Pickle {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
        private final List<Character> open = new ArrayList<>();
        private final java.util.Map<String, Integer> memo = new java.util.HashMap<>();
        private final boolean memoize;

        Pickle() {
            this(true);
        }

        Pickle(boolean memoize) {
            this.memoize = memoize;
            out.write(0x80);
            out.write(2);
        }

        Pickle dictStart() {
            out.write('}');
            out.write('(');
            open.add('u');
            return this;
        }

        Pickle dictEnd() {
            out.write(open.remove(open.size() - 1));
            return this;
        }

        Pickle listStart() {
            out.write(']');
            out.write('(');
            open.add('e');
            return this;
        }

        Pickle listEnd() {
            return dictEnd();
        }

        Pickle tuple2(String a, String b) {
            str(a).str(b);
            out.write(0x86);
            return this;
        }

        Pickle str(String s) {
            Integer at = memoize ? memo.get(s) : null;
            if (at != null) {
                if (at < 256) {
                    out.write('h');
                    out.write(at);
                } else {
                    out.write('j');
                    le(at, 4);
                }
                return this;
            }
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            out.write('X');
            le(b.length, 4);
            out.writeBytes(b);
            if (memoize) {
                int index = memo.size();
                memo.put(s, index);
                if (index < 256) {
                    out.write('q');
                    out.write(index);
                } else {
                    out.write('r');
                    le(index, 4);
                }
            }
            return this;
        }

        Pickle integer(long v) {
            if (memoize && v >= 0 && v < 256) {
                out.write('K');
                out.write((int) v);
            } else if (memoize && v >= 0 && v < 65536) {
                out.write('M');
                le(v, 2);
            } else if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
                out.write('J');
                le(v, 4);
            } else {
                out.write(0x8a);
                out.write(8);
                le(v, 8);
            }
            return this;
        }

        Pickle bool(boolean b) {
            out.write(b ? 0x88 : 0x89);
            return this;
        }

        Pickle none() {
            out.write('N');
            return this;
        }

        private void le(long v, int n) {
            for (int i = 0; i < n; i++) out.write((int) (v >>> (8 * i)) & 0xff);
        }

        byte[] bytes() {
            out.write('.');
            return out.toByteArray();
        }
    }
}
