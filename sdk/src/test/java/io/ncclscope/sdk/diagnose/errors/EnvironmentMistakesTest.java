package io.ncclscope.sdk.diagnose.errors;

import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.cause;
import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.en;
import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.only;
import static io.ncclscope.sdk.diagnose.errors.ErrorsAnalyzerTest.text;
import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.sdk.diagnose.Finding;
import io.ncclscope.sdk.rules.FindingSeverity;
import org.junit.jupiter.api.Test;

/**
 * Environment mistakes NCCL 2.28 ignores or fails on, on inputs written from its sources (src/misc/socket.cc,
 * src/graph/paths.cc, src/graph/xml.cc, src/plugin/net.cc, src/bootstrap.cc); the real captures are in
 * {@code CapturedFailuresTest}.
 */
class EnvironmentMistakesTest {

    @Test
    void aSocketFamilyNcclDoesNotKnowIsIgnoredAndSaidSo() {
        Finding f = only(text("h:1:1 [0] NCCL INFO NCCL_SOCKET_FAMILY set by environment to ipv4\n"), "NCCL_ENV_INVALID");
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(en(f)).contains("NCCL_SOCKET_FAMILY=ipv4", "AF_INET, AF_INET6");
        assertThat(text("h:1:1 [0] NCCL INFO NCCL_SOCKET_FAMILY set by environment to AF_INET6\n")).isEmpty();
    }

    @Test
    void pathLevelsTakeNamesOrTheOldNumbers() {
        String log = "$ NCCL_P2P_LEVEL=%s torchrun train.py\nh:1:1 [0] NCCL INFO NCCL version 2.28.9+cuda13.0\n";
        assertThat(text(log.formatted("NVL"), log.formatted("2"))).isEmpty();
        assertThat(en(only(text(log.formatted("nvlink")), "NCCL_ENV_INVALID"))).contains("PIX");
    }

    @Test
    void aBufferOfAFewBytesIsAMistakeAndMegabytesAreNot() {
        assertThat(en(only(text("h:1:1 [0] NCCL INFO NCCL_BUFFSIZE set by environment to 512.\n"), "NCCL_ENV_INVALID")))
                .contains("4 MiB");
        assertThat(text("h:1:1 [0] NCCL INFO NCCL_BUFFSIZE set by environment to 8388608.\n")).isEmpty();
    }

    @Test
    void aTopologyFileThatCannotBeOpenedIsIgnoredNotFatal() {
        String log = "h:1:1 [0] NCCL INFO NCCL_TOPO_FILE set by environment to /x/topo.xml\n"
                + "h:1:1 [0] NCCL INFO Could not open XML topology file /x/topo.xml : No such file or directory\n";
        Finding f = only(text(log), "NCCL_TOPO_FILE_INVALID");
        assertThat(f.severity()).isEqualTo(FindingSeverity.WARNING);
        assertThat(f.detail().key()).isEqualTo("topo.file.open");
    }

    @Test
    void noNetworkMatchingNcclNetIsTheSettingNotASystemError() {
        String log = "h:1:1 [0] plugin/net.cc:379 NCCL WARN Failed to initialize any NET plugin\n"
                + "h:1:1 [0] NCCL INFO init.cc:421 -> 5\n";
        Finding f = only(text(log), "NCCL_ENV_INVALID");
        assertThat(f.severity()).isEqualTo(FindingSeverity.CRITICAL);
        assertThat(f.detail().key()).isEqualTo("env.net");
    }

    @Test
    void noInterfaceInTheSubnetOfNcclCommIdNamesIt() {
        String log = "h:1:1 [0] bootstrap.cc:108 NCCL WARN NET/Socket : No usable listening interface found\n"
                + "h:1:1 [0] NCCL INFO init.cc:126 -> 2\n";
        Finding f = cause(text(log), "NCCL_NO_SOCKET_INTERFACE", "NCCL_SYSTEM_ERROR");
        assertThat(f.detail().key()).isEqualTo("noiface.commid");
        assertThat(en(f)).contains("NCCL_COMM_ID");
    }
}
