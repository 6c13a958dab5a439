package io.ncclscope.sdk.diagnose.errors;

import java.util.ArrayList;
import java.util.List;

/**
 * One artifact's chains under one reading of the evidence, and the consequences that join a chain: its own
 * earliest when it has chains, else the evidence's earliest.
 */
final class ChainReading {
    /** The chains, in line order; a chain that cannot lead its group keeps no draft. */
    final List<ChainSummary> cases;
    /** Labels of the consequences with no cause in their own process, in walk order. */
    final List<String> looseWho;
    /** Their lines and the launcher's reports of them (the first {@value #ArtifactChains.KEPT} only). */
    final List<LineRef> looseLines;
    /** Processes that only returned error codes (only when this artifact has chains). */
    final List<String> traceWho;
    final List<LineRef> traceLines;
    /** The codes of the results those processes returned, in order, each once. */
    final List<String> traceCodes;

    ChainReading(List<ChainSummary> cases, List<String> looseWho, List<LineRef> looseLines, List<String> traceWho,
            List<LineRef> traceLines, List<String> traceCodes) {
        this.cases = new ArrayList<>(cases);
        this.looseWho = List.copyOf(looseWho);
        this.looseLines = List.copyOf(looseLines);
        this.traceWho = List.copyOf(traceWho);
        this.traceLines = List.copyOf(traceLines);
        this.traceCodes = List.copyOf(traceCodes);
    }

    /** {@return the group of a chain as its artifact sees it: its code and cross-artifact or local key} */
    static String groupOf(ChainSummary r) {
        return r.code() + "|" + (r.crossKey() != null ? r.crossKey() : "@" + r.localKey());
    }

    /** Lets chain {@code i} go of its draft: it follows an earlier chain of its group. */
    void follows(int i) {
        cases.set(i, cases.get(i).withoutDraft());
    }
}
