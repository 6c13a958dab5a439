package io.ncclscope.parsers.topo;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.ParseWarning;
import io.ncclscope.parsers.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every corpus file of manifest kind {@code topo} parses without error, and every fact its manifest
 * row states holds: one test per file, named after it.
 */
class TopoCorpusTest {

    private final TopoParser parser = new TopoParser();

    /** The files this class has a test for; a new manifest row must get one. */
    static final Set<String> COVERED = Set.of(
            "captured/h200-1gpu/sys/topo-m.txt",
            "topo/arthurchiao-gpu-notes-1-h20-1.txt",
            "topo/awesome-mlsys-verl-multinodes-1.txt",
            "topo/club3090-1125-1.txt",
            "topo/club3090-1229-1.txt",
            "topo/club3090-46-1.txt",
            "topo/codeidx-18638199536-rtx4090x8-1.txt",
            "topo/codeidx-27527940882-dgxa100-1.txt",
            "topo/della-a100-readme-1.txt",
            "topo/della-a100-readme-3.txt",
            "topo/go-gpuallocator-17-1.txt",
            "topo/kagaho-l40s-collect-env-1.txt",
            "topo/mleng-network-readme-1.txt",
            "topo/mleng-network-readme-2.txt",
            "topo/nccl-1617-1.txt",
            "topo/penny-worklog-1-1.txt",
            "topo/psg-8way-hpl-ai-1.txt",
            "topo/sglang-23020-1.txt",
            "topo/sglang-23020-2.txt",
            "topo/sglang-23272-1.txt",
            "topo/sglang-24413-1.txt",
            "topo/sglang-25063-1.txt",
            "topo/sglang-25073-1.txt",
            "topo/sglang-28424-1.txt",
            "topo/sglang-9696-1.txt",
            "topo/siboehm-bench-nvlink-readme-1.txt",
            "topo/stelline-puget-wrx90-1.txt",
            "topo/xuesongtap-nvidia-smi-more-1.txt",
            "topo/xuesongtap-nvidia-smi-more-2.txt",
            "topo/xuesongtap-nvidia-smi-more-3.txt");

