package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.evidence.Evidence;

/**
 * Where an artifact stands in the whole evidence: NCCL logs before nccl-tests outputs (the chains are joined in that
 * order), then the slice (no node first, then nodes in natural order), then the place in the slice. Slices may come
 * in any order; whatever the checks across artifacts call "first" is first in this order.
 *
 * @param tests whether it is an nccl-tests output
 * @param node  the slice's node; null for the slice of artifacts with no node
 * @param index the place in the slice
 */
record ArtifactPlace(boolean tests, String node, int index) implements Comparable<ArtifactPlace> {

    /**
     * Logs first, then slice order, then the place in the slice. Written out rather than as {@code Comparator.comparing}
     * chains: the JDK's lambdas there are linked at their first call in every run (see {@code Diagnosis.ORDER}).
     */
    @Override
    public int compareTo(ArtifactPlace o) {
        int c = Boolean.compare(tests, o.tests);
        if (c == 0) c = Evidence.SLICE_NODE_ORDER.compare(node, o.node);
        return c != 0 ? c : Integer.compare(index, o.index);
    }

    /** {@return whether the {@code seq}-th item of this artifact comes before the {@code otherSeq}-th of {@code other}} */
    boolean before(int seq, ArtifactPlace other, int otherSeq) {
        int c = compareTo(other);
        return c < 0 || c == 0 && seq < otherSeq;
    }
}
