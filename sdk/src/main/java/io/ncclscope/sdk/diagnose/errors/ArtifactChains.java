package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.List;

/**
 * What one artifact's walk leaves: its chains when some artifact of the evidence has a first cause ({@code rooted})
 * and, when this one has none, when no artifact has ({@code fallback}, else null); when one of its chains is a kill by
 * a signal, its chains when another artifact has a first cause ({@code yielded}: the kill is then a consequence, else
 * null); whether it has a first cause that is not a weak one ({@code firstCause}); its failure reports with no cause
 * text, its watchdog report lines and the watchdog finding it makes when nothing else failed.
 */
record ArtifactChains(ChainReading rooted, ChainReading fallback, ChainReading yielded, boolean firstCause,
             List<UncausedReport> generics, List<EvidenceLine> watchLines, Finding watchdog) {

    /** True when nothing of the artifact can take part in a finding. */
    boolean quiet() {
        return rooted.cases().isEmpty() && rooted.looseWho().isEmpty() && (fallback == null || fallback.cases().isEmpty())
                && generics.isEmpty() && watchdog == null;
    }

    /** Consequence lines kept per list: a finding quotes at most three of them. */
    static final int KEPT = 3;

    /**
     * A failure report with no cause text, as the pass keeps it: it joins the chain of its rank or artifact, else it
     * makes its own {@code finding}.
     */
    record UncausedReport(Integer rank, String host, EvidenceLine quote, String artifact, Finding finding) {
    }
}
