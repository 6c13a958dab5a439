package io.ncclscope.sdk.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.ncclscope.sdk.report.FinalReport.ObservationKind;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every code has one complete catalogue entry, and the entries answer what the workflow and the report ask. */
class FindingCodeTest {

    static Stream<String> codes() {
        return RuleCatalogTest.PINNED_CODES.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codes")
    void everyCodeHasAWorkflowRoleAndAnAreaForEachActionInBothLanguages(String code) {
        FindingCode entry = RuleCatalog.entry(code);
        assertThat(entry.workflow()).as(code).isNotNull();
        assertThat(entry.actionAreas()).as(code).hasSameSizeAs(RuleCatalog.text(code, Locale.ENGLISH).actions())
                .hasSameSizeAs(RuleCatalog.text(code, Locale.SIMPLIFIED_CHINESE).actions());
        assertThat(entry.textKeys()).as(code).startsWith(code + ".title", code + ".meaning");
    }

    @Test
    void anEntryWithoutAWorkflowRoleIsRefusedAndNeverFallsIntoADefault() {
        assertThatThrownBy(() -> RuleCatalog.register(FindingCodeTest.class, "io.ncclscope.sdk.extension.NoRole"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ROLELESS_CODE").hasMessageContaining("ROLELESS_CODE.workflow");
        assertThat(RuleCatalog.code("ROLELESS_CODE")).isEmpty();
    }

    @Test
    void theChineseBundleHoldsTextsOnly() {
        assertThat(RuleCatalog.texts("NCCL_CONNECT_FAILED", true).entryCodes()).isEmpty();
        assertThat(RuleCatalog.texts("NCCL_CONNECT_FAILED", false).entryCodes())
                .containsSubsequence(RuleCatalogTest.PINNED_CODES);
    }

    @Test
    void aRoleLineReadsBackAsWritten() {
        WorkflowRole r = WorkflowRole.parse("situation SLOW_NODE, from WARNING, cause 1, proves PAIRWISE, suspect 1, "
                + "checked NAME_NODE");
        assertThat(r).isEqualTo(new WorkflowRole(Situation.SLOW_NODE, FindingSeverity.WARNING, null, 1, false,
                Set.of(Need.PAIRWISE), false, 1, StepId.NAME_NODE));
        WorkflowRole socket = WorkflowRole.parse("situation SOCKET_FALLBACK, beside slow run from INFO, cause 2, "
                + "checked CONNECTIVITY");
        assertThat(socket.decides(FindingSeverity.CRITICAL, false)).isFalse();
        assertThat(socket.decides(FindingSeverity.INFO, true)).isTrue();
        assertThat(WorkflowRole.parse("situation SLOW, from WARNING, slow run, blocks CONNECTIVITY, checked NAME_NODE"))
                .extracting(WorkflowRole::slowRun, WorkflowRole::blocksConnectivity).containsExactly(true, true);
    }

    @Test
    void aRoleThatCannotBeActedOnIsRefused() {
        for (String bad : List.of(
                "from WARNING, checked NAME_NODE",                               // no situation
                "situation SLOW, from WARNING",                                  // no step
                "situation SLOW, checked NAME_NODE",                             // never decides
                "situation SLOW, from WARNING, cause 1, checked NAME_NODE",      // SLOW names the worst finding
                "situation RDMA_PATH, from WARNING, checked NAME_NODE",          // no cause rank
                "situation NO_PROBLEM_SEEN, from INFO, checked NAME_NODE",       // no finding means it
                "situation SLOW, from WARNING, blocks NAME_NODE, checked NAME_NODE",
                "situation SLOW, from WARNING, checked NAME_NODE, checked COLLECT",
                "situation SLOW, from WARNING, checked NAME_NODE, slow",
                "situation SLOWER, from WARNING, checked NAME_NODE")) {
            assertThatThrownBy(() -> WorkflowRole.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
    }

    /**
     * The groups the planner and the report kept as their own string sets before the catalogue held the roles: the
     * roles give exactly those groups, so the workflow and the report read the same as before.
     */
    @Test
    void theRolesGiveTheGroupsThePlannerAndReportUsedToKeep() {
        assertThat(codes(r -> r.situation() == Situation.RANK_MAPPING))
                .containsExactlyInAnyOrder("NCCL_DUPLICATE_GPU", "RANK_MAPPING_INCONSISTENT");
        assertThat(codes(r -> r.situation() == Situation.CONNECT_FAILURE))
                .containsExactlyInAnyOrder("NCCL_CONNECT_FAILED", "NCCL_NO_SOCKET_INTERFACE", "SOCKET_IFNAME_SUSPICIOUS",
                        "C10D_STORE_UNREACHABLE");
        assertThat(codes(r -> r.situation() == Situation.RDMA_ERROR)).containsExactlyInAnyOrder("NCCL_SYSTEM_ERROR",
                "IB_COMPLETION_ERROR", "IB_SETUP_FAILED", "NCCL_NET_PLUGIN_MISSING", "OFI_NO_PROVIDER");
        assertThat(codes(r -> r.situation() == Situation.PEER_LOST)).containsExactly("NCCL_REMOTE_ERROR");
        assertThat(codes(r -> r.situation() == Situation.OTHER_ERROR)).containsExactlyInAnyOrder("CUDA_ERROR",
                "NCCL_OUT_OF_MEMORY", "NCCL_INTERNAL_ERROR", "NCCL_INVALID_USAGE",
                "NCCL_VERSION_MISMATCH", "NCCL_SHM_FAILED", "NCCL_TOPO_FILE_INVALID", "NCCL_ENV_INVALID",
                "NCCL_TESTS_FAILED", "RESULTS_WRONG", "GPU_DRIVER_UNREACHABLE", "GPU_NOT_FOUND", "GPU_LOST",
                "P2P_DISABLED_ON_NVLINK", "C10D_STORE_PORT_IN_USE", "RANK_KILLED_BY_SIGNAL", "RANK_KILLED_BY_OOM");
        assertThat(codes(r -> r.situation() == Situation.HANG)).containsExactlyInAnyOrder("NCCL_WATCHDOG_TIMEOUT",
                "HANG_RANK_DIED", "HANG_RANK_NOT_ENTERED", "HANG_COLLECTIVE_MISMATCH", "HANG_COLLECTIVE_STUCK");
        assertThat(codes(r -> r.proves().contains(Need.HANG_RANK)))
                .containsExactlyInAnyOrder("HANG_RANK_DIED", "HANG_RANK_NOT_ENTERED", "HANG_COLLECTIVE_MISMATCH");
        assertThat(codes(r -> r.situation() == Situation.SLOW_NODE))
                .containsExactlyInAnyOrder("SLOW_NODE", "SLOW_PAIR", "SCALING_KNEE");
        assertThat(codes(r -> r.situation() == Situation.SOCKET_FALLBACK))
                .containsExactlyInAnyOrder("NET_SOCKET_FALLBACK", "NET_IB_DISABLED_BY_ENV");
        assertThat(codes(r -> r.situation() == Situation.RDMA_PATH)).containsExactlyInAnyOrder("AB_RDMA_SUSPECT",
                "AB_CONGESTION_SUSPECT", "GDR_NOT_USED", "NIC_ERROR_COUNTERS", "PFC_PAUSE_STORM",
                "ROCE_TRAFFIC_NOT_LOSSLESS");
        assertThat(codes(WorkflowRole::slowRun)).containsExactlyInAnyOrder("BUSBW_BELOW_EXPECTED", "BW_CURVE_ANOMALY");
        assertThat(codes(WorkflowRole::blocksConnectivity)).containsExactlyInAnyOrder("NCCL_CONNECT_FAILED",
                "NCCL_NO_SOCKET_INTERFACE", "SOCKET_IFNAME_SUSPICIOUS", "NCCL_DUPLICATE_GPU",
                "RANK_MAPPING_INCONSISTENT", "MTU_MISMATCH", "C10D_STORE_UNREACHABLE");
        assertThat(codes(r -> r.proves().contains(Need.NODE_NIC_RATE))).containsExactlyInAnyOrder("IB_RATE_DEGRADED",
                "ETH_SPEED_DEGRADED", "IB_PORT_NOT_ACTIVE", "ETH_LINK_DOWN");
        assertThat(codes(r -> r.suspect() == 1)).containsExactlyInAnyOrder("SLOW_NODE", "GPU_DRIVER_UNREACHABLE", "GPU_NOT_FOUND", "GPU_LOST",
                "P2P_DISABLED_ON_NVLINK",
                "HANG_RANK_DIED", "HANG_RANK_NOT_ENTERED", "HANG_COLLECTIVE_MISMATCH", "RANK_KILLED_BY_SIGNAL",
                "RANK_KILLED_BY_OOM");
        assertThat(codes(r -> r.suspect() == 2)).containsExactlyInAnyOrder("SCALING_KNEE", "IB_COMPLETION_ERROR", "HANG_COLLECTIVE_STUCK");
        assertThat(codes(r -> r.checkedAt() == StepId.AB_SWITCH))
                .containsExactlyInAnyOrder("AB_RDMA_SUSPECT", "AB_CONGESTION_SUSPECT");
        assertThat(RuleCatalogTest.PINNED_CODES.stream().filter(c -> RuleCatalog.entry(c).symptom() != null
                && RuleCatalog.entry(c).symptom().kind() == ObservationKind.BANDWIDTH))
                .containsExactlyInAnyOrder("SLOW_NODE", "SLOW_PAIR", "SCALING_KNEE");
    }

    @Test
    void theCausesOfASituationAreNamedInTheirRankOrder() {
        assertThat(RuleCatalogTest.PINNED_CODES.stream()
                .filter(c -> RuleCatalog.entry(c).workflow().situation() == Situation.RDMA_ERROR)
                .sorted(java.util.Comparator.comparingInt(c -> RuleCatalog.entry(c).workflow().cause())))
                .containsExactly("IB_SETUP_FAILED", "IB_COMPLETION_ERROR", "NCCL_SYSTEM_ERROR",
                        "NCCL_NET_PLUGIN_MISSING", "OFI_NO_PROVIDER");
    }

    private static List<String> codes(Predicate<WorkflowRole> p) {
        return RuleCatalogTest.PINNED_CODES.stream().filter(c -> p.test(RuleCatalog.entry(c).workflow())).toList();
    }
}
