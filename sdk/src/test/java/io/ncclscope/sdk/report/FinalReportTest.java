package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.parsers.json.Json;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.FinalReport.ChainLink;
import io.ncclscope.sdk.report.FinalReport.FixAction;
import io.ncclscope.sdk.report.FinalReport.FixGroup;
import io.ncclscope.sdk.report.FinalReport.Observation;
import io.ncclscope.sdk.report.FinalReport.ObservationKind;
import io.ncclscope.sdk.rules.Category;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Segment;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The final report on real inputs: a slow run (two RTX 2080 Ti over PCIe Gen3 without P2P, alltoall 4.6 GB/s against
 * 12 GB/s: nccl-tests/anthony-hoo-autodl-2080ti-4.txt), failing runs (our H200 capture with two ranks on one GPU; a
 * public connect failure over a link-local IPv6 interface, nccl-logs/nccl-529-1.txt) and a healthy one (8x A100
 * NVSwitch all_gather at 92% of its expectation, nccl-tests/superbenchmark-testdata-nccl_allgather.txt).
 */
class FinalReportTest {

    static final String SLOW = "nccl-tests/anthony-hoo-autodl-2080ti-4.txt";
    static final String DUPLICATE_GPU = "captured/h200-1gpu/nccl/duplicate-gpu.log";
    static final String CONNECT_FAILED = "nccl-logs/nccl-529-1.txt";
    static final String HEALTHY = "nccl-tests/superbenchmark-testdata-nccl_allgather.txt";

