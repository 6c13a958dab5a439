package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every corpus file, of {@code corpus} and {@code corpus-more}, is detected as its manifest kind, without a hint, and
 * parses with no error; a real tool output is never "no known tool output". Where a manifest kind is wrong the file is
 * in {@link #MANIFEST_KIND_WRONG} with the reason and the kind it really is.
 */
class CorpusDetectionTest {

    /** Reviewed: file -> the kind it is detected as, and why its manifest kind is not that kind. */
    static final Map<String, Reviewed> MANIFEST_KIND_WRONG = Map.of(
            "corpus-more/nccl-logs/nccl-tests-324-1.txt", new Reviewed(Kind.NCCL_TESTS,
                    "an all_reduce_perf run (its command line, '# nThread' header and '# Using devices' table) with "
                            + "NCCL_DEBUG=INFO lines; the nccl-tests parser reads the NCCL lines of a run too"),
            "corpus-more/nccl-logs/nccl-707-1.txt", new Reviewed(Kind.NCCL_TESTS,
                    "NCCL WARN lines followed by nccl-tests' own 'Test NCCL failure common.cu:499' and ' .. host pid N: "
                            + "Test failure' trace: the failure report of a *_perf run, which the nccl-tests parser reads"),
            "corpus-more/nccl-logs/nccl-1911-1.txt", new Reviewed(Kind.NCCL_RAS,
                    "the whole file is the report of NCCL's RAS client (ncclras: its version banner, job summary and "
                            + "communicators table), which has its own kind since hangs were added"));

    /** A manifest kind reviewed as wrong: the kind the file is, and why. */
    record Reviewed(Kind kind, String reason) {
    }

    static Stream<Arguments> files() {
        List<Corpus.Entry> all = Corpus.allEntries();
        if (all.isEmpty()) {
            return Stream.of(Arguments.of(new Corpus.Entry("(corpus absent)", "none", "", "", "", "")));
        }
        return all.stream().map(Arguments::of);
    }

    /** The kinds a manifest kind may be detected as: "lspci" covers the tree and the verbose form. */
    static Set<Kind> accepted(String manifestKind) {
        return switch (manifestKind) {
            case "lspci" -> Set.of(Kind.LSPCI_TREE, Kind.LSPCI_VERBOSE);
            // The corpus labels "other" what no kind read when it was labelled; the collect bundle's own files
            // (env.txt, sysfs.txt, manifest.json) have their kinds since.
            case "other" -> Set.of(Kind.UNKNOWN, Kind.ENV, Kind.SYSFS, Kind.COLLECT_MANIFEST);
            default -> Set.of(Kind.fromId(manifestKind).orElseThrow(() -> new AssertionError("unknown manifest kind " + manifestKind)));
        };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void detectsManifestKindAndParsesWithoutError(Corpus.Entry e) {
        Corpus.assumePresent();
        String text = e.text();
        Detection d = Parsers.detect(text);
        Reviewed reviewed = MANIFEST_KIND_WRONG.get(e.name());
        Set<Kind> accepted = reviewed != null ? Set.of(reviewed.kind()) : accepted(e.kind());
        assertThat(d.kind()).as("detected kind of %s (scores %s)", e.name(), d.scores()).isIn(accepted);
        ParseResult<?> r = Parsers.parse(text);
        if (d.kind() != Kind.UNKNOWN) {
            assertThat(r.warnings()).as("warnings of %s", e.name())
                    .noneMatch(w -> w.severity() == Severity.ERROR);
        }
    }
}
