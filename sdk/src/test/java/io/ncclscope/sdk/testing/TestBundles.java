package io.ncclscope.sdk.testing;

import io.ncclscope.parsers.Corpus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Multi-node bundles for tests, generated in a temporary folder from real outputs: our H200 capture
 * ({@code examples/captured/h200-1gpu}) copied once per node with its host name changed, as the bundle benchmark
 * does, and, where the corpus is present, one real file of each hardware kind per node, a different one on each node
 * (so that nodes differ: ports down on some, other topologies, other MTUs). Nothing is copied into the project.
 */
public final class TestBundles {

    /** Our real capture of one H200 node; its only host name is {@code vm}. */
    public static final Path CAPTURE = Path.of("../examples/captured/h200-1gpu");

    /** Corpus folders of per-node hardware outputs. */
    private static final List<String> HARDWARE = List.of("topo", "ibstat", "ethtool", "iplink", "lspci", "dmesg", "gids",
            "nvsmi-q", "numactl");

    private TestBundles() {
    }

    /**
     * {@return {@code root}, now holding one folder per name, each a copy of the capture on that host}
     *
     * @param root  an empty or missing folder
     * @param hosts the node names
     */
    public static Path cluster(Path root, String... hosts) {
        for (String h : hosts) node(root.resolve(h), h);
        return root;
    }

    /**
     * {@return {@code root}, now holding {@code nodes} folders {@code gpu-node1}... each the capture on its host plus,
     * when the corpus is present, the {@code k}-th real file of every hardware kind on node {@code k}} Node 3 also holds
     * a corpus NCCL log of other hosts (a folder that is not one node's whole), and the root a loose corpus nccl-tests
     * table.
     *
     * @param root  an empty or missing folder
     * @param nodes how many nodes
     */
    public static Path mixed(Path root, int nodes) {
        for (int k = 1; k <= nodes; k++) {
            String host = "gpu-node" + k;
            Path dir = root.resolve(host);
            node(dir, host);
            if (!Corpus.present()) continue;
            for (String kind : HARDWARE) {
                List<Path> files = corpusFiles(kind);
                if (files.isEmpty()) continue;
                Path f = files.get((k - 1) % files.size());
                copy(f, dir.resolve("hw").resolve(kind + "-" + f.getFileName()));
            }
            if (k == 3) {
                List<Path> logs = corpusFiles("nccl-logs");
                if (!logs.isEmpty()) copy(logs.get(0), dir.resolve("nccl").resolve("job-" + logs.get(0).getFileName()));
            }
        }
        if (Corpus.present()) {
            List<Path> tables = corpusFiles("nccl-tests");
            if (!tables.isEmpty()) copy(tables.get(0), root.resolve("job-" + tables.get(0).getFileName()));
        }
        return root;
    }

    /** The time NCCL writes before a WARN line, in its default format. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    /**
     * {@return {@code root}, now holding one folder per name, each a copy of the capture on that host whose processes
     * and communicators have their own ids} As on a cluster where every node ran its own single-node jobs: the pids and
     * tids NCCL writes after the host move by 1000 per node, the communicator ids are XORed with a per-node constant,
     * and the times NCCL writes before WARN lines are a second later per node (the {@code --distinct} bundle of
     * {@code BundleBenchmark}).
     *
     * @param root  an empty or missing folder
     * @param hosts the node names
     */
    public static Path distinct(Path root, String... hosts) {
        for (int i = 0; i < hosts.length; i++) {
            String host = hosts[i];
            long shift = 1000L * (i + 1);
            long xor = 0x9E3779B97F4A7C15L * (i + 1);
            node(root.resolve(host), host);
            try (Stream<Path> s = Files.walk(root.resolve(host))) {
                for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                    String text = Files.readString(p, StandardCharsets.UTF_8);
                    String ids = Pattern.compile("\\b(" + Pattern.quote(host) + "):(\\d+)(?::(\\d+))?").matcher(text)
                            .replaceAll(m -> m.group(1) + ":" + (Long.parseLong(m.group(2)) + shift)
                                    + (m.group(3) == null ? "" : ":" + (Long.parseLong(m.group(3)) + shift)));
                    ids = Pattern.compile("commId 0x([0-9a-f]{1,16})").matcher(ids)
                            .replaceAll(m -> "commId 0x" + Long.toHexString(Long.parseUnsignedLong(m.group(1), 16) ^ xor));
                    long later = i + 1;
                    ids = Pattern.compile("\\[(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2})]").matcher(ids)
                            .replaceAll(m -> "[" + LocalDateTime.parse(m.group(1), STAMP).plusSeconds(later).format(STAMP) + "]");
                    Files.writeString(p, ids, StandardCharsets.UTF_8);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return root;
    }

    /** Writes the capture into {@code dir}, its host named {@code host}. */
    public static void node(Path dir, String host) {
        try (Stream<Path> s = Files.walk(CAPTURE)) {
            for (Path p : s.filter(Files::isRegularFile).sorted().toList()) {
                Path dst = dir.resolve(CAPTURE.relativize(p).toString());
                Files.createDirectories(dst.getParent());
                String text = Files.readString(p, StandardCharsets.UTF_8);
                Files.writeString(dst, text.replaceAll("\\bvm\\b", host), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Copies {@code from} to {@code to}, making folders. */
    public static void copy(Path from, Path to) {
        try {
            Files.createDirectories(to.getParent());
            Files.copy(from, to);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The corpus files of one folder, sorted. */
    private static List<Path> corpusFiles(String folder) {
        Path dir = Corpus.root().resolve(folder);
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> s = Files.list(dir)) {
            return new ArrayList<>(s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted().toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return {@code gpu-node0001}-style names} @param n how many */
    public static String[] hosts(int n) {
        String[] out = new String[n];
        for (int i = 0; i < n; i++) out[i] = String.format(Locale.ROOT, "gpu-node%04d", i + 1);
        return out;
    }
}
