package io.ncclscope.parsers.numa;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.Parsers;
import io.ncclscope.parsers.Severity;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Every {@code numactl} file of the corpus manifest, parsed without error, with every fact of its row checked. */
class NumactlCorpusTest {

    static NumaTopology parse(String file) {
        return check(file, Corpus.read(file));
    }

    /** Our own captures are also on the test classpath, so these run without the corpus. */
    static NumaTopology captured(String file) {
        try (InputStream in = NumactlCorpusTest.class.getResourceAsStream("/" + file)) {
            assertThat(in).as(file).isNotNull();
            return check(file, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static NumaTopology check(String file, String text) {
        assertThat(Parsers.detect(text).kind()).as("detected kind of %s", file).isEqualTo(Kind.NUMACTL);
        ParseResult<NumaTopology> r = new NumactlParser().parse(text);
        assertThat(r.warnings()).as("warnings of %s", file).isEmpty();
        return r.data();
    }

    static List<Integer> range(int from, int to) {
        return IntStream.rangeClosed(from, to).boxed().toList();
    }

    @Test
    void everyNumactlFileIsDetectedAndParsesWithoutError() {
        Corpus.assumePresent();
        List<Corpus.Entry> entries = Corpus.entries("numactl");
        assertThat(entries).hasSize(9);
        for (Corpus.Entry e : entries) {
            String text = e.text();
            assertThat(Parsers.detect(text).kind()).as("detected kind of %s", e.file()).isEqualTo(Kind.NUMACTL);
            assertThat(Parsers.parse(text).warnings()).as("warnings of %s", e.file())
                    .noneMatch(w -> w.severity() == Severity.ERROR);
        }
    }

    @Test
    void numactlSnifferStaysLowOnEveryOtherKind() {
        Corpus.assumePresent();
        NumactlParser p = new NumactlParser();
        for (Corpus.Entry e : Corpus.entries()) {
            if (e.kind().equals("numactl")) continue;
            String text = e.text();
            String head = text.length() > Parsers.HEAD_CHARS ? text.substring(0, Parsers.HEAD_CHARS) : text;
            assertThat(p.sniff(head)).as("numactl sniff of %s", e.file()).isLessThan(Parsers.MIN_CONFIDENCE);
        }
    }

    @Test
    void capturedH200NumactlHardware() {
        NumaTopology t = captured("captured/h200-1gpu/sys/numactl-H.txt");
        assertThat(t.source()).isEqualTo(NumaSource.NUMACTL);
        assertThat(t.nodeCount()).isEqualTo(1);
        assertThat(t.nodes()).singleElement().satisfies(n -> {
            assertThat(n.id()).isZero();
            assertThat(n.cpus()).isEqualTo(range(0, 15));
            assertThat(n.sizeMb()).isEqualTo(4442L);
            assertThat(n.freeMb()).isEqualTo(3208L);
            assertThat(n.line()).isEqualTo(3); // line 1 is the "$ numactl -H" prompt
        });
        assertThat(t.distances()).containsExactly(List.of(10));
        assertThat(t.distance(0, 0)).isEqualTo(10);
    }

    @Test
    void capturedH200Lscpu() {
        NumaTopology t = captured("captured/h200-1gpu/sys/lscpu.txt");
        assertThat(t.source()).isEqualTo(NumaSource.LSCPU);
        assertThat(t.cpuCount()).isEqualTo(16);
        assertThat(t.nodeCount()).isEqualTo(1);
        assertThat(t.nodes()).singleElement().satisfies(n -> {
            assertThat(n.cpus()).isEqualTo(range(0, 15));
            assertThat(n.sizeMb()).isNull();
        });
        assertThat(t.modelName()).isEqualTo("Intel(R) Xeon(R) Processor");
        assertThat(t.architecture()).isEqualTo("x86_64");
        assertThat(t.sockets()).isEqualTo(1);
        assertThat(t.coresPerSocket()).isEqualTo(16);
        assertThat(t.threadsPerCore()).isEqualTo(1);
        assertThat(t.distances()).isEmpty();
    }

    @Test
    void stellineAsusEsc8000aTwoNodes() {
        NumaTopology t = parse("numactl/stelline-asus-esc8000a-e12-1.txt");
        assertThat(t.source()).isEqualTo(NumaSource.NUMACTL);
        assertThat(t.nodeCount()).isEqualTo(2);
        assertThat(t.nodes()).extracting(NumaNode::id).containsExactly(0, 1);
        assertThat(t.nodes().get(0).cpus()).isEqualTo(range(0, 31));
        assertThat(t.nodes().get(0).sizeMb()).isEqualTo(193129L);
        assertThat(t.nodes().get(1).cpus()).isEqualTo(range(32, 63));
        assertThat(t.nodes().get(1).sizeMb()).isEqualTo(193477L);
        assertThat(t.distances()).containsExactly(List.of(10, 32), List.of(32, 10));
        // SMT apparently off: 64 CPUs in all, 32 per node.
        assertThat(t.nodes().stream().mapToInt(n -> n.cpus().size()).sum()).isEqualTo(64);
        assertThat(t.interleavedCpuNumbering()).isFalse();
    }

    @Test
    void stellinePugetWrx90OneNodeLowFreeMemory() {
        NumaTopology t = parse("numactl/stelline-puget-wrx90-1.txt");
        assertThat(t.nodeCount()).isEqualTo(1);
        assertThat(t.nodes()).singleElement().satisfies(n -> {
            assertThat(n.id()).isZero();
            assertThat(n.cpus()).isEqualTo(range(0, 23));
            assertThat(n.sizeMb()).isEqualTo(128295L);
            assertThat(n.freeMb()).isEqualTo(1724L);
        });
        assertThat(t.distances()).containsExactly(List.of(10));
    }

    @Test
    void siboehmEpyc7513OldFlatLscpu() {
        NumaTopology t = parse("numactl/siboehm-bench-results-epyc7513-1.txt");
        assertThat(t.source()).isEqualTo(NumaSource.LSCPU);
        assertThat(t.cpuCount()).isEqualTo(128);
        assertThat(t.threadsPerCore()).isEqualTo(2);
        assertThat(t.coresPerSocket()).isEqualTo(32);
        assertThat(t.sockets()).isEqualTo(2);
        assertThat(t.nodeCount()).isEqualTo(2);
        assertThat(t.modelName()).isEqualTo("AMD EPYC 7513 32-Core Processor");
        assertThat(t.nodes().get(0).cpuList()).isEqualTo("0-31,64-95");
        assertThat(t.nodes().get(0).cpus()).hasSize(64).startsWith(0, 1).endsWith(94, 95).contains(31, 64).doesNotContain(32);
        assertThat(t.nodes().get(1).cpuList()).isEqualTo("32-63,96-127");
        assertThat(t.nodes().get(1).line()).isEqualTo(27);
        assertThat(t.interleavedCpuNumbering()).isFalse();
    }

    @Test
    void kagahoL40sInterleavedCpuNumbering() {
        NumaTopology t = parse("numactl/kagaho-l40s-collect-env-2.txt");
        assertThat(t.source()).isEqualTo(NumaSource.LSCPU);
        assertThat(t.cpuCount()).isEqualTo(128);
        assertThat(t.sockets()).isEqualTo(2);
        assertThat(t.coresPerSocket()).isEqualTo(32);
        assertThat(t.threadsPerCore()).isEqualTo(2);
        assertThat(t.nodeCount()).isEqualTo(2);
        assertThat(t.modelName()).isEqualTo("INTEL(R) XEON(R) PLATINUM 8562Y+");
        assertThat(t.nodes().get(0).cpus()).isEqualTo(IntStream.iterate(0, i -> i <= 126, i -> i + 2).boxed().toList());
        assertThat(t.nodes().get(1).cpus()).isEqualTo(IntStream.iterate(1, i -> i <= 127, i -> i + 2).boxed().toList());
        assertThat(t.interleavedCpuNumbering()).isTrue();
        assertThat(t.nodeOfCpu(64)).map(NumaNode::id).contains(0);
        assertThat(t.nodeOfCpu(65)).map(NumaNode::id).contains(1);
    }

    @Test
    void proxmoxEpyc9375fTrailingSpacesInDistances() {
        NumaTopology t = parse("numactl/proxmox-cpu-affinity-58-1.txt");
        assertThat(t.nodeCount()).isEqualTo(2);
        NumaNode n0 = t.node(0).orElseThrow();
        NumaNode n1 = t.node(1).orElseThrow();
        assertThat(n0.cpus()).isEqualTo(range(0, 31));
        assertThat(n0.sizeMb()).isEqualTo(773271L);
        assertThat(n0.freeMb()).isEqualTo(678823L);
        assertThat(n1.cpus()).isEqualTo(range(32, 63));
        assertThat(n1.sizeMb()).isEqualTo(774028L);
        assertThat(n1.freeMb()).isEqualTo(684984L);
        assertThat(t.distanceNodes()).containsExactly(0, 1);
        assertThat(t.distances()).containsExactly(List.of(10, 32), List.of(32, 10));
    }

    @Test
    void ktransformersCpuCompressForm() {
        NumaTopology t = parse("numactl/ktransformers-797-1.txt");
        assertThat(t.nodes().get(0).cpus()).isEqualTo(range(0, 15));
        assertThat(t.nodes().get(1).cpus()).isEqualTo(range(16, 31));
        assertThat(t.nodes().get(0).sizeMb()).isEqualTo(580088L);
        assertThat(t.nodes().get(1).sizeMb()).isEqualTo(580505L);
        assertThat(t.distance(0, 1)).isEqualTo(32);
        assertThat(t.distance(1, 1)).isEqualTo(10);
        assertThat(t.distances()).containsExactly(List.of(10, 32), List.of(32, 10));
    }

    @Test
    void xpuPerfGraceHopperMemoryOnlyNodes() {
        NumaTopology t = parse("numactl/xpu-perf-129-1.txt");
        assertThat(t.source()).isEqualTo(NumaSource.LSCPU);
        assertThat(t.nodeCount()).isEqualTo(9);
        assertThat(t.nodes()).extracting(NumaNode::id).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(t.nodes().get(0).cpus()).isEqualTo(range(0, 71));
        assertThat(t.nodes().subList(1, 9)).allSatisfy(n -> assertThat(n.cpus()).isEmpty());
        assertThat(t.nodesWithCpus()).extracting(NumaNode::id).containsExactly(0);
        assertThat(t.nodes().get(8).line()).isEqualTo(11);
    }
}
