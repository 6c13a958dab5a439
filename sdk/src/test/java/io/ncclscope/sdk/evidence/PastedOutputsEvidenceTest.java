package io.ncclscope.sdk.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.Kind;
import io.ncclscope.sdk.NcclScope;
import io.ncclscope.sdk.diagnose.Diagnosis;
import io.ncclscope.sdk.diagnose.Finding;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file of several tools' outputs pasted together (issue 20) is read as each of them: one artifact per kind under the
 * file's name, and a finding from the second output quotes the file's own line. The input is written here from the
 * formats ibstat and nvidia-smi print.
 */
class PastedOutputsEvidenceTest {

    static final String PASTE = """
            some context from the thread
            [root@gpu7 ~]# nvidia-smi topo -m
            \tGPU0\tGPU1\tNIC0\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID
            GPU0\t X \tNV18\tPIX\t0-47\t0\t\tN/A
            GPU1\tNV18\t X \tPIX\t0-47\t0\t\tN/A
            NIC0\tPIX\tPIX\t X \t\t\t\t

            Legend:

              X    = Self
              PIX  = Connection traversing at most a single PCIe bridge
              NV#  = Connection traversing a bonded set of # NVLinks

            NIC Legend:

              NIC0: mlx5_0

            [root@gpu7 ~]# ibstat
            CA 'mlx5_0'
            \tCA type: MT4129
            \tNumber of ports: 1
            \tFirmware version: 28.39.1002
            \tHardware version: 0
            \tNode GUID: 0xa088c20300e0a2b4
            \tSystem image GUID: 0xa088c20300e0a2b4
            \tPort 1:
            \t\tState: Down
            \t\tPhysical state: Polling
            \t\tRate: 10
            \t\tBase lid: 65535
            \t\tLMC: 0
            \t\tSM lid: 0
            \t\tCapability mask: 0xa651e848
            \t\tPort GUID: 0xa088c20300e0a2b4
            \t\tLink layer: InfiniBand
            """;

    private static void assertReadAsBoth(Evidence e, String name) {
        assertThat(e.artifacts()).extracting(Artifact::kind).containsExactly(Kind.TOPO, Kind.IBSTAT);
        assertThat(e.artifacts()).extracting(Artifact::name).containsOnly(name);
        Diagnosis d = NcclScope.diagnose(e);
        Finding port = d.findings().stream().filter(f -> f.code().equals("IB_PORT_NOT_ACTIVE")).findFirst().orElseThrow();
        List<String> lines = PASTE.lines().toList();
        assertThat(port.evidence()).anySatisfy(l -> {
            assertThat(l.artifact()).isEqualTo(name);
            assertThat(l.text()).contains("State: Down");
            assertThat(l.line()).isEqualTo(lines.indexOf("\t\tState: Down") + 1);
        });
    }

    @Test
    void aPastedTextIsReadAsEachOfItsOutputs() {
        assertReadAsBoth(Evidence.builder().addText("thread.txt", PASTE).build(), "thread.txt");
    }

    @Test
    void aPastedFileIsReadAsEachOfItsOutputs(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("thread.txt");
        Files.writeString(f, PASTE, StandardCharsets.UTF_8);
        assertReadAsBoth(Evidence.builder().addPath(f).build(), f.toString());
    }

    @Test
    void aTextOfOneToolIsOneArtifact() {
        String ibstatOnly = PASTE.substring(PASTE.indexOf("[root@gpu7 ~]# ibstat"));
        assertThat(Evidence.builder().addText("ibstat.txt", ibstatOnly).build().artifacts()).singleElement()
                .satisfies(a -> assertThat(a.kind()).isEqualTo(Kind.IBSTAT));
    }
}
