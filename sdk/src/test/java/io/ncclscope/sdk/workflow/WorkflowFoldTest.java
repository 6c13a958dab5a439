package io.ncclscope.sdk.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.testing.PassChecks;
import io.ncclscope.sdk.testing.TestBundles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The workflow fold over evidence in slices: the same workflow as the whole evidence in any slice order, and no
 * node's parsed facts kept once its slice is observed.
 */
class WorkflowFoldTest {

    @TempDir
    Path tmp;

    @Test
    void slicesFoldedInReverseGiveTheWorkflowOfTheWholeEvidence() throws Exception {
        Evidence ev = Evidence.builder().addPath(TestBundles.mixed(tmp, 8)).build();
        Diagnosis d = NcclScope.diagnose(ev);
        Workflow whole = Workflow.empty().with(ev, d);
        List<Evidence> slices = new ArrayList<>(ev.slices());
        Collections.reverse(slices);
        Workflow.Fold fold = Workflow.fold();
        slices.forEach(fold::add);
        Workflow folded = fold.finish(Workflow.empty(), d);
        assertThat(folded).isEqualTo(whole);
        assertThat(folded.facts()).isEqualTo(whole.facts());
        assertThat(folded.observations()).isNotEmpty();
    }

    @Test
    void theFoldKeepsNoNodesParsedFacts() throws Exception {
        Workflow.Fold fold = Workflow.fold();
        assertThat(PassChecks.factsKept(TestBundles.mixed(tmp, 8), fold::add)).isZero();
        fold.finish(Workflow.empty(), Diagnosis.of(List.of()));
    }
}
