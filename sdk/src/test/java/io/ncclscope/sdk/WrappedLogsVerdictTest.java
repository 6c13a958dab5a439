package io.ncclscope.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Corpus;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.Report;
import io.ncclscope.sdk.testing.LauncherWraps;
import io.ncclscope.sdk.testing.PasteWraps;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
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
        List<String> moved = movedAnswers("wrapped", (entry, text) -> {
            Map<String, String> wrapped = new LinkedHashMap<>();
            for (LauncherWraps wrap : LauncherWraps.values()) wrapped.put(wrap.name(), wrap.wrap(text));
            return wrapped;
        });
        assertThat(moved).as("answers that moved when the lines were wrapped").isEmpty();
    }

    /**
     * The same rule for the ways a person pastes a log (corpus: a quoted nccl-tests output was read as nothing and
     * reported healthy, failing runs among them; 57 of 840 answers moved): in a Markdown fence with or without a prompt,
     * quoted, as an indented code block, with trailing blanks stripped or tabs expanded.
     */
    @Test
    void everyPasteOfALogGivesItsVerdict() {
        Corpus.assumePresent();
        List<PasteWraps> shapes = List.of(PasteWraps.FENCE, PasteWraps.FENCE_TEXT_WITH_PROMPT, PasteWraps.QUOTED,
                PasteWraps.INDENTED_CODE_BLOCK, PasteWraps.TRAILING_WHITESPACE_STRIPPED, PasteWraps.TABS_EXPANDED);
        List<String> moved = movedAnswers("pasted", (entry, text) -> {
            String command = entry.kind().equals("nccl-tests") ? "./build/all_reduce_perf -b 8 -e 8G -f 2 -g 8"
                    : "torchrun --nproc_per_node 8 train.py";
            Map<String, String> pasted = new LinkedHashMap<>();
            for (PasteWraps shape : shapes) pasted.put(shape.name(), shape.wrap(text, command));
            return pasted;
        });
        assertThat(moved).as("answers that moved when the log was pasted").isEmpty();
    }

    /**
     * Every wrappable NCCL log and nccl-tests output of the corpus, each form {@code forms} makes of it (by name) next to
     * the file's own answer: the forms whose answer differs, with both answers, printed with a count.
     */
    private static List<String> movedAnswers(String what, BiFunction<Corpus.Entry, String, Map<String, String>> forms) {
        long start = System.nanoTime();
        List<String> moved = new ArrayList<>();
        int checked = 0;
        for (Corpus.Entry entry : Corpus.allEntries()) {
            if (!KINDS.contains(entry.kind())) continue;
            String text = entry.text();
            String plain = answer(entry.name(), text);
            if (!isWrappable(text, plain)) continue;
            for (Map.Entry<String, String> form : forms.apply(entry, text).entrySet()) {
                String answer = answer(entry.name(), form.getValue());
                checked++;
                if (!answer.equals(plain)) moved.add(entry.name() + " " + form.getKey() + "\n    plain:   " + plain + "\n    " + what + ": " + answer);
            }
        }
        moved.forEach(System.out::println);
        System.out.printf("%s answers moved: %d of %d (%.1f s)%n", what, moved.size(), checked, (System.nanoTime() - start) / 1e9);
        return moved;
    }

    /**
     * An nccl-tests output of which nothing could be read has not been looked at: never healthy. Read as nccl-tests
     * (the kind given, as a caller who knows the file does), a table in a form the reader does not know.
     */
    @Test
    void aTableOfWhichNothingIsReadIsNotHealthy() throws java.io.IOException {
        String unreadable = "| size (B) | count | type | redop | time (us) | algbw | busbw |\n"
                + "| 8589934592 | 2147483648 | float | sum | 39151 | 219.41 | 383.96 |\n";
        Evidence e = Evidence.builder()
                .addReader("table.md", new java.io.StringReader(unreadable), io.ncclscope.parsers.Kind.NCCL_TESTS, null).build();
        assertThat(e.artifacts()).extracting(a -> a.kind().id()).containsExactly("nccl-tests");
        Report r = NcclScope.analyze(e, Locale.ENGLISH);
        assertThat(r.verdict().toString()).isEqualTo("inconclusive");
    }
    /** The same for an NCCL log of which no line was read (read as an NCCL log, as a caller who knows the file asks). */
    @Test
    void aLogOfWhichNothingIsReadIsNotHealthy() throws java.io.IOException {
        String unreadable = "<pre>training started</pre>\n<pre>epoch 1 done</pre>\n";
        Evidence e = Evidence.builder()
                .addReader("job.html", new java.io.StringReader(unreadable), io.ncclscope.parsers.Kind.NCCL_LOG, null).build();
        assertThat(e.artifacts()).extracting(a -> a.kind().id()).containsExactly("nccl-log");
        assertThat(NcclScope.analyze(e, Locale.ENGLISH).verdict().toString()).isEqualTo("inconclusive");
    }
}