    static FinalReport report(String file, Locale l) throws Exception {
        Corpus.assumePresent();
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve(file)).build();
        return NcclScope.report(e, l);
    }

    @Test
    void slowRunStatesBusbwAgainstTheExpectationWithTheRunItCameFrom() throws Exception {
        FinalReport r = report(SLOW, Locale.ENGLISH);
        assertThat(r.verdict()).isEqualTo(io.ncclscope.sdk.report.Verdict.PROBLEMS);
        Observation bw = r.symptom().observations().stream().filter(o -> o.kind() == ObservationKind.BANDWIDTH)
                .findFirst().orElseThrow();
        assertThat(bw.measuredGBs()).isBetween(4.5, 4.7);
        assertThat(bw.expectedGBs()).isEqualTo(12.0);
        assertThat(bw.segment()).isEqualTo(Segment.INTRA_NODE);
        assertThat(bw.ranks()).isEqualTo(2);
        assertThat(bw.nodes()).isEqualTo(1);
        assertThat(bw.test()).isEqualTo("alltoall_perf");
        assertThat(bw.code()).isEqualTo("BUSBW_BELOW_EXPECTED");
        assertThat(bw.evidence()).isNotEmpty().allSatisfy(e -> assertThat(e.artifact()).endsWith("anthony-hoo-autodl-2080ti-4.txt"));
        assertThat(r.symptom().statement())
                .isEqualTo("1-node alltoall busbw 4.58 GB/s against 12.0 GB/s expected (38%; 2 ranks, intra-node segment)");
        assertThat(r.chain()).extracting(ChainLink::code).containsExactly("BUSBW_BELOW_EXPECTED");
        assertThat(r.plots()).hasSize(1);
        assertThat(r.plots().get(0).expectedGBs()).isEqualTo(12.0);
        assertThat(r.plots().get(0).svg()).contains("<polyline").contains("expected 12 GB/s");
    }

    @Test
    void slowRunInChineseKeepsTheFigures() throws Exception {
        FinalReport r = report(SLOW, Locale.SIMPLIFIED_CHINESE);
        assertThat(r.language()).isEqualTo("zh-CN");
        assertThat(r.symptom().statement()).isEqualTo("1 节点 alltoall 总线带宽 4.58 GB/s，预期 12.0 GB/s（38%；2 个 rank，机内段）");
        assertThat(r.fixes()).extracting(FixGroup::title).contains("硬件");
    }

    @Test
    void failingRunNamesTheFirstFailingRankAndHostAndTheApplicationFix() throws Exception {
        FinalReport r = report(DUPLICATE_GPU, Locale.ENGLISH);
        Observation f = r.symptom().observations().get(0);
        assertThat(f.kind()).isEqualTo(ObservationKind.FAILURE);
        assertThat(f.code()).isEqualTo("NCCL_DUPLICATE_GPU");
        assertThat(f.rank()).isEqualTo(1);
        assertThat(f.host()).isEqualTo("vm");
        assertThat(f.text()).startsWith("rank 1 on vm failed first: Two ranks use the same GPU")
                .contains("Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 60");
        assertThat(f.evidence().get(0).line()).isEqualTo(40);
        FixGroup app = r.fixes().stream().filter(g -> g.area() == FixArea.APPLICATION).findFirst().orElseThrow();
        // The Python fix is a Python command of its own (rendered in a python block), never a shell command.
        assertThat(app.actions()).filteredOn(a -> a.kind() == FixArea.Kind.FIX).extracting(FixAction::command)
                .anyMatch(c -> c.contains("torch.cuda.set_device(int(os.environ['LOCAL_RANK']))")
                        && io.ncclscope.sdk.rules.CommandLanguage.of(c) == io.ncclscope.sdk.rules.CommandLanguage.PYTHON);
        // Fixes come before checks within an area.
        List<FixArea.Kind> kinds = app.actions().stream().map(FixAction::kind).toList();
        assertThat(kinds).isSortedAccordingTo(Enum::compareTo);
    }

    @Test
    void connectFailureGivesTheInterfaceFixUnderConfigurationOnceForBothFindings() throws Exception {
        FinalReport r = report(CONNECT_FAILED, Locale.ENGLISH);
        assertThat(r.symptom().observations().get(0).code()).isEqualTo("NCCL_CONNECT_FAILED");
        FixGroup conf = r.fixes().stream().filter(g -> g.area() == FixArea.CONFIGURATION).findFirst().orElseThrow();
        FixAction pin = conf.actions().stream().filter(a -> a.command().equals("export NCCL_SOCKET_IFNAME=veth0")).findFirst().orElseThrow();
        assertThat(pin.kind()).isEqualTo(FixArea.Kind.FIX);
        assertThat(pin.codes()).containsExactly("NCCL_CONNECT_FAILED", "SOCKET_IFNAME_SUSPICIOUS");
        // The order of the areas is the enum's: hardware, fabric, configuration, application.
        assertThat(r.fixes()).extracting(FixGroup::area).isSorted();
    }

    @Test
    void chainPutsProblemsBeforeNotesAndErrorsBeforeTransport() throws Exception {
        FinalReport r = report(CONNECT_FAILED, Locale.ENGLISH);
        assertThat(r.chain()).extracting(ChainLink::code)
                .containsExactly("NCCL_CONNECT_FAILED", "SOCKET_IFNAME_SUSPICIOUS", "NET_IB_DISABLED_BY_ENV");
        assertThat(r.chain()).extracting(ChainLink::index).containsExactly(1, 2, 3);
        assertThat(r.chain().get(0).category()).isEqualTo(Category.ERROR);
        assertThat(r.chain().get(2).severity()).isEqualTo(FindingSeverity.INFO);
        assertThat(r.chain()).allSatisfy(c -> assertThat(c.evidence()).isNotEmpty());
    }

    @Test
    void pairwiseRunsPutTheSlowNodeInTheSymptom() throws Exception {
        // examples/pairs: generated pairwise results of 8 nodes (synthetic, see its README), node05 slow everywhere.
        Evidence e = Evidence.builder().addPath(java.nio.file.Path.of("../examples/pairs/results")).build();
        FinalReport r = NcclScope.report(e, Locale.ENGLISH);
        Observation first = r.symptom().observations().get(0);
        assertThat(first.code()).isEqualTo("SLOW_NODE");
        assertThat(first.host()).isEqualTo("node05");
        assertThat(first.text()).startsWith("node05 is slow in 7 of its 7 two-node tests");
        // The slowest pair's busbw has no expectation here: it is left out next to the named node.
        assertThat(r.symptom().observations()).extracting(Observation::code).containsExactly("SLOW_NODE", "SLOW_PAIR");
        FixAction drain = r.fixes().get(0).actions().get(0);
        assertThat(drain.command()).isEqualTo("scontrol update nodename=node05 state=drain reason=slow_node");
        assertThat(drain.kind()).isEqualTo(FixArea.Kind.FIX);
    }

    @Test
    void healthyRunHasNothingToFixAndStatesItsFigure() throws Exception {
        FinalReport r = report(HEALTHY, Locale.ENGLISH);
        assertThat(r.healthy()).isTrue();
        assertThat(r.fixes()).isEmpty();
        assertThat(r.chain()).noneMatch(c -> c.severity().atLeast(FindingSeverity.WARNING));
        Observation bw = r.symptom().observations().get(0);
        assertThat(bw.kind()).isEqualTo(ObservationKind.BANDWIDTH);
        assertThat(bw.code()).isNull();
        assertThat(bw.ranks()).isEqualTo(8);
        assertThat(r.symptom().statement()).contains("busbw 221 GB/s against 240 GB/s expected (92%; 8 ranks, intra-node segment)");
        assertThat(Renderers.markdown(r)).contains("HEALTHY").contains("Nothing to fix: no problem found.");
    }

    @Test
    void whatTheWorkflowStillMissesIsUnprovenWithTheCommandsThatCollectIt() throws Exception {
        FinalReport r = report(SLOW, Locale.ENGLISH);
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve(SLOW)).build();
        List<io.ncclscope.sdk.rules.Need> needs = NcclScope.workflow(e).conclusion().unproven();
        assertThat(needs).isNotEmpty();
        List<FinalReport.Unproven> missing = r.unproven().stream().filter(u -> u.statement().startsWith("Not in the evidence yet: ")).toList();
        assertThat(missing).hasSize(needs.size());
        FinalReport.Unproven topo = missing.stream().filter(u -> u.statement().contains("nvidia-smi topo -m")).findFirst().orElseThrow();
        assertThat(topo.step()).isEqualTo(1);
        assertThat(topo.stepTitle()).isEqualTo("Collect the minimal facts");
        assertThat(topo.commands()).anySatisfy(c -> assertThat(c).startsWith("nvidia-smi topo -m"));
        assertThat(r.unproven()).extracting(FinalReport.Unproven::step).isSorted();
        assertThat(Renderers.text(r)).contains("Step 1: Collect the minimal facts — Not in the evidence yet: ");
    }

    @Test
    void aHandedBackWorkflowStateCountsEvidenceGivenEarlier() throws Exception {
        Corpus.assumePresent();
        Evidence topo = Evidence.builder().addPath(Corpus.root().resolve("captured/h200-1gpu/sys/topo-m.txt")).build();
        Evidence slow = Evidence.builder().addPath(Corpus.root().resolve(SLOW)).build();
        FinalReport alone = NcclScope.report(slow, Locale.ENGLISH);
        FinalReport withState = NcclScope.report(NcclScope.workflow(topo), slow, Locale.ENGLISH);
        assertThat(alone.unproven()).anySatisfy(u -> assertThat(u.statement()).contains("nvidia-smi topo -m"));
        assertThat(withState.unproven()).noneSatisfy(u -> assertThat(u.statement()).contains("nvidia-smi topo -m"));
    }

    @Test
    void aWarningIsUnprovenAndNamesItsChecks() throws Exception {
        // Our H200 capture, whole: single-rank runs and logs; its topology warnings are suspicions, not proof.
        Corpus.assumePresent();
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve("captured/h200-1gpu")).build();
        FinalReport r = NcclScope.report(e, Locale.ENGLISH);
        List<ChainLink> warnings = r.chain().stream().filter(c -> c.severity() == FindingSeverity.WARNING).toList();
        assertThat(r.unproven().stream().filter(u -> u.statement().startsWith("Suspected, not proven: ")).count())
                .isEqualTo(warnings.size());
    }

    static Stream<Arguments> inputsAndLanguages() {
        return Stream.of(SLOW, DUPLICATE_GPU, CONNECT_FAILED, HEALTHY)
                .flatMap(f -> Stream.of(Arguments.of(f, Locale.ENGLISH), Arguments.of(f, Locale.SIMPLIFIED_CHINESE)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("inputsAndLanguages")
    void everyRendererWritesEverySectionInTheReportsLanguage(String file, Locale l) throws Exception {
        FinalReport r = report(file, l);
        boolean zh = l == Locale.SIMPLIFIED_CHINESE;
        String md = Renderers.markdown(r), text = Renderers.text(r), html = Renderers.html(r), json = Renderers.json(r);
        for (String doc : List.of(md, text, html, json)) {
            assertThat(doc).doesNotContain("${").doesNotContain("null");
        }
        List<String> headings = zh ? List.of("现象", "证据链", "修复动作", "尚未证实")
                : List.of("Symptom", "Evidence chain", "Fix actions", "What remains unproven");
        for (String h : headings) {
            assertThat(md).contains("**" + h + "**");
            assertThat(text).contains(h);
            assertThat(html).contains("<h2>" + h);
        }
        assertThat(md).startsWith("**" + (zh ? "ncclscope 报告: " : "ncclscope report: ") + (r.healthy() ? zh ? "健康" : "HEALTHY"
                : zh ? "发现问题" : "PROBLEMS FOUND") + "**");
        assertThat(html).contains("<html lang=\"" + (zh ? "zh-CN" : "en") + "\">")
                .contains(io.ncclscope.sdk.internal.Html.escape(r.symptom().statement()));
        for (ChainLink c : r.chain()) {
            assertThat(text).contains(c.code()).contains(c.evidence().get(0).text().strip());
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) Json.parse(json);
        assertThat(m).containsKeys("verdict", "summary", "language", "symptom", "chain", "unproven", "plots", "segments",
                "artifacts");
        assertThat((List<?>) m.get("chain")).hasSize(r.chain().size());
        assertThat((List<?>) m.get("fixes")).hasSize(r.fixes().size());
    }

    @Test
    void htmlIsOnePageWithoutScriptOrExternalResource() throws Exception {
        String html = Renderers.html(report(SLOW, Locale.ENGLISH));
        assertThat(html).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        assertThat(html).doesNotContainIgnoringCase("<script").doesNotContain(" src=").doesNotContain(" href=")
                .doesNotContain("url(").doesNotContain("<?xml").doesNotContain("@import");
        assertThat(html).contains("default-src 'none'").contains("<svg ").contains("class=\"verdict problems\"");
        // Every http(s) text is the SVG namespace, never something to fetch.
        assertThat(html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "")).doesNotContain("http://").doesNotContain("https://");
        assertThat(html.indexOf("id=\"plots\"")).isLessThan(html.indexOf("id=\"chain\""));
    }

    @Test
    void htmlEscapesWhatTheLogsSay() {
        assertThat(io.ncclscope.sdk.internal.Html.escape("<script>alert('x') & \"y\"</script>\u0007"))
                .isEqualTo("&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;");
    }

    @Test
    void markdownOfAFailureLeadsWithProblemsAndCapsTheChain() throws Exception {
        Corpus.assumePresent();
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve("captured/h200-1gpu")).build();
        FinalReport r = NcclScope.report(e, Locale.ENGLISH);
        String md = Renderers.markdown(r);
        long problems = r.chain().stream().filter(c -> c.severity().atLeast(FindingSeverity.WARNING)).count();
        assertThat(problems).isLessThan(r.chain().size());
        assertThat(md).contains("more link(s) in the full report").doesNotContain("🔵");
    }
}
