/**
 * Analyzers, findings and the diagnosis that runs them: the language-neutral core every analysis shares.
 *
 * <p>Every analyzer has one shape: an {@link io.ncclscope.sdk.diagnose.Analyzer} makes a
 * {@link io.ncclscope.sdk.diagnose.Pass} that checks each node's slice as it comes in, keeps a small summary per node,
 * checks across nodes on those summaries at {@link io.ncclscope.sdk.diagnose.Pass#finish()}, and hands its findings to
 * one sink. An {@link io.ncclscope.sdk.diagnose.Analyzer.Streamed}'s {@code analyze(evidence)} runs the same pass over
 * the evidence's slices, so the whole and the streamed analysis are one code path.
 */
package io.ncclscope.sdk.diagnose;