    static Stream<Corpus.Entry> entries() {
        List<Corpus.Entry> e = Corpus.entries("topo");
        return e.isEmpty() ? Stream.of(new Corpus.Entry("(corpus absent)", "topo", "", "", "", "")) : e.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("entries")
    void everyTopoFileParsesWithoutErrorAndHasItsTest(Corpus.Entry e) {
        Corpus.assumePresent();
        ParseResult<Topology> r = parser.parse(e.text());
        assertThat(r.warnings()).as("warnings of %s", e.file()).noneMatch(w -> w.severity() == Severity.ERROR);
        assertThat(r.data().gpus()).as("GPUs of %s", e.file()).isNotEmpty();
        assertThat(r.data().matrixType()).isEqualTo(MatrixType.TOPOLOGY);
        assertThat(parser.sniff(e.text())).isGreaterThanOrEqualTo(90);
        assertThat(COVERED).as("a test in TopoCorpusTest for %s", e.file()).contains(e.file());
    }

    // ------------------------------------------------------------------ helpers

    private ParseResult<Topology> result(String file) {
        ParseResult<Topology> r = parser.parse(Corpus.read(file));
        assertThat(r.warnings()).as("warnings of %s", file).noneMatch(w -> w.severity() == Severity.ERROR);
        return r;
    }

    private Topology parse(String file) {
        return result(file).data();
    }

    static List<String> gpus(int... idx) {
        List<String> out = new ArrayList<>();
        for (int i : idx) out.add("GPU" + i);
        return out;
    }

    static List<String> range(String prefix, int from, int to) {
        List<String> out = new ArrayList<>();
        for (int i = from; i <= to; i++) out.add(prefix + i);
        return out;
    }

    /** The cell of a and b is {@code word} in both directions. */
    static void path(Topology t, String a, String b, String word) {
        assertThat(t.matrix().get(a)).as("row %s", a).containsEntry(b, word);
        assertThat(t.matrix().get(b)).as("row %s", b).containsEntry(a, word);
    }

    /** Every pair of distinct devices, one from each list, is {@code word}. */
    static void paths(Topology t, List<String> as, List<String> bs, String word) {
        for (String a : as) {
            for (String b : bs) {
                if (!a.equals(b)) path(t, a, b, word);
            }
        }
    }

    static void affinity(Topology t, List<String> gpus, String cpu, String numa) {
        for (String g : gpus) {
            TopoGpu gpu = t.gpu(g).orElseThrow();
            assertThat(gpu.cpuAffinity()).as("CPU Affinity of %s", g).isEqualTo(cpu);
            assertThat(gpu.numaAffinity()).as("NUMA Affinity of %s", g).isEqualTo(numa);
        }
    }

    static void gpuNumaIdNa(Topology t) {
        assertThat(t.affinityColumns()).contains("GPU NUMA ID");
        assertThat(t.gpus()).extracting(TopoGpu::gpuNumaId).containsOnlyNulls();
    }

    static void names(Topology t, int gpus, List<String> nics) {
        assertThat(t.gpus()).extracting(TopoGpu::name).isEqualTo(range("GPU", 0, gpus - 1));
        assertThat(t.nics()).extracting(TopoNic::name).isEqualTo(nics);
    }

    static void devices(Topology t, String... devices) {
        assertThat(t.nics()).extracting(TopoNic::device).containsExactly(devices);
    }

    static long count(Topology t, String word) {
        return t.matrix().values().stream().flatMap(r -> r.values().stream()).filter(word::equals).count();
    }

    static List<String> messages(ParseResult<?> r) {
        return r.warnings().stream().map(ParseWarning::message).toList();
    }

    // ------------------------------------------------------------------ one test per file

    @Test
    void capturedH200OneGpu() throws IOException {
        String text;
        try (InputStream in = TopoCorpusTest.class.getResourceAsStream("/captured/h200-1gpu/sys/topo-m.txt")) {
            assertThat(in).as("captured topo-m.txt on the test classpath").isNotNull();
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // header wrapped in ANSI underline escapes; tab separated
        assertThat(text).contains("\u001b[4mGPU0").contains("\t");
        ParseResult<Topology> r = parser.parse(text);
        Topology t = r.data();
        assertThat(r.warnings()).isEmpty();
        assertThat(t.command()).isEqualTo("nvidia-smi topo -m");
        assertThat(t.matrixType()).isEqualTo(MatrixType.TOPOLOGY);
        names(t, 1, List.of());
        assertThat(t.matrix()).isEqualTo(Map.of("GPU0", Map.of("GPU0", "X")));
        affinity(t, gpus(0), "0-15", "0");
        gpuNumaIdNa(t);
        assertThat(t.gpus().get(0).cpus()).isEqualTo(range("", 0, 15).stream().map(Integer::valueOf).toList());
    }

    @Test
    void stellinePugetWrx90() {
        Topology t = parse("topo/stelline-puget-wrx90-1.txt");
        names(t, 2, List.of("NIC0", "NIC1"));
        devices(t, "mlx5_0", "mlx5_1");
        path(t, "GPU0", "GPU1", "PHB");
        paths(t, gpus(0, 1), List.of("NIC0", "NIC1"), "NODE");
        path(t, "NIC0", "NIC1", "PIX");
        affinity(t, gpus(0, 1), "0-23", "0");
        gpuNumaIdNa(t);
        // single NUMA node: no SYS paths; GPU<->NIC only NODE
        assertThat(count(t, "SYS")).isZero();
        assertThat(t.nearestNics("GPU0")).extracting(TopoNic::name).containsExactly("NIC0", "NIC1");
        assertThat(t.path("GPU1", "mlx5_1").orElseThrow().type()).isEqualTo(PathType.NODE);
    }

    @Test
    void mlengNetworkReadme1() {
        Topology t = parse("topo/mleng-network-readme-1.txt");
        names(t, 2, List.of());
        path(t, "GPU0", "GPU1", "NV2");
        assertThat(t.nvLinks("GPU0", "GPU1")).contains(2);
        affinity(t, gpus(0, 1), "0-23", null); // NUMA Affinity N/A
        assertThat(t.affinityColumns()).containsExactly("CPU Affinity", "NUMA Affinity");
    }

    @Test
    void mlengNetworkReadme2() {
        Topology t = parse("topo/mleng-network-readme-2.txt");
        names(t, 2, List.of());
        path(t, "GPU0", "GPU1", "PHB");
        assertThat(t.nvLinks("GPU0", "GPU1")).isEmpty();
        affinity(t, gpus(0, 1), "0-11", null);
    }

    @Test
    void siboehmBenchNvlinkReadme() {
        String file = "topo/siboehm-bench-nvlink-readme-1.txt";
        assertThat(Corpus.read(file)).contains("\u001b[4m").contains("\t");
        Topology t = parse(file);
        names(t, 3, List.of());
        path(t, "GPU0", "GPU1", "NV4");
        path(t, "GPU0", "GPU2", "NODE");
        path(t, "GPU1", "GPU2", "NODE");
        affinity(t, gpus(0, 1, 2), "0-31,64-95", "0");
        assertThat(t.nvLinks("GPU2", "GPU0")).isEmpty();
    }

    @Test
    void arthurchiaoH20() {
        ParseResult<Topology> r = result("topo/arthurchiao-gpu-notes-1-h20-1.txt");
        Topology t = r.data();
        names(t, 8, List.of("NIC0", "NIC1"));
        devices(t, null, null); // no NIC Legend in the capture
        assertThat(messages(r)).contains("no NIC Legend: device names unknown");
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "NV18");
        paths(t, range("GPU", 0, 3), List.of("NIC0", "NIC1"), "SYS");
        paths(t, gpus(4, 5, 7), List.of("NIC0", "NIC1"), "NODE");
        paths(t, gpus(6), List.of("NIC0", "NIC1"), "PHB");
        path(t, "NIC0", "NIC1", "PIX");
        affinity(t, range("GPU", 0, 3), "0-95,192-287", "0");
        affinity(t, range("GPU", 4, 7), "96-191,288-383", "1");
        gpuNumaIdNa(t);
        // GPUs 0-3 reach every NIC only via SYS
        assertThat(t.nearestNics("GPU0")).extracting(TopoNic::name).containsExactly("NIC0", "NIC1");
        assertThat(t.path("GPU0", "NIC0").orElseThrow().type()).isEqualTo(PathType.SYS);
    }

    @Test
    void sglang9696() {
        Topology t = parse("topo/sglang-9696-1.txt");
        names(t, 8, range("NIC", 0, 7));
        devices(t, "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7", "mlx5_8");
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "NV18");
        for (int i = 0; i < 8; i++) path(t, "GPU" + i, "NIC" + i, "PIX");
        affinity(t, range("GPU", 0, 3), "0-47,96-143", "0");
        affinity(t, range("GPU", 4, 7), "48-95,144-191", "1");
        // NICk is not mlx5_k: NIC0 is mlx5_1
        assertThat(t.nic("mlx5_1").orElseThrow().name()).isEqualTo("NIC0");
        assertThat(t.nearestNic("GPU0").orElseThrow().device()).isEqualTo("mlx5_1");
    }

