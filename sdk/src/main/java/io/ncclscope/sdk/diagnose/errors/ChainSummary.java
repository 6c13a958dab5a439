package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.evidence.EvidenceLine;

/**
 * A chain as the pass keeps it once its artifact is let go: what grouping chains across artifacts, attaching other
 * artifacts' failure reports and the finding need.
 *
 * @param code      the finding code
 * @param crossKey  what makes chains of several artifacts one problem ({@code dup|host|busId}, {@code peer|addr}),
 *                  null when only chains of this artifact can share its finding
 * @param rank      the root's rank, for matching failure reports
 * @param otherRank the other rank a duplicate-GPU line names
 * @param host      the root's host, for matching failure reports of the same artifact
 * @param quote     the root line, quoted
 * @param failed    whether the artifact shows the job failed from this chain (trace, report)
 * @param artifact  the artifact's name
 * @param draft     the finding this chain makes when it leads its group
 * @param group     the group of this chain: its code and its key across artifacts, or its key within its artifact; made
 *                  once, since the groups are compared chain against chain
 */
record ChainSummary(String code, String crossKey, Integer rank, Integer otherRank, String host, EvidenceLine quote,
               boolean failed, String artifact, ChainFindings.Draft draft, String group) {

    /** {@return this record without its draft: an earlier chain of its group makes the finding} */
    ChainSummary withoutDraft() {
        return draft == null ? this
                : new ChainSummary(code, crossKey, rank, otherRank, host, quote, failed, artifact, null, group);
    }
}
