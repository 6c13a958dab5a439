package io.ncclscope.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ncclscope compare} end to end on examples/ab and examples/scaling: readings, next runs, exit codes, help. */
class CompareCommandTest {

    static final Path AB = Path.of("../examples/ab");
    static final Path SCALING = Path.of("../examples/scaling");

    record Run(int code, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true),
                new ByteArrayInputStream(new byte[0]));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void rdmaSuspectExampleExitsOneAndPlansTheNextRuns() {
        Run r = run("compare", AB.resolve("rdma-suspect/default").toString(), AB.resolve("rdma-suspect/ib-disable").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("Switch: NCCL_IB_DISABLE A=0 B=1 (command)", "AB_RDMA_SUSPECT",
                "rdma-suspect/ib-disable/all_reduce_perf.txt:2:", "rdma-suspect/default/all_reduce_perf.txt:56:",
                "RDMA stack or the RoCE lossless setup", "Next runs:", "NCCL_IB_HCA==", "NCCL_DEBUG=INFO");
    }

    @Test
    void tablesOfDifferentOperationsAreRefusedWithExitTwo(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        // The same table as an all_gather would print it (redop "none") against the original (sum): nothing to judge.
        Path a = AB.resolve("rdma-suspect/default/all_reduce_perf.txt");
        Path b = dir.resolve("gather.txt");
        java.nio.file.Files.writeString(b, java.nio.file.Files.readString(a).replace("     sum  ", "    none  ")
                .replace("all_reduce_perf", "xx"));
        java.nio.file.Files.writeString(dir.resolve("reduce.txt"), java.nio.file.Files.readString(a).replace("all_reduce_perf", "xx"));
        Run r = run("compare", dir.resolve("reduce.txt").toString(), b.toString());
        assertThat(r.code()).as(r.out()).isEqualTo(2);
        assertThat(r.err()).contains("Not judged", "operation sum", "none");
        assertThat(r.out()).doesNotContain("the same within the noise");
    }

    @Test
    void congestionExampleInChineseAndMarkdown() {
        Run r = run("compare", "--lang", "zh-CN", "--format", "md", AB.resolve("congestion/default").toString(),
                AB.resolve("congestion/ib-disable").toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("### A/B 对比", "AB_CONGESTION_SUSPECT", "拥塞", "| A |", "下一步要跑的测试");
    }

    @Test
    void jsonCarriesSidesSwitchesFindingsAndNextRuns() {
        Run r = run("compare", "--format", "json", AB.resolve("congestion/ib-disable").toString(),
                AB.resolve("congestion/default").toString());
        assertThat(r.code()).isEqualTo(1);
        @SuppressWarnings("unchecked")
        Map<String, Object> o = (Map<String, Object>) Json.parse(r.out());
        assertThat(o.get("reading")).isEqualTo("CONGESTION_SUSPECT");
        assertThat((List<?>) o.get("sides")).hasSize(2);
        assertThat((List<?>) o.get("findings")).hasSize(1);
        assertThat((List<?>) o.get("nextRuns")).isNotEmpty();
        assertThat(o).doesNotContainKey("zh");
    }

    @Test
    void sameRunTwiceIsNoSuspect() {
        String p = AB.resolve("congestion/default").toString();
        Run r = run("compare", p, p);
        assertThat(r.code()).as(r.out()).isZero();
        assertThat(r.out()).contains("no NCCL switch differs", "same within the noise");
    }

    @Test
    void eachSideShowsItsSegmentAndWhatItsHardwareShouldGive(@TempDir Path tmp) throws Exception {
        // examples/attribution/h100-slow-port's two-node run with the nodes' hardware facts beside it, on both sides:
        // 96.1 GB/s end to end where 8 NDR rails and NV18 should give 370.8.
        Path slowPort = Path.of("../examples/attribution/h100-slow-port");
        for (String side : List.of("a", "b")) {
            Path dir = Files.createDirectories(tmp.resolve(side));
            Files.copy(slowPort.resolve("all_reduce-2node.txt"), dir.resolve("all_reduce-2node.txt"));
            for (String node : List.of("h100-a", "h100-b")) {
                Path to = Files.createDirectories(dir.resolve(node));
                try (var files = Files.list(slowPort.resolve(node))) {
                    for (Path f : files.toList()) Files.copy(f, to.resolve(f.getFileName().toString()));
                }
            }
        }
        Run r = run("compare", tmp.resolve("a").toString(), tmp.resolve("b").toString());
        assertThat(r.out()).contains("segment", "expected GB/s");
        assertThat(r.out().lines().filter(l -> l.startsWith("A ") || l.startsWith("B ")))
                .hasSize(2).allSatisfy(l -> assertThat(l).contains("end-to-end", "370.8 (26%, slow)"));
        Run zh = run("compare", "--lang", "zh-CN", "--format", "md", tmp.resolve("a").toString(), tmp.resolve("b").toString());
        assertThat(zh.out()).contains("| segment | expected GB/s |", "| end-to-end | 370.8 (26%, 偏慢) |");
        Run json = run("compare", "--format", "json", tmp.resolve("a").toString(), tmp.resolve("b").toString());
        assertThat(json.out()).contains("\"segment\": \"END_TO_END\"", "\"expectedBusBw\": 370.8",
                "\"segmentVerdict\": \"slow\"");
    }

    @Test
    void singleRankRunsAreNotJudged(@TempDir Path tmp) throws Exception {
        // A one-rank table (written for the test): busbw 0, the out-of-place figure is a local copy.
        String t = "$ all_reduce_perf -b 1M -e 4M -f 2 -g 1\n"
                + "# nThread 1 nGpus 1 minBytes 1048576 maxBytes 4194304 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n"
                + "#\n# Using devices\n#  Rank  0 Group  0 Pid   1000 on     node-1 device  0 [0x18] NVIDIA H200\n#\n"
                + "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n"
                + "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n"
                + "     1048576        262144     float     sum      -1     4.10  255.75    0.00      0     0.30  3495.25    0.00      0\n"
                + "     2097152        524288     float     sum      -1     7.90  265.46    0.00      0     0.30  6990.51    0.00      0\n"
                + "     4194304       1048576     float     sum      -1    15.60  268.87    0.00      0     0.30  13981.01    0.00      0\n"
                + "# Out of bounds values : 0 OK\n# Avg bus bandwidth    : 0\n#\n";
        Path a = Files.writeString(tmp.resolve("one-rank.txt"), t);
        Path b = Files.writeString(tmp.resolve("one-rank-ib-disable.txt"), t.replace("$ all_reduce", "$ NCCL_IB_DISABLE=1 all_reduce"));
        Run r = run("compare", a.toString(), b.toString());
        // Nothing can be said of two one-rank runs: a usage answer (exit 2), the reason on standard error.
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).contains("Not judged", "single-rank");
        assertThat(r.err()).contains("Not judged");
    }

    @Test
    void scalingFindsTheKneeAtThreeNodes() {
        Run r = run("compare", "--scaling", SCALING.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        assertThat(r.out()).contains("Scaling (all_reduce)", "SCALING_KNEE", "3 nodes", "gpu-03");
        Run flat = run("compare", "--scaling", SCALING.resolve("3-nodes.txt").toString(), SCALING.resolve("4-nodes.txt").toString());
        assertThat(flat.code()).isZero();
        assertThat(flat.out()).contains("No knee");
    }

    @Test
    void badInputExitsTwo(@TempDir Path tmp) throws Exception {
        assertThat(run("compare", AB.resolve("congestion/default").toString()).code()).isEqualTo(2);
        assertThat(run("compare", "nope-a", "nope-b").code()).isEqualTo(2);
        Path junk = Files.writeString(tmp.resolve("junk.txt"), "hello\n");
        Run r = run("compare", junk.toString(), junk.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("no nccl-tests table");
        assertThat(run("compare", "--lang", "fr", junk.toString(), junk.toString()).code()).isEqualTo(2);
        assertThat(run("compare", "--scaling", junk.toString()).code()).isEqualTo(2);
    }

    @Test
    void helpTeachesAndTheCommandIsListed() {
        Run h = run("compare", "--help");
        assertThat(h.code()).isZero();
        assertThat(h.out()).contains("Examples:", "ncclscope compare runs/default runs/ib-disable", "--scaling",
                "NCCL_IB_DISABLE=1", "Exit codes:", "Single-rank runs are never judged");
        assertThat(run("--help").out()).contains("compare");
    }

    @Test
    void htmlDrawsBothRunsOnOneChartWithEachSidesExpectationInBothLanguages() {
        Path split = Path.of("../examples/split");
        Run en = run("compare", "--format", "html", split.resolve("rails-healthy").toString(), split.resolve("rails-slow").toString());
        assertThat(en.code()).as(en.err()).isZero();
        // Both sides carry their nodes' ibstat: one 200 Gb/s rail each, 24 GB/s, beside the measured 23.4 and 11.9.
        assertThat(en.out()).startsWith("<!DOCTYPE html>\n<html lang=\"en\">").contains("<td>inter-node</td>",
                "24.0 (97%, ok)", "24.0 (50%, slow)", "Next runs");
        // One svg: both runs' curves (out-of-place and in-place each) and each side's expectation in its run's colour.
        assertThat(en.out().split("<svg", -1)).hasSize(2);
        assertThat(en.out().split("<polyline", -1)).hasSize(5);
        assertThat(en.out()).contains("stroke=\"#1f77b4\" stroke-width=\"1.5\" stroke-dasharray=\"8 4\"",
                "stroke=\"#ff7f0e\" stroke-width=\"1.5\" stroke-dasharray=\"8 4\"", "A expected 24.0 GB/s (inter-node)",
                "B expected 24.0 GB/s (inter-node)");
        Run zh = run("compare", "--format", "html", "--lang", "zh-CN", AB.resolve("congestion/default").toString(),
                AB.resolve("congestion/ib-disable").toString());
        assertThat(zh.out()).contains("<html lang=\"zh-CN\">", "A/B 对比（开关法）", "AB_CONGESTION_SUSPECT", "<svg");
        Run scaling = run("compare", "--scaling", "--format", "html", SCALING.toString());
        assertThat(scaling.out()).startsWith("<!DOCTYPE html>").contains("SCALING_KNEE", "<td class=\"n\">3</td>");
    }
}
