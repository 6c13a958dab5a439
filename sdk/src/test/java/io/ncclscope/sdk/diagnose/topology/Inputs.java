package io.ncclscope.sdk.diagnose.topology;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;
import java.util.Locale;

/** Evidence from corpus files and small texts, and the analyzer's findings on it. */
final class Inputs {

    private Inputs() {
    }

    /** One corpus file, its node told by its content only (as a pasted file). */
    static Evidence file(String file) {
        return Evidence.builder().addText(file, Corpus.read(file)).build();
    }

    /** Corpus files on named nodes: {@code node, file, node, file...}. */
    static Evidence onNodes(String... nodeFile) {
        Evidence.Builder b = Evidence.builder();
        for (int i = 0; i < nodeFile.length; i += 2) b.addText(nodeFile[i + 1], Corpus.read(nodeFile[i + 1]), nodeFile[i]);
        return b.build();
    }

    static List<Finding> analyze(Evidence e) {
        return new TopologyAnalyzer().analyze(e);
    }

    static List<Finding> analyzeFile(String file) {
        return analyze(file(file));
    }

    static List<Finding> withCode(List<Finding> fs, String code) {
        return fs.stream().filter(f -> f.code().equals(code)).toList();
    }

    static String en(Finding f) {
        return f.detail().render(Locale.ENGLISH);
    }

    static String zh(Finding f) {
        return f.detail().render(Locale.SIMPLIFIED_CHINESE);
    }
}
