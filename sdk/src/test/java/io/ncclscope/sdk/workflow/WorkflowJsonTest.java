package io.ncclscope.sdk.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.Situation;
import io.ncclscope.sdk.rules.StepId;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class WorkflowJsonTest {

    /** Our own H200 capture, committed under examples/: a state with facts, observations and findings of every step. */
    private static Workflow captured() throws IOException {
        return NcclScope.workflow(NcclScope.evidence(Path.of("../examples/captured/h200-1gpu")));
    }

    @Test
    void aStateRoundTripsWithoutLossInBothLanguages() throws IOException {
        Workflow w = captured();
        assertThat(w.findings()).isNotEmpty();
        assertThat(w.observations()).isNotEmpty();
        for (Locale l : new Locale[] {Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE}) {
            String json = WorkflowJson.write(w, l);
            Workflow back = WorkflowJson.read(json);
            assertThat(back).isEqualTo(w);
            assertThat(back.facts()).isEqualTo(w.facts());
            assertThat(back.observations()).isEqualTo(w.observations());
            assertThat(back.findings()).isEqualTo(w.findings());
            assertThat(back.steps()).isEqualTo(w.steps());
            assertThat(back.conclusion()).isEqualTo(w.conclusion());
            assertThat(WorkflowJson.write(back, l)).isEqualTo(json);
        }
    }

    @Test
    void theEmptyStateRoundTrips() {
        String json = WorkflowJson.write(Workflow.empty(), Locale.ENGLISH);
        assertThat(json).contains("\"schemaVersion\": \"1.0\"");
        assertThat(WorkflowJson.read(json)).isEqualTo(Workflow.empty());
    }

    @Test
    void aVersion10StateWithUnknownMembersAndMissingOptionalOnesStillLoads() throws IOException {
        String json;
        try (InputStream in = getClass().getResourceAsStream("state-1.0.json")) {
            json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Workflow w = WorkflowJson.read(json);
        assertThat(w.facts().nodes()).containsExactly("vm");
        assertThat(w.facts().launcher()).isNull();
        assertThat(w.facts().ncclVersion()).isNull();
        assertThat(w.facts().gpusPerNode()).isNull();
        assertThat(w.facts().env()).containsEntry("NCCL_DEBUG", "INFO");
        // The unknown need and the unknown finding code are skipped, the rest is kept.
        assertThat(w.observations()).extracting(Observation::need).containsExactly(Need.NODE_LIST, Need.ERROR_LOG);
        assertThat(w.findings()).extracting(f -> f.code()).containsExactly("NCCL_DUPLICATE_GPU");
        assertThat(w.findings().get(0).subject().rank()).isEqualTo(1);
        // And it judges like any state: a duplicate GPU blocks step 2 and asks for the rank mapping.
        assertThat(w.situation()).isEqualTo(Situation.RANK_MAPPING);
        assertThat(w.step(StepId.CONNECTIVITY).status()).isEqualTo(StepStatus.BLOCKED);
        assertThat(w.step(StepId.CONNECTIVITY).blockers()).containsExactly("NCCL_DUPLICATE_GPU");
        assertThat(w.conclusion().primary().code()).isEqualTo("NCCL_DUPLICATE_GPU");
        assertThat(w.view(Locale.ENGLISH).conclusion().symptom().detail()).contains("Ranks 0, 1 use the same GPU");
        // Written again, it is a current state that reads back equal.
        assertThat(WorkflowJson.read(WorkflowJson.write(w, Locale.ENGLISH))).isEqualTo(w);
    }

    @Test
    void aNewerMinorVersionLoadsAndAnotherMajorVersionIsRefused() {
        assertThat(WorkflowJson.read("{\"schemaVersion\": \"1.7\", \"steps\": 42}")).isEqualTo(Workflow.empty());
        assertThatThrownBy(() -> WorkflowJson.read("{\"schemaVersion\": \"2.0\"}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("2.0").hasMessageContaining("1.x");
    }

    @Test
    void textThatIsNoStateIsRefusedWithTheReason() {
        assertThatThrownBy(() -> WorkflowJson.read("{\"schemaVersion\": "))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not JSON");
        assertThatThrownBy(() -> WorkflowJson.read("[1, 2]"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a JSON object");
        assertThatThrownBy(() -> WorkflowJson.read("{\"findings\": []}"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no schemaVersion");
    }

    @Test
    void aFindingNamingAForeignBundleOrAMissingKeyIsSkippedNotFatal() {
        String json = """
                {"schemaVersion": "1.0", "findings": [
                  {"code": "GPU_XID", "severity": "ERROR", "subject": {}, "detail": {"bundle": "java.lang.Foo", "key": "x", "args": {}}},
                  {"code": "GPU_XID", "severity": "ERROR", "subject": {}, "detail": {"bundle": "io.ncclscope.sdk.diagnose.errors.Messages", "key": "no.such.key", "args": {}}}
                ]}""";
        assertThat(WorkflowJson.read(json).findings()).isEmpty();
    }

    @Test
    void evidenceAddedInAnyOrderGivesAnEqualState() throws IOException {
        Evidence a = NcclScope.evidence(Path.of("../examples/captured/h200-1gpu/nccl"));
        Evidence b = NcclScope.evidence(Path.of("../examples/captured/h200-1gpu/sys"));
        Workflow ab = NcclScope.workflow(NcclScope.workflow(a), b);
        Workflow ba = NcclScope.workflow(NcclScope.workflow(b), a);
        assertThat(ab).isEqualTo(ba);
        assertThat(WorkflowJson.write(ab, Locale.ENGLISH)).isEqualTo(WorkflowJson.write(ba, Locale.ENGLISH));
    }
}
