package io.ncclscope.sdk.localize;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Surface;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The pass localize plans from its results (issue 24): suspects against known-good nodes, its budget, its command. */
class NextPassTest {

    static Localization example() throws java.io.IOException {
        return new Localizer().localize(Localizer.read(Evidence.builder().addPath(LocalizerTest.EXAMPLE).build()));
    }

    @Test
    void theSlowNodeIsRetestedAgainstTwoKnownGoodNodesWithTheExactCommand() throws Exception {
        Localization l = example();
        NextPass next = NextPass.of(l, List.of("examples/pairs/results"), Launchers.Kind.slurm, Launchers.Options.defaults(), 2)
                .orElseThrow();
        assertThat(next.suspects()).containsExactly("node05");
        assertThat(next.plan().tests()).hasSize(2).allSatisfy(p -> assertThat(p.a()).isEqualTo("node05"))
                .allSatisfy(p -> assertThat(l.good()).contains(p.b()));
        // One node cannot be in two tests at once: two rounds.
        assertThat(next.plan().rounds()).hasSize(2);
        assertThat(next.budget().wallMinutes()).isEqualTo(20);
        assertThat(next.command()).isEqualTo("ncclscope plan pairs --retest 'examples/pairs/results' --out plan-next "
                + "'node01,node02,node03,node04,node05,node06,node07,node08'");
        List<String> en = next.lines(Locale.ENGLISH);
        assertThat(en.get(0)).isEqualTo("Next pass: retest node05 against known-good nodes: 2 two-node tests in 2 round(s); "
                + "at most 20 min wall and 5.3 GPU-hours of tests (10 min a test, 8 GPUs a node).");
        assertThat(en.get(1)).startsWith("  round 1: node05\u2194");
        List<String> zh = next.lines(Locale.SIMPLIFIED_CHINESE);
        assertThat(zh.get(0)).startsWith("下一轮：让 node05 与已知正常的节点复测：共 2 轮、2 组双机测试；最多 20 分钟");
        assertThat(zh.get(1)).startsWith("  第 1 轮：node05\u2194");
    }

    @Test
    void theReportsEndWithTheNextPassInEveryForm() throws Exception {
        Localization l = example();
        NextPass next = NextPass.of(l, List.of("pairs/"), Launchers.Kind.k8s,
                new Launchers.Options(4, "x", "y", Launchers.GpuRequest.gres, 5), 3).orElseThrow();
        assertThat(next.command()).isEqualTo("ncclscope plan pairs --retest 'pairs/' --partners 3 --launcher k8s -g 4 "
                + "--gpu-request gres --minutes-per-test 5 --out plan-next 'node01,node02,node03,node04,node05,node06,node07,node08'");
        String text = PairReport.text(l, Locale.ENGLISH, Surface.CLI, next);
        assertThat(text).contains("Next pass: retest node05", "  $ " + next.command() + "\n");
        String md = PairReport.markdown(l, Locale.SIMPLIFIED_CHINESE, Surface.CLI, next);
        assertThat(md).contains("下一轮：让 node05", "- 第 1 轮：node05", "```\n" + next.command() + "\n```");
        @SuppressWarnings("unchecked")
        Map<String, Object> json = (Map<String, Object>) ((Map<String, Object>) Json.parse(PairReport.json(l, Locale.ENGLISH, next)))
                .get("next");
        assertThat(json).containsEntry("suspects", List.of("node05")).containsEntry("tests", 3L)
                .containsEntry("command", next.command());
        assertThat((List<?>) json.get("rounds")).hasSize(3);
        assertThat(PairReport.json(l, Locale.ENGLISH)).doesNotContain("\"next\"");
    }

    @Test
    void noSuspectNoNextPass() {
        Localization clean = new Localizer().localize(List.of(
                new PairResult("a", "b", 190, null, "s"), new PairResult("a", "c", 191, null, "s"),
                new PairResult("b", "c", 189, null, "s")));
        assertThat(NextPass.of(clean, List.of("pairs/"), Launchers.Kind.slurm, Launchers.Options.defaults(), 2)).isEmpty();
    }
}
