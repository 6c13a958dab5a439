package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Surface;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.evidence.Evidence;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * Issue 19's template leaks and rendering slips: emphasis that CommonMark does not read as bold, CLI flags in answers
 * read over REST, "0 node(s)", "(-)" subjects, doubled run names, numbers broken across lines in HTML, and an A/B
 * pair drawn on two axes.
 */
class RenderingLeaksTest {

    static final Path EXAMPLES = Path.of("../examples");
    static final Path PASTE = EXAMPLES.resolve("captured/h200-1gpu/nccl/duplicate-gpu.log");

    @Test
    void emphasisKeepsItsSpacesOutsideTheMarks() {
        assertThat(Markup.MARKDOWN.bold("Reading: ")).isEqualTo("**Reading:** ");
        assertThat(Markup.MARKDOWN.bold(" a b ")).isEqualTo(" **a b** ");
        assertThat(Markup.SLACK_MRKDWN.bold("Next: ")).isEqualTo("*Next:* ");
        assertThat(Markup.LARK_MD.italic("more ")).isEqualTo("_more_ ");
        assertThat(Markup.MARKDOWN.bold("x")).isEqualTo("**x**");
        assertThat(Markup.MARKDOWN.bold(" ")).isEqualTo(" ");
    }

    @Test
    void aRestRenderingPointsAtTheRenderParameterNotACliFlag() throws Exception {
        Report r = NcclScope.analyze(Evidence.builder().addText("chat-paste", Files.readString(PASTE)).build(), Locale.ENGLISH);
        // A note the chat message leaves out (it leads with problems) is pointed at: on the CLI by its flag.
        assertThat(NcclScope.render(r, Format.MARKDOWN)).contains("more finding(s)").contains("--format json");
        for (Format f : new Format[] {Format.MARKDOWN, Format.SLACK, Format.FEISHU, Format.TEXT}) {
            assertThat(NcclScope.render(r, f, Surface.REST)).as(f.name()).doesNotContain("--format");
        }
        assertThat(NcclScope.render(r, Format.MARKDOWN, Surface.REST)).contains("?render=json");
        // The chat payloads are only ever read from the service.
        assertThat(NcclScope.render(r, Format.SLACK)).doesNotContain("--format");
        Report zh = NcclScope.analyze(Evidence.builder().addText("chat-paste", Files.readString(PASTE)).build(),
                Locale.SIMPLIFIED_CHINESE);
        assertThat(NcclScope.render(zh, Format.MARKDOWN, Surface.REST)).doesNotContain("--format").contains("?render=json");
    }

    @Test
    void aSummaryOfNoNamedNodeSaysSoAndASubjectlessFindingHasNoDash() {
        String text = Texts.summary(Locale.ENGLISH, Verdict.HEALTHY, java.util.List.of(), null, 1, 0);
        assertThat(text).doesNotContain("0 node(s)").contains("1 input(s)").contains("names its node");
        assertThat(Texts.summary(Locale.SIMPLIFIED_CHINESE, Verdict.HEALTHY, java.util.List.of(), null, 1, 0)).doesNotContain("0 个节点");
        io.ncclscope.sdk.diagnose.LocalizedFinding subjectless = new io.ncclscope.sdk.diagnose.LocalizedFinding("NCCL_X",
                io.ncclscope.sdk.rules.FindingSeverity.ERROR, "Something failed", io.ncclscope.sdk.diagnose.Subject.JOB,
                "detail", java.util.List.of(), java.util.List.of(), java.util.List.of(), null);
        String problems = Texts.summary(Locale.ENGLISH, Verdict.PROBLEMS, java.util.List.of(subjectless), null, 2, 0);
        assertThat(problems).doesNotContain("(-)").doesNotContain("0 node(s)").endsWith("first: Something failed.");
        assertThat(Texts.summary(Locale.ENGLISH, Verdict.PROBLEMS, java.util.List.of(subjectless), null, 2, 3))
                .isEqualTo("1 problem(s) found in 2 input(s) from 3 node(s); first: Something failed.");
        assertThat(Texts.summary(Locale.SIMPLIFIED_CHINESE, Verdict.PROBLEMS, java.util.List.of(subjectless), null, 2, 3)).doesNotContain("（-）");
    }

    @Test
    void aRunNamedAfterItsSwitchIsNotNamedTwice() throws Exception {
        Comparison c = NcclScope.compare("default", Evidence.builder().addPath(EXAMPLES.resolve("ab/rdma-suspect/default")).build(),
                "NCCL_IB_DISABLE=1", Evidence.builder().addPath(EXAMPLES.resolve("ab/rdma-suspect/ib-disable")).build());
        String en = c.summary().render(Locale.ENGLISH);
        assertThat(en).startsWith("With NCCL_IB_DISABLE=1 all_reduce").doesNotContain("(NCCL_IB_DISABLE=1)")
                .doesNotContain("(default)");
        assertThat(c.summary().render(Locale.SIMPLIFIED_CHINESE)).startsWith("设置 NCCL_IB_DISABLE=1 后 all_reduce")
                .doesNotContain("（NCCL_IB_DISABLE=1）").doesNotContain("默认（default）").doesNotContain("默认 为");
        Comparison named = NcclScope.compare("baseline", Evidence.builder().addPath(EXAMPLES.resolve("ab/rdma-suspect/default")).build(),
                "tcp", Evidence.builder().addPath(EXAMPLES.resolve("ab/rdma-suspect/ib-disable")).build());
        assertThat(named.summary().render(Locale.ENGLISH)).startsWith("With NCCL_IB_DISABLE=1 (tcp) ").contains("(baseline)");
        assertThat(named.summary().render(Locale.SIMPLIFIED_CHINESE)).startsWith("设置 NCCL_IB_DISABLE=1 (tcp) 后")
                .contains("默认 (baseline)为");
    }

    @Test
    void theHtmlReportBreaksNoNumberAndDrawsAnAbPairOnOneAxis() throws Exception {
        Evidence pair = Evidence.builder().addPath(EXAMPLES.resolve("ab/rdma-suspect")).build();
        FinalReport r = NcclScope.report(pair, Locale.ENGLISH);
        assertThat(r.plots()).singleElement().satisfies(p -> {
            assertThat(p.artifact()).contains("default").contains("ib-disable");
            assertThat(p.svg().split("<polyline", -1).length - 1).as("one line per run, or more").isGreaterThanOrEqualTo(2);
        });
        String html = NcclScope.render(r, Format.HTML);
        assertThat(html).doesNotContain("break-all");
        assertThat(html.split("<svg", -1).length - 1).isEqualTo(1);
    }
}
