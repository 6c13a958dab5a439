package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.EvidenceLine;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.rules.FindingSeverity;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Text from logs, file names and requests reaches every field of a report; in no rendering may it act: no Slack
 * mention or link, no Feishu tag, no Markdown link, HTML or code span broken out of, no HTML element, no terminal
 * escape. Hostile text goes through every field of a hand-built report, and through a real log and file name into
 * the analysis and the deliverable report.
 */
class HostileTextTest {

    static final String HOSTILE = "<!channel> <@U123> <#C1|x> <http://evil.example|click> <at id=all></at> "
            + "[click](http://evil.example) ``` `tick` <script>alert(1)</script> &amp; \u001b[31mred\r";

    static final Pattern INLINE_CODE = Pattern.compile("`[^`\\n]*`");

    static Report hostileReport(Locale locale) {
        String h = HOSTILE;
        LocalizedFinding f = new LocalizedFinding("NCCL_SYSTEM_ERROR", FindingSeverity.CRITICAL, "title " + h,
                new Subject("node" + h, 0, "gpu" + h, "dev" + h, 1, "if" + h, "peer" + h), "detail " + h,
                List.of(new EvidenceLine("file" + h + ".log", 3, "line " + h),
                        new EvidenceLine("job.log", 4, "NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>")),
                List.of("cause " + h), List.of(new Action("action " + h, "export NCCL_SOCKET_IFNAME=" + h)),
                List.of("node" + h, "other" + h));
        Coverage coverage = new Coverage(List.of(
                new Coverage.Check(CheckFamily.ERRORS, Coverage.Status.CHECKED, "label " + h, List.of("nccl-log"), "note " + h),
                new Coverage.Check(CheckFamily.AFFINITY, Coverage.Status.NOT_CHECKED, "label " + h, List.of(), "note " + h)),
                List.of(new Coverage.Gap(Coverage.GAP_NOT_JUDGED, "gap " + h)));
        return new Report(Verdict.PROBLEMS, FindingSeverity.CRITICAL, "summary " + h, coverage,
                locale.getLanguage().equals("zh") ? "zh-CN" : "en", List.of("node" + h),
                List.of(new Report.ArtifactSummary("file" + h + ".log", "nccl-log", "node" + h, 0, 0)),
                new Report.InputTally(1, Map.of("nccl-log", 1), 0, 0), List.of(f), List.of(), null,
                List.of(new Evidence.Problem("name" + h, "message " + h)), null);
    }

    @Test
    void nothingActiveSurvivesInAnyRenderingOfAHostileReport() {
        for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            Report r = hostileReport(l);
            assertMarkdownInert(NcclScope.render(r, Format.MARKDOWN));
            String slack = NcclScope.render(r, Format.SLACK);
            assertSlackInert(slack);
            assertThat(slack).as("NCCL's own interface spelling reads right in Slack")
                    .contains("eth0:10.0.0.1&lt;0&gt;").contains("&lt;!channel&gt;");
            assertFeishuInert(NcclScope.render(r, Format.FEISHU));
            assertTerminalInert(NcclScope.render(r, Format.TEXT));
        }
    }

    @Test
    void nothingActiveSurvivesFromAHostileLogAndFileName() throws IOException {
        String log = Files.readString(Path.of("../examples/captured/h200-1gpu/nccl/bad-ifname.log"), StandardCharsets.UTF_8)
                .replace("nosuch0", "<!channel>``` ").replace("no socket interface found", "no socket interface found " + HOSTILE);
        Evidence e = Evidence.builder().addText("job``` " + HOSTILE + ".log", log, null).build();
        Report r = NcclScope.analyze(e, Locale.ENGLISH);
        String md = NcclScope.render(r, Format.MARKDOWN);
        assertThat(md).as("the hostile file name reaches the Markdown").contains("job'''");
        assertMarkdownInert(md);
        String slack = NcclScope.render(r, Format.SLACK);
        assertThat(slack).contains("&lt;!channel&gt;");
        assertSlackInert(slack);
        assertFeishuInert(NcclScope.render(r, Format.FEISHU));
        assertTerminalInert(NcclScope.render(r, Format.TEXT));
        FinalReport fr = NcclScope.report(e, Locale.ENGLISH);
        assertMarkdownInert(NcclScope.render(fr, Format.MARKDOWN));
        assertTerminalInert(NcclScope.render(fr, Format.TEXT));
        String html = NcclScope.render(fr, Format.HTML);
        assertThat(html).doesNotContain("<script>alert", "<at id", "<!channel>", "<http://evil", "\u001b")
                .contains("&lt;!channel&gt;");
        assertMarkdownInert(io.ncclscope.sdk.workflow.WorkflowRenderers.markdown(r.workflow()));
        assertTerminalInert(io.ncclscope.sdk.workflow.WorkflowRenderers.text(r.workflow()));
    }

    /** Outside code, no unescaped {@code < [ &}; no line where a backtick opens a span it does not close. */
    static void assertMarkdownInert(String md) {
        boolean fence = false;
        String fenceMark = null;
        for (String line : md.split("\n", -1)) {
            String t = line.strip();
            if (fence) {
                if (t.equals(fenceMark)) fence = false;
                continue;
            }
            if (t.startsWith("```")) {
                fence = true;
                fenceMark = t;
                continue;
            }
            String prose = INLINE_CODE.matcher(line.replaceAll("\\\\.", "")).replaceAll("");
            assertThat(prose).as("Markdown prose of line: %s", line).doesNotContain("`", "<", "[", "&", "\u001b");
        }
        assertThat(fence).as("every fenced block is closed").isFalse();
    }

    static List<String> chatTexts(Object json, String key) {
        List<String> out = new ArrayList<>();
        if (json instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getKey().equals(key) && e.getValue() instanceof String s) out.add(s);
                else out.addAll(chatTexts(e.getValue(), key));
            }
        } else if (json instanceof List<?> l) {
            for (Object o : l) out.addAll(chatTexts(o, key));
        }
        return out;
    }

    static void assertSlackInert(String slack) {
        List<String> texts = chatTexts(Json.parse(slack), "text");
        assertThat(texts).isNotEmpty();
        // "> " opening a line is the message's own quote; any other < or > would be markup.
        for (String s : texts) assertThat(s.replaceAll("(?m)^> ", "")).as("Slack text").doesNotContain("<", ">", "\u001b");
    }

    static void assertFeishuInert(String feishu) {
        List<String> texts = chatTexts(Json.parse(feishu), "content");
        assertThat(texts).isNotEmpty();
        for (String s : texts) {
            assertThat(s.replaceAll("(?m)^> ", "")).as("Feishu content").doesNotContain("<", ">", "[", "](", "\u001b");
        }
    }

    static void assertTerminalInert(String text) {
        assertThat(text).doesNotContain("\u001b", "\r");
    }
}
