package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.parsers.Kind;
import io.ncclscope.parsers.ParseLimits;
import io.ncclscope.parsers.ParseResult;
import io.ncclscope.parsers.topo.Topology;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.report.FinalReport;
import io.ncclscope.sdk.report.Report;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The facade's common jobs, each in a few calls, on our own H200 capture and the examples. */
class NcclScopeTest {

    static final Path H200 = Path.of("../examples/captured/h200-1gpu");

    @Test
    void parseDetectsTheKindOfOurTopoCapture() throws IOException {
        ParseResult<?> r = NcclScope.parse(Files.readString(H200.resolve("sys/topo-m.txt")));
        assertThat(r.kind()).isEqualTo(Kind.TOPO);
        assertThat(r.data()).isInstanceOfSatisfying(Topology.class, t -> assertThat(t.gpus()).hasSize(1));
    }

    @Test
    void parseOfAReaderHonoursTheGivenKindAndLimits() throws IOException {
        Options tight = Options.builder().limits(ParseLimits.builder().maxWarnings(1).build()).build();
        ParseResult<?> r = NcclScope.parse(new StringReader("no tool printed this\n"), null, tight);
        assertThat(r.kind()).isEqualTo(Kind.UNKNOWN);
        assertThat(r.warnings()).hasSize(1);
    }

    @Test
    void aFolderBecomesAMarkdownVerdictNamingTheDuplicateGpu() throws IOException {
        Report report = NcclScope.analyze(NcclScope.evidence(H200));
        assertThat(report.verdict()).isEqualTo(io.ncclscope.sdk.report.Verdict.PROBLEMS);
        String md = NcclScope.render(report, Format.MARKDOWN);
        assertThat(md).startsWith("**ncclscope: PROBLEMS FOUND**").contains("`NCCL_DUPLICATE_GPU`");
        assertThat(NcclScope.render(report, Format.JSON)).startsWith("{").contains("\"code\": \"NCCL_DUPLICATE_GPU\"");
        assertThat(NcclScope.render(report, Format.TEXT)).contains("NCCL_DUPLICATE_GPU");
    }

    @Test
    void optionsLocaleWritesTheReportInChinese() throws IOException {
        Options zh = Options.builder().locale(Locale.SIMPLIFIED_CHINESE).build();
        Report report = NcclScope.analyze(NcclScope.evidence(zh, H200), zh);
        assertThat(report.language()).isEqualTo("zh-CN");
        assertThat(NcclScope.analyze(NcclScope.evidence(H200), Locale.CHINA).summary()).isEqualTo(report.summary());
    }

    @Test
    void aPastedLogAndNamedStringsGiveTheSameFindingsAsTheFile() throws IOException {
        String log = Files.readString(H200.resolve("nccl/duplicate-gpu.log"));
        Evidence one = NcclScope.evidence("duplicate-gpu.log", log);
        Map<String, String> texts = new LinkedHashMap<>();
        texts.put("duplicate-gpu.log", log);
        Evidence many = NcclScope.evidence(texts);
        Evidence streamed = NcclScope.evidence("duplicate-gpu.log", new StringReader(log), Options.DEFAULTS);
        for (Evidence e : new Evidence[] {one, many, streamed}) {
            assertThat(NcclScope.diagnose(e).withCode("NCCL_DUPLICATE_GPU")).isNotEmpty();
        }
    }

    @Test
    void compareReadsTheRdmaSuspectExampleBySwitchMethod() throws IOException {
        Path ab = Path.of("../examples/ab/rdma-suspect");
        Comparison c = NcclScope.compare("default", NcclScope.evidence(ab.resolve("default")),
                "ib-disable", NcclScope.evidence(ab.resolve("ib-disable")));
        assertThat(c.switches()).isNotEmpty();
        assertThat(c.ratio()).isNotNull();
    }

    @Test
    void localizeNamesTheSlowNodeOfTheExampleCampaignAndRendersIt() throws IOException {
        Localization l = NcclScope.localize(NcclScope.evidence(Path.of("../examples/pairs/results")));
        assertThat(l.slowNodes()).isNotEmpty();
        assertThat(NcclScope.render(l, Format.MARKDOWN, Locale.ENGLISH)).contains(l.slowNodes().get(0));
        Localization strict = NcclScope.localize(NcclScope.evidence(Path.of("../examples/pairs/results")),
                Options.builder().pairExpectedGBs(10_000.0).build());
        assertThat(strict.threshold()).isEqualTo(8_000.0);
    }

    @Test
    void theWorkflowAndTheDeliverableReportComeFromTheSameEvidence() throws IOException {
        Evidence e = NcclScope.evidence(H200);
        assertThat(NcclScope.workflow(e).steps()).hasSize(5);
        assertThat(NcclScope.workflow(e).next()).isNotEmpty();
        FinalReport report = NcclScope.report(e, Locale.ENGLISH);
        assertThat(NcclScope.render(report, Format.HTML)).startsWith("<!DOCTYPE html>");
        assertThat(NcclScope.render(report, Format.MARKDOWN)).isNotBlank();
        assertThatThrownBy(() -> NcclScope.render(NcclScope.analyze(e), Format.HTML))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NcclScope.report");
    }

    @Test
    void optionsRejectNonsenseAtOnceAndRoundTripThroughToBuilder() {
        assertThatThrownBy(() -> Options.builder().maxFiles(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Options.builder().pairSlowFraction(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Options.builder().pairExpectedGBs(-1.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Options.builder().keepTextUpTo(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Options.builder().locale(null)).isInstanceOf(NullPointerException.class);
        Options o = Options.builder().locale(Locale.CHINA).maxFiles(5).pairExpectedGBs(40.0).build();
        assertThat(o.toBuilder().build()).isEqualTo(o).hasSameHashCodeAs(o);
        assertThat(o.toBuilder().maxFiles(6).build()).isNotEqualTo(o);
        assertThat(Options.DEFAULTS.locale()).isEqualTo(Locale.ENGLISH);
    }
}
