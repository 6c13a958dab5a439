package io.ncclscope.sdk.bandwidth;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Renderers;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.rules.Segment;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class SegmentsReportTest {

    @Test
    void threeSegmentsAlwaysInOrder() {
        List<SegmentVerdict> v = Segments.of(Evidence.builder().build());
        assertThat(v).extracting(SegmentVerdict::segment).containsExactly(Segment.INTRA_NODE, Segment.INTER_NODE, Segment.END_TO_END);
        assertThat(v).allMatch(s -> s.verdict().equals(SegmentVerdict.NOT_MEASURED) && s.measuredGBs() == null);
        assertThat(Segments.bounding(v)).isEmpty();
    }

    @Test
    void reportCarriesSegmentsInJsonTextAndMarkdown() throws Exception {
        Corpus.assumePresent();
        Evidence e = Evidence.builder().addPath(Corpus.root().resolve("nccl-tests/anthony-hoo-autodl-2080ti-4.txt")).build();
        Report en = NcclScope.analyze(e, Locale.ENGLISH);
        assertThat(en.segments()).hasSize(3);
        assertThat(Renderers.json(en)).contains("\"segments\"", "\"INTRA_NODE\"", "\"slow\"");
        assertThat(Renderers.text(en)).contains("Bandwidth segments: intra-node slow 4.6/12 GB/s").contains("bound: intra-node");
        assertThat(Renderers.markdown(NcclScope.analyze(e, Locale.SIMPLIFIED_CHINESE))).contains("三段带宽: 机内 偏慢 4.6/12 GB/s").contains("瓶颈: 机内");
        // A report of logs only shows no segment line.
        Evidence logs = Evidence.builder().addPath(Corpus.root().resolve("captured/h200-1gpu/nccl/info-1rank.log")).build();
        assertThat(Renderers.text(NcclScope.analyze(logs, Locale.ENGLISH))).doesNotContain("Bandwidth segments");
    }
}
