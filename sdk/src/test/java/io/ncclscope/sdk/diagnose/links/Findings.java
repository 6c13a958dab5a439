package io.ncclscope.sdk.diagnose.links;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;
import java.util.Locale;

/** Test helpers: run the analyzer and check that findings render in both languages. */
final class Findings {

    static final LinkHealthAnalyzer ANALYZER = new LinkHealthAnalyzer();

    private Findings() {
    }

    /** The analyzer's findings on corpus files, read as one evidence with no node names. */
    static List<Finding> corpus(String... files) {
        Evidence.Builder b = Evidence.builder();
        for (String f : files) b.addText(f, Corpus.read(f));
        return ANALYZER.analyze(b.build());
    }

    /** The findings on pasted texts: name, node (nullable), text, repeated. */
    static List<Finding> texts(String... nameNodeText) {
        Evidence.Builder b = Evidence.builder();
        for (int i = 0; i + 2 < nameNodeText.length; i += 3) b.addText(nameNodeText[i], nameNodeText[i + 2], nameNodeText[i + 1]);
        return ANALYZER.analyze(b.build());
    }

    static List<Finding> withCode(List<Finding> fs, String code) {
        return fs.stream().filter(f -> f.code().equals(code)).toList();
    }

    /** Every finding renders in English and Chinese with every placeholder filled. */
    static void assertRenders(List<Finding> fs) {
        for (Finding f : fs) {
            for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
                LocalizedFinding lf = Diagnosis.localize(f, l);
                assertThat(lf.detail()).as(f.code() + " " + f.detail().key() + " " + l).isNotBlank().doesNotContain("${");
                assertThat(lf.title()).isNotBlank();
            }
            assertThat(f.evidence()).as(f.code() + " evidence").isNotEmpty();
        }
    }
}
