package io.ncclscope.parsers;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every corpus file is detected as its manifest kind, without a hint, and parses with no error. */
class CorpusDetectionTest {

    static Stream<Arguments> files() {
        List<Corpus.Entry> all = Corpus.entries();
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
        assertThat(d.kind()).as("detected kind of %s (scores %s)", e.file(), d.scores()).isIn(accepted(e.kind()));
        ParseResult<?> r = Parsers.parse(text);
        if (d.kind() != Kind.UNKNOWN) {
            assertThat(r.warnings()).as("warnings of %s", e.file())
                    .noneMatch(w -> w.severity() == Severity.ERROR);
        }
    }
}
