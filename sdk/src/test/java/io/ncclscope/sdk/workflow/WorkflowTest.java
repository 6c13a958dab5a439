package io.ncclscope.sdk.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.compare.Comparison;
import io.ncclscope.sdk.compare.Scaling;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.localize.Localization;
import io.ncclscope.sdk.localize.Localizer;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.Situation;
import io.ncclscope.sdk.rules.StepId;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The workflow value on the repository's own examples (our H200 capture, the A/B, scaling and pairwise examples). */
class WorkflowTest {

    private static Evidence path(String p) throws IOException {
        return NcclScope.evidence(Path.of("..").resolve(p));
    }

    @Test
    void addingEvidenceReturnsANewWorkflowAndLeavesTheOldOneAsItWas() throws IOException {
        Workflow empty = Workflow.empty();
        Workflow w = NcclScope.workflow(empty, path("examples/captured/h200-1gpu/nccl/duplicate-gpu.log"));
        assertThat(w).isNotSameAs(empty).isNotEqualTo(empty);
        assertThat(empty.observations()).isEmpty();
        assertThat(empty.findings()).isEmpty();
        assertThat(empty.situation()).isEqualTo(Situation.UNKNOWN);
        // The same evidence twice adds nothing.
        assertThat(NcclScope.workflow(w, path("examples/captured/h200-1gpu/nccl/duplicate-gpu.log"))).isEqualTo(w);
    }

    @Test
    void stepFiveNamesTheCauseNeverTheResultNcclReturnedBecauseOfIt() throws IOException {
        // Our capture: a topology file NCCL cannot parse, then ncclInternalError returned up the stack. The result is a
        // finding of its own (what the job printed), tied to its cause; the cause decides the situation and is named.
        Workflow w = NcclScope.workflow(path("examples/captured/h200-1gpu-variants/nccl/bad-topo-file.log"));
        assertThat(w.findings()).extracting(f -> f.code()).contains("NCCL_TOPO_FILE_INVALID", "NCCL_INTERNAL_ERROR");
        assertThat(w.situation()).isEqualTo(Situation.OTHER_ERROR);
        assertThat(w.conclusion().primary().code()).isEqualTo("NCCL_TOPO_FILE_INVALID");
    }

