package io.ncclscope.sdk.diagnose;

import io.ncclscope.sdk.evidence.Evidence;
import java.util.List;

/**
 * One analyzer's run over evidence handed in slices ({@link Evidence#slices()}): the artifacts of one node, or the
 * artifacts that belong to no single node. A pass keeps what it needs across slices (findings made, small per-node
 * summaries for the checks that compare nodes) and lets go of each slice's parsed facts, so that evidence of a
 * thousand nodes is analyzed holding one node's facts at a time. Not thread-safe: add slices from one thread, then
 * call {@link #finish()} once.
 *
 * <p>The findings do not depend on the order slices come in, and feeding the slices of an evidence gives the same
 * findings as {@link Analyzer#analyze(Evidence)} on the whole of it. Every node's artifacts come in one slice;
 * artifacts of no node come in a slice of their own.
 */
public interface Pass {

    /**
     * Reads one slice. The pass may keep {@link io.ncclscope.sdk.evidence.Artifact#stub() stubs} of its artifacts (to
     * quote lines later) but not their parsed data.
     *
     * @param slice one node's artifacts, or the artifacts of no node
     */
    void add(Evidence slice);

    /**
     * Reads one slice apart from the pass's state: the part of {@link #add} that needs nothing but the slice (the
     * per-node checks and the small per-node summary), so that a caller may run it on any thread, for many slices at
     * once and while the pass takes other slices. What it returns is then {@linkplain SliceSummary#fold() folded}
     * into the pass on the pass's one thread, in the order {@code add} would have taken the slices; reading and
     * folding a slice is what {@code add(slice)} does. The default reads nothing apart: its fold adds the slice.
     *
     * @param slice one node's artifacts, or the artifacts of no node
     * @return what the pass read of the slice, to fold into it once
     */
    default SliceSummary summarize(Evidence slice) {
        return () -> add(slice);
    }

    /**
     * What a pass read of one slice apart from its state ({@link Pass#summarize(Evidence)}): small per-node
     * results that the fold adds to the pass's state across slices.
     */
    @FunctionalInterface
    interface SliceSummary {
        /** Adds what was read to the pass it was read by; on the pass's thread, once, in slice order. */
        void fold();
    }

    /**
     * A pass that reads every slice apart first: {@link #add} is {@link #summarize} and the fold of what it read, so
     * that the two read a slice alike, on the pass's thread or apart.
     */
    interface Summarizing extends Pass {

        @Override
        SliceSummary summarize(Evidence slice);

        @Override
        default void add(Evidence slice) {
            summarize(slice).fold();
        }
    }

    /**
     * {@return the findings made so far that no later slice can change, each handed over once} The default hands
     * over none, and {@link #finish()} returns them all. A pass that settles a
     * finding while slices still come (a check of one node's own data) hands it over here so that it does not hold it
     * across the rest of the bundle; {@link #finish()} then returns only the findings not handed over before. The
     * findings of {@code drain()} and {@code finish()} together are those {@code finish()} alone would return, in no
     * particular order. Call it between slices, any number of times.
     */
    default List<Finding> drain() {
        return List.of();
    }

    /**
     * {@return the findings over every slice added not handed over by {@link #drain()}, in no particular order
     * ({@link Diagnosis#of(List)} sorts them)}
     */
    List<Finding> finish();

    /**
     * Hands every finding {@link #finish()} would return to {@code sink}, as it is made: a pass that makes many findings
     * at the end (one per node) need not hold them all in one list. The default calls {@link #finish()}. Call one of
     * the two, once.
     *
     * @param sink takes each finding, in no particular order
     */
    default void finish(java.util.function.Consumer<Finding> sink) {
        finish().forEach(sink);
    }

    /**
     * {@return the findings of this pass over every slice of {@code evidence}} What an {@link Analyzer.Streamed}'s
     * {@code analyze(evidence)} returns, so that the whole and the streamed analysis are one code path.
     *
     * @param evidence the whole evidence
     */
    default List<Finding> run(Evidence evidence) {
        List<Finding> all = new java.util.ArrayList<>();
        for (Evidence slice : evidence.slices()) {
            add(slice);
            all.addAll(drain());
        }
        all.addAll(finish());
        return all;
    }
}
