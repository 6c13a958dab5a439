package io.ncclscope.sdk.extension;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.ib.IbDevice;
import io.ncclscope.parsers.ib.IbstatData;
import io.ncclscope.sdk.Format;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Analyzer;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.diagnose.Message;
import io.ncclscope.sdk.diagnose.Subject;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.report.FinalReport;
import io.ncclscope.sdk.report.FixArea;
import io.ncclscope.sdk.rules.FindingSeverity;
import io.ncclscope.sdk.rules.Need;
import io.ncclscope.sdk.rules.RuleCatalog;
import io.ncclscope.sdk.rules.Situation;
import io.ncclscope.sdk.rules.StepId;
import io.ncclscope.sdk.workflow.Check;
import io.ncclscope.sdk.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The recipe of CONTRIBUTING.md, followed in the test source set: a code added with one catalogue entry and its texts
 * ({@code ExtraRules.properties}, {@code ExtraRules_zh_CN.properties}), raised by a small analyzer, flows through the
 * workflow planner, the final report's fix areas and the renderings with its texts, and nothing else had to change.
 */
class AddingACodeTest {

    static final String CODE = "NIC_FIRMWARE_OUTDATED";

    /** {@code ibstat} of a node whose HCA runs old firmware. */
    static final String IBSTAT = """
            CA 'mlx5_0'
            \tCA type: MT4123
            \tNumber of ports: 1
            \tFirmware version: 20.31.1014
            \tHardware version: 0
            \tNode GUID: 0xb83fd20300a1b2c4
            \tSystem image GUID: 0xb83fd20300a1b2c4
            \tPort 1:
            \t\tState: Active
            \t\tPhysical state: LinkUp
            \t\tRate: 200
            \t\tBase lid: 5
            \t\tLMC: 0
            \t\tSM lid: 1
            \t\tCapability mask: 0x2651e848
            \t\tPort GUID: 0xb83fd20300a1b2c4
            \t\tLink layer: InfiniBand
            """;

    /** The rule that raises the code: an HCA whose firmware's major version is below the driver's. */
    static final class FirmwareCheck implements Analyzer {
        static final int EXPECTED_MAJOR = 28;

        @Override
        public String name() {
            return "firmware";
        }

        @Override
        public List<Finding> analyze(Evidence evidence) {
            List<Finding> out = new ArrayList<>();
            for (Evidence.Item<IbstatData> it : evidence.all(IbstatData.class)) {
                for (IbDevice d : it.data().devices()) {
                    if (d.firmware() == null || major(d.firmware()) >= EXPECTED_MAJOR) continue;
                    Message detail = new Message("io.ncclscope.sdk.extension.ExtraRules", CODE + ".detail.old",
                            Map.of("device", d.name(), "version", d.firmware(), "expected", EXPECTED_MAJOR + ".x"));
                    out.add(new Finding(CODE, FindingSeverity.WARNING,
                            Subject.JOB.withNode(it.artifact().node().orElse(null)).withDevice(d.name()), detail,
                            List.of(it.artifact().quote(d.line())), Map.of()));
                }
            }
            return out;
        }

        private static int major(String version) {
            int dot = version.indexOf('.');
            return Integer.parseInt(dot < 0 ? version : version.substring(0, dot));
        }
    }

    @BeforeAll
    static void addTheCode() {
        if (RuleCatalog.code(CODE).isEmpty()) RuleCatalog.register(AddingACodeTest.class, "io.ncclscope.sdk.extension.ExtraRules");
    }

    private static Diagnosis diagnose(Evidence evidence) {
        List<Analyzer> analyzers = new ArrayList<>(NcclScope.analyzers());
        analyzers.add(new FirmwareCheck());
        return Diagnosis.run(evidence, analyzers);
    }

    @Test
    void theEntryCarriesEverythingAboutTheCode() {
        var entry = RuleCatalog.entry(CODE);
        assertThat(RuleCatalog.all()).last().isEqualTo(entry.rule());
        assertThat(entry.workflow().situation()).isEqualTo(Situation.RDMA_PATH);
        assertThat(entry.actionAreas()).containsExactly(new FixArea.Placement(FixArea.HARDWARE, FixArea.Kind.CHECK),
                new FixArea.Placement(FixArea.HARDWARE, FixArea.Kind.FIX));
        assertThat(entry.textKeys()).contains(CODE + ".title", CODE + ".action.2", CODE + ".detail.old");
        assertThat(RuleCatalog.text(CODE, Locale.SIMPLIFIED_CHINESE).title()).isEqualTo("网卡固件比驱动要求的旧");
    }

    @Test
    void theAnalyzerRaisesItAndThePlannerPlacesIt() {
        Evidence evidence = NcclScope.evidence("node-a/ibstat.txt", IBSTAT);
        Diagnosis diagnosis = diagnose(evidence);
        assertThat(diagnosis.withCode(CODE)).hasSize(1);

        Workflow workflow = Workflow.empty().with(evidence, diagnosis);
        // The role's situation, and the finding named as its cause.
        assertThat(workflow.situation()).isEqualTo(Situation.RDMA_PATH);
        assertThat(workflow.conclusion().primary().code()).isEqualTo(CODE);
        // The checklist item the role proves links to the finding's line.
        Check nicRate = workflow.step(StepId.NAME_NODE).checks().stream()
                .filter(c -> c.need() == Need.NODE_NIC_RATE).findFirst().orElseThrow();
        assertThat(nicRate.links()).anySatisfy(l -> {
            assertThat(l.code()).isEqualTo(CODE);
            assertThat(l.text()).contains("mlx5_0");
        });
    }

    @Test
    void theReportPlacesItsActionsAndRendersItsTextsInBothLanguages() {
        Evidence evidence = NcclScope.evidence("node-a/ibstat.txt", IBSTAT);
        Diagnosis diagnosis = diagnose(evidence);
        Workflow workflow = Workflow.empty().with(evidence, diagnosis);

        FinalReport en = FinalReport.of(evidence, diagnosis, workflow, Locale.ENGLISH);
        FinalReport.FixGroup hardware = en.fixes().stream().filter(g -> g.area() == FixArea.HARDWARE).findFirst().orElseThrow();
        assertThat(hardware.actions()).anySatisfy(a -> {
            assertThat(a.kind()).isEqualTo(FixArea.Kind.FIX);
            assertThat(a.text()).isEqualTo("Update the NIC firmware to the version of the installed driver.");
            assertThat(a.codes()).containsExactly(CODE);
        });
        // A warning is a suspicion: step 4 (the entry's 'checked NAME_NODE') proves or clears it with the check action.
        assertThat(en.unproven()).anySatisfy(u -> {
            assertThat(u.step()).isEqualTo(4);
            assertThat(u.commands()).contains("ibv_devinfo | grep fw_ver");
        });
        String markdown = NcclScope.render(en, Format.MARKDOWN);
        assertThat(markdown).contains(CODE, "A NIC runs firmware older than the driver expects",
                "mlx5_0 runs firmware 20.31.1014, older than 28.x.");

        String chinese = NcclScope.render(FinalReport.of(evidence, diagnosis, workflow, Locale.SIMPLIFIED_CHINESE),
                Format.MARKDOWN);
        assertThat(chinese).contains("网卡固件比驱动要求的旧", "mlx5_0 的固件版本 20.31.1014 低于 28.x。");
    }
}
