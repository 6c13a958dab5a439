package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.Options;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The blind corpus ({@code src/test/resources/blind}), written by us: inputs that cannot support a healthy verdict.
 * An empty collect bundle, one whose {@code nvidia-smi} calls all failed (exit 9, the driver unreachable), one on a
 * machine without the GPU tools, an nccl-tests table with no hardware facts to judge it against, and files of kinds no
 * check reads on their own. Each must come out {@code inconclusive}, or {@code problems} once a finding explains it
 * (a driver-failure code), never {@code healthy}, read whole or streamed; an inconclusive report says why.
 */
class BlindCorpusTest {

    static final Path ROOT = Path.of("src/test/resources/blind");

    static Stream<String> cases() throws IOException {
        try (Stream<Path> s = Files.list(ROOT)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void neverHealthy(String name) throws IOException {
        Path input = ROOT.resolve(name);
        for (Report r : List.of(NcclScope.analyze(NcclScope.evidence(input), Locale.ENGLISH),
                NcclScope.analyze(Options.DEFAULTS, input),
                NcclScope.analyze(NcclScope.evidence(input), Locale.SIMPLIFIED_CHINESE))) {
            assertThat(r.verdict()).as("%s: %s", name, r.summary()).isIn(Verdict.INCONCLUSIVE, Verdict.PROBLEMS);
            if (r.verdict() == Verdict.INCONCLUSIVE) {
                assertThat(r.coverage().gaps()).as(name).isNotEmpty();
                // The summary gives the first reason, or says that nothing was read at all.
                if (r.inputs().count() > 0) assertThat(r.summary()).as(name).contains(r.coverage().gaps().get(0).text());
            }
        }
        assertThat(NcclScope.report(NcclScope.evidence(input), Locale.ENGLISH).verdict()).isNotEqualTo(Verdict.HEALTHY);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"empty-bundle", "one-kind-only"})
    void nothingAnyCheckReadsIsInconclusiveWithEveryFamilyUnchecked(String name) throws IOException {
        Report r = NcclScope.analyze(NcclScope.evidence(ROOT.resolve(name)), Locale.ENGLISH);
        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.coverage().checks()).hasSize(CheckFamily.values().length)
                .allMatch(c -> c.status() == Coverage.Status.NOT_CHECKED);
        assertThat(Renderers.markdown(r)).contains("INCONCLUSIVE").contains("Not checked: errors, transport");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"tools-missing-bundle"})
    void aBundleWithoutItsGpuToolsIsInconclusiveThoughItsOtherToolsRan(String name) throws IOException {
        Report r = NcclScope.analyze(NcclScope.evidence(ROOT.resolve(name)), Locale.ENGLISH);
        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.coverage().gaps()).anyMatch(g -> g.id().equals(Coverage.GAP_NO_GPU_TOOLS) && g.text().contains("gpu-node01"));
        assertThat(r.coverage().checks()).filteredOn(c -> c.family() == CheckFamily.LINKS)
                .singleElement().satisfies(c -> assertThat(c.inputs()).containsExactly("iplink"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"tables-without-hardware"})
    void aTableWithNoHardwareFactsIsMeasuredNotJudged(String name) throws IOException {
        Report r = NcclScope.analyze(NcclScope.evidence(ROOT.resolve(name)), Locale.ENGLISH);
        assertThat(r.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(r.coverage().checks()).filteredOn(c -> c.family() == CheckFamily.INTRA_NODE)
                .singleElement().satisfies(c -> assertThat(c.status()).isEqualTo(Coverage.Status.NOT_JUDGED));
        assertThat(Renderers.text(r)).contains("[?] intra-node bandwidth: measured, not judged");
        assertThat(Renderers.feishu(r)).contains("\"template\":\"grey\"");
    }
}
