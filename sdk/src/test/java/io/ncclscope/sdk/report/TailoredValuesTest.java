package io.ncclscope.sdk.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.LocalizedFinding;
import io.ncclscope.sdk.evidence.Evidence;
import io.ncclscope.sdk.rules.Action;
import io.ncclscope.sdk.workflow.ActiveHcas;
import io.ncclscope.sdk.workflow.WorkflowView;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A value in a command comes from the evidence or is an unmistakable placeholder (issue 19): {@code NCCL_IB_HCA} names
 * the node's healthy active ports (not {@code mlx5_0,mlx5_1}, the example that read as every node's), and the
 * {@code NCCL_SOCKET_IFNAME} exclusion names the interface the log shows at fault (not {@code ^lo,docker0,virbr0}).
 * The inputs are written here: a node with six 400G rails where two are down or slow, as the node had.
 */
class TailoredValuesTest {

    /** Four HCAs: mlx5_0 and mlx5_3 healthy at 400G, mlx5_1 down, mlx5_2 a 100G front-end port. */
    static final String IBSTAT = port("mlx5_0", "Active", "LinkUp", 400) + port("mlx5_1", "Down", "Disabled", 400)
            + port("mlx5_2", "Active", "LinkUp", 100) + port("mlx5_3", "Active", "LinkUp", 400);

    /** A two-node job that ran over sockets, bootstrapping over a container's veth with a link-local address. */
    static final String SOCKET_LOG = """
            gpu-a:2001:2001 [0] NCCL INFO Bootstrap : Using eno1:172.18.40.41<0>
            gpu-a:2001:2001 [0] NCCL INFO NET/Plugin : No plugin found (libnccl-net.so), using internal implementation
            gpu-a:2001:2001 [0] NCCL INFO NET/Socket : Using [0]eno1:172.18.40.41<0> [1]veth25f2e72:fe80::380d:bfff:fe5b:54d2%veth25f2e72<0>
            gpu-a:2001:2001 [0] NCCL INFO Using network Socket
            gpu-a:2001:2001 [0] NCCL INFO comm 0x5555 rank 0 nranks 2 cudaDev 0 busId 18000 - Init START
            gpu-a:2001:2101 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/Socket/1
            gpu-a:2001:2101 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/Socket/1
            gpu-a:2001:2101 [0] NCCL INFO Call to connect returned Connection timed out, retrying
            """;

    private static String port(String dev, String state, String phys, int rate) {
        return "CA '" + dev + "'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.1002\n"
                + "\tHardware version: 0\n\tNode GUID: 0x946dae0300aa0001\n\tSystem image GUID: 0x946dae0300aa0001\n"
                + "\tPort 1:\n\t\tState: " + state + "\n\t\tPhysical state: " + phys + "\n\t\tRate: " + rate + "\n"
                + "\t\tBase lid: 1\n\t\tLMC: 0\n\t\tSM lid: 1\n\t\tCapability mask: 0xa651e848\n"
                + "\t\tPort GUID: 0x946dae0300aa0001\n\t\tLink layer: InfiniBand\n";
    }

    private static List<String> healthy(String name, String text) {
        Evidence e = NcclScope.evidence(name, text);
        return ActiveHcas.healthy(e.artifacts().get(0).result().data());
    }

    @Test
    void healthyHcasAreTheActiveLinkUpPortsAtTheFastestRate() {
        assertThat(healthy("ibstat.txt", IBSTAT)).containsExactly("mlx5_0", "mlx5_3");
    }

    @Test
    void sysfsPortStatesCountLikeIbstat() {
        String sysfs = """
                /sys/class/infiniband/mlx5_4/ports/1/state 4: ACTIVE
                /sys/class/infiniband/mlx5_4/ports/1/phys_state 5: LinkUp
                /sys/class/infiniband/mlx5_5/ports/1/state 1: DOWN
                /sys/class/infiniband/mlx5_5/ports/1/phys_state 3: Disabled
                /sys/class/infiniband/mlx5_6/ports/1/state 4: ACTIVE
                /sys/class/infiniband/mlx5_6/ports/1/phys_state 5: LinkUp
                """;
        assertThat(healthy("sysfs.txt", sysfs)).containsExactly("mlx5_4", "mlx5_6");
    }