    @Test
    void awesomeMlsysVerlMultinodes() {
        String file = "topo/awesome-mlsys-verl-multinodes-1.txt";
        assertThat(Corpus.read(file)).contains("\u001b[4m");
        Topology t = parse(file);
        names(t, 4, range("NIC", 0, 16));
        devices(t, range("mlx5_", 0, 16).toArray(String[]::new));
        paths(t, range("GPU", 0, 3), range("GPU", 0, 3), "NV8");
        Map<String, List<String>> pix = Map.of("GPU0", List.of("NIC4", "NIC13"), "GPU1", List.of("NIC6", "NIC14"),
                "GPU2", List.of("NIC7", "NIC15"), "GPU3", List.of("NIC8", "NIC16"));
        pix.forEach((g, ns) -> {
            for (String n : range("NIC", 0, 16)) path(t, g, n, ns.contains(n) ? "PIX" : "SYS");
        });
        for (int i = 0; i < 4; i++) {
            path(t, "NIC" + i, "NIC" + (i + 9), "PIX");
            paths(t, List.of("NIC" + i, "NIC" + (i + 9)), range("GPU", 0, 3), "SYS");
        }
        paths(t, List.of("NIC5"), range("GPU", 0, 3), "SYS");
        paths(t, List.of("NIC5"), range("NIC", 0, 16), "SYS");
        // CPU and NUMA Affinity cells EMPTY: unknown, not 0
        affinity(t, range("GPU", 0, 3), null, null);
        assertThat(t.gpus()).allSatisfy(g -> assertThat(g.cpus()).isEmpty());
        gpuNumaIdNa(t);
        // 9 of 17 RDMA devices are SYS from every GPU
        long sysFromAll = t.nics().stream().filter(n -> t.gpus().stream()
                .allMatch(g -> t.path(g.name(), n.name()).orElseThrow().type() == PathType.SYS)).count();
        assertThat(sysFromAll).isEqualTo(9);
    }