    /**
     * {@code ncclRemoteError} with no cause of its own printed is a peer that went away (a socket closed or reset by it,
     * PyTorch's store dropping its connection), never "a system error on the RDMA path": corpus-more's manifests say
     * "look at rank 0 first", "a peer process is gone", "must not be read as a remote node failure" (one process).
     * An RDMA completion error beside such a result still decides RDMA_ERROR.
     */
    @Test
    void aRemoteErrorWithNoCauseOfItsOwnIsAPeerThatWentAwayNotAnRdmaError() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.isDirectory(Path.of("../../shared/corpus-more")));
        for (String f : List.of("nccl-logs/pytorch-131781-1.txt", "nccl-logs/sglang-20859-1.txt", "nccl-logs/nccl-1920-1.txt",
                "nccl-tests/nccl-tests-217-1.txt")) {
            Workflow w = NcclScope.workflow(NcclScope.evidence(Path.of("../../shared/corpus-more").resolve(f)));
            assertThat(w.situation()).as(f).isEqualTo(Situation.PEER_LOST);
            assertThat(w.conclusion().primary().code()).as(f).isEqualTo("NCCL_REMOTE_ERROR");
            assertThat(w.view(Locale.ENGLISH).conclusion().summary()).as(f).startsWith("a peer rank, or the connection to it,");
        }
        Workflow rdma = NcclScope.workflow(NcclScope.evidence(Path.of("../../shared/corpus-more/nccl-logs/nccl-707-1.txt")));
        assertThat(rdma.findings()).extracting(f -> f.code()).contains("IB_COMPLETION_ERROR");
        assertThat(rdma.situation()).isEqualTo(Situation.RDMA_ERROR);
    }

    /**
     * The tools that list RDMA devices, NCCL's topology dump and the tools that name GPUs answer their checklist items;
     * before, each left the workflow at "nothing read yet" beside a report that had read them.
     */
    @Test
    void moreToolsAnswerTheChecklist() throws IOException {
        Workflow map = NcclScope.workflow(Evidence.builder().addText("ibdev2netdev.txt",
                "mlx5_0 port 1 ==> ib0 (Up)\nmlx5_1 port 1 ==> ib1 (Down)\n").build());
        assertThat(map.observations()).extracting(Observation::need, Observation::value)
                .contains(org.assertj.core.groups.Tuple.tuple(Need.RDMA_DEVICES, "2 devices"));
        assertThat(map.facts().hcas()).containsExactly("mlx5_0", "mlx5_1");
        assertThat(map.situation()).isEqualTo(Situation.NO_PROBLEM_SEEN);
        Workflow gids = NcclScope.workflow(Evidence.builder().addText("gids.txt", """
                DEV     PORT    INDEX   GID                                     IPv4            VER     DEV
                ---     ----    -----   ---                                     ------------    ---     ---
                mlx5_0  1       3       0000:0000:0000:0000:0000:ffff:0a00:0001 10.0.0.1        v2      eth2
                """).build());
        assertThat(gids.observations()).extracting(Observation::need).contains(Need.RDMA_DEVICES);
        assertThat(gids.facts().netdevs()).containsExactly("eth2");
        Workflow xml = NcclScope.workflow(path("examples/captured/h200-1gpu/nccl/topo-dump.xml"));
        assertThat(xml.observations()).extracting(Observation::need).contains(Need.TOPO_MATRIX);
        Workflow nvbw = NcclScope.workflow(Evidence.builder().addText("nvbw.txt", """
                nvbandwidth Version: v0.2
                Device 0: NVIDIA H200 (00000000:1b:00)
                Device 1: NVIDIA H200 (00000000:43:00)
                """).build());
        assertThat(nvbw.observations()).extracting(Observation::need, Observation::value)
                .contains(org.assertj.core.groups.Tuple.tuple(Need.GPU_INVENTORY, "2 GPUs"));
        assertThat(nvbw.facts().gpuModels()).containsExactly("NVIDIA H200");
    }

    @Test
    void anAbComparisonSatisfiesStepThreeAndPointsAtRdma() throws IOException {
        Comparison c = Comparison.of("default", path("examples/ab/rdma-suspect/default"),
                "ib-disable", path("examples/ab/rdma-suspect/ib-disable"));
        Workflow w = Workflow.empty().with(c);
        assertThat(w.situation()).isEqualTo(Situation.RDMA_PATH);
        assertThat(w.step(StepId.AB_SWITCH).status()).isEqualTo(StepStatus.SATISFIED);
        assertThat(w.step(StepId.AB_SWITCH).satisfiedBy()).extracting(Check::need)
                .containsExactly(Need.AB_DEFAULT, Need.AB_IB_DISABLED);
        assertThat(w.conclusion().primary().code()).isEqualTo("AB_RDMA_SUSPECT");
        // Step 4 still wants the NIC counters (seed: RoCE pause and drop counters as evidence).
        assertThat(w.step(StepId.NAME_NODE).missing()).contains(Need.NODE_COUNTERS);
    }

    @Test
    void theAnalyzeEvidenceOfBothAbSidesReadsTheSameAsTheComparison() throws IOException {
        Workflow w = NcclScope.workflow(path("examples/ab/rdma-suspect"));
        assertThat(w.situation()).isEqualTo(Situation.RDMA_PATH);
        assertThat(w.step(StepId.AB_SWITCH).status()).isEqualTo(StepStatus.SATISFIED);
        assertThat(w.facts().nodes()).containsExactly("gpu-a", "gpu-b");
        assertThat(w.facts().gpusPerNode()).isEqualTo(8);
        // Commands are filled with the nodes and GPU count the tables name.
        assertThat(w.steps()).flatExtracting(Step::commands).extracting(NextCommand::command)
                .anyMatch(c -> c.contains("-H gpu-a:8,gpu-b:8"));
    }

    @Test
    void aPairwiseLocalizationNamesTheSuspectForStepFour() throws IOException {
        Localization l = new Localizer().localize(Localizer.read(path("examples/pairs/results")));
        Workflow w = Workflow.empty().with(l);
        assertThat(w.situation()).isEqualTo(Situation.SLOW_NODE);
        assertThat(w.conclusion().suspects()).containsExactly("node05");
        assertThat(w.facts().nodes()).hasSize(8);
        assertThat(w.step(StepId.NAME_NODE).checks()).filteredOn(c -> c.need().perNode())
                .allMatch(c -> "node05".equals(c.node()) && !c.satisfied());
    }

    @Test
    void aScalingSeriesSatisfiesThePairwiseItemAndNamesTheKnee() throws IOException {
        Scaling s = Scaling.of(List.of(path("examples/scaling")));
        Workflow w = Workflow.empty().with(s);
        assertThat(w.situation()).isEqualTo(Situation.SLOW_NODE);
        assertThat(w.step(StepId.NAME_NODE).satisfiedBy()).extracting(Check::need).contains(Need.PAIRWISE);
        assertThat(w.conclusion().primary().code()).isEqualTo("SCALING_KNEE");
    }

    @Test
    void aHealthyRunOfOneNodeSaysNoProblemAndAsksForTheMultiNodeSteps() throws IOException {
        Workflow w = NcclScope.workflow(path("examples/captured/h200-1gpu/tests/all_reduce.txt"));
        assertThat(w.situation()).isEqualTo(Situation.NO_PROBLEM_SEEN);
        assertThat(w.conclusion().primary()).isNull();
        assertThat(w.step(StepId.CONNECTIVITY).missing()).contains(Need.MINIMAL_RUN);
        assertThat(w.view(Locale.ENGLISH).conclusion().summary()).contains("not finished");
    }

    @Test
    void unknownValuesArePlaceholdersAndKnownOnesAreFilledIn() {
        List<NextCommand> start = Workflow.empty().steps().stream().flatMap(s -> s.commands().stream()).toList();
        assertThat(start).filteredOn(c -> c.command().contains("torchrun"))
                .allSatisfy(c -> assertThat(c.placeholders()).contains("node1", "script.py"));
        assertThat(new NextCommand(Need.NODE_NIC_RATE, "gpu01", "ssh gpu01 ibstat").placeholders()).isEmpty();
    }

    @Test
    void everyTextExistsInEnglishAndChinese() {
        for (Locale l : List.of(Locale.ENGLISH, Locale.SIMPLIFIED_CHINESE)) {
            for (Need n : Need.values()) assertThat(WorkflowView.text(n, l)).isNotBlank();
            for (StepId s : StepId.values()) assertThat(WorkflowView.title(s, l)).isNotBlank();
            for (StepStatus s : StepStatus.values()) assertThat(WorkflowView.status(s, l)).isNotBlank();
            for (Situation s : Situation.values()) {
                assertThat(Message.of(WorkflowView.class, "situation." + s.name()).render(l)).isNotBlank();
            }
        }
        assertThat(WorkflowView.title(StepId.NAME_NODE, Locale.SIMPLIFIED_CHINESE)).isEqualTo("把问题节点点名出来");
    }

    @Test
    void renderersShowTheStepTableTheNextCommandsAndTheConclusion() throws IOException {
        Workflow w = NcclScope.workflow(path("examples/captured/h200-1gpu/nccl/bad-ifname.log"));
        String md = WorkflowRenderers.markdown(w.view(Locale.ENGLISH));
        assertThat(md).contains("⛔ 2. Prove connectivity and the interface choice", "`NCCL_NO_SOCKET_INTERFACE`",
                "**Next commands**", "ip -br addr", "**Conclusion**");
        String text = WorkflowRenderers.text(w.view(Locale.SIMPLIFIED_CHINESE));
        assertThat(text).contains("验证连通性与接口选择", "受阻", "bad-ifname.log:5");
        // NCCL_SOCKET_IFNAME=nosuch0 is the problem: it does not count as the interface being set.
        assertThat(w.step(StepId.CONNECTIVITY).missing()).contains(Need.IFNAME_SET);
    }
}
