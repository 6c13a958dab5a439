package io.ncclscope.sdk.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Pass;
import io.ncclscope.sdk.evidence.Artifact;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.evidence.NodeStream;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;

/**
 * Checks of an analyzer's {@link Pass}: it makes the findings of the whole evidence whatever order the slices come in,
 * and it lets go of each slice's parsed facts.
 */
public final class PassChecks {

    private PassChecks() {
    }

    /**
     * Asserts that {@code analyzer}'s pass over the slices of {@code whole}, in order and reversed, finds what
     * {@link Analyzer#analyze(Evidence)} of the whole finds.
     *
     * @param analyzer an analyzer
     * @param whole    evidence
     */
    public static void assertSameAsWhole(Analyzer analyzer, Evidence whole) {
        List<Finding> expected = Diagnosis.of(analyzer.analyze(whole)).findings();
        List<Evidence> slices = new ArrayList<>(whole.slices());
        assertThat(Diagnosis.of(run(analyzer.pass(), slices)).findings()).as("slices in order").isEqualTo(expected);
        assertThat(Diagnosis.of(runSummarized(analyzer.pass(), slices)).findings())
                .as("every slice summarized before the first is folded").isEqualTo(expected);
        Collections.reverse(slices);
        assertThat(Diagnosis.of(run(analyzer.pass(), slices)).findings()).as("slices reversed").isEqualTo(expected);
    }

    /**
     * Asserts that {@code analyzer}'s pass fed by a {@link NodeStream} one node folder at a time finds what
     * {@link Analyzer#analyze(Evidence)} of the whole bundle finds.
     *
     * @param analyzer an analyzer
     * @param root     a bundle folder (one sub-folder per node)
     * @throws Exception when the bundle cannot be read
     */
    public static void assertStreamedSameAsWhole(Analyzer analyzer, Path root) throws Exception {
        Pass pass = analyzer.pass();
        List<Finding> found = new ArrayList<>();
        new NodeStream(Evidence.builder()).read(List.of(root), s -> {
            pass.add(s);
            found.addAll(pass.drain());
        });
        found.addAll(pass.finish());
        List<Finding> expected = Diagnosis.of(analyzer.analyze(io.ncclscope.sdk.NcclScope.evidence(root))).findings();
        assertThat(Diagnosis.of(found).findings()).as("slices added").isEqualTo(expected);
        // Summarized on the stream's parsing threads, many nodes at once, folded in order on one.
        Pass summarizing = analyzer.pass();
        List<Finding> folded = new ArrayList<>();
        new NodeStream(Evidence.builder()).read(List.of(root), summarizing::summarize, s -> {
            s.fold();
            folded.addAll(summarizing.drain());
        });
        folded.addAll(summarizing.finish());
        assertThat(Diagnosis.of(folded).findings()).as("slices summarized in parallel").isEqualTo(expected);
    }

    /** {@return the findings of {@code pass} with every slice summarized first, then each folded and drained in order} */
    private static List<Finding> runSummarized(Pass pass, List<Evidence> slices) {
        List<Pass.SliceSummary> summaries = new ArrayList<>();
        for (Evidence s : slices) summaries.add(pass.summarize(s));
        List<Finding> found = new ArrayList<>();
        for (Pass.SliceSummary s : summaries) {
            s.fold();
            found.addAll(pass.drain());
        }
        found.addAll(pass.finish());
        return found;
    }

    /** {@return the findings of {@code pass} fed {@code slices}, drained after each slice, then finished} */
    private static List<Finding> run(Pass pass, List<Evidence> slices) {
        List<Finding> found = new ArrayList<>();
        for (Evidence s : slices) {
            pass.add(s);
            found.addAll(pass.drain());
        }
        found.addAll(pass.finish());
        return found;
    }

    /**
     * Reads {@code root} one node at a time into {@code sink} and returns how many node artifacts' parsed data are
     * still reachable after the read (with {@code sink} still reachable: a pass that keeps facts is caught).
     *
     * @param root a bundle folder (one sub-folder per node)
     * @param sink what the slices are handed to, for example a pass's {@code add}
     * @return parsed data objects of node slices still alive after full collections
     * @throws Exception when the bundle cannot be read
     */
    public static int factsKept(Path root, Consumer<Evidence> sink) throws Exception {
        return factsKeptByKind(root, sink).values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * {@link #factsKept} by kind id: how many node artifacts of each kind still have their parsed data reachable.
     *
     * @param root a bundle folder (one sub-folder per node)
     * @param sink what the slices are handed to
     * @return kind id to count, only kinds with data kept
     * @throws Exception when the bundle cannot be read
     */
    public static java.util.Map<String, Integer> factsKeptByKind(Path root, Consumer<Evidence> sink) throws Exception {
        List<WeakReference<Object>> refs = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        NodeStream stream = new NodeStream(Evidence.builder());
        try {
            stream.read(List.of(root), slice -> {
                for (Artifact a : slice.artifacts()) {
                    if (a.node().isPresent()) {
                        refs.add(new WeakReference<>(a.result().data()));
                        kinds.add(a.kind().id());
                    }
                }
                sink.accept(slice);
            });
        } catch (IOException e) {
            throw e;
        }
        java.util.Map<String, Integer> alive = new java.util.TreeMap<>();
        for (int i = 0; i < 10; i++) {
            System.gc();
            Thread.sleep(20);
            alive.clear();
            for (int k = 0; k < refs.size(); k++) if (refs.get(k).get() != null) alive.merge(kinds.get(k), 1, Integer::sum);
            if (alive.isEmpty()) break;
        }
        return alive;
    }
}
