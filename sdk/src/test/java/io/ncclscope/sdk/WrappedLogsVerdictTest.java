package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.testing.LauncherWraps;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The verdict does not depend on what wraps the lines: every NCCL log, PyTorch log and nccl-tests output of the corpus
 * and corpus-more, with every line wrapped in each launcher's prefix ({@link LauncherWraps}), is detected as the same
 * kinds and gets the same finding codes at the same severities and the same verdict as the file itself.
 *
 * <p>What a wrap may change: the texts and quoted lines (they quote the wrapped line), which node or rank a finding
 * names (a prefix that names a host or rank may name one the log did not), and how many findings of one code and
 * severity there are (a rank label may tell two processes' errors apart). Not the kinds, the set of codes with their
 * severities, or the verdict. Files no launcher prints line by line are left out: an NCCL RAS report (the
 * {@code ncclras} client prints it to the terminal that asks) and nccl-tests' {@code -J} JSON file.
 */
class WrappedLogsVerdictTest {

    private static final Set<String> KINDS = Set.of("nccl-log", "nccl-tests");

    /** What must not move: the kinds detected, each finding's code and severity, the verdict. */
    static String answer(String name, String text) {
        Evidence e = Evidence.builder().addText(name, text).build();
        Report r = NcclScope.analyze(e, Locale.ENGLISH);
        List<String> kinds = e.artifacts().stream().map(a -> a.kind().id()).toList();
        List<String> codes = r.findings().stream().map(f -> f.code() + ":" + f.severity()).sorted().distinct().toList();
        return r.verdict() + " " + kinds + " " + codes;
    }

    /**
     * Whether a launcher can have printed the file line by line: read as an NCCL log or nccl-tests output (not an NCCL
     * RAS report, which {@code ncclras} prints to the terminal that asks), and not an nccl-tests {@code -J} JSON file.
     */
    static boolean isWrappable(String text, String plainAnswer) {
        return (plainAnswer.contains(" [nccl-log]") || plainAnswer.contains(" [nccl-tests]")) && !text.strip().startsWith("{");
    }

    @Test
    void everyLauncherWrapGivesTheVerdictOfTheUnwrappedLog() {
        Corpus.assumePresent();
        long start = System.nanoTime();
        List<String> moved = new ArrayList<>();
        int checked = 0;
        for (Corpus.Entry entry : Corpus.allEntries()) {
            if (!KINDS.contains(entry.kind())) continue;
            String text = entry.text();
            String plain = answer(entry.name(), text);
            if (!isWrappable(text, plain)) continue;
            for (LauncherWraps wrap : LauncherWraps.values()) {
                String wrapped = answer(entry.name(), wrap.wrap(text));
                checked++;
                if (!wrapped.equals(plain)) moved.add(entry.name() + " " + wrap + "\n    plain:   " + plain + "\n    wrapped: " + wrapped);
            }
        }
        moved.forEach(System.out::println);
        System.out.printf("wrapped answers moved: %d of %d (%.1f s)%n", moved.size(), checked, (System.nanoTime() - start) / 1e9);
        assertThat(moved).as("answers that moved when the lines were wrapped").isEmpty();
    }
}
