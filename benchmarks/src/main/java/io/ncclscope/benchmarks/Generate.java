package io.ncclscope.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Writes the large inputs of the whole-process benchmarks ({@code benchmarks/table.sh}) and nothing else, so that a
 * machine with only the node bundle's Java runtime can make them:
 *
 * <pre>
 * java -cp benchmarks.jar:BUNDLE/app/ncclscope.jar io.ncclscope.benchmarks.Generate log --size 1g --out /tmp/big.log \
 *      [--corpus ../shared/corpus | --lines examples/captured]
 * java -cp ... io.ncclscope.benchmarks.Generate nodes --nodes 1024 --out /tmp/n1024 [--capture examples/captured/h200-1gpu]
 * </pre>
 *
 * {@code log}: an NCCL log of real lines ({@link NcclLogGenerator}), replayed under many node identities. The lines
 * come from the corpus' {@code nccl-logs/} when {@code --corpus} names one, else from the {@code *.log} files under
 * {@code --lines} (default {@code examples/captured}: the project's own captures, for machines without the corpus).
 * {@code nodes}: a bundle of N node folders, each a copy of our H200 capture with its host renamed
 * ({@link BundleBenchmark#generate}). Prints one line saying what it wrote.
 */
public final class Generate {

    private Generate() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length == 0) usage();
        String what = args[0];
        long size = 1L << 30;
        int nodes = 1024;
        Path out = null;
        Path corpus = null;
        Path lines = Path.of("examples/captured");
        Path capture = Path.of("examples/captured/h200-1gpu");
        boolean distinct = false;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--size" -> size = NcclLogBenchmark.bytes(args[++i]);
                case "--nodes" -> nodes = Integer.parseInt(args[++i]);
                case "--out" -> out = Path.of(args[++i]);
                case "--corpus" -> corpus = Path.of(args[++i]);
                case "--lines" -> lines = Path.of(args[++i]);
                case "--capture" -> capture = Path.of(args[++i]);
                case "--distinct" -> distinct = true;
                default -> usage();
            }
        }
        if (out == null) usage();
        long t0 = System.nanoTime();
        switch (what) {
            case "log" -> {
                NcclLogGenerator gen;
                String source;
                if (corpus != null) {
                    gen = NcclLogGenerator.fromCorpus(corpus);
                    source = corpus + "/nccl-logs";
                } else {
                    Path tmp = Files.createTempDirectory("ncclscope-lines-");
                    try {
                        Path dir = Files.createDirectories(tmp.resolve("nccl-logs"));
                        List<Path> logs;
                        try (Stream<Path> s = Files.walk(lines)) {
                            logs = s.filter(p -> p.toString().endsWith(".log")).sorted().toList();
                        }
                        for (int k = 0; k < logs.size(); k++) {
                            Files.copy(logs.get(k), dir.resolve(String.format(Locale.ROOT, "%03d.txt", k)));
                        }
                        gen = NcclLogGenerator.fromCorpus(tmp);
                    } finally {
                        deleteTree(tmp);
                    }
                    source = lines + " (*.log)";
                }
                long written = gen.write(out, size);
                System.out.printf(Locale.ROOT, "generate: %s: %d bytes, %d lines from %d files of %s, in %.1f s%n", out,
                        Files.size(out), written, gen.files(), source, (System.nanoTime() - t0) / 1e9);
            }
            case "nodes" -> {
                deleteTree(out);
                int files = BundleBenchmark.generate(capture, out, nodes, distinct);
                System.out.printf(Locale.ROOT, "generate: %s: %d node folders, %d files, copies of %s, in %.1f s%n", out,
                        nodes, files, capture, (System.nanoTime() - t0) / 1e9);
            }
            default -> usage();
        }
    }

    private static void usage() {
        System.err.println("usage: Generate log --size 1g --out FILE [--corpus DIR | --lines DIR]");
        System.err.println("       Generate nodes --nodes 1024 --out DIR [--capture DIR] [--distinct]");
        System.exit(2);
    }

    private static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) return;
        try (Stream<Path> s = Files.walk(p)) {
            for (Path x : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(x);
        }
    }
}
