package io.ncclscope.sdk.diagnose.errors;

import io.ncclscope.sdk.evidence.EvidenceLine;
import java.util.ArrayList;
import java.util.List;

/**
 * One artifact's chains under one reading of the evidence, and the consequences that join a chain: its own
 * earliest when it has chains, else the evidence's earliest.
 *
 * @param cases      the chains, in line order; a chain that cannot lead its group keeps no draft
 * @param looseWho   labels of the consequences with no cause in their own process, in walk order
 * @param looseLines their lines and the launcher's reports of them (the first {@value ArtifactChains#KEPT} only)
 * @param traceWho   processes that only returned error codes (only when this artifact has chains)
 * @param traceLines their first lines (the first {@value ArtifactChains#KEPT} only)
 * @param traceCodes the codes of the results those processes returned, in order, each once
 */
record ChainReading(List<ChainSummary> cases, List<String> looseWho, List<EvidenceLine> looseLines, List<String> traceWho,
        List<EvidenceLine> traceLines, List<String> traceCodes) {

    ChainReading {
        cases = new ArrayList<>(cases);
        looseWho = List.copyOf(looseWho);
        looseLines = List.copyOf(looseLines);
        traceWho = List.copyOf(traceWho);
        traceLines = List.copyOf(traceLines);
        traceCodes = List.copyOf(traceCodes);
    }

    /** Lets chain {@code i} go of its draft: it follows an earlier chain of its group. */
    void follows(int i) {
        cases.set(i, cases.get(i).withoutDraft());
    }
}
