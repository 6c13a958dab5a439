package io.ncclscope.sdk.diagnose;

import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;

/**
 * One family of checks over the evidence (errors in logs, transport choice, topology, link health...).
 * Implementations are stateless and thread-safe, read only the parsed evidence (never files), and
 * return findings whose codes are in the rule catalogue. A healthy input gives no finding of
 * {@code WARNING} or worse.
 */
public interface Analyzer {

    /** {@return a short stable name, for example {@code "errors"}} */
    String name();

    /**
     * {@return the findings this analyzer makes on {@code evidence}; empty when there is nothing to say}
     *
     * @param evidence the evidence read
     */
    List<Finding> analyze(Evidence evidence);

    /**
     * {@return a pass that makes the same findings as {@link #analyze(Evidence)} one slice at a time} The default pass
     * holds every slice and analyzes them together at {@link Pass#finish()}: correct, but it keeps all parsed facts.
     * The built-in analyzers are {@link Streamed}: their passes keep only what their checks across nodes need.
     */
    default Pass pass() {
        return new Pass() {
            private final List<Evidence> slices = new java.util.ArrayList<>();

            @Override
            public void add(Evidence slice) {
                slices.add(java.util.Objects.requireNonNull(slice, "slice"));
            }

            @Override
            public List<Finding> finish() {
                return analyze(Evidence.of(slices));
            }
        };
    }

    /**
     * An analyzer whose analysis is its pass: {@link #analyze(Evidence)} feeds the evidence's slices to a new
     * {@link #pass()} ({@link Pass#run(Evidence)}), so that the whole and the streamed analysis are one code path.
     */
    interface Streamed extends Analyzer {

        @Override
        Pass pass();

        @Override
        default List<Finding> analyze(Evidence evidence) {
            return pass().run(evidence);
        }
    }
}
