package io.ncclscope.parsers.nccl;

import static org.assertj.core.api.Assertions.assertThat;

import io.ncclscope.parsers.nccl.NcclParams.ValueForm;
import org.junit.jupiter.api.Test;

/** The values NCCL accepts for its variables, as its sources parse them. */
class NcclParamsTest {

    @Test
    void algorithmAndProtocolListsTakeNcclsListSyntaxInAnyCase() {
        // src/graph/tuning.cc: a list, an exclusion, and 2.24's per-function form.
        assertThat(NcclParams.accepts("NCCL_PROTO", "^LL128")).isTrue();
        assertThat(NcclParams.accepts("NCCL_ALGO", "ring,tree;allreduce:nvls")).isTrue();
        assertThat(NcclParams.accepts("NCCL_ALGO", "Ring,CollNet")).isTrue();
        assertThat(NcclParams.accepts("NCCL_ALGO", "")).isTrue();
        assertThat(NcclParams.accepts("NCCL_ALGO", "Bogus")).isFalse();
        assertThat(NcclParams.names("NCCL_PROTO")).containsExactly("LL", "LL128", "Simple");
        assertThat(NcclParams.form("NCCL_ALGO")).isEqualTo(ValueForm.ALGORITHMS);
    }

    @Test
    void integersAreDecimalOrHexAndAWordIsNone() {
        // src/misc/param.cc
        assertThat(NcclParams.form("NCCL_IB_TIMEOUT")).isEqualTo(ValueForm.INTEGER);
        assertThat(NcclParams.accepts("NCCL_IB_TIMEOUT", "22")).isTrue();
        assertThat(NcclParams.accepts("NCCL_BUFFSIZE", "0x400000")).isTrue();
        assertThat(NcclParams.accepts("NCCL_IB_TIMEOUT", "high")).isFalse();
        assertThat(NcclParams.names("NCCL_IB_TIMEOUT")).isEmpty();
    }

    @Test
    void namesAreComparedExactlyAndPathLevelsMayBeNumbers() {
        // src/misc/socket.cc strcmp; src/graph/paths.cc ncclGetLevel reads the old numeric form too.
        assertThat(NcclParams.accepts("NCCL_SOCKET_FAMILY", "AF_INET6")).isTrue();
        assertThat(NcclParams.accepts("NCCL_SOCKET_FAMILY", "af_inet")).isFalse();
        assertThat(NcclParams.accepts("NCCL_SOCKET_FAMILY", "4")).isFalse();
        assertThat(NcclParams.accepts("NCCL_P2P_LEVEL", "PXB")).isTrue();
        assertThat(NcclParams.accepts("NCCL_P2P_LEVEL", "2")).isTrue();
        assertThat(NcclParams.accepts("NCCL_NET_GDR_LEVEL", "pxb")).isFalse();
    }

    @Test
    void debugLevelsTakeAnyCaseAndOtherVariablesAnyValue() {
        assertThat(NcclParams.accepts("NCCL_DEBUG", "info")).isTrue();
        assertThat(NcclParams.accepts("NCCL_DEBUG", "VERBOSE")).isFalse();
        assertThat(NcclParams.form("NCCL_SOCKET_IFNAME")).isEqualTo(ValueForm.OTHER);
        assertThat(NcclParams.accepts("NCCL_SOCKET_IFNAME", "=eth0")).isTrue();
    }

    @Test
    void aValueIsReadWithoutTheFullStopNcclEndsItsLineWith() {
        assertThat(new EnvSetting("NCCL_ALGO", "Ring.", "nccl", null, 1).valueAsRead()).isEqualTo("Ring");
        assertThat(new EnvSetting("NCCL_ALGO", " Ring. ", "command", null, 1).valueAsRead()).isEqualTo("Ring.");
        assertThat(new EnvSetting("NCCL_ALGO", null, "nccl", null, 1).valueAsRead()).isEmpty();
    }

    @Test
    void aPluginThatLacksASymbolIsIncompatible() {
        assertThat(new NetPlugin(false, null, null, "NET/Plugin: Failed to find ncclNetPlugin_v8 symbol.", 3).incompatible()).isTrue();
        assertThat(new NetPlugin(false, null, null, "NET/Plugin : No plugin found (libnccl-net.so).", 3).incompatible()).isFalse();
    }
}
