package io.ncclscope.sdk.compare;

import static io.ncclscope.sdk.compare.Tables.evidence;
import static io.ncclscope.sdk.compare.Tables.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.tests.NcclTestsData;
import io.ncclscope.sdk.evidence.Evidence;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which switch differs: from -J env, NCCL's log, the command line, and file or folder names. */
class SwitchesTest {

    static Map<String, Setting> fromName(String name) {
        Map<String, Setting> m = new LinkedHashMap<>();
        Switches.fromName(m, name);
        return m;
    }

    @Test
    void namesCarrySwitches() {
        assertThat(fromName("runs/ib-disable/all_reduce.txt")).containsKey("NCCL_IB_DISABLE");
        assertThat(fromName("runs/noib.txt").get("NCCL_IB_DISABLE").value()).isEqualTo("1");
        assertThat(fromName("tcp")).containsKey("NCCL_IB_DISABLE");
        assertThat(fromName("p2p_disable.log")).containsKey("NCCL_P2P_DISABLE");
        assertThat(fromName("no-shm")).containsKey("NCCL_SHM_DISABLE");
        assertThat(fromName("nvls-off/x.txt").get("NCCL_NVLS_ENABLE").value()).isEqualTo("0");
        assertThat(fromName("algo-ring.txt").get("NCCL_ALGO").value()).isEqualTo("Ring");
        assertThat(fromName("tree").get("NCCL_ALGO").value()).isEqualTo("Tree");
        assertThat(fromName("out/NCCL_IB_HCA=mlx5_0,mlx5_1/r.txt").get("NCCL_IB_HCA").value()).isEqualTo("mlx5_0,mlx5_1");
        assertThat(fromName("gdr-off")).containsKey("NCCL_NET_GDR_LEVEL");
        assertThat(fromName("default/all_reduce_perf.txt")).isEmpty();
        assertThat(fromName("string/strong.txt")).isEmpty();
    }

    @Test
    void labelsNameTheSidesWhenNothingElseDoes() {
        Comparison c = Comparison.of("runs/default", evidence("a.txt", table(null, 2, 8, 180, 0)),
                "runs/NCCL_NET_GDR_LEVEL=LOC", evidence("b.txt", table(null, 2, 8, 90, 0)));
        assertThat(c.switches()).singleElement().satisfies(d -> {
            assertThat(d.name()).isEqualTo("NCCL_NET_GDR_LEVEL");
            assertThat(d.valueB()).isEqualTo("LOC");
            assertThat(d.origin()).isEqualTo("name");
        });
    }

    @Test
    void jsonEnvIsTheStrongestSource() {
        NcclTestsData t = Comparison.runs(evidence("a.txt", table("NCCL_IB_DISABLE=0 all_reduce_perf", 2, 8, 20, 0)))
                .get(0).data();
        NcclTestsData withEnv = new NcclTestsData(t.format(), t.test(), t.collective(), t.command(), t.version(),
                t.ncclVersion(), t.ncclHeaders(), t.ncclLibrary(), t.jsonVersion(), t.startTime(), t.endTime(),
                List.of("NCCL_IB_DISABLE=1", "NCCL_DEBUG=INFO"), t.params(), t.devices(), t.ranks(), t.hosts(),
                t.multiNode(), t.layout(), t.rows(), t.outOfBounds(), t.avgBusBw(), t.avgBusBwFailed(), t.avgBusBwLine(),
                t.errors(), t.usage(), t.notes(), t.ncclWarnings(), t.ncclLogLines(), t.started(), t.concluded());
        Map<String, Setting> s = Switches.read(null, null, List.of(new Run("j.json", null, withEnv)));
        assertThat(s.get("NCCL_IB_DISABLE").value()).isEqualTo("1");
        assertThat(s.get("NCCL_IB_DISABLE").origin()).isEqualTo("json-env");
        Comparison c = Comparison.of("default", List.of(t), "json", List.of(withEnv));
        assertThat(c.switches().get(0)).isEqualTo(new SwitchDiff("NCCL_IB_DISABLE", "0", "1", "json-env"));
    }

    @Test
    void ncclLogInTheSameEvidenceNamesTheSwitch() {
        String log = "node-1:1000:1000 [0] NCCL INFO NCCL_P2P_DISABLE set by environment to 1.\n"
                + "node-1:1000:1000 [0] NCCL INFO Bootstrap : Using eth0:10.0.0.1<0>\n"
                + "node-1:1000:1000 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n";
        Evidence b = Evidence.builder().addText("b.txt", table(null, 1, 8, 20, 0)).addText("nccl.log", log).build();
        Comparison c = Comparison.of("A", evidence("a.txt", table(null, 1, 8, 220, 0)), "B", b);
        assertThat(c.switches()).extracting(SwitchDiff::name).contains("NCCL_P2P_DISABLE");
        assertThat(c.reading()).isEqualTo(Comparison.Reading.P2P_WORKS);
    }

    @Test
    void commandLineForms() {
        Map<String, Setting> s = Switches.read(null, null, Comparison.runs(evidence("a.txt",
                table("srun --export=ALL,NCCL_ALGO=Tree,NCCL_NVLS_ENABLE=0 all_reduce_perf", 2, 8, 20, 0))));
        assertThat(Switches.effective(s, "NCCL_ALGO")).isEqualTo("Tree");
        assertThat(Switches.effective(s, "NCCL_NVLS_ENABLE")).isEqualTo("0");
        assertThat(Switches.effective(s, "NCCL_IB_DISABLE")).isEqualTo("0");
    }
}