    @Test
    void sglang25063() {
        Topology t = parse("topo/sglang-25063-1.txt");
        names(t, 8, range("NIC", 0, 10));
        devices(t, range("mlx5_", 0, 10).toArray(String[]::new));
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "NV8");
        for (int g = 0; g < 8; g++) {
            path(t, "GPU" + g, "NIC" + (g + 1), "PIX");
            List<String> sameSocket = g < 4 ? range("NIC", 1, 4) : range("NIC", 5, 8);
            for (String n : sameSocket) {
                if (!n.equals("NIC" + (g + 1))) path(t, "GPU" + g, n, "PHB");
            }
        }
        paths(t, List.of("NIC0"), range("GPU", 0, 7), "SYS");
        paths(t, List.of("NIC0"), range("NIC", 0, 10), "SYS");
        path(t, "NIC9", "NIC10", "PHB");
        paths(t, List.of("NIC9", "NIC10"), range("GPU", 0, 7), "SYS");
        affinity(t, range("GPU", 0, 3), "0-89", "0");
        affinity(t, range("GPU", 4, 7), "90-179", "1");
        // mlx5_0, mlx5_9, mlx5_10 are SYS from every GPU; the 8 rails are 1:1 PIX
        for (String dev : List.of("mlx5_0", "mlx5_9", "mlx5_10")) {
            assertThat(t.gpus()).allSatisfy(g -> assertThat(t.path(g.name(), dev).orElseThrow().type()).isEqualTo(PathType.SYS));
        }
        for (int g = 0; g < 8; g++) assertThat(t.nearestNics("GPU" + g)).extracting(TopoNic::device).containsExactly("mlx5_" + (g + 1));
    }

    @Test
    void sglang25073() {
        ParseResult<Topology> r = result("topo/sglang-25073-1.txt");
        Topology t = r.data();
        names(t, 2, List.of());
        path(t, "GPU0", "GPU1", "NV18");
        affinity(t, gpus(0, 1), "0-89", "0");
        gpuNumaIdNa(t);
        // legend printed without the blank line after "Legend:": still not data
        assertThat(r.warnings()).isEmpty();
        assertThat(t.matrix()).containsOnlyKeys("GPU0", "GPU1");
    }

    @Test
    void sglang23272() {
        String file = "topo/sglang-23272-1.txt";
        assertThat(Corpus.read(file)).contains("\t0\t\tN/A");
        Topology t = parse(file);
        names(t, 1, List.of());
        assertThat(t.matrix()).isEqualTo(Map.of("GPU0", Map.of("GPU0", "X")));
        affinity(t, gpus(0), "0-7", "0");
        gpuNumaIdNa(t);
    }

    @Test
    void kagahoL40sCollectEnv() {
        String file = "topo/kagaho-l40s-collect-env-1.txt";
        assertThat(Corpus.read(file)).startsWith("  \tGPU0");
        Topology t = parse(file);
        names(t, 2, List.of("NIC0", "NIC1"));
        devices(t, "mlx5_0", "mlx5_1");
        path(t, "GPU0", "GPU1", "NODE");
        path(t, "NIC0", "NIC1", "PIX");
        paths(t, gpus(0, 1), List.of("NIC0", "NIC1"), "SYS");
        affinity(t, gpus(0, 1), "0,2,4,6,8,10", "0");
        assertThat(t.gpu("GPU0").orElseThrow().cpus()).containsExactly(0, 2, 4, 6, 8, 10);
        gpuNumaIdNa(t);
    }

    @Test
    void goGpuallocator17() {
        Topology t = parse("topo/go-gpuallocator-17-1.txt");
        names(t, 8, List.of("NIC0", "NIC1"));
        devices(t, null, null);
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "SYS");
        path(t, "NIC0", "NIC1", "PIX");
        paths(t, gpus(6), List.of("NIC0", "NIC1"), "PHB");
        paths(t, gpus(0, 1, 2, 3, 4, 5, 7), List.of("NIC0", "NIC1"), "SYS");
        affinity(t, range("GPU", 0, 3), "0-55,112-167", "0");
        affinity(t, range("GPU", 4, 7), "56-111,168-223", "1");
        gpuNumaIdNa(t);
        // NIC1's last cell ' X' without trailing space
        assertThat(t.matrix().get("NIC1")).containsEntry("NIC1", "X").hasSize(10);
    }

    @Test
    void club3090Issue46() {
        Topology t = parse("topo/club3090-46-1.txt");
        names(t, 5, List.of());
        paths(t, gpus(0), range("GPU", 1, 4), "SYS");
        path(t, "GPU1", "GPU2", "PHB");
        path(t, "GPU3", "GPU4", "PHB");
        paths(t, gpus(1, 2), gpus(3, 4), "NODE");
        affinity(t, gpus(0), "8-15,24-31", "1");
        affinity(t, range("GPU", 1, 4), "0-7,16-23", "0");
        gpuNumaIdNa(t);
    }

    @Test
    void club3090Issue1229() {
        String file = "topo/club3090-1229-1.txt";
        assertThat(Corpus.read(file)).contains("\tGPU0\tGPU1\t");
        Topology t = parse(file);
        names(t, 2, List.of());
        path(t, "GPU0", "GPU1", "PHB");
        affinity(t, gpus(0, 1), "0-63", "0");
        gpuNumaIdNa(t);
    }

    @Test
    void club3090Issue1125Mangled() {
        ParseResult<Topology> r = result("topo/club3090-1125-1.txt");
        Topology t = r.data();
        names(t, 2, List.of());
        path(t, "GPU0", "GPU1", "NODE");
        affinity(t, gpus(0, 1), "0-15", "0");
        gpuNumaIdNa(t);
        // indented block, misaligned header, hard-wrapped legend: the fragments are no rows
        assertThat(t.matrix()).containsOnlyKeys("GPU0", "GPU1");
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void psg8wayHplAi() {
        Topology t = parse("topo/psg-8way-hpl-ai-1.txt");
        // old layout: raw device names, CPU + NUMA Affinity only
        names(t, 8, List.of("mlx5_0", "mlx5_1"));
        devices(t, "mlx5_0", "mlx5_1");
        assertThat(t.affinityColumns()).containsExactly("CPU Affinity", "NUMA Affinity");
        paths(t, range("GPU", 0, 3), range("GPU", 0, 1), "PXB");
        path(t, "GPU2", "GPU3", "PIX");
        paths(t, range("GPU", 4, 7), range("GPU", 4, 5), "PXB");
        path(t, "GPU6", "GPU7", "PIX");
        paths(t, range("GPU", 0, 3), range("GPU", 4, 7), "SYS");
        paths(t, range("GPU", 0, 3), List.of("mlx5_0", "mlx5_1"), "NODE");
        paths(t, range("GPU", 4, 7), List.of("mlx5_0", "mlx5_1"), "SYS");
        path(t, "mlx5_0", "mlx5_1", "PIX");
        affinity(t, range("GPU", 0, 3), "0-15", "0");
        affinity(t, range("GPU", 4, 7), "16-31", "1");
        assertThat(t.gpus()).extracting(TopoGpu::gpuNumaId).containsOnlyNulls();
    }

    @Test
    void dellaA100Readme1() {
        ParseResult<Topology> r = result("topo/della-a100-readme-1.txt");
        Topology t = r.data();
        names(t, 2, List.of("mlx5_0", "mlx5_1"));
        devices(t, "mlx5_0", "mlx5_1");
        assertThat(t.affinityColumns()).containsExactly("CPU Affinity", "NUMA Affinity");
        paths(t, List.of("GPU0", "GPU1", "mlx5_0", "mlx5_1"), List.of("GPU0", "GPU1", "mlx5_0", "mlx5_1"), "SYS");
        // cgroup-restricted job: CPU Affinity '0', NUMA Affinity '0-1'
        affinity(t, gpus(0, 1), "0", "0-1");
        assertThat(t.gpu("GPU0").orElseThrow().numaNodes()).containsExactly(0, 1);
        // legend truncated after the SYS line: still nothing to warn about
        assertThat(r.warnings()).isEmpty();
    }

    @Test
    void dellaA100Readme3() {
        Topology t = parse("topo/della-a100-readme-3.txt");
        names(t, 4, range("mlx5_", 0, 3));
        devices(t, "mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3");
        path(t, "GPU0", "GPU1", "NV3");
        path(t, "GPU2", "GPU3", "NV3");
        paths(t, gpus(0, 1), gpus(2, 3), "SYS");
        paths(t, gpus(0, 1), List.of("mlx5_0", "mlx5_1"), "NODE");
        paths(t, gpus(2, 3), List.of("mlx5_2", "mlx5_3"), "NODE");
        path(t, "mlx5_0", "mlx5_1", "PIX");
        path(t, "mlx5_2", "mlx5_3", "PIX");
        affinity(t, gpus(0, 1), "0-63", "0");
        affinity(t, gpus(2, 3), "64-127", "8"); // POWER9 numbers the second socket's node 8
        assertThat(t.gpu("GPU3").orElseThrow().numaNode()).contains(8);
        assertThat(t.nvLinks("GPU1", "GPU0")).contains(3);
    }

    @Test
    void sglang23020Prefill() {
        Topology t = parse("topo/sglang-23020-1.txt");
        names(t, 8, List.of("NIC0", "NIC1"));
        devices(t, "mlx5_0", "mlx5_1");
        paths(t, range("GPU", 0, 3), range("GPU", 0, 3), "NODE");
        paths(t, range("GPU", 4, 7), range("GPU", 4, 7), "NODE");
        paths(t, range("GPU", 0, 3), range("GPU", 4, 7), "SYS");
        path(t, "NIC0", "NIC1", "PIX");
        paths(t, range("GPU", 0, 3), List.of("NIC0", "NIC1"), "NODE");
        paths(t, range("GPU", 4, 7), List.of("NIC0", "NIC1"), "SYS");
        // the affinity column fills its width: '128-255,384-511 1'
        affinity(t, range("GPU", 0, 3), "0-127,256-383", "0");
        affinity(t, range("GPU", 4, 7), "128-255,384-511", "1");
        gpuNumaIdNa(t);
    }

    @Test
    void sglang23020Decode() {
        Topology t = parse("topo/sglang-23020-2.txt");
        names(t, 8, List.of("NIC0", "NIC1"));
        devices(t, "mlx5_0", "mlx5_1");
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "NV18");
        path(t, "NIC0", "NIC1", "PIX");
        paths(t, gpus(0), List.of("NIC0", "NIC1"), "PIX");
        paths(t, gpus(1, 2, 3), List.of("NIC0", "NIC1"), "NODE");
        paths(t, range("GPU", 4, 7), List.of("NIC0", "NIC1"), "SYS");
        affinity(t, range("GPU", 0, 3), "0-47,96-143", "0");
        affinity(t, range("GPU", 4, 7), "48-95,144-191", "1");
        gpuNumaIdNa(t);
    }

    @Test
    void sglang24413() {
        String file = "topo/sglang-24413-1.txt";
        assertThat(Corpus.read(file)).contains("NIC0    PHB      X \n");
        Topology t = parse(file);
        names(t, 1, List.of("NIC0"));
        devices(t, "mlx5_0");
        path(t, "GPU0", "NIC0", "PHB");
        affinity(t, gpus(0), "0-251", "0");
        assertThat(t.gpu("GPU0").orElseThrow().cpus()).hasSize(252);
        gpuNumaIdNa(t);
        assertThat(t.matrix().get("NIC0")).containsEntry("NIC0", "X");
    }

    @Test
    void nccl1617() {
        Topology t = parse("topo/nccl-1617-1.txt");
        names(t, 4, range("NIC", 0, 3));
        devices(t, null, null, null, null); // legend not in the excerpt
        paths(t, range("GPU", 0, 3), range("GPU", 0, 3), "NV6");
        for (int g = 0; g < 4; g++) {
            for (int n = 0; n < 4; n++) path(t, "GPU" + g, "NIC" + n, g == n ? "PIX" : "SYS");
        }
        paths(t, range("NIC", 0, 3), range("NIC", 0, 3), "SYS");
        affinity(t, gpus(0), "6,14,22,30", "3");
        affinity(t, gpus(1), "4,12,20,28", "1");
        affinity(t, gpus(2), "7,15,23,31", "7");
        affinity(t, gpus(3), "5,13,21,29", "5");
        assertThat(t.gpu("GPU0").orElseThrow().cpus()).containsExactly(6, 14, 22, 30);
        gpuNumaIdNa(t);
    }

    @Test
    void xuesongtapNvidiaSmiMore1() {
        Topology t = parse("topo/xuesongtap-nvidia-smi-more-1.txt");
        names(t, 2, List.of());
        path(t, "GPU0", "GPU1", "PHB");
        assertThat(t.affinityColumns()).containsExactly("CPU Affinity", "NUMA Affinity");
        affinity(t, gpus(0, 1), "0-11", null);
    }

    @Test
    void xuesongtapNvidiaSmiMore2() {
        Topology t = parse("topo/xuesongtap-nvidia-smi-more-2.txt");
        names(t, 8, range("NIC", 0, 16));
        List<String> devs = new ArrayList<>(range("mlx5_", 2, 17));
        devs.add("mlx5_bond_0");
        devices(t, devs.toArray(String[]::new));
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "NV12");
        for (int i = 0; i < 16; i += 2) path(t, "NIC" + i, "NIC" + (i + 1), "PIX");
        for (int g = 0; g < 8; g++) {
            int first = (g / 2) * 4;
            paths(t, gpus(g), range("NIC", first, first + 3), "PXB");
        }
        paths(t, List.of("NIC16"), range("GPU", 0, 7), "SYS");
        paths(t, List.of("NIC16"), range("NIC", 0, 15), "SYS");
        affinity(t, range("GPU", 0, 7), "0-103", "0");
        gpuNumaIdNa(t);
        assertThat(t.nic("mlx5_bond_0").orElseThrow().name()).isEqualTo("NIC16");
        assertThat(t.nic("mlx5_2").orElseThrow().name()).isEqualTo("NIC0");
    }

    @Test
    void xuesongtapNvidiaSmiMore3() {
        Topology t = parse("topo/xuesongtap-nvidia-smi-more-3.txt");
        names(t, 4, List.of("NIC0", "NIC1"));
        devices(t, "mlx5_0", "mlx5_1");
        path(t, "NIC0", "NIC1", "PIX");
        paths(t, range("GPU", 0, 3), range("GPU", 0, 3), "SYS");
        paths(t, range("GPU", 0, 3), List.of("NIC0", "NIC1"), "SYS");
        affinity(t, range("GPU", 0, 3), "0-127", "0");
        gpuNumaIdNa(t);
    }

    @Test
    void sglang28424() {
        Topology t = parse("topo/sglang-28424-1.txt");
        names(t, 8, range("NIC", 0, 8));
        devices(t, "mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9", "mlx5_bond_0");
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "NV8");
        for (int k = 0; k < 8; k++) path(t, "GPU" + k, "NIC" + k, "PIX");
        paths(t, List.of("NIC8"), range("GPU", 0, 3), "NODE");
        paths(t, List.of("NIC8"), range("GPU", 4, 7), "SYS");
        affinity(t, range("GPU", 0, 3), "0-55,112-167", "0");
        affinity(t, range("GPU", 4, 7), "56-111,168-223", "1");
        gpuNumaIdNa(t);
        for (int k = 0; k < 8; k++) assertThat(t.nearestNics("GPU" + k)).extracting(TopoNic::name).containsExactly("NIC" + k);
        // NIC rows have no affinity cells
        assertThat(t.matrix().get("NIC8")).hasSize(17);
    }

    @Test
    void pennyWorklog() {
        Topology t = parse("topo/penny-worklog-1-1.txt");
        names(t, 8, range("NIC", 0, 12));
        List<String> devs = new ArrayList<>(range("mlx5_ib", 0, 7));
        devs.addAll(range("mlx5_eth", 0, 4));
        devices(t, devs.toArray(String[]::new));
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "NV18");
        for (int k = 0; k < 8; k++) {
            path(t, "GPU" + k, "NIC" + k, "PIX");
            path(t, "GPU" + k, "NIC" + (k ^ 1), "PXB"); // partner GPU's NIC
        }
        paths(t, range("NIC", 8, 12), range("NIC", 8, 12), "PIX");
        paths(t, range("NIC", 8, 12), range("GPU", 4, 7), "NODE");
        paths(t, range("NIC", 8, 12), range("GPU", 0, 3), "SYS");
        affinity(t, range("GPU", 0, 3), "0-55,112-167", "0");
        affinity(t, range("GPU", 4, 7), "56-111,168-223", "1");
        gpuNumaIdNa(t);
        assertThat(t.nearestNic("GPU5").orElseThrow().device()).isEqualTo("mlx5_ib5");
    }

    @Test
    void codeidxRtx4090x8() {
        Topology t = parse("topo/codeidx-18638199536-rtx4090x8-1.txt");
        names(t, 8, List.of());
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "SYS");
        String[][] aff = {{"48-63,176-191", "3"}, {"32-47,160-175", "2"}, {"16-31,144-159", "1"}, {"0-15,128-143", "0"},
            {"112-127,240-254", "7"}, {"96-111,224-239", "6"}, {"80-95,208-223", "5"}, {"64-79,192-207", "4"}};
        for (int g = 0; g < 8; g++) affinity(t, gpus(g), aff[g][0], aff[g][1]);
        gpuNumaIdNa(t);
        // GPU4 affinity ends at 254, not 255
        assertThat(t.gpu("GPU4").orElseThrow().cpus()).hasSize(31).endsWith(254);
    }

    @Test
    void codeidxDgxA100() {
        Topology t = parse("topo/codeidx-27527940882-dgxa100-1.txt");
        names(t, 8, range("NIC", 0, 9));
        devices(t, range("mlx5_", 0, 9).toArray(String[]::new));
        paths(t, range("GPU", 0, 7), range("GPU", 0, 7), "NV12");
        for (int g = 0; g < 8; g++) {
            int first = (g / 2) * 2;
            paths(t, gpus(g), range("NIC", first, first + 1), "PXB");
        }
        path(t, "NIC8", "NIC9", "PIX");
        paths(t, List.of("NIC8", "NIC9"), range("GPU", 0, 7), "SYS");
        affinity(t, gpus(0, 1), "48-63,176-191", "3");
        affinity(t, gpus(2, 3), "16-31,144-159", "1");
        affinity(t, gpus(4, 5), "112-127,240-255", "7");
        affinity(t, gpus(6, 7), "80-95,208-223", "5");
        gpuNumaIdNa(t);
        // no GPU has a PIX NIC: the closest is PXB
        assertThat(count(t, "PIX")).isEqualTo(2);
        for (int g = 0; g < 8; g++) {
            assertThat(t.path("GPU" + g, t.nearestNic("GPU" + g).orElseThrow().name()).orElseThrow().type()).isEqualTo(PathType.PXB);
        }
        // for GPU5/GPU6 mlx5_0 and mlx5_1 are SYS (the author's hand-drawn GPU6-NIC1 PXB is contradicted)
        paths(t, gpus(5, 6), List.of("NIC0", "NIC1"), "SYS");
        assertThat(t.path("GPU6", "mlx5_1").orElseThrow().type()).isEqualTo(PathType.SYS);
        assertThat(t.gpus().stream().map(g -> g.numaNode().orElseThrow()).distinct().collect(Collectors.toList()))
                .containsExactly(3, 1, 7, 5);
    }
}