    @Test
    void theJobsOwnSettingServesWhereNoPortWasReadButNeverAnExclusion(@TempDir Path dir) throws IOException {
        ActiveHcas set = new ActiveHcas();
        set.add(NcclScope.evidence(write(dir.resolve("a"), Map.of("env.txt", "NCCL_IB_HCA=mlx5_2,mlx5_7\n"))));
        assertThat(set.value(null)).contains("mlx5_2,mlx5_7");
        ActiveHcas excluding = new ActiveHcas();
        excluding.add(NcclScope.evidence(write(dir.resolve("b"), Map.of("env.txt", "NCCL_IB_HCA=^mlx5_8\n"))));
        assertThat(excluding.value(null)).isEmpty();
    }

    @Test
    void socketFallbackNamesTheNodesHealthyHcasOrSaysWhereToLook(@TempDir Path dir) throws IOException {
        Path withPorts = write(dir.resolve("with"), Map.of("gpu-a/nccl.log", SOCKET_LOG, "gpu-a/ib/ibstat.txt", IBSTAT));
        List<String> all = commands(NcclScope.analyze(NcclScope.evidence(withPorts)), "NCCL_IB_HCA=");
        // The down port is excluded by name (IB_PORT_NOT_ACTIVE's own command): tailored too.
        assertThat(all).contains("export NCCL_IB_HCA=^mlx5_1");
        List<String> hca = all.stream().filter(c -> !c.contains("NCCL_IB_HCA=^")).toList();
        assertThat(hca).isNotEmpty().allSatisfy(c -> assertThat(c).contains("NCCL_IB_HCA=mlx5_0,mlx5_3")
                .doesNotContain("mlx5_1").doesNotContain("mlx5_2"));

        Path without = write(dir.resolve("without"), Map.of("gpu-a/nccl.log", SOCKET_LOG));
        List<String> bare = commands(NcclScope.analyze(NcclScope.evidence(without)), "NCCL_IB_HCA=");
        assertThat(bare).isNotEmpty().allSatisfy(c -> assertThat(c).contains("NCCL_IB_HCA=" + ActiveHcas.PLACEHOLDER));
    }

    @Test
    void theIfnameExclusionNamesTheInterfaceAtFault(@TempDir Path dir) throws IOException {
        Path in = write(dir, Map.of("gpu-a/nccl.log", SOCKET_LOG));
        List<String> exclusions = commands(NcclScope.analyze(NcclScope.evidence(in)), "NCCL_SOCKET_IFNAME=^");
        assertThat(exclusions).isNotEmpty().anySatisfy(c -> assertThat(c).endsWith("^lo,docker,veth25f2e72"));
        assertThat(exclusions).noneSatisfy(c -> assertThat(c).contains("docker0,virbr0"));
    }

    @Test
    void anExclusionWithoutAnInterfaceAtFaultIsAPlaceholder() {
        Action a = new Action("Exclude it.", "export NCCL_SOCKET_IFNAME=${exclusion}");
        assertThat(a.placeholders()).containsExactly("exclusion");
        assertThat(Action.unfilled("exclusion")).isEqualTo("^lo,docker,<the interface named above>");
        assertThat(Action.unfilled("hcas")).isEqualTo(ActiveHcas.PLACEHOLDER);
    }

    /** The commands of the findings' actions and the workflow that contain {@code needle}. */
    static List<String> commands(Report r, String needle) {
        List<String> out = new ArrayList<>();
        for (LocalizedFinding f : r.findings()) {
            for (Action a : f.actions()) if (a.command().contains(needle)) out.add(a.command());
        }
        for (WorkflowView.StepView s : r.workflow().steps()) {
            for (WorkflowView.CommandView c : s.commands()) if (c.command().contains(needle)) out.add(c.command());
        }
        for (Action a : r.workflow().conclusion().fixes()) if (a.command().contains(needle)) out.add(a.command());
        return out;
    }

    static Path write(Path dir, Map<String, String> files) throws IOException {
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = dir.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
        }
        return dir;
    }
}
